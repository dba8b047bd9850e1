package carb

import (
	"fmt"
	"strings"
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
