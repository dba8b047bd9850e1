// Package layers holds the test that keeps the architecture's layers: the
// core knows nothing of the page, the Worker or the command line, and no
// package imports one above it.
package layers

import (
	"bytes"
	"encoding/json"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/oiebench/oiebench/"

// layer ranks the module's packages, lowest first; a package may import its
// own layer and those below. internal/ holds tools, which may use anything,
// and which nothing but tests may use.
func layer(pkg string) (rank int, name string) {
	p := strings.TrimPrefix(pkg, module)
	switch {
	case strings.HasPrefix(p, "core/"):
		return 0, "core"
	case p == "dist" || strings.HasPrefix(p, "dist/"):
		return 1, "dist (the site and its data)"
	case p == "ui":
		return 2, "ui"
	case strings.HasPrefix(p, "wasm/"):
		return 3, "wasm (the page's and the Worker's entries)"
	case strings.HasPrefix(p, "cmd/"):
		return 3, "cmd (the command line)"
	case strings.HasPrefix(p, "internal/"):
		return 4, "internal (build and test tools)"
	}
	return 5, p
}

type pkg struct {
	ImportPath string
	Imports    []string
}

func list(t *testing.T, env ...string) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", module+"...")
	cmd.Env = append(cmd.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	return pkgs
}

// No package imports upward, and the core never imports syscall/js (under
// the browser's build too), the UI framework or the Worker's library.
func TestLayers(t *testing.T) {
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		for _, p := range list(t, env...) {
			from, fromName := layer(p.ImportPath)
			for _, imp := range p.Imports {
				if strings.HasPrefix(imp, module) {
					to, toName := layer(imp)
					if to > from || (to == 4 && from != 4) || (from == 3 && to == 3 && !sameTree(p.ImportPath, imp)) {
						t.Errorf("%s (%s) imports %s (%s)", p.ImportPath, fromName, imp, toName)
					}
				}
				if from == 0 && (imp == "syscall/js" || strings.HasPrefix(imp, "github.com/vugu/") || strings.HasPrefix(imp, "github.com/syumai/")) {
					t.Errorf("core package %s imports %s %v", p.ImportPath, imp, env)
				}
			}
		}
	}
}

// sameTree: within the top layer, wasm/app/singlefile may use wasm/app's
// packages, but the page, the Worker and the command line never use each
// other.
func sameTree(a, b string) bool {
	top := func(p string) string {
		parts := strings.SplitN(strings.TrimPrefix(p, module), "/", 3)
		return strings.Join(parts[:min(2, len(parts))], "/")
	}
	return top(a) == top(b)
}

// The rule itself: a test that cannot fail proves nothing.
func TestLayerRule(t *testing.T) {
	if r, _ := layer(module + "core/oie"); r != 0 {
		t.Error("core is not the lowest layer")
	}
	if a, _ := layer(module + "ui"); a <= 1 {
		t.Error("ui is not above dist")
	}
	if sameTree(module+"wasm/app", module+"wasm/worker") || !sameTree(module+"wasm/app/singlefile", module+"wasm/app") {
		t.Error("sameTree")
	}
}

// The page's evaluator carries no HTTP server or client, TLS or regular
// expressions: each was once pulled in by one import (the site's handler,
// a checksum breaker) and cost a tenth of its transfer. Nor Go's crypto
// (crypto/sha256 brings its FIPS module, 30 KB brotli; core/digest hashes
// in the page). Nor package log, which Vugu's generated views name only to
// keep its import used (sitebuild views takes it out; its default logger
// brings time's formatting, 10 KB brotli). A new need for one must be a
// decision, made here.
func TestPageLeavesOut(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", module+"wasm/app")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list -deps found %d packages", len(deps))
	}
	for _, d := range deps {
		switch {
		case d == "net/http", d == "regexp", d == "math/big", d == "log", d == "crypto" || strings.HasPrefix(d, "crypto/"):
			t.Errorf("the page's evaluator imports %s", d)
		}
	}
}

// jsonImporters are the packages (and, in the page's own package, the
// files) of the page's evaluator that import encoding/json, each with why.
// gjson links 184 KB of encoding/json's 199 KB of code whatever the page
// does: its @pretty modifier, set up in its init, calls tidwall/pretty,
// whose key sort unquotes with json.Unmarshal. Until gjson (or pretty)
// leaves the page, hand-written readers and writers cost more code than
// they save (docs/architecture.md, What is not done yet), so these stay;
// a new importer is a decision made here, and an entry that no longer
// imports encoding/json must go.
var jsonImporters = map[string]string{
	"github.com/tidwall/pretty": "gjson's @pretty modifier: the decoder and most of the encoder, always linked",
	"github.com/vugu/vjson":     "vugu's property type (vjson.RawMessage); the views set properties through setProp, which calls jsonwrite.Marshal (sitebuild views)",
	module + "core/oie":         "WriteJSONL, a checked key's escapes",
	module + "core/annotate":    "snapshots and AnnIE JSON: types, operations, placed decode errors",
	module + "core/benchiefl":   "the judge report's JSON",
	module + "core/exercise":    "the spec and submissions",
	module + "core/nlp":         "the tags file",
	module + "core/receipt":     "receipts: raw members, placed type errors",
	module + "core/report":      "the report's JSON (any-typed gold statistics, analyses)",
	module + "core/suggest":     "errata",
	module + "ui":               "the exercise's saved work (ui/exercise.go)",
	"wasm/app/firstscreen.go":   "the first screen's digest of the bootstrap intervals",
	"wasm/app/api_js.go":        "oiebench.formats()",
	"wasm/app/browser_js.go":    "the stored files' metadata and the page's saved state",
	"wasm/app/remote.go":        "the evaluator Worker's init message from the page (940 B smaller than gjson's validator and walk)",
	"wasm/app/studio_js.go":     "the studio's stored works' metadata and preferences",
}

// TestPageJSON holds the page's evaluator's importers of encoding/json to
// jsonImporters.
func TestPageJSON(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,Imports", module+"wasm/app")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	found := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			ImportPath, Dir  string
			GoFiles, Imports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(p.Imports, "encoding/json") {
			continue
		}
		if p.ImportPath != module+"wasm/app" {
			found[p.ImportPath] = true
			continue
		}
		for _, name := range p.GoFiles { // the page's own package: by file
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(p.Dir, name), nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if imp.Path.Value == `"encoding/json"` {
					found["wasm/app/"+name] = true
				}
			}
		}
	}
	if len(found) == 0 {
		t.Fatal("go list found no importer of encoding/json, not even gjson's pretty: is the listing right?")
	}
	for who := range found {
		if jsonImporters[who] == "" {
			t.Errorf("%s imports encoding/json in the page's evaluator: read JSON with gjson and write it with core/jsonwrite, or name it in jsonImporters", who)
		}
	}
	for who := range jsonImporters {
		if !found[who] {
			t.Errorf("%s no longer imports encoding/json: take it out of jsonImporters", who)
		}
	}
}
