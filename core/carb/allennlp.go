package carb

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// The allennlp form is what OpenIE6's evaluate_all.sh gives all four of its
// scorers (carb-variants.md 1.2), one extraction a line:
//
//	sentence<TAB><arg1> a1 </arg1> <rel> r </rel> <arg2> a2 </arg2><TAB>confidence
//
// Every argument after the first is already joined into arg2. (The
// lenient reader and the writer of this form for users' files are
// core/formats' "allennlp"; ReadAllenNLP is the reference scripts' reading.)

// allennlpTags are the slot tags in the order of Tuple's fields: relation,
// arg1, arg2.
var allennlpTags = [3][2]string{{"<rel>", "</rel>"}, {"<arg1>", "</arg1>"}, {"<arg2>", "</arg2>"}}

// ReadAllenNLP reads system extractions in the allennlp form as the CaRB
// and OIE16-C scripts read it (carb-variants.md 1.2): the line is trimmed
// and split on tabs; field 1 is the sentence (kept as written: sentences are
// aligned later), field 3 the confidence (Python's float(): NaN and
// infinities are numbers), fields after the third are ignored. Each slot is
// the text between the first opening tag and the first closing tag after
// it, not trimmed (" a1 " with the usual spacing); a missing tag gives an
// empty slot. A line whose three slots are all empty is dropped, with a
// warning; a slot of spaces is not empty. Every extraction has two
// arguments, arg1 and arg2.
//
// A line without a confidence field (a blank line included) stops the
// reference reader; here it is a *oie.ParseError at that line, as is a
// confidence that is not a number.
func ReadAllenNLP(file string, data []byte) (*Predictions, error) {
	lines, err := oie.SplitLines(file, data)
	if err != nil {
		return nil, err
	}
	p := &Predictions{Path: file}
	dropped := 0
	for _, l := range lines {
		text := oie.TrimSpace(l.Text)
		lead := strings.Index(l.Text, text)
		f := strings.Split(text, "\t")
		if len(f) < 3 {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(text)),
				Msg: fmt.Sprintf("expected 3 tab-separated fields (sentence, tagged extraction, confidence), found %d; the reference's allennlp reader stops here too", len(f)), Err: oie.ErrFieldCount}
		}
		c, ok := oie.PythonFloat(f[2])
		if !ok {
			return nil, &oie.ParseError{File: file, Line: l.Num, Column: oie.Column(l.Text, lead+len(f[0])+len(f[1])+2),
				Msg: fmt.Sprintf("expected a confidence in field 3, found %q", f[2]), Err: oie.ErrSyntax}
		}
		var slots [3]string
		for i, tag := range allennlpTags {
			slots[i] = firstBetween(f[1], tag[0], tag[1])
		}
		if slots == [3]string{} {
			dropped++
			continue
		}
		p.Extractions = append(p.Extractions, Prediction{
			Sentence: f[0], Confidence: c, Line: l.Num,
			Tuple: Tuple{Relation: slots[0], Args: []string{slots[1], slots[2]}},
		})
	}
	if dropped > 0 {
		p.Warnings = append(p.Warnings, oie.Warning{File: file, Msg: fmt.Sprintf(
			"%d line(s) without any tagged slot were left out, as the reference does", dropped)})
	}
	if len(p.Extractions) == 0 {
		p.Warnings = append(p.Warnings, oie.Warning{File: file, Msg: "the file holds no extractions"})
	}
	return p, nil
}

// firstBetween is the text between the first open in s and the first close
// after it ("" when either is missing).
func firstBetween(s, open, close string) string {
	i := strings.Index(s, open)
	if i < 0 {
		return ""
	}
	s = s[i+len(open):]
	j := strings.Index(s, close)
	if j < 0 {
		return ""
	}
	return s[:j]
}

// WriteAllenNLPGold writes a CaRB gold in the allennlp form OpenIE6's
// WiRe57-C column reads (carb-variants.md 1.1): context arguments are
// already gone, arguments 2..n are joined with single spaces into arg2 (a
// one-argument tuple gets an empty arg2), the confidence is 1.0; sentences
// in gold order.
func WriteAllenNLPGold(w io.Writer, g *Gold) error {
	bw := bufio.NewWriter(w)
	for _, s := range g.Sentences {
		for _, t := range s.Tuples {
			if err := writeAllenNLPLine(bw, s.Text, t.Tuple, "1.0"); err != nil {
				return fmt.Errorf("carb: cannot write the gold tuple of line %d in allennlp form: %v", t.Line, err)
			}
		}
	}
	return bw.Flush()
}

func writeAllenNLPLine(w *bufio.Writer, sentence string, t Tuple, conf string) error {
	arg1, arg2 := "", ""
	if len(t.Args) > 0 {
		arg1 = t.Args[0]
	}
	if len(t.Args) > 1 {
		arg2 = strings.Join(t.Args[1:], " ")
	}
	for _, f := range [...]string{sentence, t.Relation, arg1, arg2} {
		if strings.ContainsAny(f, "\t\n\r") {
			return fmt.Errorf("%q holds a tab or a line break", f)
		}
	}
	for _, f := range [...]string{t.Relation, arg1, arg2} {
		for _, tag := range allennlpTags {
			if strings.Contains(f, tag[0]) || strings.Contains(f, tag[1]) {
				return fmt.Errorf("%q holds the tag %s or %s", f, tag[0], tag[1])
			}
		}
	}
	fmt.Fprintf(w, "%s\t<arg1> %s </arg1> <rel> %s </rel> <arg2> %s </arg2>\t%s\n", sentence, arg1, t.Relation, arg2, conf)
	return nil
}
