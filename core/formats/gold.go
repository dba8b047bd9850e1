package formats

import (
	"fmt"
	"path"
	"strings"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

// ReadCaRBGold reads a token-level gold for the CaRB scorer: a CaRB gold or
// an OIE2016 gold, as f says (nil: detected). A file detected as another
// format is an error that names it: reading an OIE2016 gold as a CaRB gold
// would shift every column.
//
// When the lines leave an OIE2016 gold and a CaRB gold open, a file named
// *.oie (oie-benchmark's extension) is read as an OIE2016 gold, with a
// warning; any other is refused with both names.
func ReadCaRBGold(in Input, f *Format) (*carb.Gold, *Format, error) {
	byExtension, note := false, ""
	if f == nil {
		d := detect(in.Data, in.Pause)
		switch {
		case d.Format != nil:
			f = d.Format
		case len(d.Candidates) == 2 && d.Candidates[0].Name == NameOIE2016Gold && d.Candidates[1].Name == NameCaRBGold &&
			strings.EqualFold(path.Ext(in.File), ".oie"):
			f, byExtension, note = d.Candidates[0], true, d.Note
		case len(d.Candidates) > 0:
			return nil, nil, &oie.ParseError{File: in.File, Line: 1, Err: ErrAmbiguous,
				Msg: fmt.Sprintf("cannot tell the format of this gold (%s): it could be %s; name it (--gold-format on the command line, read as on the page, gold_format in a request)", d.Note, labels(d.Candidates))}
		default:
			f = MustLookup(NameCaRBGold) // its reader says what is wrong
		}
	}
	var g *carb.Gold
	var err error
	switch f.Name {
	case NameCaRBGold:
		g, err = carb.ReadGoldWith(in.File, in.Data, carb.GoldOptions{Shared: in.Shared, Pause: in.Pause})
	case NameOIE2016Gold:
		g, err = carb.ReadGoldWith(in.File, in.Data, carb.GoldOptions{OIE2016: true, Shared: in.Shared, Pause: in.Pause})
	default:
		return nil, nil, &oie.ParseError{File: in.File, Line: 1, Err: ErrRefused,
			Msg: fmt.Sprintf("this looks like %s (%s), not a CaRB or OIE2016 gold", f.Label, f.Name)}
	}
	if err == nil && byExtension {
		g.Warnings = append(g.Warnings, oie.Warning{File: in.File, Line: 1, Msg: fmt.Sprintf(
			"read as an OIE2016 gold (sentence, head predicate, full predicate, arguments) for its .oie extension: its lines alone do not tell (%s); if it is a CaRB gold, name its format (--gold-format carb-gold)", note)})
	}
	return g, f, err
}
