//go:build e2e

package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The page these tests drive is the one this checkout's sources build, not
// the committed release in dist/: the evaluator served is the wasm its
// record (build/site/app.wasm.sources) names, and that record's sources
// digest, and the served first screen, are what the sources give now
// (sitebuild check on build/site).
func TestServedPageIsBuiltFromItsSources(t *testing.T) {
	req, err := http.NewRequest(http.MethodGet, site.URL+"/app.wasm", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	wasm, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /app.wasm: status %d, %v", res.StatusCode, err)
	}
	record, err := os.ReadFile(siteDir + "/app.wasm.sources")
	if err != nil {
		t.Fatal(err)
	}
	served := sha256.Sum256(wasm)
	if want := "wasm sha256:" + hex.EncodeToString(served[:]) + "\n"; !strings.Contains(string(record), want) {
		t.Fatalf("the served evaluator (%s) is not the one build/site/app.wasm.sources records:\n%s", want, record)
	}
	check := exec.Command("go", "run", "./internal/sitebuild", "-site", siteDir, "check")
	check.Dir = root
	if out, err := check.CombinedOutput(); err != nil {
		t.Fatalf("sitebuild check of build/site: %v\n%s", err, out)
	}
}
