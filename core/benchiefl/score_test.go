package benchiefl

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

func mustGold(t *testing.T, text string) *Gold {
	t.Helper()
	g, err := ReadGold("gold.txt", []byte(text), GoldOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustScore(t *testing.T, gold, sys string) (*Gold, *Result) {
	t.Helper()
	g := mustGold(t, gold)
	s, err := oie.ReadSystem("sys.txt", []byte(sys), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	return g, g.Score(s, Options{})
}

// matched returns, per extraction, the synsets it was given and their routes.
func matched(js []Judgement) []string {
	var out []string
	for _, j := range js {
		var ms []string
		for _, m := range j.Matches {
			ms = append(ms, string(rune('1'+m.Synset))+":"+m.Route.String())
		}
		out = append(out, strings.Join(ms, ","))
	}
	return out
}

func TestExpandOrder(t *testing.T) {
	// benchie-fl.md section 2: each bracketed word is optional on its own;
	// "Australia]", the third marked word, is past k = 2 and always kept.
	var got []string
	for _, f := range expand([]string{"[the] Prime Minister [of Australia]"}) {
		got = append(got, f.slots[0])
	}
	want := []string{"Prime Minister of Australia", "the Prime Minister Australia", "Prime Minister Australia", "the Prime Minister of Australia"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("forms = %q, want %q", got, want)
	}
	// Marks are numbered across slots; drop-sets by size, then lexicographic.
	got = nil
	for _, f := range expand([]string{"[a] x", "[b] y", "z [c]"}) {
		got = append(got, strings.Join(f.slots, "|"))
	}
	want = []string{"x|b y|z c", "a x|y|z c", "a x|b y|z", "x|y|z c", "x|b y|z", "a x|y|z", "x|y|z", "a x|b y|z c"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("forms = %q, want %q", got, want)
	}
	// A token with a bracket inside is one unit; two '[' in a token make
	// duplicate forms; a lone bracket kept is an empty token.
	got = nil
	for _, f := range expand([]string{"for[a]", "[a][b]", "[ x ]"}) {
		got = append(got, strings.Join(f.slots, "|"))
	}
	if len(got) != 16 || got[len(got)-1] != "fora|ab| x " {
		t.Errorf("forms = %q", got)
	}
}

func TestReader(t *testing.T) {
	gold := "sent_id:1\tA.\n" +
		"A --> dropped --> before header\n" +
		"1--> Cluster 1:\n" +
		"A --> is --> B\n" +
		"\n" +
		"sent_id:2\tNo header.\n" +
		"C --> has --> D\n" +
		"C --> had --> D\n" +
		"\n" +
		"sent_id:3\tNothing.\n" +
		"\n" +
		"sent_id:4\tLast.\n" +
		"4--> Cluster 1:\n" +
		"E --> f --> G\n"
	g := mustGold(t, gold)
	if len(g.Entries) != 4 {
		t.Fatalf("%d entries, want 4", len(g.Entries))
	}
	if n := len(g.Entries[0].Synsets[0].Triples); n != 1 {
		t.Errorf("sentence 1 keeps %d triples, want 1 (the one before the header is dropped)", n)
	}
	if n := len(g.Entries[1].Synsets); n != 1 || len(g.Entries[1].Synsets[0].Triples) != 2 {
		t.Errorf("sentence 2 without header: %d synsets, want one of 2 triples", n)
	}
	if !g.Entries[2].Phantom() {
		t.Error("sentence 3 is not a phantom")
	}
	if ref, real := g.SynsetCount(true), g.SynsetCount(false); ref != 4 || real != 3 {
		t.Errorf("synsets %d/%d, want 4 counted by the reference, 3 real", ref, real)
	}
	// CRLF and CR read the same.
	for _, nl := range []string{"\r\n", "\r"} {
		g2 := mustGold(t, strings.ReplaceAll(gold, "\n", nl))
		if !reflect.DeepEqual(g2.Entries, g.Entries) {
			t.Errorf("line ends %q read differently", nl)
		}
	}
	// A final empty line stores the last synset again as a copy entry.
	g3 := mustGold(t, gold+"\n")
	if len(g3.Entries) != 5 || !g3.Entries[4].Copy || g3.SynsetCount(true) != 5 || g3.SynsetCount(false) != 3 {
		t.Errorf("trailing empty line: %d entries, synsets %d/%d", len(g3.Entries), g3.SynsetCount(true), g3.SynsetCount(false))
	}
	// A BOM is skipped with a warning.
	g4 := mustGold(t, "\ufeff"+gold)
	if !reflect.DeepEqual(g4.Entries, g.Entries) || !strings.Contains(g4.Warnings[0].String(), "gold.txt:1:1: a byte-order mark") {
		t.Errorf("BOM: %v", g4.Warnings)
	}
}

func TestReaderErrors(t *testing.T) {
	cases := []struct{ gold, want string }{
		{"sent_id:1\tS\n1--> Cluster 1:\nA --> b [c --> d\n", "gold.txt:3:9: expected as many ']' as '[' in a triple, found 1 '[' and 0 ']'"},
		{"sent_id:1\tS\n1--> Cluster 1:\nA --> b ] c --> d\n", "gold.txt:3:9: expected as many ']' as '['"},
		{"sent_id:1\tS\n1--> Cluster 1:\nA --> b\n", "gold.txt:3:8: expected a triple (subject --> relation --> object)"},
		{"sent_id:1\tS\n1--> Cluster 1:\nA --> " + strings.Repeat("[x] ", 17) + "--> d\n", "gold.txt:3:1: expected at most 16 optional words"},
	}
	for _, c := range cases {
		_, err := ReadGold("gold.txt", []byte(c.gold), GoldOptions{Strict: true})
		var pe *oie.ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("strict %q: error %v, want %q", c.gold, err, c.want)
		}
		// Lenient: the triple never matches, with the same message as a warning.
		g, err := ReadGold("gold.txt", []byte(c.gold), GoldOptions{})
		if err != nil || len(g.Warnings) == 0 || !strings.HasPrefix(g.Warnings[0].String(), c.want) {
			t.Errorf("lenient %q: %v %v", c.gold, err, g)
		}
	}
	for _, bad := range []string{"", "no sentence\n", "sent_id:1\tbad \xff byte\n"} {
		if _, err := ReadGold("gold.txt", []byte(bad), GoldOptions{}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

const sentence1 = "sent_id:1\tHe served as the first Prime Minister of Australia and became a founding justice of the High Court of Australia .\n" +
	"1--> Cluster 1:\n" +
	"He --> served as --> [the] Prime Minister\n" +
	"1--> Cluster 2:\n" +
	"He --> became --> [a] founding justice\n" +
	"1--> Cluster 3:\n" +
	"He --> became [a] founding justice of --> [the] High Court of Australia\n" +
	"1--> Cluster 4:\n" +
	"They --> can be --> 380V\n" +
	"1--> Cluster 5:\n" +
	"They --> can be --> 1000V\n" +
	"1--> Cluster 6:\n" +
	"He --> visited --> the U.S.\n" +
	"1--> Cluster 7:\n" +
	"X --> was considered to be --> [the] patron saint\n" +
	"1--> Cluster 8:\n" +
	"Y --> was --> founding justice\n" +
	"1--> Cluster 9:\n" +
	"Y --> was founding justice of --> the High Court\n"

func TestRoutes(t *testing.T) {
	cases := []struct{ ext, want string }{
		{"He\tserved as\tPrime Minister", "1:exact"},
		// Variant: the XY pair (380V, 1000V) from two synsets sharing subject
		// and relation; deleting one member leaves an exact match.
		{"They\tcan be\t380V , 1000V", "4:variant"},
		// More detailed: the whole text is a form of synset 3; subject and
		// relation agree with synset 2, whose object's words it contains.
		{"He\tbecame\ta founding justice of the High Court of Australia", "2:lenient"},
		// Case and spacing.
		{"He\tServed As\tthe Prime Minister", "1:lenient"},
		{"He\tserved  as\tthe Prime Minister", "1:lenient"},
		{"He\tvisited\tthe US", "6:exact_no_punct"},
		{"Y\twas\tfounding justice of the High Court.", "8:lenient_no_punct"},
		{"He\tbecame\ta founding justice of the Supreme Court", ""},
	}
	for _, c := range cases {
		_, res := mustScore(t, sentence1, "1\t"+c.ext+"\n")
		if got := matched(res.RefJudgements)[0]; got != c.want {
			t.Errorf("%q: %q, want %q", c.ext, got, c.want)
		}
	}
}

func TestAssignment(t *testing.T) {
	// A redundant exact match counts as incorrect; exact matches come first,
	// even when a lenient candidate precedes them.
	_, res := mustScore(t, sentence1, "1\tHe\tbecame\ta founding justice of the High Court of Australia\n"+
		"1\tHe\tbecame\tfounding justice\n1\tHe\tbecame\ta founding justice\n")
	if got, want := matched(res.RefJudgements), []string{"", "2:exact", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("exact first: %q, want %q", got, want)
	}
	if s := res.Reference; s.Matched != 1 || s.Extractions != 3 {
		t.Errorf("P = %d/%d, want 1/3", s.Matched, s.Extractions)
	}
	// A later claimant takes a non-exact synset over; the loser gets nothing.
	_, res = mustScore(t, sentence1, "1\tHe\tbecame\ta founding justice of the High Court of Australia\n"+
		"1\the\tbecame\ta founding justice of the High Court of Australia\n")
	if got, want := matched(res.RefJudgements), []string{"", "2:lenient"}; !reflect.DeepEqual(got, want) {
		t.Errorf("later claimant: %q, want %q", got, want)
	}
	// LEN needs the extraction to match nothing exactly, and the synset to be
	// matched exactly by no extraction of the block.
	_, res = mustScore(t, sentence1, "1\tHe\tbecame\ta founding justice of the High Court of Australia\n1\tHe\tbecame\tfounding justice\n")
	if got := matched(res.RefJudgements)[0]; got != "" {
		t.Errorf("TAKEN: %q", got)
	}
}

// The toy case of benchie-fl.md section 8, and its corrected reading.
func TestMergedRunsAndPooling(t *testing.T) {
	gold := "sent_id:1\tBob likes tea and coffee.\n1--> Cluster 1:\nBob --> likes --> tea\n1--> Cluster 2:\nBob --> likes --> coffee\n"
	_, res := mustScore(t, gold, "1\tBob\tlikes\ttea\n1\tBob\tlikes\ttea\n1\tBob\tlikes\tcoffee\n")
	if r := res.Reference; r.Precision != 2.0/3 || r.Recall != 1.5 {
		t.Errorf("adjacent duplicates: P %v R %v, want 2/3 and 1.5", r.Precision, r.Recall)
	}
	if c := res.Corrected; c.Precision != 2.0/3 || c.Recall != 1 {
		t.Errorf("corrected: P %v R %v, want 2/3 and 1", c.Precision, c.Recall)
	}
	if !reflect.DeepEqual(res.MovedBy, []Quirk{QuirkMergedRuns, QuirkPooledTexts}) {
		t.Errorf("moved by %v", res.MovedBy)
	}
	_, res = mustScore(t, gold, "1\tBob\tlikes\ttea\n1\tBob\tlikes\tcoffee\n1\tBob\tlikes\ttea\n")
	if r := res.Reference; r.Precision != 2.0/3 || r.Recall != 1 || res.Differ {
		t.Errorf("apart: P %v R %v (differ %v), want 2/3 and 1", r.Precision, r.Recall, res.Differ)
	}
	// Pooled across sentences: the same text correct in two sentences counts
	// once in P, twice in R.
	gold2 := gold + "\nsent_id:2\tBob likes tea.\n2--> Cluster 1:\nBob --> likes --> tea\n"
	_, res = mustScore(t, gold2, "1\tBob\tlikes\ttea\n2\tBob\tlikes\ttea\n")
	if r, c := res.Reference, res.Corrected; r.Matched != 1 || r.Credited != 2 || c.Matched != 2 || c.Credited != 2 {
		t.Errorf("pooled: reference %d/%d, corrected %d/%d", r.Matched, r.Credited, c.Matched, c.Credited)
	}
	if !reflect.DeepEqual(res.MovedBy, []Quirk{QuirkPooledTexts}) {
		t.Errorf("moved by %v", res.MovedBy)
	}
}

func TestRecallWeight(t *testing.T) {
	// Ten synsets; the extraction matches exactly those listed.
	gold := func(match ...int) string {
		var b strings.Builder
		b.WriteString("sent_id:1\tS.\n")
		for k := 1; k <= 10; k++ {
			b.WriteString(fmt.Sprintf("1--> Cluster %d:\n", k))
			if slices.Contains(match, k) {
				b.WriteString("A --> b --> c\n")
			} else {
				b.WriteString(fmt.Sprintf("D --> e --> f%d\n", k))
			}
		}
		return b.String()
	}
	// Its last pooled position is 10: the reference weighs it 1; corrected 4.
	_, res := mustScore(t, gold(1, 2, 3, 10), "1\tA\tb\tc\n")
	if r, c := res.Reference, res.Corrected; r.Credited != 1 || c.Credited != 4 || r.Routes[RouteExact] != 4 {
		t.Errorf("credited %d / %d (routes %v)", r.Credited, c.Credited, r.Routes)
	}
	// Three synsets ending at position 3: 2.
	_, res = mustScore(t, gold(1, 2, 3), "1\tA\tb\tc\n")
	if r := res.Reference; r.Credited != 2 || !reflect.DeepEqual(res.MovedBy, []Quirk{QuirkRecallWeight}) {
		t.Errorf("credited %d, want 2; moved by %v", r.Credited, res.MovedBy)
	}
}

func TestReadingQuirks(t *testing.T) {
	gold := "sent_id:5\tFirst.\n5--> Cluster 1:\nA --> b --> c d\n\nsent_id:7\tSecond.\n7--> Cluster 1:\nE --> f --> g\n\nsent_id:9\tNone.\n"
	// No final line break: the reference cuts the last character of the
	// object ("g" becomes ""); id 2 is the second sentence by position,
	// 7 by id.
	_, res := mustScore(t, gold, "2\tE\tf\tg\n7\tE\tf\tg")
	if r, c := res.Reference, res.Corrected; r.Matched != 1 || r.Extractions != 1 || c.Matched != 1 || c.Extractions != 1 || res.Ignored != 1 {
		t.Errorf("reference %d/%d, corrected %d/%d, ignored %d", r.Matched, r.Extractions, c.Matched, c.Extractions, res.Ignored)
	}
	if r := res.Reference; r.Synsets != 3 || res.Corrected.Synsets != 2 {
		t.Errorf("synsets %d / %d, want 3 (phantom) / 2", r.Synsets, res.Corrected.Synsets)
	}
	_, res = mustScore(t, "sent_id:1\tS.\n1--> Cluster 1:\nE --> f --> g\n", "1\tE\tf\tg")
	if !reflect.DeepEqual(res.MovedBy, []Quirk{QuirkLastCharacter}) {
		t.Errorf("moved by %v", res.MovedBy)
	}
	// More columns: the reference cuts column 4 and ignores the rest; the
	// corrected mode joins them to the object, as BenchIE does.
	_, res = mustScore(t, gold, "1\tA\tb\tc dx\tignored\n5\tA\tb\tc\td\n")
	if got, want := matched(res.RefJudgements), []string{"1:exact", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("reference: %q, want %q", got, want)
	}
	if got, want := matched(res.CorJudgements), []string{"", "1:exact"}; !reflect.DeepEqual(got, want) {
		t.Errorf("corrected: %q, want %q", got, want)
	}
}

func TestRelationPunctuation(t *testing.T) {
	// LEN_NP compares the gold relation without punctuation to the system's
	// relation as written: "became," fails in the reference only.
	_, res := mustScore(t, sentence1, "1\tY\twas,\tfounding justice of the High Court.\n")
	if got := matched(res.RefJudgements)[0]; got != "" {
		t.Errorf("reference: %q", got)
	}
	if got := matched(res.CorJudgements)[0]; got != "8:lenient_no_punct" {
		t.Errorf("corrected: %q", got)
	}
	if !reflect.DeepEqual(res.MovedBy, []Quirk{QuirkRelationPunctuation}) {
		t.Errorf("moved by %v", res.MovedBy)
	}
}

func TestVariantsFromIsPairs(t *testing.T) {
	// (x, y) from "x --> is --> y": an extraction naming both keeps one.
	gold := "sent_id:1\tS.\n1--> Cluster 1:\nJohn --> is --> [the] mayor\n1--> Cluster 2:\nJohn --> lives in --> Paris\n"
	_, res := mustScore(t, gold, "1\tJohn the mayor\tlives in\tParis\n")
	if got := matched(res.RefJudgements)[0]; got != "2:variant" {
		t.Errorf("%q", got)
	}
}

func TestNoExtraction(t *testing.T) {
	_, res := mustScore(t, sentence1, "")
	if res.Reference.Precision != 0 || len(res.Warnings) == 0 {
		t.Errorf("%+v", res)
	}
}

func TestSentenceFormsBound(t *testing.T) {
	// 17 triples of 2^16 forms: the 17th would pass 2^20 and never matches.
	var b strings.Builder
	b.WriteString("sent_id:1\tS\n1--> Cluster 1:\n")
	for range 17 {
		b.WriteString("A --> b --> " + strings.Repeat("[x] ", 16) + "c\n")
	}
	g, err := ReadGold("g", []byte(b.String()), GoldOptions{})
	if err != nil || len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0].String(), "g:19:1: expected at most 1048576 surface forms in a sentence") {
		t.Fatalf("%v %v", err, g.Warnings)
	}
	if _, err := ReadGold("g", []byte(b.String()), GoldOptions{Strict: true}); err == nil {
		t.Fatal("strict reading accepts it")
	}
}

// Python's str.lower: full case mapping, final sigma by context; and FLAT
// over slots whose sigma's case depends on the next slot.
func TestPythonLower(t *testing.T) {
	for in, want := range map[string]string{"ΟΔΟΣ": "οδος", "ΟΔΟΣΑ": "οδοσα", "Σ": "σ", "AΣ.": "aς.", "İstanbul": "i\u0307stanbul", "ABC": "abc"} {
		if got := lower(in); got != want {
			t.Errorf("lower(%q) = %q, want %q", in, got, want)
		}
	}
	s := compileEntry(&Entry{Synsets: []Synset{{Triples: []Triple{{Slots: []string{"ΟΔΟΣ", "[b]", "c"}}}}}})
	for _, e := range []string{"ΟΔΟΣ b c", "ΟΔΟΣ c", "οδοσ b c"} {
		if !s.hasFlat(sq(e), false) {
			t.Errorf("FLAT(%q) false", e)
		}
	}
	if s.hasFlat(sq("οδος b c"), false) {
		t.Error(`FLAT("οδος b c"): sq of the form is "οδοσbc", the sigma not being final once spaces go`)
	}
}

func TestPositionWraps(t *testing.T) {
	var b strings.Builder
	for k := 1; k <= 300; k++ {
		if k > 1 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "sent_id:%d\tS.\n%d--> Cluster 1:\nA --> b --> c%d\n", k, k, k)
	}
	g := mustGold(t, b.String())
	for id, want := range map[string]int{"1": 0, "300": 299, "0": 299, "-1": 298, "-299": 0, "-300": -1, "301": -1, "x": -1} {
		if got := g.position(id); got != want {
			t.Errorf("position(%q) = %d, want %d", id, got, want)
		}
	}
	// Fewer than 300 sentences: no table to wrap around.
	if got := mustGold(t, sentence1).position("0"); got != -1 {
		t.Errorf("position(0) = %d on one sentence", got)
	}
}
