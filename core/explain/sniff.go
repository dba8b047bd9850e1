package explain

import (
	"bytes"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// Kind is what a dropped file holds.
type Kind string

// The kinds of file the page reads.
const (
	KindAuto  Kind = ""             // not chosen: Sniff decides
	KindGold  Kind = "benchie-gold" // BenchIE gold fact synsets
	KindTSV   Kind = Kind(oie.FormatTSV)
	KindJSONL Kind = Kind(oie.FormatJSONL)
)

// Kinds lists the kinds a user can choose instead of the sniffed one.
var Kinds = []Kind{KindGold, KindTSV, KindJSONL, KindCaRB, KindCaRBGold, KindWiRe57Gold, KindWiRe57}

// Label names a kind for people.
func (k Kind) Label() string {
	switch k {
	case KindGold:
		return "BenchIE gold"
	case KindTSV:
		return "BenchIE TSV extractions"
	case KindJSONL:
		return "JSON Lines extractions"
	}
	if l, ok := tokenLevelLabels[k]; ok {
		return l
	}
	return "detect automatically"
}

// IsGold reports whether the kind is a gold file.
func (k Kind) IsGold() bool { return k == KindGold }

// Sniff guesses the kind of a file from its first non-blank line: a
// "sent_id:" line opens a BenchIE gold file; a CaRB gold and WiRe57's JSON
// files are told by their shape (sniffTokenLevel); anything else is system
// extractions in the format evaluate.SniffSystem finds.
func Sniff(data []byte) Kind {
	head := data[:min(len(data), 1<<16)]
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for len(head) > 0 {
		line, rest, _ := bytes.Cut(head, []byte("\n"))
		if t := oie.TrimSpace(string(line)); t != "" {
			if strings.HasPrefix(t, "sent_id:") {
				return KindGold
			}
			break
		}
		head = rest
	}
	if k := sniffTokenLevel(data); k != KindAuto {
		return k
	}
	return Kind(evaluate.SniffSystem(data))
}
