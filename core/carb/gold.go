package carb

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Tuple is an extraction as CaRB compares it: a relation and its arguments
// in order (arg1, arg2, ...), as written.
type Tuple struct {
	Relation string
	Args     []string
}

// GoldTuple is one line of a CaRB gold file.
type GoldTuple struct {
	Tuple
	// Context holds the arguments dropped because they contain "C: "
	// (context annotations such as "C: he said"), in order.
	Context []string
	Line    int
}

// Sentence is a gold sentence with its tuples in file order.
type Sentence struct {
	Text   string // trimmed, as in the file
	Key    string // SentenceKey(Text)
	Line   int    // line of its first tuple
	Tuples []GoldTuple
}

// Gold is a CaRB gold file.
type Gold struct {
	Path      string
	Sentences []*Sentence // in order of first appearance
	// ReaderFailure is set when CaRB's own reader stops on the file (a
	// byte order mark on a blank line) while oiebench reads it: ScoreWith
	// makes it the Result.Failure of Reference mode.
	ReaderFailure *oie.ReferenceFailure
	Warnings      []oie.Warning
	byKey         map[string]int
}

// Lookup returns the gold sentence aligned with a system sentence, if any.
func (g *Gold) Lookup(sentence string) (*Sentence, bool) {
	i, ok := g.byKey[SentenceKey(sentence)]
	if !ok {
		return nil, false
	}
	return g.Sentences[i], true
}

// TupleCount is the number of gold tuples scored: the recall denominator.
func (g *Gold) TupleCount() int {
	n := 0
	for _, s := range g.Sentences {
		n += len(s.Tuples)
	}
	return n
}

// NewGold builds a gold from sentences, for callers that do not read a file
// (tests, conversions). Keys are computed from the texts and key clashes are
// resolved as ReadGold does; warnings go to Gold.Warnings.
func NewGold(path string, sentences []*Sentence) *Gold {
	g := &Gold{Path: path}
	g.index(sentences, nil)
	return g
}

// synHead starts the cells LSOIE's *.correct.head golds add after a
// tuple's arguments: the marker, then one head word per argument. They are
// not arguments (oie-benchmark's gold reader drops them too).
const synHead = "<SYN_HEAD>"

// contextMarker marks a context argument in CaRB gold.
const contextMarker = "C: "

// ReadGold reads a CaRB gold file. It returns the whole gold or a
// *oie.ParseError naming file:line:column; never a partly read gold.
func ReadGold(file string, data []byte) (*Gold, error) {
	return ReadGoldWith(file, data, GoldOptions{})
}

// ReadOIE2016Gold reads an OIE2016 gold (.oie):
// sentence<TAB>head predicate<TAB>full predicate<TAB>arg1<TAB>arg2...,
// one column more than a CaRB gold. The full predicate is the relation;
// the head predicate is not scored.
func ReadOIE2016Gold(file string, data []byte) (*Gold, error) {
	return ReadGoldWith(file, data, GoldOptions{OIE2016: true})
}

// GoldOptions tune ReadGoldWith.
type GoldOptions struct {
	// OIE2016 reads an OIE2016 gold (ReadOIE2016Gold), else a CaRB gold.
	OIE2016 bool
	// Shared tells that data never changes once given: the gold's strings
	// share its memory instead of a copy of the whole file.
	Shared bool
	// Pause, when set, is called every linePauseEvery lines read and every
	// indexPauseEvery sentences keyed: the page yields to the browser
	// (BenchIE's CaRB gold was one step of 50 ms at 1× CPU there).
	Pause func()
}

// indexPauseEvery is how many sentences a paced read keys between two
// pauses: a key (SentenceKey) is the costly part of reading a sentence.
// linePauseEvery is how many lines it reads between two: a gold line holds
// a sentence and a tuple, and BenchIE's 783 lines read at once were a task
// of 50–120 ms at 4× CPU in the page (docs/page-responsiveness.md).
const (
	indexPauseEvery = 32
	linePauseEvery  = 128
)

