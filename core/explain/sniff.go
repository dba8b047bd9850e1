package explain

import (
	"github.com/oiebench/oiebench/core/formats"
)

// Kind is what a dropped file holds: the name of its format in the registry
// (core/formats).
type Kind string

// The kinds of file the page treats apart; every other readable format of
// the registry is system extractions.
const (
	KindAuto       Kind = "" // not chosen: Sniff decides
	KindGold       Kind = formats.NameBenchIEGold
	KindTSV        Kind = formats.NameBenchIETSV
	KindJSONL      Kind = formats.NameJSONL
	KindCaRB       Kind = formats.NameCaRBTabbed
	KindCaRBGold   Kind = formats.NameCaRBGold
	KindOIE2016    Kind = formats.NameOIE2016Gold
	KindWiRe57Gold Kind = formats.NameWiRe57Gold
	KindWiRe57     Kind = formats.NameWiRe57System
)

// Kinds lists the kinds a user can choose instead of the sniffed one: the
// golds and every system format of the registry.
var Kinds = func() []Kind {
	var ks []Kind
	for _, f := range formats.All() {
		if f.Role != formats.Refused && f.Role != formats.Annotations {
			ks = append(ks, Kind(f.Name))
		}
	}
	return ks
}()

// Format returns the kind's format in the registry, or nil for KindAuto.
func (k Kind) Format() *formats.Format {
	f, _ := formats.Lookup(string(k))
	return f
}

// Label names a kind for people.
func (k Kind) Label() string {
	if f := k.Format(); f != nil {
		return f.Label
	}
	return "detect automatically"
}

// IsGold reports whether the kind is a BenchIE gold file.
func (k Kind) IsGold() bool { return k == KindGold }

// Sniff recognises the kind of a file (formats.Detect); KindAuto when the
// file could be several formats, which reading it then reports.
func Sniff(data []byte) Kind {
	if d := formats.Detect(data); d.Format != nil {
		return Kind(d.Format.Name)
	}
	return KindAuto
}
