package ui

import (
	"strconv"
	"strings"
)

// Link is the part of the page's state its address carries, so that a
// reviewer can link to "ClausIE on sentence 34, BenchIE^FL":
// #view=sentences&gold=benchie-fl:en&system=ClausIE&sentence=34. Gold is
// a data set's catalogue name (benchie-fl:en) or the gold switch's key.
type Link struct {
	View     View
	Gold     string
	System   string
	Sentence string
}

// ParseLink reads a link from an address's fragment ("#view=…", the "#"
// optional); what it does not know it leaves out, so a stray or foreign
// fragment yields the zero Link.
func ParseLink(fragment string) Link {
	q, ok := fragmentFields(strings.TrimPrefix(fragment, "#"))
	if !ok {
		return Link{}
	}
	l := Link{Gold: q["gold"], System: q["system"], Sentence: q["sentence"]}
	if v := View(q["view"]); knownView(v) {
		l.View = v
	}
	return l
}

// Fragment writes the link as an address's fragment, with its "#", in a
// fixed order (view, gold, system, sentence); empty fields are left out.
func (l Link) Fragment() string {
	var parts []string
	for _, kv := range [][2]string{{"view", string(l.View)}, {"gold", l.Gold}, {"system", l.System}, {"sentence", l.Sentence}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+"="+escapeField(kv[1]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "#" + strings.Join(parts, "&")
}

// LinkOf is the link to what the page shows: the view, the gold and, where
// the view shows one, the system and the sentence.
func LinkOf(gold string, p Prefs) Link {
	l := Link{View: p.View, Gold: gold}
	if l.View == "" {
		l.View = ViewScores
	}
	switch l.View {
	case ViewSentences:
		l.System, l.Sentence = p.System, p.Sentence
	case ViewCompare:
		l.Sentence = p.CompareS
	}
	return l
}

// Apply puts the link's view, system and sentence into the preferences.
func (l Link) Apply(p *Prefs) {
	if l.View != "" {
		p.View = l.View
	}
	if l.System != "" {
		p.System = l.System
	}
	if l.Sentence != "" {
		if l.View == ViewCompare {
			p.CompareS = l.Sentence
		} else {
			p.Sentence = l.Sentence
		}
	}
}

func knownView(v View) bool {
	for _, t := range (&Root{}).Tabs() {
		if t == v {
			return true
		}
	}
	return false
}

// The fragment is read and written as net/url's ParseQuery and QueryEscape
// do (link_test.go holds the two to it), without net/url: with net/netip
// and unique, which it brings, it cost the page's evaluator 13.6 KB of its
// brotli size (docs/architecture.md).

// maxFragmentFields is net/url's limit: a query of more parameters is an
// error.
const maxFragmentFields = 10000

// fragmentFields is a fragment's fields ("view=scores&gold=…"), the first
// value of each key, as url.ParseQuery reads them; ok is false where
// ParseQuery reports an error.
func fragmentFields(s string) (fields map[string]string, ok bool) {
	if strings.Count(s, "&") >= maxFragmentFields {
		return nil, false
	}
	fields = map[string]string{}
	for s != "" {
		var field string
		field, s, _ = strings.Cut(s, "&")
		if strings.Contains(field, ";") {
			return nil, false
		}
		if field == "" {
			continue
		}
		k, v, _ := strings.Cut(field, "=")
		k, okK := unescapeField(k)
		v, okV := unescapeField(v)
		if !okK || !okV {
			return nil, false
		}
		if _, seen := fields[k]; !seen {
			fields[k] = v
		}
	}
	return fields, true
}

// unescapeField is url.QueryUnescape: "%XX" is the byte 0xXX, "+" a space;
// ok is false for a "%" not followed by two hexadecimal digits.
func unescapeField(s string) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '%':
			if i+2 >= len(s) {
				return "", false
			}
			c, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return "", false
			}
			b = append(b, byte(c))
			i += 2
		case '+':
			b = append(b, ' ')
		default:
			b = append(b, s[i])
		}
	}
	return string(b), true
}

// escapeField is url.QueryEscape: letters, digits and "-_.~" stay, a space
// is "+", every other byte "%XX".
func escapeField(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
