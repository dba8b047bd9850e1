package formats

import (
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// Graphene (Lambda-3) writes its relations in its RDFNL format, in two
// layouts (Graphene's wiki, RDFNL-Format):
//
//   - flat: one extraction a line: sentence, identifier, context layer,
//     subject, predicate, object, then its contexts S:TYPE(text) or
//     L:TYPE(identifier, or subject||predicate||object when resolved);
//     an older Graphene wrote an extraction type and a confidence
//     ("VERB_BASED", "null") before the layer;
//   - default: a "# sentence" line, then per extraction a line identifier,
//     layer, subject, predicate, object, followed by its contexts on
//     indented lines, S:TYPE<TAB>text or L:TYPE<TAB>....
//
// What is scored is what BenchIE's authors took from Graphene for its
// BenchIE file (dist/data/benchie/systems/graphene_explicit.txt, compared
// with Graphene's output of the same sentences in testdata/graphene):
// every extraction of every context layer (core facts, layer 0, and the
// contextual ones), and for each simple context S: one more extraction,
// the context's text after the object. A linked context L: points to
// another extraction, which is read on its own line.

// isGrapheneID is an extraction's identifier: 32 hexadecimal digits (a
// UUID without its dashes).
func isGrapheneID(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// grapheneContextType is "S:TYPE" or "L:TYPE": simple or linked, and the
// rhetorical relation (TEMPORAL, LIST, UNKNOWN_SUBORDINATION, ...).
func grapheneContextType(s string) (simple, ok bool) {
	if len(s) < 3 || s[1] != ':' || s[0] != 'S' && s[0] != 'L' {
		return false, false
	}
	for _, c := range []byte(s[2:]) {
		if !('A' <= c && c <= 'Z' || c == '_') {
			return false, false
		}
	}
	return s[0] == 'S', true
}

// grapheneTuple is where subject, predicate and object start in a line of
// fields that is an extraction: 2 in a default line (identifier, layer),
// 3 in a flat one (sentence, identifier, layer), 5 in a flat one of the
// older Graphene (type and confidence before the layer); -1 when the line
// is no extraction. The object of an extraction may be empty and so be
// cut with the line's end.
func grapheneTuple(f []string) int {
	switch {
	case len(f) >= 4 && isGrapheneID(f[0]) && isInt(f[1]):
		return 2
	case len(f) >= 5 && isGrapheneID(f[1]) && isInt(f[2]):
		return 3
	case len(f) >= 7 && isGrapheneID(f[1]) && isInt(f[4]) && (f[3] == "null" || isConf(f[3])):
		return 5
	}
	return -1
}

// isGrapheneLine: a line (trimmed) of either layout.
func isGrapheneLine(k lineKind) bool {
	if k.plain {
		return strings.HasPrefix(k.tabs[0], "# ")
	}
	_, ctx := grapheneContextType(k.tabs[0])
	return ctx || grapheneTuple(k.tabs) >= 0
}

func readGraphene(in Input) (*Extractions, error) {
	r, err := newLineReader(in)
	if err != nil {
		return nil, err
	}
	sentence, seen := "", false
	var subj, rel, obj string // the extraction the next default-layout contexts belong to
	inTuple := false
	for _, l := range r.lines {
		text := oie.TrimSpace(l.Text)
		lead := strings.Index(l.Text, text)
		if strings.HasPrefix(text, "# ") && !strings.Contains(text, "\t") {
			sentence, seen, inTuple = oie.TrimSpace(text[2:]), true, false
			continue
		}
		f, offs := fields(l.Text)
		if simple, ok := grapheneContextType(f[0]); ok {
			// A default-layout context (indented), after its extraction.
			if !inTuple {
				return nil, r.errAt(l, lead, oie.ErrSyntax, "context %s before any extraction: expected an extraction line (identifier, context layer, subject, predicate, object) first", f[0])
			}
			if simple {
				content := ""
				if len(f) > 1 {
					content = strings.Join(f[1:], " ")
				}
				r.add(sentence, 1, l.Num, rel, subj, joinContext(obj, content))
			}
			continue
		}
		at := grapheneTuple(f)
		if at < 0 {
			return nil, r.errAt(l, lead, oie.ErrSyntax, "expected a Graphene line: \"# sentence\", an extraction (identifier, context layer, subject, predicate, object; or the sentence first, in the flat layout) or an indented context S:TYPE or L:TYPE")
		}
		if at == 2 && !seen {
			return nil, r.errAt(l, lead, oie.ErrSyntax, "extraction before any \"# sentence\" line: expected the sentence first")
		}
		if at > 2 {
			sentence = f[0]
		}
		conf := 1.0
		if at == 5 {
			if c, ok := number(f[3]); ok {
				conf = c
			}
		}
		subj, rel, obj = f[at], f[at+1], ""
		if len(f) > at+2 {
			obj = f[at+2]
		}
		inTuple = true
		r.add(sentence, conf, l.Num, rel, subj, obj)
		if at == 2 {
			continue // its contexts follow on lines of their own
		}
		for k := at + 3; k < len(f); k++ {
			for _, c := range grapheneContexts(oie.TrimSpace(f[k])) {
				typ, content, ok := strings.Cut(c, "(")
				simple, known := grapheneContextType(typ)
				if !ok || !known || !strings.HasSuffix(content, ")") {
					return nil, r.errAt(l, offs[k], oie.ErrSyntax, "expected a context S:TYPE(text) or L:TYPE(...) in column %d, found %q", k+1, abbreviate(f[k]))
				}
				if simple {
					r.add(sentence, conf, l.Num, rel, subj, joinContext(obj, strings.TrimSuffix(content, ")")))
				}
			}
		}
	}
	return r.done()
}

// grapheneContexts splits a flat line's column into its contexts: one a
// column as Graphene writes them, or several after one another, separated
// by a space, as the wiki's example shows them ("S:TEMPORAL(on Monday .)
// L:CONTRAST(948e…)"): a context ends at a ")" that a space and the next
// context's type follow.
func grapheneContexts(col string) []string {
	var out []string
	for col != "" {
		end := len(col)
		for i := strings.Index(col, ") "); i >= 0; {
			if startsGrapheneContext(col[i+2:]) {
				end = i + 1
				break
			}
			next := strings.Index(col[i+2:], ") ")
			if next < 0 {
				break
			}
			i += 2 + next
		}
		out = append(out, col[:end])
		col = oie.TrimSpace(col[end:])
	}
	return out
}

// startsGrapheneContext: s starts with S:TYPE( or L:TYPE(; it looks at the
// type's letters only, so that a long line is scanned in linear time.
func startsGrapheneContext(s string) bool {
	if len(s) < 3 || s[1] != ':' || s[0] != 'S' && s[0] != 'L' {
		return false
	}
	i := 2
	for i < len(s) && ('A' <= s[i] && s[i] <= 'Z' || s[i] == '_') {
		i++
	}
	return i > 2 && i < len(s) && s[i] == '('
}

// joinContext puts a simple context's text after the object, as BenchIE's
// Graphene file has it ("him dangling off the floor for nearly five hours .").
func joinContext(obj, context string) string {
	return oie.TrimSpace(obj + " " + oie.TrimSpace(context))
}
