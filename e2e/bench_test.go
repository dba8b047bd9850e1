//go:build e2e

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The figures of ./build.sh bench, measured in the page itself:
//
//	ms/table    navigation start to the score table on screen (BenchIE
//	            English, 9 systems × 3 facets), a fresh profile each time
//	ms/rescore  scoring 9 systems × 3 facets in the page, the gold compiled
//	            (what an option change costs)

func BenchmarkNavigationToTable(b *testing.B) {
	var total float64
	for i := 0; i < b.N; i++ {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		if err := chromedp.Do(ctx, chromedp.Navigate(site.URL+"/")); err != nil {
			b.Fatal(err)
		}
		ms := benchWait(b, ctx, `(() => { const m = performance.getEntriesByName('oiebench-table')[0]; return m ? m.startTime : 0 })()`)
		total += ms
		cancel()
	}
	b.ReportMetric(total/float64(b.N), "ms/table")
}

func BenchmarkRescore(b *testing.B) {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(site.URL+"/")); err != nil {
		b.Fatal(err)
	}
	benchWait(b, ctx, `document.querySelector('#app[data-ready="table"]') && performance.getEntriesByName('oiebench-scored').length > 0 ? 1 : 0`)
	var total float64
	for i := 0; i < b.N; i++ {
		// Toggling the mode rescores every system on every facet.
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`performance.clearMarks('oiebench-scored'); document.querySelector('#reference-compat').click()`)); err != nil {
			b.Fatal(err)
		}
		benchWait(b, ctx, `performance.getEntriesByName('oiebench-scored').length > 0 && document.querySelector('#app[data-ready="table"]') ? 1 : 0`)
		ms := benchWait(b, ctx, `(() => { const s = performance.getEntriesByName('oiebench-score-start'), e = performance.getEntriesByName('oiebench-scored'); return e[e.length-1].startTime - s[s.length-1].startTime })()`)
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "ms/rescore")
}

// benchWait polls a JavaScript number until it is not zero, for at most
// five minutes: a benchmark that cannot finish fails, it does not hang.
func benchWait(b *testing.B, ctx context.Context, js string) float64 {
	b.Helper()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Poll[float64](js+` || false`))
	if err != nil {
		b.Fatal(err)
	}
	return v
}
