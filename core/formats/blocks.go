package formats

import (
	"fmt"
	"math"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Block formats write a sentence line followed by its extractions, one a
// line: OpenIE6's predictions, OpenIE 4/5 on the command line, IMoJIE's
// standalone script. They differ in how an extraction line looks.

// tupleLine is an extraction line parsed: confidence and fields.
type tupleLine struct {
	conf    float64
	hasConf bool
	fields  []string
	at      int // byte offset of the tuple in the line
}

// parseOpenIE6 reads "CONF: (a; r; b)" or "CONF: Context(...):(a; r; b)".
func parseOpenIE6(s string) (tupleLine, bool) { return confTuple(s, ": ") }

// parseCLI reads OpenIE 4/5's "0.86 (a; r; b)" or "0.82 Context(...):(a; r; b)".
func parseCLI(s string) (tupleLine, bool) { return confTuple(s, " ") }

// confTuple reads a confidence, sep, then a tuple (parseTuple).
func confTuple(s, sep string) (tupleLine, bool) {
	head, rest, ok := strings.Cut(s, sep)
	if !ok {
		return tupleLine{}, false
	}
	c, ok := number(head)
	if !ok || strings.ContainsAny(head, " \t:") {
		return tupleLine{}, false
	}
	t, ok := parseTuple(rest)
	t.conf, t.hasConf, t.at = c, true, t.at+len(head)+len(sep)
	return t, ok
}

// parseIMoJIE reads "( a ; r ; b )".
func parseIMoJIE(s string) (tupleLine, bool) {
	t, ok := parseTuple(s)
	return t, ok
}

// parseTuple reads "(a; r; b; ...)", after an optional "Context(...):"
// prefix: fields split on ";" and trimmed, location and time markers
// ("L:", "T:") removed from the arguments.
func parseTuple(s string) (tupleLine, bool) {
	at := 0
	if strings.HasPrefix(s, "Context(") {
		i := strings.Index(s, "):(")
		if i < 0 {
			return tupleLine{}, false
		}
		at = i + 2
		s = s[at:]
	}
	t := oie.TrimSpace(s)
	if len(t) < 2 || t[0] != '(' || t[len(t)-1] != ')' || !strings.Contains(t, ";") {
		return tupleLine{}, false
	}
	parts := strings.Split(t[1:len(t)-1], ";")
	for i, p := range parts {
		p = oie.TrimSpace(p)
		if i != 1 {
			for _, m := range []string{"L:", "T:"} {
				p = oie.TrimSpace(strings.TrimPrefix(p, m))
			}
		}
		parts[i] = p
	}
	return tupleLine{fields: parts, at: at}, true
}

// readBlocks reads a block format whose extraction lines parse is given.
// joined folds the arguments after the relation into one (OpenIE6).
func readBlocks(in Input, what string, parse func(string) (tupleLine, bool), joined bool) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	sentence, seen := "", false
	headers := map[string]int{}
	blocks := 0
	var cut []int    // extraction lines split at a ";" of their sentence
	var unread []int // lines that look like extractions, read as sentences
	for _, l := range r.lines {
		text := oie.TrimSpace(l.Text)
		t, ok := parse(text)
		if !ok {
			if startsLikeExtraction(text) {
				unread = append(unread, l.Num)
			}
			sentence, seen = text, true
			headers[text]++
			blocks++
			continue
		}
		if !seen {
			return nil, r.errAt(l, 0, oie.ErrSyntax, "extraction before any sentence line: expected the sentence first (%s)", what)
		}
		if splitAtSentenceSemicolon(text, sentence) {
			cut = append(cut, l.Num)
		}
		conf := 1.0
		if t.hasConf {
			conf = t.conf
		}
		f := t.fields
		rel := ""
		if len(f) > 1 {
			rel = f[1]
		}
		args := []string{f[0]}
		switch {
		case joined:
			var rest []string
			if len(f) > 2 {
				rest = f[2:]
			}
			args = append(args, strings.Join(rest, " "))
		case len(f) > 2:
			args = append(args, f[2:]...)
		}
		r.add(sentence, conf, l.Num, rel, args...)
	}
	r.warnLines(cut, `extraction(s) have a ";" where their sentence has one (the same word follows it): fields are split at every ";", as the reference reader splits them, so an argument or the relation may be cut there`)
	r.warnLines(unread, "line(s) start like an extraction (a confidence, then a tuple) but do not parse as one ("+what+"), so each was read as a sentence line")
	x, err := r.done()
	if err == nil && blocks > 1 && len(headers) == 1 {
		x.ByText.Warnings = append(x.ByText.Warnings, oie.Warning{File: in.File,
			Msg: fmt.Sprintf("all %d blocks name the same sentence (%q): IMoJIE's standalone.py writes the last input line as every block's header; the extractions are aligned with that sentence only", blocks, abbreviate(sentence))})
	}
	return x, err
}

// startsLikeExtraction: a decimal (or infinite) confidence, then a tuple or a context
// ("0.61: (a; r; b)[attrib=...]", Ollie's form, which the tuple parsers do
// not take).
func startsLikeExtraction(line string) bool {
	i := strings.IndexAny(line, ": ")
	if i < 0 || !isDecimal(line[:i]) && !isInfinite(line[:i]) {
		return false
	}
	rest := strings.TrimLeft(line[i:], ": ")
	return strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, "Context(")
}

// splitAtSentenceSemicolon reports whether a ";" of an extraction line is
// likely the sentence's own rather than a field separator: the word after
// it also follows a ";" in the sentence. OpenIE6 writes such a ";" as it
// is (a subject "extract ; EtOH-water , 1:1 )" from "CSE ; EtOH-water").
func splitAtSentenceSemicolon(line, sentence string) bool {
	if !strings.Contains(sentence, ";") {
		return false
	}
	after := func(s string) map[string]bool {
		words := map[string]bool{}
		for _, part := range strings.Split(s, ";")[1:] {
			if f := strings.Fields(part); len(f) > 0 {
				words[f[0]] = true
			}
		}
		return words
	}
	inSentence := after(sentence)
	for w := range after(line) {
		if inSentence[w] {
			return true
		}
	}
	return false
}

func readOpenIE6(in Input) (*Extractions, error) {
	return readBlocks(in, "OpenIE6 predictions", parseOpenIE6, true)
}

func readOpenIECLI(in Input) (*Extractions, error) {
	return readBlocks(in, "OpenIE 4/5 command-line output", parseCLI, false)
}

func readIMoJIE(in Input) (*Extractions, error) {
	return readBlocks(in, "IMoJIE standalone output", parseIMoJIE, false)
}

// isInfinite: an infinity as Python reads it ("-inf", "1e999"), which is
// no confidence (oie.ParseConfidence).
func isInfinite(s string) bool {
	c, ok := oie.PythonFloat(s)
	return ok && math.IsInf(c, 0)
}
