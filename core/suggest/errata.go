package suggest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// ErrataVersion is the version of the errata format this package writes.
const ErrataVersion = 1

// Errata are accepted changes to a gold, kept apart from it so that they
// re-apply to the original file (docs/suggest.md): each entry adds a new
// synset or new triples to an existing synset of one sentence. Undoing an
// entry is removing it.
type Errata struct {
	Version int `json:"version"`
	// Gold names the gold the errata were made on, for people; GoldSHA256
	// is its checksum, which Apply checks.
	Gold       string    `json:"gold"`
	GoldSHA256 string    `json:"gold_sha256"`
	Entries    []Erratum `json:"entries"`

	doc     *oie.JSONDoc
	entries []gjson.Result // the entries as read, for positions
}

// Erratum is one accepted change.
type Erratum struct {
	Sentence string `json:"sentence"` // the sentence's id
	// Synset is the 1-based synset of the original gold the triples are
	// added to (as a header's "Cluster K"); 0 makes them a new synset,
	// placed after the sentence's synsets in the order of the entries.
	Synset int `json:"synset"`
	// Triples are subject, relation, object in the gold's notation
	// (optional words in brackets).
	Triples [][3]string `json:"triples"`
	Who     string      `json:"who"`
	When    string      `json:"when"` // RFC 3339
	Note    string      `json:"note,omitempty"`
}

// ParseErrata reads an errata file; errors name file:line:column.
func ParseErrata(file string, data []byte) (*Errata, error) {
	const what = `an errata object {"version", "gold", "gold_sha256", "entries"}`
	doc, v, err := oie.ParseJSON(file, data, what)
	if err != nil {
		return nil, err
	}
	if !v.IsObject() {
		return nil, doc.ErrorAt(v, oie.ErrSyntax, "expected %s, found %s", what, oie.JSONKind(v))
	}
	e := &Errata{doc: doc}
	if ver := v.Get("version"); ver.Type != gjson.Number || ver.Raw != fmt.Sprint(ErrataVersion) {
		return nil, doc.ErrorAt(ver, oie.ErrSyntax, "expected errata version %d", ErrataVersion)
	}
	e.Version = ErrataVersion
	e.Gold = v.Get("gold").String()
	sha := v.Get("gold_sha256")
	if sha.Type != gjson.String || len(sha.Str) != 64 || strings.Trim(sha.Str, "0123456789abcdef") != "" {
		return nil, doc.ErrorAt(sha, oie.ErrSyntax, `expected "gold_sha256", the gold's SHA-256 in 64 lowercase hexadecimal digits`)
	}
	e.GoldSHA256 = sha.Str
	entries := v.Get("entries")
	if !entries.IsArray() {
		return nil, doc.ErrorAt(entries, oie.ErrSyntax, `expected "entries", an array of changes`)
	}
	for _, en := range entries.Array() {
		x, err := parseErratum(doc, en)
		if err != nil {
			return nil, err
		}
		e.Entries = append(e.Entries, x)
		e.entries = append(e.entries, en)
	}
	return e, nil
}

func parseErratum(doc *oie.JSONDoc, v gjson.Result) (Erratum, error) {
	const what = `an entry {"sentence", "synset", "triples", "who", "when"}`
	if !v.IsObject() {
		return Erratum{}, doc.ErrorAt(v, oie.ErrSyntax, "expected %s, found %s", what, oie.JSONKind(v))
	}
	var x Erratum
	str := func(key string, required bool) (string, error) {
		f := v.Get(key)
		if !f.Exists() && !required {
			return "", nil
		}
		if f.Type != gjson.String || (required && oie.TrimSpace(f.Str) == "") {
			return "", doc.ErrorAt(f, oie.ErrSyntax, "expected %q, a non-empty string, in %s", key, what)
		}
		return f.Str, nil
	}
	var err error
	if x.Sentence, err = str("sentence", true); err != nil {
		return x, err
	}
	if x.Who, err = str("who", true); err != nil {
		return x, err
	}
	if x.When, err = str("when", true); err != nil {
		return x, err
	}
	if _, terr := time.Parse(time.RFC3339, x.When); terr != nil {
		return x, doc.ErrorAt(v.Get("when"), oie.ErrSyntax, `expected "when" as an RFC 3339 time (2026-11-26T10:40:00Z), found %q`, x.When)
	}
	if x.Note, err = str("note", false); err != nil {
		return x, err
	}
	syn := v.Get("synset")
	if syn.Type != gjson.Number || syn.Raw != fmt.Sprint(syn.Int()) || syn.Int() < 0 || syn.Int() > 1<<30 {
		return x, doc.ErrorAt(syn, oie.ErrSyntax, `expected "synset", 0 (a new synset) or the 1-based synset to add to`)
	}
	x.Synset = int(syn.Int())
	ts := v.Get("triples")
	if !ts.IsArray() || len(ts.Array()) == 0 {
		return x, doc.ErrorAt(ts, oie.ErrSyntax, `expected "triples", a non-empty array of [subject, relation, object]`)
	}
	for _, t := range ts.Array() {
		slots := t.Array()
		if !t.IsArray() || len(slots) != 3 {
			return x, doc.ErrorAt(t, oie.ErrFieldCount, "expected a triple [subject, relation, object]")
		}
		var tr [3]string
		for i, s := range slots {
			if s.Type != gjson.String || oie.TrimSpace(s.Str) == "" {
				return x, doc.ErrorAt(s, oie.ErrEmptyField, "expected a non-empty string slot")
			}
			if strings.ContainsAny(s.Str, "\n\r\t") || strings.Contains(s.Str, "-->") {
				return x, doc.ErrorAt(s, oie.ErrSyntax, `expected a slot without line breaks, tabs or "-->", which a BenchIE gold line cannot hold`)
			}
			tr[i] = s.Str
		}
		x.Triples = append(x.Triples, tr)
	}
	return x, nil
}

