package headers

import (
	"net/http"
	"os"
	"strings"
	"testing"
)

// The static host's file is the list, and the page's own meta policy is
// the one the headers carry.
func TestStaticHostFileAndShellAgree(t *testing.T) {
	file, err := os.ReadFile("../_headers")
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != StaticHostFile() {
		t.Errorf("dist/_headers differs from the list; write it again:\n%s", StaticHostFile())
	}
	shell, err := os.ReadFile("../index.html")
	if err != nil {
		t.Fatal(err)
	}
	if meta := `<meta http-equiv="Content-Security-Policy" content="` + PagePolicy + `">`; !strings.Contains(string(shell), meta) {
		t.Errorf("dist/index.html does not state the policy %q", PagePolicy)
	}
	h := http.Header{}
	Set(h)
	if got := h.Get("Content-Security-Policy"); !strings.HasPrefix(got, PagePolicy) || !strings.Contains(got, "frame-ancestors 'none'") || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("headers %v", h)
	}
}