// ReadGoldWith reads a CaRB or OIE2016 gold as opt says.
func ReadGoldWith(file string, data []byte, opt GoldOptions) (*Gold, error) {
	split := oie.SplitContentLines
	if opt.Shared {
		split = oie.SplitContentLinesShared
	}
	oie2016 := opt.OIE2016
	lines, err := split(file, data)
	if err != nil {
		return nil, err
	}
	g := &Gold{Path: file}
	var order []*Sentence
	byText := map[string]*Sentence{}
	bom := leadingBOMs(data)
	for k, l := range lines {
		if opt.Pause != nil && k%linePauseEvery == linePauseEvery-1 {
			opt.Pause()
		}
		text := oie.TrimSpace(l.Text)
		if text == "" {
			continue
		}
		if l.Num == 1 && bom != "" {
			text = bom + text // kept, as CaRB keeps it (leadingBOMs)
		}
		// Columns refer to the line as written, before trimming.
		lead := strings.Index(l.Text, text)
		parts := strings.Split(text, "\t")
		if len(parts) < 2 {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(text)),
				Msg: "expected at least 2 tab-separated columns (sentence, relation, arguments...), found 1", Err: oie.ErrFieldCount}
		}
		if oie2016 && len(parts) < 3 {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(text)),
				Msg: fmt.Sprintf("expected at least 3 tab-separated columns (sentence, head predicate, full predicate, arguments...), found %d", len(parts)), Err: oie.ErrFieldCount}
		}
		for i := range parts {
			parts[i] = oie.TrimSpace(parts[i])
		}
		if i := slices.Index(parts, synHead); i >= 2 {
			parts = parts[:i] // LSOIE's head words follow: not arguments
		}
		if oie2016 { // the head predicate goes; the full one is the relation
			parts = append(parts[:1], parts[2:]...)
		}
		t := GoldTuple{Tuple: Tuple{Relation: parts[1]}, Line: l.Num}
		for _, a := range parts[2:] {
			if strings.Contains(a, contextMarker) {
				t.Context = append(t.Context, a)
			} else {
				t.Args = append(t.Args, a)
			}
		}
		if t.Relation == "" {
			relCol := oie.Column(l.Text, lead+len(strings.SplitN(text, "\t", 2)[0])+1)
			g.Warnings = append(g.Warnings, oie.Warning{File: file, Line: l.Num, Column: relCol,
				Msg: "empty relation: this gold tuple can never be matched"})
		}
		if len(t.Args) == 0 {
			g.Warnings = append(g.Warnings, oie.Warning{File: file, Line: l.Num,
				Msg: "gold tuple without arguments: only its relation is compared"})
		}
		s := byText[parts[0]]
		if s == nil {
			s = &Sentence{Text: parts[0], Line: l.Num}
			byText[parts[0]] = s
			order = append(order, s)
		}
		s.Tuples = append(s.Tuples, t)
	}
	if len(order) == 0 {
		last := bytes.Count(data, []byte("\n")) // the file's last line
		if len(data) > 0 && data[len(data)-1] != '\n' {
			last++
		}
		return nil, &oie.ParseError{File: file, Line: max(1, last),
			Msg: "no gold tuples: expected lines of the form sentence<TAB>relation<TAB>arg1<TAB>arg2...", Err: oie.ErrNoContent}
	}
	if bom != "" && lines[0].Num == 1 {
		g.Warnings = append(g.Warnings, oie.Warning{File: file, Line: 1, Msg: "the file starts with a byte order mark, which CaRB's reader keeps in the first sentence: for CaRB, that line's gold sentence is aligned with no system sentence (as in CaRB); save the file without it to have it aligned"})
	} else if bom != "" {
		g.ReaderFailure = bomOnBlankLine(file)
	}
	g.index(order, opt.Pause)
	g.Warnings = oie.CapWarnings(g.Warnings, file)
	return g, nil
}

// index sets the keys of sentences and keeps, of sentences sharing a key,
// only the later one: the reference keys its gold by sentence key, so the
// later sentence overwrites the earlier one and the earlier one's tuples
// are never scored (not even in the recall denominator). pause, when set,
// is called every indexPauseEvery sentences.
func (g *Gold) index(sentences []*Sentence, pause func()) {
	g.byKey = map[string]int{}
	keep := make([]bool, len(sentences))
	for i, s := range sentences {
		if pause != nil && i%indexPauseEvery == indexPauseEvery-1 {
			pause()
		}
		s.Key = SentenceKey(s.Text)
		if j, ok := g.byKey[s.Key]; ok {
			prev := sentences[j]
			keep[j] = false
			g.Warnings = append(g.Warnings, oie.Warning{File: g.Path, Line: s.Line,
				Msg: fmt.Sprintf("sentence %q has the same key as the sentence on line %d (%q), which it replaces: the %d tuple(s) of that sentence are not scored",
					abbreviate(s.Text), prev.Line, abbreviate(prev.Text), len(prev.Tuples))})
		}
		g.byKey[s.Key] = i
		keep[i] = true
	}
	kept := make([]*Sentence, 0, len(sentences))
	for i, s := range sentences {
		if keep[i] {
			g.byKey[s.Key] = len(kept)
			kept = append(kept, s)
		}
	}
	g.Sentences = kept
}

// abbreviate shortens a sentence for a message.
func abbreviate(s string) string {
	const n = 60
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}
