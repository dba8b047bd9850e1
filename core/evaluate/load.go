package evaluate

import (
	"errors"
	"fmt"

	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/wire57"
)

// Loaded is a file read as the kind it was taken for: a gold, a system, or
// a token-level scorer's file.
type Loaded struct {
	Kind     Kind
	Gold     *Gold     // KindGold
	System   *System   // KindTSV, KindJSONL, KindCaRB
	CaRBGold *CaRBGold // KindCaRBGold
	WiRe57   *Input    // KindWiRe57Gold, KindWiRe57: checked, scored by RunWiRe57
}

// Load reads a user's file as kind (KindAuto: detected by the registry,
// formats.Detect, the only sniffer). It returns the whole
// file read, or an error (an *oie.ParseError with file, line and column when
// the content is at fault); never a part.
func Load(in Input, kind Kind, strictGold bool) (Loaded, error) {
	if kind == KindAuto {
		if d := formats.Detect(in.Data); d.Format != nil {
			kind = Kind(d.Format.Name)
		}
	}
	if f := kind.Format(); f == nil || f.Role == formats.Refused || f.Role == formats.Annotations {
		// Not recognised with confidence, or not scorable: reading it as
		// detected gives the error that says which formats it could be.
		_, err := ReadSystem(in, oie.FormatAuto)
		if err == nil {
			err = fmt.Errorf("%s: cannot tell the format of this file", in.Path)
		}
		return Loaded{}, err
	}
	if l, ok, err := loadTokenLevel(in, kind); ok {
		return l, readAs(kind, err)
	}
	if kind == KindGold {
		g, err := ReadGold(in, strictGold)
		if err != nil {
			return Loaded{}, readAs(kind, err)
		}
		return Loaded{Kind: kind, Gold: g}, nil
	}
	s, err := ReadSystem(in, oie.Format(kind))
	if err != nil {
		return Loaded{}, readAs(kind, err)
	}
	return Loaded{Kind: kind, System: s}, nil
}

// readAs names the format a file was read as in its error, so that a user
// who chose the wrong one (or whose file was taken for another) sees it.
func readAs(k Kind, err error) error {
	var pe *oie.ParseError
	if err == nil || !errors.As(err, &pe) || errors.Is(err, oie.ErrEncoding) {
		return err // a file that is not text is not so in any format
	}
	cp := *pe
	cp.Msg = fmt.Sprintf("read as %s (%s): %s", k.Label(), k, pe.Msg)
	return &cp
}

// Kind is what a dropped file holds: the name of its format in the registry
// (core/formats).
type Kind string

// The kinds of file the page treats apart; every other readable format of
// the registry is system extractions.
const (
	KindAuto       Kind = "" // not chosen: formats.Detect decides
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

// IsWiRe57 reports whether the kind is one of WiRe57's files.
func (k Kind) IsWiRe57() bool { return k == KindWiRe57Gold || k == KindWiRe57 }

// loadTokenLevel reads a CaRB gold or a WiRe57 file whole (so that a bad
// file is refused when added, with its position); ok is false for other
// kinds. WiRe57 files keep their bytes: RunWiRe57 scores them.
func loadTokenLevel(in Input, k Kind) (l Loaded, ok bool, err error) {
	l.Kind = k
	switch k {
	case KindCaRBGold, KindOIE2016:
		l.CaRBGold, err = ReadCaRBGoldAs(in, k.Format())
	case KindWiRe57Gold:
		_, err = wire57.ReadGold(in.Path, in.Data)
		l.WiRe57 = &in
	case KindWiRe57:
		_, err = wire57.ReadSystem(in.Path, in.Data)
		l.WiRe57 = &in
	default:
		return Loaded{}, false, nil
	}
	if err != nil {
		return Loaded{}, true, err
	}
	return l, true, nil
}
