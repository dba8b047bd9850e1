package ui

import (
	"net/url"
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
	q, err := url.ParseQuery(strings.TrimPrefix(fragment, "#"))
	if err != nil {
		return Link{}
	}
	l := Link{Gold: q.Get("gold"), System: q.Get("system"), Sentence: q.Get("sentence")}
	if v := View(q.Get("view")); knownView(v) {
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
			parts = append(parts, kv[0]+"="+url.QueryEscape(kv[1]))
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
