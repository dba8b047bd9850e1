package ui

import "testing"

func TestSignatureLine(t *testing.T) {
	checkRendered(t, []rendered{
		{"plain", &SignatureLine{Label: "Signature of these analyses", ID: "analysis-signature", Value: "oiebench|gold=ab12"},
			[]string{`<div class="signature">`, `<span class="hint">Signature of these analyses</span>`, `<code id="analysis-signature">oiebench|gold=ab12</code>`},
			[]string{"copy-signature", "copy-status"}},
		{"copyable, just copied", &SignatureLine{Label: "Signature", ID: "signature", Value: "s1", Copy: func() {}, CopyStatus: "Copied"},
			[]string{`<code id="signature">s1</code>`, `<button type="button" class="link" id="copy-signature">Copy</button>`, `id="copy-status" role="status" aria-live="polite">Copied</span>`},
			nil},
	})
}
