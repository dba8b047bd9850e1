package benchie

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	core "github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// golds are the golds the harness draws files from: the shipped ones and
// small generated ones (name, text).
func golds(t *testing.T) [][2]string {
	var out [][2]string
	for _, lang := range []string{"en", "de", "zh"} {
		name := "benchie_gold_annotations_" + lang + ".txt"
		b, err := dataset.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, [2]string{lang, string(b)})
	}
	for seed := uint64(1); seed <= 12; seed++ {
		out = append(out, [2]string{"generated-" + strconv.FormatUint(seed, 10), GenerateGold(seed)})
	}
	return out
}

// filesPerGold is how many system files are drawn per gold and facet.
func filesPerGold(name string) int {
	if len(name) == 2 { // a shipped gold
		return 30
	}
	return 10
}

// TestDifferential scores every generated file with core/benchie and with
// the oracle, in both modes and on every facet, and fails on any
// difference: the file's seed and the first line credited differently are
// named. Where the oracle says the script crashes, oiebench must say so.
func TestDifferential(t *testing.T) {
	// what the files exercised: a harness whose files never tell the
	// modes apart, or never crash the script, tests little
	files, rejected, crashes, modesDiffer, edgy, indented := 0, 0, 0, 0, 0, 0
	for _, gd := range golds(t) {
		name, text := gd[0], gd[1]
		g, err := core.ReadGold(name, []byte(text), core.GoldOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		og := ReadGold(text)
		for fi, facet := range []core.Facet{core.Regular, core.Concat, core.Minimal} {
			c := core.Compile(g, facet)
			for n := 0; n < filesPerGold(name); n++ {
				seed := uint64(1000*fi + n + 1)
				sys := Generate(og, string(facet), seed)
				files++
				want := Score(og, string(facet), sys)
				where := fmt.Sprintf("gold %s, facet %s, seed %d, file %q", name, facet, seed, sys)
				s, err := oie.ReadSystem("generated.tsv", []byte(sys), oie.SystemOptions{Format: oie.FormatTSV})
				if want.Crash != "" {
					crashes++
				}
				if want.Rejected {
					rejected++
				} else if want.Paper != want.Script {
					modesDiffer++
				}
				if want.Edgy {
					edgy++
				}
				if want.Rejected != (err != nil) {
					t.Fatalf("%s: oiebench's reader error %v, the oracle's rejects %v", where, err, want.Rejected)
				}
				if err != nil {
					continue
				}
				paper := c.Score(s, core.Options{})
				script := c.Score(s, core.Options{ReferenceCompat: true})
				compare(t, where+" (default mode)", paper, s, want.Paper, want.PaperCredits)
				compare(t, where+" (reference-compat)", script, s, want.Script, want.ScriptCredits)
				if (want.Crash != "") != (paper.ScriptCrash != "") || (want.Crash != "") != (script.ScriptCrash != "") {
					t.Fatalf("%s: the oracle says the script crashes at %q; oiebench says %q", where, want.Crash, paper.ScriptCrash)
				}
				if want.Crash != "" && !hasCrashWarning(paper) {
					t.Fatalf("%s: the script cannot score this file and the report does not say so: %v", where, paper.Warnings)
				}
				if want.Indented > 0 {
					indented++
				}
				for _, r := range []*core.Result{paper, script} {
					if says := hasWarning(r, fmt.Sprintf("%d line(s) start with white space before the sentence id", want.Indented)); says != (want.Indented > 0) {
						t.Fatalf("%s: %d line(s) start with white space; the warnings say so: %v (%v)", where, want.Indented, says, r.Warnings)
					}
				}
			}
		}
	}
	t.Logf("%d files: %d refused by the reader, %d the script cannot score, %d where the modes differ, %d matching a gold form with an edge space, %d with lines that start with white space", files, rejected, crashes, modesDiffer, edgy, indented)
	if files < 300 || crashes < 10 || modesDiffer < 30 || edgy < 10 || indented < 30 {
		t.Fatalf("too few files of a kind: %d files, %d crashes, %d with modes differing, %d edgy, %d indented", files, crashes, modesDiffer, edgy, indented)
	}
}

// hasWarning reports whether a warning of r holds part.
func hasWarning(r *core.Result, part string) bool {
	for _, w := range r.Warnings {
		if strings.Contains(w.Msg, part) {
			return true
		}
	}
	return false
}

func hasCrashWarning(r *core.Result) bool { return hasWarning(r, "cannot score this file") }

func compare(t *testing.T, where string, got *core.Result, sys *oie.System, want Counts, credits []Credit) {
	t.Helper()
	same := got.TP == want.TP && got.FP == want.FP &&
		math.Abs(got.Precision-want.Precision) <= 1e-12 && math.Abs(got.Recall-want.Recall) <= 1e-12 && math.Abs(got.F1-want.F1) <= 1e-12
	if same {
		return
	}
	// the first line credited differently
	first := "none found"
	byLine := map[int]int{}
	for _, cr := range credits {
		byLine[cr.Line] = cr.Synset
	}
	for i, j := range got.Judgements {
		line := sys.Extractions.At(i).Line
		w, ok := byLine[line]
		g := j.Synset
		if j.Verdict == core.Ignored {
			g = -2
		}
		if !ok {
			w = -2
		}
		if g != w {
			first = fmt.Sprintf("line %d: oiebench credits synset %d, the oracle %d (-1 none, -2 not scored)", line, g, w)
			break
		}
	}
	t.Fatalf("%s: oiebench TP %d FP %d P %.12f R %.12f F1 %.12f; oracle TP %d FP %d P %.12f R %.12f F1 %.12f; %s",
		where, got.TP, got.FP, got.Precision, got.Recall, got.F1, want.TP, want.FP, want.Precision, want.Recall, want.F1, first)
}
