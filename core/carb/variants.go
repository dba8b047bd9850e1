package carb

import (
	"fmt"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Mode chooses between reproducing the reference scripts (OpenIE6's carb/
// folder, docs/spec/carb-variants.md) with every accidental behaviour of
// its section 10, and a corrected reading that fixes those accidents where
// its section 12.1 proposes it. Reference is the default: it is what the
// papers print.
type Mode int

const (
	// Reference reproduces the scripts: a later spelling of a sentence
	// replaces the earlier one's predictions (1.3), predictions on sentences
	// without gold add thresholds (1.4), binary mode aliases its splits
	// (4), OIE16-C counts empty tokens (6.1), WiRe57-C strips tags by
	// character sets and keeps a sentence's last run of lines (7.1).
	Reference Mode = iota
	// Corrected fixes those five behaviours: spellings of one sentence are
	// merged, only predictions on gold sentences give thresholds, binary
	// mode gives (a1; rel; a2) and one tuple per extra argument, empty
	// tokens are not tokens, tags are cut exactly and every run of a
	// sentence counts.
	Corrected
)

// Modes lists the modes, the default first.
var Modes = [...]Mode{Reference, Corrected}

// String is the mode's name on the command line and in reports:
// "reference" or "corrected".
func (m Mode) String() string {
	if m == Corrected {
		return "corrected"
	}
	return "reference"
}

// ParseMode reads a mode name as String writes it.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes {
		if s == m.String() {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q: expected reference or corrected", s)
}

// Matching is how recall pairs gold tuples with predictions.
type Matching int

const (
	// ManyToOne is CaRB(s,m), CaRB's default: each gold tuple takes its
	// best recall over the counted predictions, and one prediction may
	// serve several gold tuples.
	ManyToOne Matching = iota
	// OneToOne is CaRB(s,s) (--single_match): recall comes from a second
	// greedy one-to-one pass by recall, separate from precision's
	// (carb-variants.md section 3).
	OneToOne
)

// Options select a CaRB variant. The zero value is CaRB(s,m) in reference
// mode, which is Score.
type Options struct {
	Matching Matching
	// Binary splits gold and predictions into binary tuples first
	// (--binary, carb-variants.md section 4).
	Binary bool
	Mode   Mode
	// Pause, when set, is called after each gold sentence is prepared and
	// every pauseThresholds thresholds, so that a page scoring on its only
	// thread can let the browser run; it changes no number.
	Pause func()
}

// pauseThresholds is how many thresholds ScoreWith evaluates between two
// calls of Options.Pause: each touches only the sentences that change.
const pauseThresholds = 256

// pause calls o.Pause when it is set.
func (o Options) pause() {
	if o.Pause != nil {
		o.Pause()
	}
}

// Member is the variant's JSON member name: "carb", "carb_ss",
// "carb_binary" or "carb_ss_binary".
func (o Options) Member() string {
	s := "carb"
	if o.Matching == OneToOne {
		s += "_ss"
	}
	if o.Binary {
		s += "_binary"
	}
	return s
}

// Title is the variant's name as papers print it: "CaRB(s,m)",
// "CaRB(s,s)", "binary CaRB(s,m)", "binary CaRB(s,s)".
func (o Options) Title() string {
	s := "CaRB(s,m)"
	if o.Matching == OneToOne {
		s = "CaRB(s,s)"
	}
	if o.Binary {
		s = "binary " + s
	}
	return s
}

// Scorer is the variant's name on the command line: "carb" or "carb-ss".
// Binary mode is a flag beside it.
func (o Options) Scorer() string {
	return strings.ReplaceAll(strings.TrimSuffix(o.Member(), "_binary"), "_", "-")
}

// Point is one point of a precision-recall curve. F1 is NaN where
// precision and recall are both 0, as in the reference.
type Point struct {
	Precision, Recall, F1, Threshold float64
}

// Alignment is a system's predictions distributed over the gold sentences
// (carb-variants.md 1.3).
type Alignment struct {
	// BySentence holds, for each gold sentence (parallel to
	// Gold.Sentences), the indices of its predictions in
	// Predictions.Extractions, in file order.
	BySentence [][]int
	// Without holds the predictions on sentences without gold, in file
	// order.
	Without []int
	// Replaced counts the predictions left out because a later spelling of
	// their sentence replaced them (Reference mode).
	Replaced int
	Warnings []oie.Warning
}

// Align pairs predictions with gold sentences by SentenceKey (lower-cased
// too when lower is set, as OIE16-C does). In Reference mode the
// predictions are grouped by their raw sentence, and when two raw
// sentences share a key, the one that first appears later replaces the
// other wholesale, as the reference's dictionaries do, with a warning per
// dropped spelling; the first line's sentence keeps the file's byte order
// marks (Predictions.LeadingBOM), as the reference reads it. In Corrected
// mode all spellings of a sentence are merged and the marks are not part
// of it. Gold sentences sharing a lower-cased key resolve to the later one.
func (g *Gold) Align(preds *Predictions, mode Mode, lower bool) *Alignment {
	key := SentenceKey
	if lower {
		key = func(s string) string { return strings.ToLower(SentenceKey(s)) }
	}
	goldAt := make(map[string]int, len(g.Sentences))
	for i, s := range g.Sentences {
		goldAt[key(s.Text)] = i
	}
	// winner maps a key to the raw sentence whose predictions count.
	winner := map[string]string{}
	type spelling struct {
		text string
		n    int
		line int
	}
	var spellings []*spelling
	byText := map[string]*spelling{}
	// text is a prediction's sentence as the reference keys it.
	text := func(j int) string {
		p := &preds.Extractions[j]
		if j == 0 && mode == Reference && preds.LeadingBOM != "" && p.Line == 1 {
			return preds.LeadingBOM + p.Sentence
		}
		return p.Sentence
	}
	for j, p := range preds.Extractions {
		t := text(j)
		sp := byText[t]
		if sp == nil {
			sp = &spelling{text: t, line: p.Line}
			byText[t] = sp
			spellings = append(spellings, sp)
			winner[key(t)] = t
		}
		sp.n++
	}
	al := &Alignment{BySentence: make([][]int, len(g.Sentences))}
	if mode == Reference {
		for _, sp := range spellings {
			if w := winner[key(sp.text)]; w != sp.text {
				al.Replaced += sp.n
				// The spec's wording (carb.md, CaRB readers at the edges).
				al.Warnings = append(al.Warnings, oie.Warning{File: preds.Path, Line: sp.line, Msg: fmt.Sprintf(
					"%d extractions of sentence %q were dropped because the file spells that sentence two ways; CaRB does the same",
					sp.n, abbreviate(sp.text))})
			}
		}
		al.Warnings = oie.CapWarnings(al.Warnings, preds.Path)
	}
	for j := range preds.Extractions {
		t := text(j)
		k := key(t)
		if mode == Reference && winner[k] != t {
			continue
		}
		if i, ok := goldAt[k]; ok {
			al.BySentence[i] = append(al.BySentence[i], j)
		} else {
			al.Without = append(al.Without, j)
		}
	}
	return al
}

// prepositions are the words binary mode moves from an extra argument into
// the relation (carb-variants.md 4).
var prepositions = map[string]bool{
	"above": true, "across": true, "against": true, "along": true, "among": true, "around": true, "at": true,
	"before": true, "behind": true, "below": true, "beneath": true, "beside": true, "between": true, "by": true,
	"for": true, "from": true, "in": true, "into": true, "near": true, "of": true, "off": true, "on": true,
	"to": true, "toward": true, "under": true, "upon": true, "with": true, "within": true,
}

// binarize splits a tuple into binary tuples (carb-variants.md 4). A tuple
// with at most two arguments is kept with its first two. One with k >= 3
// gives, in Corrected mode, (a1; rel; a2) and then, per extra argument a,
// (a1; rel a2 [preposition]; rest of a), the preposition being a's first
// word when it is one. In Reference mode it gives k-1 copies of the last of
// those, as the script's aliasing does. bad is the index of the first
// extra argument without a word (the script raises IndexError on it), or
// -1; in Corrected mode such an argument gives no tuple.
func binarize(t Tuple, mode Mode) (out []Tuple, bad int) {
	bad = -1
	k := len(t.Args)
	if k <= 2 {
		return []Tuple{{Relation: t.Relation, Args: slices.Clone(t.Args)}}, bad
	}
	if mode == Corrected {
		out = append(out, Tuple{Relation: t.Relation, Args: []string{t.Args[0], t.Args[1]}})
	}
	var last Tuple
	for i, a := range t.Args[2:] {
		words := strings.FieldsFunc(a, oie.IsSpace)
		if len(words) == 0 {
			if bad < 0 {
				bad = i + 2
			}
			continue
		}
		rel := t.Relation + " " + t.Args[1]
		if prepositions[strings.ToLower(words[0])] {
			rel += " " + words[0]
			words = words[1:]
		}
		last = Tuple{Relation: rel, Args: []string{t.Args[0], strings.Join(words, " ")}}
		if mode == Corrected {
			out = append(out, last)
		}
	}
	if mode == Reference {
		for range k - 1 {
			out = append(out, last)
		}
	}
	return out, bad
}

// ReaderFailure is the reference's failure when carb.py reads file with
// the reader of the named format (core/formats' names): its ReVerb reader
// cannot run as shipped (it opens a file CaRB does not ship, then builds
// an extraction without a required argument, carb-variants.md 1.2). nil
// for the other formats.
func ReaderFailure(format, file string, opt Options) *oie.ReferenceFailure {
	if format == "reverb" {
		return &oie.ReferenceFailure{Scorer: opt.Title(), File: file,
			Msg: "CaRB's ReVerb reader opens ./raw_sentences/all.txt, which CaRB does not ship (FileNotFoundError), and with it builds an extraction without a required argument (TypeError)"}
	}
	return nil
}

// SameNumbers reports whether a and b print the same: the optimal
// point, AUC and zero-confidence point agree (NaN equal to NaN) and either
// both or neither could be scored by the reference. A report shows the
// corrected result beside the reference one when they differ.
func (a *Result) SameNumbers(b *Result) bool {
	return (a.Failure == nil) == (b.Failure == nil) &&
		SamePoint(Point{a.Precision, a.Recall, a.F1, a.OptimalThreshold}, Point{b.Precision, b.Recall, b.F1, b.OptimalThreshold}) &&
		sameFloat(a.AUC, b.AUC) && SamePoint(a.ZeroConf, b.ZeroConf)
}

// SamePoint reports whether two points are equal, NaN equal to NaN.
func SamePoint(a, b Point) bool {
	return sameFloat(a.Precision, b.Precision) && sameFloat(a.Recall, b.Recall) && sameFloat(a.F1, b.F1) && sameFloat(a.Threshold, b.Threshold)
}

func sameFloat(a, b float64) bool { return a == b || a != a && b != b }
