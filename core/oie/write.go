package oie

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/jsonwrite"
)

// WriteTSV writes extractions in BenchIE TSV form: sent_id, subject,
// relation, object, the n-ary arguments, and the confidence when every
// extraction has one (as ReadSystem detects it).
func WriteTSV(w io.Writer, exts []Extraction) error {
	bw := bufio.NewWriter(w)
	withConf := len(exts) > 0
	for _, e := range exts {
		withConf = withConf && e.HasConfidence
	}
	if len(exts) > 0 {
		bw.WriteString(BOMGuard(exts[0].SentID))
	}
	for _, e := range exts {
		f := append([]string{e.SentID, e.Subject, e.Relation, e.Object}, e.Extra...)
		if withConf {
			f = append(f, strconv.FormatFloat(e.Confidence, 'g', -1, 64))
		}
		bw.WriteString(strings.Join(f, "\t"))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// WriteJSONL writes extractions in the JSON Lines form ReadSystem reads:
// one object a line, keys sent_id, subject, relation, object, then
// arguments and confidence when there are any.
func WriteJSONL(w io.Writer, exts []Extraction) error {
	bw := bufio.NewWriter(w)
	var line []byte
	for _, e := range exts {
		line = jsonwrite.AppendString(append(line[:0], `{"sent_id":`...), e.SentID)
		line = jsonwrite.AppendString(append(line, `,"subject":`...), e.Subject)
		line = jsonwrite.AppendString(append(line, `,"relation":`...), e.Relation)
		line = jsonwrite.AppendString(append(line, `,"object":`...), e.Object)
		for i, a := range e.Extra {
			if i == 0 {
				line = append(line, `,"arguments":[`...)
			} else {
				line = append(line, ',')
			}
			line = jsonwrite.AppendString(line, a)
		}
		if len(e.Extra) > 0 {
			line = append(line, ']')
		}
		if e.HasConfidence {
			if math.IsNaN(e.Confidence) || math.IsInf(e.Confidence, 0) {
				return fmt.Errorf("extraction of sentence %s: confidence %v is not a JSON number", e.SentID, e.Confidence)
			}
			line = jsonwrite.AppendFloat(append(line, `,"confidence":`...), e.Confidence)
		}
		if _, err := bw.Write(append(line, '}', '\n')); err != nil {
			return err
		}
	}
	return bw.Flush()
}
