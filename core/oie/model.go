package oie

import "strings"

// Sentence is one sentence of a benchmark, identified by its ID.
type Sentence struct {
	ID   string
	Text string
}

// Triple is one (subject; relation; object) fact as written, untrimmed.
type Triple struct {
	Subject, Relation, Object string
}

// Slots returns the three slots in order subject, relation, object.
func (t Triple) Slots() [3]string { return [3]string{t.Subject, t.Relation, t.Object} }

// Trimmed returns the triple with every slot trimmed as BenchIE trims it.
func (t Triple) Trimmed() Triple {
	return Triple{TrimSpace(t.Subject), TrimSpace(t.Relation), TrimSpace(t.Object)}
}

// Extraction is one system extraction of a sentence.
type Extraction struct {
	SentID string
	Triple // the object slot as written, before n-ary folding
	// Extra holds the arguments after the object of an n-ary extraction.
	Extra []string
	// Confidence is the system's score, when HasConfidence is set.
	Confidence    float64
	HasConfidence bool
	// IDSpaced: white space followed the id in its column (SentID is
	// trimmed); the BenchIE script, which does not trim it, names no
	// sentence by such an id.
	IDSpaced bool
	// Indented: white space (a tab too) came before the id on its line and
	// was dropped, as the BenchIE script, which strips every line, drops it.
	Indented bool
	// Line is the 1-based line of the extraction in its file.
	Line int
}

// Folded returns the triple that scorers compare: arguments after the object
// joined to it with single spaces, as the BenchIE paper does for n-ary systems.
func (e Extraction) Folded() Triple {
	t := e.Triple
	if len(e.Extra) > 0 {
		t.Object = t.Object + " " + strings.Join(e.Extra, " ")
	}
	return t
}
