// Package formats is oiebench's one registry of input formats: every file a
// user can give (system extractions as Open IE systems and benchmarks write
// them, and the golds of the benchmarks) has one entry here, with a name, a
// description and an example line, a sniffer that recognises it and, for
// system extractions, a reader. The command line (--system-format, convert),
// the page ("read as", the Formats panel), its JavaScript API and the Worker
// all take their formats from here.
//
// Reading a file as something it is not is the failure this package exists
// to prevent: Detect names a format only when the file's lines fit it and no
// other; otherwise it lists the formats the file could be and a caller asks
// the user. Formats that can be recognised but never scored (a CoNLL token
// file, Stanford CoreNLP's outputs without a sentence column) are entries
// too, so that they are refused with the reason.
//
// System formats name the sentence of each extraction either by an id
// (BenchIE TSV, JSON Lines: Extractions.ByID) or by its text (CaRB tabbed,
// OpenIE 4/5, ClausIE, OpenIE6, ...: Extractions.ByText); the latter are
// aligned with a gold through its sentence texts (carb.SentenceKey).
package formats

import (
	"fmt"
	"strings"
)

// Role is what a format's files hold, and so what can be done with them.
type Role string

// The roles of formats.
const (
	// System files hold extractions scored with BenchIE and CaRB.
	System Role = "system"
	// BenchIEGold files hold BenchIE fact synsets.
	BenchIEGold Role = "benchie-gold"
	// CaRBGold files hold a token-level gold (CaRB, OIE2016).
	CaRBGold Role = "carb-gold"
	// WiRe57Gold files hold WiRe57's gold JSON.
	WiRe57Gold Role = "wire57-gold"
	// WiRe57System files hold WiRe57 system JSON, scored against a WiRe57
	// gold (and, when they name gold sentences, like any system file).
	WiRe57System Role = "wire57-system"
	// Annotations are gold annotations in progress (AnnIE JSON), for the
	// annotation studio.
	Annotations Role = "annotations"
	// Refused formats are recognised so that they can be refused with the
	// reason: they cannot be scored as they are.
	Refused Role = "refused"
)

// Format is one input format.
type Format struct {
	Name  string // what --system-format and the page's "read as" take
	Label string // for people
	Role  Role
	// ByText is set for system formats that name sentences by their text.
	ByText bool
	// Origin says who writes the format.
	Origin string
	// Description says how a line is laid out; Example is one line (or a
	// few) of such a file, tabs written as tabs.
	Description, Example string
	// Refusal, for Refused formats, says why the file cannot be scored.
	Refusal string
	// Aliases are other names accepted for the format.
	Aliases []string

	read reader
	// byHeader: the format's files start with a header line that names
	// their columns; a file with that header is read in no other format
	// (its columns would be shifted).
	byHeader bool
}

// String returns the format's name.
func (f *Format) String() string { return f.Name }

// CanRead reports whether Read can read the format as system extractions.
func (f *Format) CanRead() bool { return f.read != nil }

// Names of the formats other packages refer to.
const (
	NameBenchIETSV    = "benchie-tsv"
	NameJSONL         = "jsonl"
	NameCaRBTabbed    = "carb-tabbed"
	NameBenchIEGold   = "benchie-gold"
	NameCaRBGold      = "carb-gold"
	NameOIE2016Gold   = "oie2016-gold"
	NameWiRe57Gold    = "wire57-gold"
	NameWiRe57System  = "wire57-json"
	NameAnnIE         = "annie-json"
	NameReOIE2016Gold = "re-oie2016-gold"
	NameSentenceList  = "sentence-list"
	NameAllenNLP      = "allennlp"
)

// All returns every format, systems first, in the order the help lists them.
func All() []*Format { return registry }

// Lookup returns the format of a name or alias.
func Lookup(name string) (*Format, bool) {
	for _, f := range registry {
		if f.Name == name {
			return f, true
		}
		for _, a := range f.Aliases {
			if a == name {
				return f, true
			}
		}
	}
	return nil, false
}

// MustLookup returns a registered format; it panics on an unknown name (a
// programming error).
func MustLookup(name string) *Format {
	f, ok := Lookup(name)
	if !ok {
		panic("formats: no format " + name)
	}
	return f
}

// Readable returns the names of the formats Read can read, in order.
func Readable() []string {
	var out []string
	for _, f := range registry {
		if f.CanRead() {
			out = append(out, f.Name)
		}
	}
	return out
}

// ParseSystemName reads a system format's name as the command line, the
// page and the Worker take it: "auto" or "" (nil: detect), or the name of a
// format Read can read.
func ParseSystemName(name string) (*Format, error) {
	if name == "" || name == "auto" {
		return nil, nil
	}
	if f, ok := Lookup(name); ok {
		if f.CanRead() {
			return f, nil
		}
		if f.Role == Refused {
			return nil, fmt.Errorf("format %q cannot be scored: %s", name, f.Refusal)
		}
		return nil, fmt.Errorf("format %q is a %s, not system extractions: expected auto, %s", name, f.Label, strings.Join(Readable(), ", "))
	}
	return nil, fmt.Errorf("unknown system format %q: expected auto, %s", name, strings.Join(Readable(), ", "))
}

// GoldNames are the gold formats a gold's format can be named by: the
// BenchIE gold and the token-level golds the CaRB scorer reads.
var GoldNames = []string{NameBenchIEGold, NameCaRBGold, NameOIE2016Gold}

// ParseGoldName reads a gold format's name as the command line
// (--gold-format), the page and the Worker (gold_format) take it: "auto" or
// "" (nil: detect by evidence), a name of GoldNames, or "benchie".
func ParseGoldName(name string) (*Format, error) {
	if name == "" || name == "auto" {
		return nil, nil
	}
	if name == "benchie" {
		name = NameBenchIEGold
	}
	for _, n := range GoldNames {
		if n == name {
			return MustLookup(n), nil
		}
	}
	return nil, fmt.Errorf("unknown gold format %q: expected auto, %s", name, strings.Join(GoldNames, ", "))
}

// labels lists formats for a message: "CaRB tabbed (carb-tabbed)".
func labels(fs []*Format) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = fmt.Sprintf("%s (%s)", f.Label, f.Name)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// Info is a format as the page's JavaScript API and the Worker list it.
type Info struct {
	Name        string `json:"name"`
	Label       string `json:"label"`
	Role        Role   `json:"role"`
	ByText      bool   `json:"by_text"`
	Readable    bool   `json:"readable"` // a system format Read reads
	Origin      string `json:"origin"`
	Description string `json:"description"`
	Example     string `json:"example"`
	Refusal     string `json:"refusal,omitempty"`
}

// Infos describes every format, in the registry's order.
func Infos() []Info {
	out := make([]Info, len(registry))
	for i, f := range registry {
		out[i] = Info{Name: f.Name, Label: f.Label, Role: f.Role, ByText: f.ByText, Readable: f.CanRead(),
			Origin: f.Origin, Description: f.Description, Example: f.Example, Refusal: f.Refusal}
	}
	return out
}
