//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The board holds the shipped systems and a folder's receipts that
// verify, with score's numbers; a tampered receipt is left out, named.
func TestBoard(t *testing.T) {
	mine, err := os.ReadFile(data(t, "systems/roi_t_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.MkdirAll("in", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("in/mine.txt", mine, 0o644); err != nil {
		t.Fatal(err)
	}
	scored, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "--format", "json", "--quiet", "--receipt", "in/mine.json", "Mine=in/mine.txt")
	if code != 0 {
		t.Fatal(stderr)
	}
	var rep struct {
		Systems []struct {
			BenchIE struct {
				Regular struct{ F1 float64 } `json:"regular"`
			} `json:"benchie"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(scored), &rep); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile("in/mine.json")
	if err != nil {
		t.Fatal(err)
	}
	f1 := strconv.FormatFloat(rep.Systems[0].BenchIE.Regular.F1, 'g', -1, 64)
	bad := strings.Replace(string(good), `"f1": `+f1, `"f1": 0.9`, 1)
	if bad == string(good) {
		t.Fatalf("F1 %s not in the receipt", f1)
	}
	if err := os.WriteFile("in/tampered.json", []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	// The folder is read under board's --max-input-size, which the shipped
	// systems' scorings leave as it was given.
	if _, stderr, code := runCLI(t, "board", "--max-input-size", "1KiB", "--out", "site", "in"); code != 1 || !strings.Contains(stderr, "input too large: the limit is 1024 bytes") {
		t.Fatalf("board --max-input-size 1KiB: exit %d, %s", code, stderr)
	}
	out, stderr, code := runCLI(t, "board", "--out", "site", "in")
	if code != 0 || !strings.Contains(out, "board: 7 entries, 1 left out") ||
		!strings.Contains(stderr, "left out: tampered.json: systems[Mine].benchie.regular.f1: receipt 0.9, re-scored "+f1) {
		t.Fatalf("%d\n%s%s", code, out, stderr)
	}
	html, err := os.ReadFile("site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"board.js", "board.css", "receipts/mine.json", "receipts/shipped-benchie-en.json", "receipts/shipped-benchie-fl-en.json", "receipts/shipped-carb-test.json", "receipts/shipped-carb-dev.json"} {
		if _, err := os.Stat(filepath.Join("site", f)); err != nil {
			t.Error(err)
		}
	}
	page := string(html)
	if strings.Contains(page, "<script>") || !strings.Contains(page, `<script src="board.js" defer></script>`) ||
		!strings.Contains(page, "<code>tampered.json</code>: systems[Mine].benchie.regular.f1: receipt 0.9") {
		t.Fatal("inline script, or the tampered receipt is not listed as left out")
	}
	// in the first table (BenchIE on benchie:en), Mine's and ClausIE's F1
	// are score's
	first := page[strings.Index(page, "<h2>BenchIE on benchie:en</h2>"):]
	first = first[:strings.Index(first, "</table>")]
	clausie, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "--format", "csv", "--quiet", "--facet", "regular", "benchie:en/clausie")
	if code != 0 {
		t.Fatal(stderr)
	}
	fields := strings.Split(strings.Split(strings.TrimSpace(clausie), "\n")[2], ",")
	for name, want := range map[string]string{"Mine": f1, "ClausIE": fields[5]} {
		re := regexp.MustCompile(`system=` + name + `">` + name + `</a></td><td class="num" data-value="[^"]*" title="[^"]*">[^<]*</td><td class="num" data-value="[^"]*" title="[^"]*">[^<]*</td><td class="num" data-value="([^"]*)"`)
		m := re.FindStringSubmatch(first)
		if m == nil {
			t.Fatalf("no row for %s in\n%s", name, first)
		}
		got, _ := strconv.ParseFloat(m[1], 64)
		w, _ := strconv.ParseFloat(want, 64)
		if got != w {
			t.Errorf("%s: board F1 %s, score %s", name, m[1], want)
		}
	}
}