// Marshal writes the errata as indented JSON.
func (e *Errata) Marshal() ([]byte, error) {
	if e.Entries == nil {
		e.Entries = []Erratum{}
	}
	b, err := json.MarshalIndent(e, "", "  ")
	return append(b, '\n'), err
}

// Apply re-applies the errata to the gold they were made on and returns the
// new gold in the canonical BenchIE form (benchie.WriteGold). It refuses a
// gold whose checksum is not the errata's, and an entry naming a sentence
// or synset the gold lacks.
func (e *Errata) Apply(g *evaluate.Gold) ([]byte, error) {
	ng, err := e.Applied(g)
	if err != nil {
		return nil, err
	}
	// Written once to count its bytes, then into a buffer of that size: a
	// buffer grown by doubling left as much garbage as the gold, and kept
	// up to as much again unused (a 100 MB gold applied held 200 MB).
	var size countingWriter
	if err := benchie.WriteGold(&size, ng); err != nil {
		return nil, err
	}
	buf := bytes.NewBuffer(make([]byte, 0, int(size)))
	if err := benchie.WriteGold(buf, ng); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Applied is Apply's new gold before it is written: it shares g's
// sentences but those the errata change, so that a large gold can be
// written as it is made (oiebench errata apply).
func (e *Errata) Applied(g *evaluate.Gold) (*benchie.Gold, error) {
	if g.SHA256 != e.GoldSHA256 {
		return nil, fmt.Errorf("%s: the errata were made on a gold with SHA-256 %s, not this one (%s): apply them to the original gold",
			g.Path, e.GoldSHA256, g.SHA256)
	}
	sentences := make([]*benchie.Sentence, len(g.Sentences))
	changed := map[int]bool{}
	for i, s := range g.Sentences {
		sentences[i] = s
	}
	for k, x := range e.Entries {
		si, ok := g.SentenceIndex(x.Sentence)
		if !ok {
			return nil, e.errorAt(k, "sentence", "expected a sentence id of the gold, found %q", x.Sentence)
		}
		if !changed[si] { // copy before changing: the gold read stays as read
			c := *sentences[si]
			c.Synsets = append([]*benchie.Synset(nil), c.Synsets...)
			sentences[si], changed[si] = &c, true
		}
		s := sentences[si]
		syn := &benchie.Synset{}
		if x.Synset == 0 {
			s.Synsets = append(s.Synsets, syn)
		} else {
			if x.Synset > len(g.Sentences[si].Synsets) {
				return nil, e.errorAt(k, "synset", "expected a synset of sentence %s (1 to %d) or 0 for a new one, found %d",
					x.Sentence, len(g.Sentences[si].Synsets), x.Synset)
			}
			c := *s.Synsets[x.Synset-1]
			c.Triples = slices.Clip(c.Triples) // Add appends to a copy: the gold read stays as read
			syn = &c
			s.Synsets[x.Synset-1] = syn
		}
		for _, t := range x.Triples {
			syn.Add(oie.Triple{Subject: t[0], Relation: t[1], Object: t[2]}, 0)
		}
	}
	return benchie.NewGold(g.Path, sentences)
}

// countingWriter counts the bytes written to it.
type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

// errorAt is an error at a member of entry k.
func (e *Errata) errorAt(k int, member, format string, args ...any) error {
	if e.doc == nil || k >= len(e.entries) { // made in memory, not read
		return fmt.Errorf("entry %d: %s", k+1, fmt.Sprintf(format, args...))
	}
	return e.doc.ErrorAt(e.entries[k].Get(member), oie.ErrSyntax, format, args...)
}
