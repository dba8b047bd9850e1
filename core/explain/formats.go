package explain

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/wire57"
	"github.com/tidwall/gjson"
)

// The token-level scorers' files (README, Token-level scores): a CaRB gold
// for the BenchIE gold's sentences, CaRB's tabbed extractions (scored with
// BenchIE and CaRB like any system file), and WiRe57's gold and system
// JSON, which are scored against each other only.
const (
	KindCaRB       Kind = Kind(evaluate.FormatCaRB)
	KindCaRBGold   Kind = "carb-gold"
	KindWiRe57Gold Kind = "wire57-gold"
	KindWiRe57     Kind = Kind(evaluate.FormatWiRe57)
)

var tokenLevelLabels = map[Kind]string{
	KindCaRB:       "CaRB tabbed extractions",
	KindCaRBGold:   "CaRB gold",
	KindWiRe57Gold: "WiRe57 gold (JSON)",
	KindWiRe57:     "WiRe57 extractions (JSON)",
}

// IsWiRe57 reports whether the kind is one of WiRe57's files.
func (k Kind) IsWiRe57() bool { return k == KindWiRe57Gold || k == KindWiRe57 }

// sniffTokenLevel recognises the token-level scorers' files that are not
// system extractions BenchIE can score, or returns KindAuto:
//
//   - a WiRe57 gold: a JSON object whose values are arrays of sentence
//     objects with "tuples";
//   - a WiRe57 system file: a JSON object from sentence ids to arrays of
//     extractions ({"arg1", "rel", "arg2", ...});
//   - a CaRB gold: sentence<TAB>relation<TAB>argument... lines, where the
//     first column is a sentence (two spaces at least) and the second is not
//     a number (it would be CaRB's tabbed extractions).
//
// A multi-line JSON document that does not parse is still told by its keys,
// so that its syntax error is reported by the right reader.
func sniffTokenLevel(data []byte) Kind {
	first := firstLine(data)
	if strings.HasPrefix(first, "{") {
		if gjson.ValidBytes(data) {
			return wire57Kind(gjson.ParseBytes(data))
		}
		if first == "{" { // a document, not JSON Lines
			switch {
			case bytes.Contains(data, []byte(`"tuples"`)):
				return KindWiRe57Gold
			case bytes.Contains(data, []byte(`"arg1"`)):
				return KindWiRe57
			}
		}
		return KindAuto
	}
	f := strings.Split(first, "\t")
	if len(f) >= 3 && strings.Count(oie.TrimSpace(f[0]), " ") >= 2 {
		if _, err := strconv.ParseFloat(oie.TrimSpace(f[1]), 64); err != nil {
			return KindCaRBGold
		}
	}
	return KindAuto
}

// wire57Kind tells a WiRe57 gold from a system file by the first sentence
// or extraction object in it.
func wire57Kind(v gjson.Result) Kind {
	if !v.IsObject() {
		return KindAuto
	}
	kind := KindAuto
	arrays := true
	v.ForEach(func(_, val gjson.Result) bool {
		if !val.IsArray() {
			arrays = false
			return false
		}
		el := val.Get("0")
		switch {
		case !el.IsObject():
			return true // an empty document or sentence: look further
		case el.Get("tuples").Exists():
			kind = KindWiRe57Gold
		case el.Get("arg1").Exists() || el.Get("rel").Exists():
			kind = KindWiRe57
		}
		return false
	})
	if !arrays {
		return KindAuto
	}
	return kind
}

// firstLine is the first non-blank line, trimmed, without a byte-order mark.
func firstLine(data []byte) string {
	head := bytes.TrimPrefix(data[:min(len(data), 1<<16)], []byte("\xef\xbb\xbf"))
	for len(head) > 0 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		if t := oie.TrimSpace(string(line)); t != "" {
			return t
		}
		head = rest
	}
	return ""
}

// loadTokenLevel reads a CaRB gold or a WiRe57 file whole (so that a bad
// file is refused when added, with its position); ok is false for other
// kinds. WiRe57 files keep their bytes: evaluate.RunWiRe57 scores them.
func loadTokenLevel(in evaluate.Input, kind Kind) (l Loaded, ok bool, err error) {
	l.Kind = kind
	switch kind {
	case KindCaRBGold:
		l.CaRBGold, err = evaluate.ReadCaRBGold(in)
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
