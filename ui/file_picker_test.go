package ui

import "testing"

func TestFilePicker(t *testing.T) {
	checkRendered(t, []rendered{
		{"several files, any type", &FilePicker{ID: "file-input", Multiple: true, Label: "choose files…"},
			[]string{`<span class="filepick">`, `<input type="file" id="file-input" multiple=""`, `<label for="file-input">choose files…</label>`},
			[]string{"accept", "title"}},
		{"one file of some types", &FilePicker{ID: "studio-file-start", Accept: ".txt,.json,.text", Label: "Choose a file…"},
			[]string{`id="studio-file-start"`, `accept=".txt,.json,.text"`, `<label for="studio-file-start">Choose a file…</label>`},
			[]string{"multiple", "title"}},
		{"with a tooltip", &FilePicker{ID: "egold-input", Label: "BenchIE-E gold…", Title: "BenchIE-E scores against its own gold"},
			[]string{`<span class="filepick" title="BenchIE-E scores against its own gold">`, `<label for="egold-input">BenchIE-E gold…</label>`},
			[]string{"multiple", "accept"}},
	})
}

func TestFlagAttr(t *testing.T) {
	if v := flagAttr(true); v != "" {
		t.Errorf(`flagAttr(true) = %v, want "" (multiple="")`, v)
	}
	if v := flagAttr(false); v != nil {
		t.Errorf("flagAttr(false) = %v, want nil (no attribute)", v)
	}
}

func TestOptionalAttr(t *testing.T) {
	if v := optionalAttr(""); v != nil {
		t.Errorf(`optionalAttr("") = %v, want nil (no attribute)`, v)
	}
	if v := optionalAttr(".txt"); v != ".txt" {
		t.Errorf(`optionalAttr(".txt") = %v`, v)
	}
}
