package explain

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

func enExplorer(t *testing.T) (*Explorer, *evaluate.Evaluation) {
	t.Helper()
	gold, systems := bundled(t, "en")
	ev := evaluate.NewWorkspace(gold).Evaluate(systems, evaluate.Options{})
	return NewExplorer(ev), ev
}

// Sentence 2 of the English gold: ClausIE's (Graner; left; him there) is
// incorrect, and the closest gold triple (Graner; left; him) differs by the
// extra word "there" in the object only.
func TestSentenceKnownMismatch(t *testing.T) {
	x, _ := enExplorer(t)
	si, ok := x.ev.Gold.SentenceIndex("2")
	if !ok {
		t.Fatal("no sentence 2")
	}
	v := x.Sentence(si, benchie.Regular, []int{0})
	if len(v.Systems) != 1 || v.Systems[0].Name != "ClausIE" {
		t.Fatalf("systems = %+v", v.Systems)
	}
	var wrong *ExtractionView
	for i, e := range v.Systems[0].Extractions {
		if render(e.Slots[2]) == "him there" {
			wrong = &v.Systems[0].Extractions[i]
		}
	}
	if wrong == nil || wrong.Verdict != benchie.Incorrect {
		t.Fatalf("extraction (Graner; left; him there) missing or not incorrect: %+v", wrong)
	}
	c := wrong.Closest[0]
	if c.Agree != [3]bool{true, true, false} || c.Differing != 1 {
		t.Errorf("closest agrees %v with %d differing tokens, want subject and relation, 1 token", c.Agree, c.Differing)
	}
	if got := render(c.Ext[2]) + " vs " + render(c.Gold[2]); got != "him +there+ vs him" {
		t.Errorf("object diff = %q", got)
	}
	// Every synset is either covered by an extraction of the system or listed as uncovered.
	covered := 0
	for _, s := range v.Synsets {
		if s.CoveredBy[0] >= 0 {
			covered++
			if e := v.Systems[0].Extractions[s.CoveredBy[0]]; e.Verdict != benchie.Correct || e.Synset != s.Index {
				t.Errorf("synset %d covered by %+v", s.Index, e)
			}
		}
	}
	if covered+len(v.Systems[0].Uncovered) != len(v.Synsets) {
		t.Errorf("%d covered + %d uncovered != %d synsets", covered, len(v.Systems[0].Uncovered), len(v.Synsets))
	}
	if v.Synsets[1].Forms != 8 || !v.Synsets[1].FormsExact {
		t.Errorf("synset 2 has %d surface forms (exact %v), want 8", v.Synsets[1].Forms, v.Synsets[1].FormsExact)
	}
}

// The explorer's sums over sentences are the report's totals.
func TestSentencesAddUpToReport(t *testing.T) {
	x, ev := enExplorer(t)
	for sys, s := range ev.Report.Systems {
		for _, f := range x.Facets() {
			tp, fn, fp := 0, 0, 0
			for _, sum := range x.Sentences(Filter{Facet: f, System: sys, Show: ShowAll}) {
				tp, fn, fp = tp+sum.Correct, fn+sum.Missed, fp+sum.Errors
			}
			sc := s.BenchIE.Facet(string(f))
			if tp != sc.TP || fn != sc.FN || fp != sc.FP {
				t.Errorf("%s %s: sentences sum to TP %d FN %d FP %d, report says %d %d %d", s.Name, f, tp, fn, fp, sc.TP, sc.FN, sc.FP)
			}
		}
	}
}

func TestSentencesFilter(t *testing.T) {
	x, _ := enExplorer(t)
	all := x.Sentences(Filter{Facet: benchie.Regular, System: -1, Show: ShowAll})
	if len(all) != 300 {
		t.Fatalf("%d sentences, want 300", len(all))
	}
	errs := x.Sentences(Filter{Facet: benchie.Regular, System: 0, Show: ShowErrors})
	misses := x.Sentences(Filter{Facet: benchie.Regular, System: 0, Show: ShowMisses})
	if len(errs) == 0 || len(errs) >= 300 || len(misses) == 0 || len(misses) >= 300 {
		t.Fatalf("%d sentences with errors, %d with misses", len(errs), len(misses))
	}
	for _, s := range errs {
		if s.Errors == 0 {
			t.Fatalf("sentence %s kept for errors without one", s.ID)
		}
	}
	for _, q := range []string{"#2", "2", "GRANER"} {
		got := x.Sentences(Filter{Facet: benchie.Regular, System: -1, Show: ShowAll, Query: q})
		if len(got) == 0 || got[0].ID != "2" {
			t.Errorf("query %q found %+v, want sentence 2 first", q, got)
		}
	}
	if got := x.Sentences(Filter{Facet: benchie.Regular, System: -1, Query: "no such words here"}); len(got) != 0 {
		t.Errorf("a query matching nothing kept %d sentences", len(got))
	}
}

