//go:build e2e

package e2e

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/formats"
)

// The Formats panel lists every format of the registry; a file in a native
// format (OpenIE6 predictions, naming sentences by text) is recognised and
// scored; a CoNLL token file is refused with the reason, naming the format.
func TestFormatsPanelAndNativeFile(t *testing.T) {
	p := newPage(t)
	p.open("")
	listed := eval[[]string](p, `[...document.querySelectorAll('#formats-help tr[data-format]')].map(r => r.dataset.format)`)
	if len(listed) != len(formats.All()) {
		t.Errorf("the panel lists %d formats, the registry has %d: %v", len(listed), len(formats.All()), listed)
	}
	for i, f := range formats.All() {
		if i < len(listed) && listed[i] != f.Name {
			t.Errorf("row %d is %q, want %q", i, listed[i], f.Name)
		}
	}
	native := "He served as the first Prime Minister of Australia and became a founding justice of the High Court of Australia .\n" +
		"1.00: (He; served as; the first Prime Minister of Australia)\n"
	pick(p, "#file-input", writeTemp(t, "native.txt", []byte(native)))
	p.waitFor("the native system", `document.querySelector('#scores td[data-system="native"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if c := cells(p)["native"]["regular"]; c["precision"] != "1" {
		t.Errorf("native OpenIE6 file regular %v, want precision 1 (its one extraction is correct)", c)
	}
	pick(p, "#file-input", writeTemp(t, "tokens.conll", []byte("0\tHe\tserved\tA0-B\n1\tserved\tserved\tP-B\n")))
	p.waitFor("the refusal", `document.querySelector('.problem[data-problem="tokens.conll"]') !== null`)
	if msg := eval[string](p, `document.querySelector('.problem[data-problem="tokens.conll"] .msg').textContent`); !strings.Contains(msg, "CoNLL token file") {
		t.Errorf("CoNLL file: %q", msg)
	}
}
