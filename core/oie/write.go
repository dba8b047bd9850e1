package oie

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// WriteTSV writes extractions in BenchIE TSV form: sent_id, subject,
// relation, object, the n-ary arguments, and the confidence when every
// extraction has one (as ReadSystem detects it).
func WriteTSV(w io.Writer, exts Extractions) error {
	bw := bufio.NewWriter(w)
	withConf := exts.Len() > 0
	for i := range exts.Len() {
		e := exts.At(i)
		withConf = withConf && e.HasConfidence
	}
	if exts.Len() > 0 {
		bw.WriteString(BOMGuard(exts.At(0).SentID))
	}
	for i := range exts.Len() {
		e := exts.At(i)
		f := append([]string{e.SentID, e.Subject, e.Relation, e.Object}, e.Extra...)
		if withConf {
			f = append(f, strconv.FormatFloat(e.Confidence, 'g', -1, 64))
		}
		bw.WriteString(strings.Join(f, "\t"))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// jsonExtraction is one line of the JSON Lines form.
type jsonExtraction struct {
	SentID     string   `json:"sent_id"`
	Subject    string   `json:"subject"`
	Relation   string   `json:"relation"`
	Object     string   `json:"object"`
	Arguments  []string `json:"arguments,omitempty"`
	Confidence *float64 `json:"confidence,omitempty"`
}

// WriteJSONL writes extractions in the JSON Lines form ReadSystem reads.
func WriteJSONL(w io.Writer, exts Extractions) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range exts.Len() {
		e := exts.At(i)
		j := jsonExtraction{SentID: e.SentID, Subject: e.Subject, Relation: e.Relation, Object: e.Object, Arguments: e.Extra}
		if e.HasConfidence {
			c := e.Confidence
			j.Confidence = &c
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return bw.Flush()
}
