//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchmarks"
)

// The same request through the command line, the page's oiebench.score and
// the Worker gives the same report, or the same error: one vocabulary
// (evaluate.DecodeRequest and the parsers the flags use) serves all three.
func TestOneRequestEveryFrontEnd(t *testing.T) {
	bin := t.TempDir()
	for _, pkg := range []string{"cmd/oiebench", "wasm/worker"} {
		goBuild(t, root, "-o", filepath.Join(bin, filepath.Base(pkg)), "./"+pkg)
	}
	worker := startWorker(t, filepath.Join(bin, "worker"))
	p := newPage(t)
	p.open("")

	deGold, deSys := readData(t, "benchie_gold_annotations_de.txt"), readData(t, "systems/m2oie_de_explicit.txt")
	fl, _ := benchmarks.DatasetByKey("fl-en")
	flGold, flSys := readCatalogue(t, fl.Gold), readCatalogue(t, fl.Systems[0].File)
	files := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(files, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	gde, sde, gfl, sfl := write("de.txt", deGold), write("m2oie.txt", deSys), write("fl.txt", flGold), write("clausie.txt", flSys)
	bad := write("s.txt", []byte("1\tonly\tthree\n"))
	enGold, enSys, carbGold := readData(t, "benchie_gold_annotations_en.txt"), readData(t, "systems/clausie_explicit.txt"), readData(t, "carb_explicit.txt")
	gen, sen, cg, eg := write("en.txt", enGold), write("clausie_en.txt", enSys), write("carb.txt", carbGold), write("e.txt", enGold)
	// What the command line calls a file, the others call by its member.
	asMember := strings.NewReplacer(gde, "gold", gfl, "gold", gen, "gold", sde, "systems/m2oie", sfl, "systems/clausie", sen, "systems/clausie",
		cg, "carb_gold", eg, "e_gold", bad, "systems/s")

	cases := []struct {
		name string
		body map[string]any
		cli  []string
		// err is the error every front end gives (the command line's
		// names its files by their paths); empty for a report.
		err string
		// cliErr is the command line's, when it differs from err: a flag
		// the command line does not know.
		cliErr string
		exit   int // the command line's exit status on an error
	}{
		{name: "tsv by its short name", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)},
			"system_format": "tsv", "facets": []string{"regular", "minimal"}, "reference_compat": true},
			cli: []string{"--gold", gde, "--system-format", "tsv", "--facet", "regular,minimal", "--reference-compat", "m2oie=" + sde}},
		{name: "camelCase aliases", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)},
			"systemFormat": "benchie-tsv", "referenceCompat": true, "strictGold": false},
			cli: []string{"--gold", gde, "--system-format", "benchie-tsv", "--reference-compat", "m2oie=" + sde}},
		{name: "BenchIE^FL corrected", body: map[string]any{"gold": string(flGold), "systems": map[string]string{"clausie": string(flSys)},
			"scorers": []string{"benchie", "benchie-fl"}, "fl_mode": "corrected"},
			cli: []string{"--gold", gfl, "--scorer", "benchie,benchie-fl", "--fl-mode", "corrected", "clausie=" + sfl}},
		{name: "CaRB beside BenchIE, strict, an E gold", body: map[string]any{"gold": string(enGold), "systems": map[string]string{"clausie": string(enSys)},
			"scorers": []string{"benchie", "carb"}, "carb_gold": string(carbGold), "facets": []string{"regular"}, "strict_gold": false, "e_gold": string(enGold)},
			cli: []string{"--gold", gen, "--scorer", "benchie,carb", "--carb-gold", cg, "--facet", "regular", "--e-gold", eg, "clausie=" + sen}},
		{name: "unknown member", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)}, "sytem_format": "tsv"},
			cli: []string{"--gold", gde, "--sytem-format", "tsv", "m2oie=" + sde}, err: `unknown member "sytem_format"`, cliErr: "flag provided but not defined: -sytem-format", exit: 2},
		{name: "unknown format", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)}, "system_format": "csv"},
			cli: []string{"--gold", gde, "--system-format", "csv", "m2oie=" + sde}, err: `unknown system format "csv"`, exit: 2},
		{name: "unknown mode", body: map[string]any{"gold": string(flGold), "systems": map[string]string{"clausie": string(flSys)}, "scorers": []string{"benchie-fl"}, "fl_mode": "lenient"},
			cli: []string{"--gold", gfl, "--scorer", "benchie-fl", "--fl-mode", "lenient", "clausie=" + sfl}, err: `unknown mode "lenient": expected reference or corrected`, exit: 2},
		{name: "fl_mode without benchie-fl", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)}, "fl_mode": "corrected"},
			cli: []string{"--gold", gde, "--fl-mode", "corrected", "m2oie=" + sde}, err: "is read only by the benchie-fl scorer, which is not in", exit: 2},
		{name: "carb_gold without carb", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)}, "carb_gold": "x"},
			cli: []string{"--gold", gde, "--carb-gold", "x", "m2oie=" + sde}, err: "is read only by the carb scorer, which is not in", exit: 2},
		{name: "a subset, CaRB beside BenchIE", body: map[string]any{"gold": string(enGold), "systems": map[string]string{"clausie": string(enSys)},
			"scorers": []string{"benchie", "carb"}, "carb_gold": string(carbGold), "sentences": "1-5,9"},
			cli: []string{"--gold", gen, "--scorer", "benchie,carb", "--carb-gold", cg, "--sentences", "1-5,9", "clausie=" + sen}},
		{name: "the sentences covered", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)}, "sentences": "covered"},
			cli: []string{"--gold", gde, "--sentences", "covered", "m2oie=" + sde}},
		{name: "a sentence list that does not read", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"m2oie": string(deSys)}, "sentences": "1,,2"},
			cli: []string{"--gold", gde, "--sentences", "1,,2", "m2oie=" + sde}, err: `sentences "1,,2", column 3: an empty item`, exit: 2},
		{name: "bad system file", body: map[string]any{"gold": string(deGold), "systems": map[string]string{"s": "1\tonly\tthree\n"}},
			cli: []string{"--gold", gde, "s=" + bad}, err: `systems/s:1:13: expected at least 4 tab-separated columns`, exit: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			goBody, _ := json.Marshal(c.body)
			// The body as the page's JSON.stringify writes it, so that
			// positions in the request agree.
			body := eval[string](p, `JSON.stringify(`+string(goBody)+`)`)
			page := eval[string](p, `oiebenchReady.then(api => api.score(`+body+`)).then(r => JSON.stringify(r), e => 'error: ' + e.message)`)
			res, err := http.Post(worker+"/api/score", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var wbuf bytes.Buffer
			wbuf.ReadFrom(res.Body)
			res.Body.Close()
			cmd := exec.Command(filepath.Join(bin, "oiebench"), append([]string{"score", "--format", "json", "--quiet"}, c.cli...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			exit := 0
			if err := cmd.Run(); err != nil {
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					t.Fatal(err)
				}
				exit = ee.ExitCode()
			}

			if c.err != "" {
				var we struct {
					Error string `json:"error"`
				}
				json.Unmarshal(wbuf.Bytes(), &we)
				if res.StatusCode != http.StatusBadRequest || !strings.Contains(we.Error, c.err) {
					t.Errorf("the Worker answered %d %s, want 400 saying %s", res.StatusCode, wbuf.Bytes(), c.err)
				}
				if page != "error: "+we.Error {
					t.Errorf("the page said %q, the Worker %q", page, we.Error)
				}
				cliErr := c.cliErr
				if cliErr == "" {
					cliErr = c.err
				}
				if got := asMember.Replace(stderr.String()); exit != c.exit || !strings.Contains(got, cliErr) {
					t.Errorf("the command line exited %d saying %q, want %d and %s", exit, got, c.exit, cliErr)
				}
				return
			}
			if res.StatusCode != http.StatusOK || exit != 0 || strings.HasPrefix(page, "error: ") {
				t.Fatalf("Worker %d %.300s; page %.300s; command line %d %s", res.StatusCode, wbuf.Bytes(), page, exit, stderr.String())
			}
			var w, pg, cl any
			for _, x := range []struct {
				text []byte
				v    *any
			}{{wbuf.Bytes(), &w}, {[]byte(page), &pg}, {[]byte(asMember.Replace(stdout.String())), &cl}} {
				if err := json.Unmarshal(x.text, x.v); err != nil {
					t.Fatal(err)
				}
			}
			// The Worker's answer is the report and, last, its receipt
			// (core/receipt), which the page and the command line write apart.
			if wm, ok := w.(map[string]any); !ok || wm["receipt"] == nil {
				t.Errorf("the Worker's answer has no receipt: %.300s", wbuf.Bytes())
			} else {
				delete(wm, "receipt")
			}
			if !reflect.DeepEqual(pg, w) {
				t.Errorf("the page's report differs from the Worker's:\n%.600s\n%.600s", page, wbuf.Bytes())
			}
			if !reflect.DeepEqual(cl, w) {
				t.Errorf("the command line's report differs from the Worker's:\n%.600s\n%.600s", stdout.Bytes(), wbuf.Bytes())
			}
			if sys := w.(map[string]any)["systems"].([]any); len(sys) != 1 {
				t.Errorf("%d systems", len(sys))
			}
		})
	}
}

// startWorker runs the Worker's handler natively on a free port and
// returns its address.
func startWorker(t *testing.T, bin string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin, "-dir", t.TempDir())
	cmd.Env = append(os.Environ(), "PORT="+strings.TrimPrefix(ln.Addr().String(), "127.0.0.1:"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	u := "http://" + ln.Addr().String()
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(u + "/api/health"); err == nil {
			res.Body.Close()
			return u
		}
	}
	t.Fatalf("the Worker did not answer on port %d", port)
	return ""
}
