package explain

import (
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/wire57"
)

// IsWiRe57 reports whether the kind is one of WiRe57's files.
func (k Kind) IsWiRe57() bool { return k == KindWiRe57Gold || k == KindWiRe57 }

// loadTokenLevel reads a CaRB gold or a WiRe57 file whole (so that a bad
// file is refused when added, with its position); ok is false for other
// kinds. WiRe57 files keep their bytes: evaluate.RunWiRe57 scores them.
func loadTokenLevel(in evaluate.Input, k Kind) (l Loaded, ok bool, err error) {
	l.Kind = k
	switch k {
	case KindCaRBGold, KindOIE2016:
		l.CaRBGold, err = evaluate.ReadCaRBGoldAs(in, k.Format())
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
