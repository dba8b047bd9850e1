package formats

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

// writer writes extractions: by id (ByID formats) or by text (ByText).
type writer func(w io.Writer, x *Extractions) error

// writers are the formats oiebench writes, by name.
var writers = map[string]writer{
	NameBenchIETSV: func(w io.Writer, x *Extractions) error { return oie.WriteTSV(w, x.ByID.Extractions) },
	NameJSONL:      func(w io.Writer, x *Extractions) error { return oie.WriteJSONL(w, x.ByID.Extractions) },
	NameCaRBTabbed: func(w io.Writer, x *Extractions) error { return carb.WriteTabbed(w, x.ByText) },
	"openie6":      writeOpenIE6,
	"allennlp":     writeAllenNLP,
}

// CanWrite reports whether Write writes the format.
func (f *Format) CanWrite() bool { return writers[f.Name] != nil }

// Writable returns the names of the formats Write writes, in order.
func Writable() []string {
	var out []string
	for _, f := range registry {
		if f.CanWrite() {
			out = append(out, f.Name)
		}
	}
	return out
}

// Write writes extractions in format f: x must name sentences the way f
// does (x.ByText for a format with ByText set, else x.ByID). A field the
// format cannot hold (a tab, a line break, OpenIE6's ";") is an error.
func Write(w io.Writer, f *Format, x *Extractions) error {
	wr := writers[f.Name]
	switch {
	case wr == nil:
		return fmt.Errorf("cannot write %s: expected one of %s", f.Name, strings.Join(Writable(), ", "))
	case f.ByText && x.ByText == nil, !f.ByText && x.ByID == nil:
		return fmt.Errorf("cannot write %s: its extractions name sentences by %s", f.Name, map[bool]string{true: "id", false: "text"}[f.ByText])
	}
	return wr(w, x)
}

// checkFields refuses fields a line-based format cannot hold.
func checkFields(i int, line int, forbidden string, fields ...string) error {
	for _, s := range fields {
		if strings.ContainsAny(s, forbidden+"\n\r") {
			return fmt.Errorf("cannot write extraction %d (line %d): %q holds a character the format cannot hold (%q or a line break)", i+1, line, s, forbidden)
		}
	}
	return nil
}

func confText(c float64) string { return strconv.FormatFloat(c, 'g', -1, 64) }

// writeOpenIE6 writes OpenIE6 predictions: a block per run of extractions
// of one sentence.
func writeOpenIE6(w io.Writer, x *Extractions) error {
	bw := bufio.NewWriter(w)
	last := ""
	for i, p := range x.ByText.Extractions {
		if err := checkFields(i, p.Line, "\t", p.Sentence); err != nil {
			return err
		}
		if err := checkFields(i, p.Line, ";", append([]string{p.Relation}, p.Args...)...); err != nil {
			return err
		}
		if i == 0 || p.Sentence != last {
			if i > 0 {
				bw.WriteString("\n")
			}
			bw.WriteString(oie.TrimSpace(p.Sentence) + "\n")
			last = p.Sentence
		}
		fields := []string{firstArg(p.Tuple), p.Relation}
		if len(p.Args) > 1 {
			fields = append(fields, p.Args[1:]...)
		} else {
			fields = append(fields, "")
		}
		fmt.Fprintf(bw, "%s: (%s)\n", confText(p.Confidence), strings.Join(fields, "; "))
	}
	return bw.Flush()
}

// writeAllenNLP writes the OpenIE6/IMoJIE allennlp form; arguments after
// the second are joined to it.
func writeAllenNLP(w io.Writer, x *Extractions) error {
	bw := bufio.NewWriter(w)
	for i, p := range x.ByText.Extractions {
		if err := checkFields(i, p.Line, "\t", append([]string{p.Sentence, p.Relation}, p.Args...)...); err != nil {
			return err
		}
		rest := ""
		if len(p.Args) > 1 {
			rest = strings.Join(p.Args[1:], " ")
		}
		fmt.Fprintf(bw, "%s\t<arg1> %s </arg1> <rel> %s </rel> <arg2> %s </arg2>\t%s\n",
			oie.TrimSpace(p.Sentence), firstArg(p.Tuple), p.Relation, rest, confText(p.Confidence))
	}
	return bw.Flush()
}

func firstArg(t carb.Tuple) string {
	if len(t.Args) > 0 {
		return t.Args[0]
	}
	return ""
}
