//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
)

// Asked for, help is the output: on stdout, exit 0, nothing on stderr.
func TestHelpOnStdout(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {"score", "--help"}, {"score", "-h"}, {"help", "score"}, {"benchmarks", "--help"}} {
		out, stderr, code := runCLI(t, args...)
		if code != 0 || stderr != "" || !strings.Contains(out, "usage: oiebench") {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", args, code, stderr, out)
		}
	}
	if _, stderr, code := runCLI(t); code != 2 || !strings.Contains(stderr, "usage:") {
		t.Errorf("no arguments: exit %d, stderr %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, "score", "--no-such-flag"); code != 2 || !strings.Contains(stderr, "no-such-flag") {
		t.Errorf("a wrong flag: exit %d, stderr %q", code, stderr)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, _, code := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, "oiebench "+report.Version) || !strings.Contains(out, runtime.Version()) {
			t.Errorf("%q: exit %d: %q", args, code, out)
		}
	}
}

// The binary alone reproduces every published BenchIE value from the names
// of the benchmarks it embeds, run from a folder with nothing in it.
func TestEmbeddedBenchmarksReproducePublished(t *testing.T) {
	var exp map[string]json.RawMessage
	if err := dataset.Expected("benchie", &exp); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	checked := 0
	for _, lang := range []string{"en", "de", "zh"} {
		var systems map[string]map[string]json.RawMessage
		if err := json.Unmarshal(exp[lang], &systems); err != nil {
			t.Fatal(err)
		}
		d, _ := benchmarks.DatasetByKey(lang)
		for _, sys := range systems {
			var file string
			json.Unmarshal(sys["file"], &file)
			name := ""
			for _, s := range d.Systems {
				if s.File == "benchie/"+file {
					name = d.Name + "/" + s.ID()
				}
			}
			if name == "" {
				t.Fatalf("%s: %s is not in the catalogue", lang, file)
			}
			out, stderr, code := runCLI(t, "score", "--gold", d.Name, "--format", "json", "--reference-compat", "--quiet", name)
			if code != 0 || stderr != "" {
				t.Fatalf("%s: exit %d, stderr %q", name, code, stderr)
			}
			var r cliReport
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			for facet, raw := range sys {
				if facet == "file" {
					continue
				}
				var want struct{ Precision, Recall, F1 float64 }
				json.Unmarshal(raw, &want)
				got := r.Systems[0].BenchIE[facet]
				if math.Abs(got.Precision-want.Precision) > 1e-12 || math.Abs(got.Recall-want.Recall) > 1e-12 || math.Abs(got.F1-want.F1) > 1e-12 {
					t.Errorf("%s %s: %+v, want %+v", name, facet, got, want)
				}
				checked++
			}
		}
	}
	if checked != 9*3+2 {
		t.Errorf("checked %d published values, want 29", checked)
	}
}

// Every catalogued name reads, an unknown one names the right ones, and the
// listing shows each with its size and licence.
func TestBenchmarkNames(t *testing.T) {
	t.Chdir(t.TempDir())
	out, _, code := runCLI(t, "benchmarks", "--format", "json")
	var rows []struct {
		Name    string
		Bytes   int
		Licence string
	}
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != len(benchmarks.Entries()) {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, r := range rows {
		licence := "CC BY 4.0"
		if strings.HasPrefix(r.Name, "carb:") {
			licence = "MIT"
		}
		if r.Bytes == 0 || !strings.Contains(r.Licence, licence) {
			t.Errorf("%+v", r)
		}
		if in, err := readInput("", r.Name); err != nil || len(in.Data) != r.Bytes {
			t.Errorf("%s: %v", r.Name, err)
		}
	}
	_, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "benchie:en/clausi")
	if code != 1 || !strings.Contains(stderr, "benchie:en/clausie") {
		t.Errorf("a misspelt name: exit %d, %q", code, stderr)
	}
	if out, _, _ := runCLI(t, "benchmarks"); !strings.Contains(out, "benchie:en/clausie") || !strings.Contains(out, "benchie-fl:en/openie6") {
		t.Errorf("listing:\n%s", out)
	}
}

// The table fits 120 columns (--wide: one block), warnings go to stderr
// (none with --quiet), and captions name the gold by its base name.
func TestTableWidthQuietAndCaptions(t *testing.T) {
	args := []string{"score", "--gold", data(t, "benchie_gold_annotations_en.txt"), "--scorer", "benchie,carb",
		"--carb-gold", data(t, "carb_explicit.txt"), data(t, "systems/clausie_explicit.txt"), data(t, "systems/naive_oie_explicit.txt")}
	out, stderr, code := runCLI(t, args...)
	if code != 0 || !strings.Contains(stderr, "warning: ") || strings.Contains(out, "warning") {
		t.Fatalf("exit %d; warnings belong on stderr: %q", code, stderr)
	}
	for _, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > report.TableWidth {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
	wide, _, _ := runCLI(t, append(args, "--wide")...)
	if first := strings.SplitN(wide, "\n", 2)[0]; len(first) <= report.TableWidth || !strings.Contains(first, "carb-delta F1") {
		t.Errorf("--wide: first line %q", first)
	}
	if _, stderr, _ := runCLI(t, append(args, "--quiet")...); stderr != "" {
		t.Errorf("--quiet: %q", stderr)
	}
	for _, format := range []string{"markdown", "latex", "table"} {
		out, _, _ := runCLI(t, append(args, "--format", format)...)
		dir := filepath.Dir(data(t, "x"))
		if strings.Contains(out, dir) || !strings.Contains(strings.ReplaceAll(out, `\_`, "_"), "benchie_gold_annotations_en.txt") {
			t.Errorf("%s names the gold by its path:\n%s", format, out)
		}
	}
}

// go build of the command, copied alone to an empty folder, scores the
// shipped benchmarks by name and holds the whole site.
func TestBinaryAlone(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "oiebench")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	empty := t.TempDir()
	cmd := exec.Command(bin, "score", "--gold", "benchie:en", "--facet", "regular", "--format", "csv", "--quiet", "benchie:en/clausie")
	cmd.Dir = empty
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ClausIE,695,0,0.5029154518950437,0.25555555555555554") {
		t.Fatalf("%v: %s", err, out)
	}
	if fi, err := os.Stat(bin); err == nil {
		t.Logf("binary: %.1f MB", float64(fi.Size())/1e6)
	}
}
