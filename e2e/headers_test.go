//go:build e2e

package e2e

import (
	"net/http"
	"testing"

	"github.com/oiebench/oiebench/dist/headers"
)

// The site is served with its security headers, and the page works under
// them: the evaluator compiles ('wasm-unsafe-eval'), scores a dropped
// file, and another site cannot frame it.
func TestPageUnderSecurityHeaders(t *testing.T) {
	res, err := http.Get(site.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, kv := range headers.Security {
		if got := res.Header.Get(kv[0]); got != kv[1] {
			t.Errorf("%s: %q, want %q", kv[0], got, kv[1])
		}
	}
	p := newPage(t)
	p.open("")
	pick(p, "#file-input", writeTemp(t, "my_system.tsv", readData(t, "systems/minie_explicit.txt")))
	p.waitFor("the new row", `document.querySelector('#scores td[data-system="my_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	// Framed by a page of its own origin, it is still refused: the frame
	// shows the browser's error page, not the site.
	got := eval[string](p, `new Promise(done => {
		const f = document.createElement('iframe');
		f.src = '/?framed';
		f.onload = () => { let d; try { d = f.contentDocument; } catch (e) { d = null; } done(d && d.querySelector('#app') ? 'framed' : 'refused'); };
		document.body.appendChild(f);
		setTimeout(() => done('no load'), 10000);
	})`)
	if got != "refused" {
		t.Errorf("framing the page: %s", got)
	}
}
