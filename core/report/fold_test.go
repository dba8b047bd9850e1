package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFoldLine(t *testing.T) {
	sig := "analysis signature: oiebench:0.1.0|scorers:benchie|facets:regular+concat+minimal|mode:paper|gold:sha256:a5107265bd81e53e87952e3202ca366fe43b7f0f8ec8de4f8e047f7bf44bd916|analysis:bootstrap"
	caption := "Error buckets (Fig. 2), regular facet: subject, relation, object as 1 = equal to the closest gold triple; share of all bucket counts (ties count in every bucket)"
	for _, c := range []struct{ in, want string }{
		{"short", "short"},
		{sig, "analysis signature: oiebench:0.1.0|scorers:benchie|facets:regular+concat+minimal|mode:paper|\n" +
			"                    gold:sha256:a5107265bd81e53e87952e3202ca366fe43b7f0f8ec8de4f8e047f7bf44bd916|analysis:bootstrap"},
		{caption, "Error buckets (Fig. 2), regular facet: subject, relation, object as 1 = equal to the closest gold triple; share of all\n" +
			"  bucket counts (ties count in every bucket)"},
		{strings.Repeat("x", 130), strings.Repeat("x", 130)}, // nowhere to break
	} {
		got := FoldLine(c.in, TableWidth)
		if got != c.want {
			t.Errorf("FoldLine(%q) =\n%s\nwant\n%s", c.in, got, c.want)
		}
		// Nothing is lost: the words are the same, in order.
		if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(c.in), "") {
			t.Errorf("FoldLine(%q) changed the text: %q", c.in, got)
		}
		if c.in != c.want {
			for _, line := range strings.Split(got, "\n") {
				if utf8.RuneCountInString(line) > TableWidth {
					t.Errorf("a folded line is %d columns: %q", utf8.RuneCountInString(line), line)
				}
			}
		}
	}
}