func TestCompare(t *testing.T) {
	x, ev := enExplorer(t)
	c := x.Compare(0, 1, benchie.Regular)
	a, b := ev.Report.Systems[0].BenchIE.Regular, ev.Report.Systems[1].BenchIE.Regular
	if c.Both+c.OnlyA != a.TP || c.Both+c.OnlyB != b.TP || c.ErrorsA != a.FP || c.ErrorsB != b.FP {
		t.Errorf("comparison %+v does not add up to TP %d/%d, FP %d/%d", c, a.TP, b.TP, a.FP, b.FP)
	}
	if c.Both+c.OnlyA+c.OnlyB+c.Neither != ev.Report.Gold.Synsets {
		t.Errorf("synsets do not add up")
	}
	if len(c.Sentences) == 0 {
		t.Fatal("ClausIE and MinIE differ nowhere?")
	}
	if same := x.Compare(2, 2, benchie.Regular); len(same.Sentences) != 0 || same.OnlyA+same.OnlyB != 0 {
		t.Errorf("a system differs from itself: %+v", same)
	}
}

// SearchClosest bounds the incorrect extractions whose closest gold triples
// are looked for, per system and sentence; the others are marked, and
// the ones looked for are the same as without the bound.
func TestSearchClosest(t *testing.T) {
	gold, systems := bundled(t, "en")
	ev := evaluate.NewWorkspace(gold).Evaluate(systems, evaluate.Options{})
	all, bounded := NewExplorer(ev), NewExplorer(ev)
	bounded.SearchClosest = 2
	checked := 0
	for si := range gold.Sentences[:30] {
		a, b := all.Sentence(si, benchie.Regular, nil), bounded.Sentence(si, benchie.Regular, nil)
		for s := range a.Systems {
			incorrect := 0
			for e, ea := range a.Systems[s].Extractions {
				eb := b.Systems[s].Extractions[e]
				if ea.Verdict != benchie.Incorrect {
					continue
				}
				incorrect++
				if incorrect <= 2 {
					if eb.ClosestSkipped || len(eb.Closest) != len(ea.Closest) || eb.MoreClosest != ea.MoreClosest {
						t.Fatalf("sentence %d, system %d, extraction %d: bounded %+v, all %+v", si, s, e, eb, ea)
					}
				} else if !eb.ClosestSkipped || eb.Closest != nil || ea.ClosestSkipped {
					t.Fatalf("sentence %d, system %d, extraction %d past the bound: %+v", si, s, e, eb)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Fatalf("%d incorrect extractions checked", checked)
	}
}

// Under SearchClosest, an incorrect extraction over SearchClosestBytes is
// not compared with the gold (a 10 MB one would be, token by token).
func TestSearchClosestBytes(t *testing.T) {
	gold, systems := bundled(t, "en")
	sys := systems[0]
	k := 0
	for k < sys.Extractions.Len() && sys.Extractions.At(k).SentID != gold.Sentences[1].ID {
		k++
	}
	var edited oie.Extractions // sys's, the k-th with a long object
	for i, e := range sys.Extractions.All() {
		if i == k {
			e.Object = strings.Repeat("x ", SearchClosestBytes)
		}
		edited.Append(e)
	}
	sys.Extractions = edited
	x := NewExplorer(evaluate.NewWorkspace(gold).Evaluate(systems, evaluate.Options{}))
	x.SearchClosest = 200
	found := 0
	for _, e := range x.Sentence(1, benchie.Regular, []int{0}).Systems[0].Extractions {
		long := len(e.Slots[2]) > SearchClosestBytes/4
		if long {
			found++
		}
		if e.Verdict == benchie.Incorrect && long != e.ClosestSkipped {
			t.Errorf("extraction %d (%d object tokens): skipped %v", e.Index, len(e.Slots[2]), e.ClosestSkipped)
		}
		if long && e.Verdict != benchie.Incorrect {
			t.Fatalf("the long extraction is %v", e.Verdict)
		}
	}
	if found != 1 {
		t.Errorf("%d long extractions in the view, want 1", found)
	}
}

// SentenceWindow explains the first rows of each system exactly as
// Sentence does, and counts the rest: their number, verdicts and lines,
// and the synsets they cover (by position, as Sentence's).
func TestSentenceWindow(t *testing.T) {
	x, _ := enExplorer(t)
	checked := 0
	for si := range x.ev.Gold.Sentences[:40] {
		all := x.Sentence(si, benchie.Regular, nil)
		rows := func(sys int) int { return sys % 3 } // 0, 1 and 2 rows
		w := x.SentenceWindow(si, benchie.Regular, nil, rows)
		if !reflect.DeepEqual(all.Synsets, w.Synsets) {
			t.Fatalf("sentence %d: synsets differ under a window", si)
		}
		for s, a := range all.Systems {
			b := w.Systems[s]
			n := min(len(a.Extractions), rows(a.System))
			if !reflect.DeepEqual(a.Extractions[:n], b.Extractions) && n > 0 {
				t.Fatalf("sentence %d, system %d: window %+v, whole %+v", si, s, b.Extractions, a.Extractions[:n])
			}
			if len(b.Extractions) != n || b.Total() != len(a.Extractions) || a.Total() != len(a.Extractions) || a.Unexplained != 0 {
				t.Fatalf("sentence %d, system %d: %d explained of %d, want %d of %d", si, s, len(b.Extractions), b.Total(), n, len(a.Extractions))
			}
			verdicts := map[benchie.Verdict]int{}
			for r, e := range a.Extractions {
				verdicts[e.Verdict]++
				if b.Lines[r] != e.Line {
					t.Fatalf("sentence %d, system %d: line %d of row %d, want %d", si, s, b.Lines[r], r, e.Line)
				}
			}
			if !reflect.DeepEqual(verdicts, b.Verdicts) || !reflect.DeepEqual(verdicts, a.Verdicts) {
				t.Fatalf("sentence %d, system %d: verdicts %v, want %v", si, s, b.Verdicts, verdicts)
			}
			checked += len(a.Extractions) - n
		}
	}
	if checked < 100 {
		t.Fatalf("%d extractions past the windows", checked)
	}
}

// Under SlotWords a slot's first words are its tokens as SlotTokens makes
// them, and the rest is one text with its words counted as strings.Fields
// counts them (white space of any kind, invalid UTF-8 a word's byte), or
// not at all (-1) past RestCountBytes.
func TestSlotTokensCut(t *testing.T) {
	long := strings.Repeat("w ", RestCountBytes/2)
	for _, slot := range []string{"", "   ", "a", " a  b\tc\u00a0d\u2003e  ", "one two three four five six", "x\xffy z \xff", strings.Repeat("w ", 1000), long, long + "w  w"} {
		whole := SlotTokens(slot)
		for n := 1; n <= 7; n++ {
			toks, rest, words := slotTokensCut(slot, n)
			k := min(n, len(whole))
			if !reflect.DeepEqual(toks, whole[:k]) && k > 0 || len(toks) != k {
				t.Fatalf("%q cut at %d: tokens %+v, want %+v", slot, n, toks, whole[:k])
			}
			if len(rest) > RestCountBytes {
				if words != -1 {
					t.Fatalf("%q cut at %d: a rest of %d bytes counted", slot[:9], n, len(rest))
				}
				words = len(strings.Fields(rest))
			}
			if words != len(whole)-k || words != len(strings.Fields(rest)) || (words == 0) != (rest == "") {
				t.Fatalf("%q cut at %d: rest %q of %d words, want %d", slot, n, rest, words, len(whole)-k)
			}
			if got := strings.Fields(rest); words > 0 && got[0] != whole[k].Text {
				t.Fatalf("%q cut at %d: rest starts %q", slot, n, got[0])
			}
		}
	}
}

// MoreRows explains the rows past a window as SentenceWindow explains the
// larger window, the closest triples' search bounded across the two
// (SearchClosest), and leaves the window it extends as it was.
func TestMoreRows(t *testing.T) {
	x, _ := enExplorer(t)
	x.SearchClosest = 2
	defer func() { x.SearchClosest = 0 }()
	checked := 0
	for si := range x.ev.Gold.Sentences[:40] {
		small := func(sys int) int { return sys % 3 }
		large := func(sys int) int { return sys%3 + 2*(sys%2) + 1 }
		w := x.SentenceWindow(si, benchie.Regular, nil, small)
		before := fmt.Sprintf("%+v", w)
		more := x.MoreRows(w, large)
		if want := x.SentenceWindow(si, benchie.Regular, nil, large); !reflect.DeepEqual(more, want) {
			t.Fatalf("sentence %d: more rows %+v, want %+v", si, more, want)
		}
		if fmt.Sprintf("%+v", w) != before {
			t.Fatalf("sentence %d: MoreRows changed the window it extends", si)
		}
		for s, sv := range more.Systems {
			checked += len(sv.Extractions) - len(w.Systems[s].Extractions)
		}
	}
	if checked < 100 {
		t.Fatalf("%d rows explained past the windows", checked)
	}
}
