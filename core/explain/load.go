package explain

import (
	"errors"
	"fmt"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

// Loaded is a file read as the kind it was taken for: a gold, a system, or
// a token-level scorer's file.
type Loaded struct {
	Kind     Kind
	Gold     *evaluate.Gold     // KindGold
	System   *evaluate.System   // KindTSV, KindJSONL, KindCaRB
	CaRBGold *evaluate.CaRBGold // KindCaRBGold
	WiRe57   *evaluate.Input    // KindWiRe57Gold, KindWiRe57: checked, scored by evaluate.RunWiRe57
}

// Load reads a user's file as kind (KindAuto: sniffed). It returns the whole
// file read, or an error (an *oie.ParseError with file, line and column when
// the content is at fault); never a part.
func Load(in evaluate.Input, kind Kind, strictGold bool) (Loaded, error) {
	if kind == KindAuto {
		kind = Sniff(in.Data)
	}
	if f := kind.Format(); f == nil || f.Role == formats.Refused || f.Role == formats.Annotations {
		// Not recognised with confidence, or not scorable: reading it as
		// detected gives the error that says which formats it could be.
		_, err := evaluate.ReadSystem(in, oie.FormatAuto)
		if err == nil {
			err = fmt.Errorf("%s: cannot tell the format of this file", in.Path)
		}
		return Loaded{}, err
	}
	if l, ok, err := loadTokenLevel(in, kind); ok {
		return l, readAs(kind, err)
	}
	if kind == KindGold {
		g, err := evaluate.ReadGold(in, strictGold)
		if err != nil {
			return Loaded{}, readAs(kind, err)
		}
		return Loaded{Kind: kind, Gold: g}, nil
	}
	s, err := evaluate.ReadSystem(in, oie.Format(kind))
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
