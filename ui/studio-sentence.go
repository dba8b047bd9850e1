package ui

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/vugu/vugu"
)

// StudioSentence is the sentence being annotated: its tokens to click,
// coloured by word class, the triple builder, and its synsets with their
// triples, the actions on them and the problems Validate found, each shown
// where it is.
type StudioSentence struct {
	S *Studio
}

// Sen is the sentence on screen.
func (c *StudioSentence) Sen() *annotate.Sentence { return c.S.Sentence() }

// Position says where the sentence is in the document.
func (c *StudioSentence) Position() string {
	return fmt.Sprintf("(%d of %d)", c.S.SentenceIndex()+1, len(c.S.Doc().Sentences))
}

// Lang is the work's language, for the lang attribute.
func (c *StudioSentence) Lang() string { return c.S.Work.Lang }

// TokensLabel tells screen-reader users what the token row does.
func (c *StudioSentence) TokensLabel() string {
	return "Tokens of the sentence: Enter adds the token to the " + annotate.SlotNames[c.S.Draft().Slot] + ", Shift+Enter as optional; arrow keys move"
}

// Scheme is the colour scheme, full by default.
func (c *StudioSentence) Scheme() Scheme {
	if c.S.Prefs.Scheme == "" {
		return SchemeFull
	}
	return c.S.Prefs.Scheme
}

// Schemes are the choices of the colour select.
func (c *StudioSentence) Schemes() [][2]string {
	return [][2]string{{string(SchemeFull), "verbs, names, nouns, numbers"}, {string(SchemeVerbs), "verbs"}, {string(SchemeEntities), "names and numbers"}, {string(SchemeNone), "none"}}
}

// SetScheme changes the colour scheme.
func (c *StudioSentence) SetScheme(e vugu.DOMEvent) {
	c.S.Prefs.Scheme = Scheme(e.PropString("target", "value"))
	c.S.App.SaveStudioPrefs()
}

// classes are the word classes of the sentence's tokens.
func (c *StudioSentence) classes() ([]nlp.WordClass, nlp.ClassSource) { return c.S.Classes(c.Sen()) }

// NoClasses reports whether the language has no word classes (Chinese).
func (c *StudioSentence) NoClasses() bool {
	_, src := c.classes()
	return src == nlp.ClassesNone
}

// Legend shows the colours of the scheme: class, label.
func (c *StudioSentence) Legend() [][2]string {
	if c.NoClasses() {
		return nil
	}
	var out [][2]string
	for _, l := range []struct {
		c     nlp.WordClass
		label string
	}{{nlp.ClassVerb, "verb"}, {nlp.ClassEntity, c.entityLabel()}, {nlp.ClassNoun, "noun"}, {nlp.ClassNumber, "number"}} {
		if c.Scheme().Shows(l.c) {
			out = append(out, [2]string{"cl-" + string(l.c), l.label})
		}
	}
	return out
}

// entityLabel names the entity class: German capitalises every noun, so
// there it means names and nouns alike.
func (c *StudioSentence) entityLabel() string {
	if c.S.Work.Lang == "de" {
		return "noun or name"
	}
	return "name"
}

// ClassNote says where the classes come from.
func (c *StudioSentence) ClassNote() string {
	_, src := c.classes()
	switch src {
	case nlp.ClassesFromTags:
		return "(part-of-speech tags)"
	case nlp.ClassesFromWordList:
		return "(word lists and capitalisation: approximate)"
	}
	return "(no colouring for this language)"
}

// TokClass styles a token by its class (colour and underline style) and
// marks the tokens the draft uses.
func (c *StudioSentence) TokClass(i int) string {
	cls := "token"
	of, _ := c.classes()
	if i < len(of) && c.Scheme().Shows(of[i]) {
		cls += " cl-" + string(of[i])
	}
	if c.Uses(i) != "" {
		cls += " used"
	}
	return cls
}

// TokTitle names a token's class and where the draft uses it.
func (c *StudioSentence) TokTitle(i int) string {
	var parts []string
	of, _ := c.classes()
	if i < len(of) && of[i] != nlp.ClassOther && of[i] != nlp.ClassPunct {
		parts = append(parts, string(of[i]))
	}
	if u := c.Uses(i); u != "" {
		var in []string
		for _, r := range u {
			in = append(in, map[rune]string{'S': "subject", 'R': "relation", 'O': "object"}[r])
		}
		parts = append(parts, "in the "+strings.Join(in, " and "))
	}
	return strings.Join(parts, "; ")
}

// Uses is the letters of the draft's slots that hold token i.
func (c *StudioSentence) Uses(i int) string {
	var out []byte
	for k, sl := range c.S.Draft().Triple.Slots {
		for _, w := range sl.Words {
			if w.Token == i {
				out = append(out, "SRO"[k])
				break
			}
		}
	}
	return string(out)
}

// TokTab keeps one token in the tab order (a roving tabindex).
func (c *StudioSentence) TokTab(i int) string {
	cur := c.S.Draft().Cursor
	if cur >= len(c.Sen().Tokens) {
		cur = 0
	}
	if i == cur {
		return "0"
	}
	return "-1"
}

// ClickToken adds a token to the active slot; with Shift, as optional
// (Enter and Space press the button, and Shift+Enter's click says Shift).
func (c *StudioSentence) ClickToken(i int, e vugu.DOMEvent) {
	c.S.AddToken(i, e.PropBool("shiftKey"))
}

// MoveCursor moves the token cursor, and focus with it, by a key of the
// token row: the arrows, Home and End (Studio.Key runs it).
func (s *Studio) MoveCursor(key string) {
	d, n := s.Draft(), len(s.Sentence().Tokens)
	at, ok := tokenList.move(key, min(d.Cursor, n-1), n)
	if !ok {
		return
	}
	d.Cursor = at
	s.FocusNow(fmt.Sprintf("studio-token-%d", at))
}

// sentenceIssues are the open work's issues placed in this sentence.
func (c *StudioSentence) issues() []annotate.Issue {
	si := c.S.SentenceIndex()
	var out []annotate.Issue
	for _, is := range c.S.Work.Issues {
		if is.Sentence == si {
			out = append(out, is)
		}
	}
	return out
}

// SentenceIssues are the issues of the sentence itself (its id, lines kept).
func (c *StudioSentence) SentenceIssues() []annotate.Issue {
	var out []annotate.Issue
	for _, is := range c.issues() {
		if is.Synset < 0 {
			out = append(out, is)
		}
	}
	return out
}

// SynsetIssues are the issues of synset k itself.
func (c *StudioSentence) SynsetIssues(k int) []annotate.Issue {
	var out []annotate.Issue
	for _, is := range c.issues() {
		if is.Synset == k && is.Triple < 0 {
			out = append(out, is)
		}
	}
	return out
}

// TripleIssues are the issues of triple i of synset k, its slots and words.
func (c *StudioSentence) TripleIssues(k, i int) []annotate.Issue {
	var out []annotate.Issue
	for _, is := range c.issues() {
		if is.Synset == k && is.Triple == i {
			out = append(out, is)
		}
	}
	return out
}

// IssueText is an issue's message without the place, which the page shows
// by putting it there.
func (c *StudioSentence) IssueText(is annotate.Issue) string {
	where := ""
	if is.Slot >= 0 {
		where = annotate.SlotNames[is.Slot]
		if is.Word >= 0 {
			where += fmt.Sprintf(", word %d", is.Word+1)
		}
		where += ": "
	}
	return where + is.Problem
}

// SlotClass marks a slot with an issue.
func (c *StudioSentence) SlotClass(k, i, sl int) string {
	for _, is := range c.TripleIssues(k, i) {
		if is.Slot == sl && is.Severity == annotate.SeverityError {
			return "tslot bad"
		}
	}
	return "tslot"
}

// WordView is one word of a triple as shown.
type WordView struct {
	Text, Class, Title string
}

// Words shows the words of a slot with their brackets, optionality, typed
// words and problems.
func (c *StudioSentence) Words(k, i, sl int, words []annotate.Word) []WordView {
	return wordViews(c.Sen(), words, func(j int) bool {
		for _, is := range c.TripleIssues(k, i) {
			if is.Slot == sl && is.Word == j {
				return true
			}
		}
		return false
	})
}

// wordViews shows words as the builder and the synsets do.
func wordViews(sen *annotate.Sentence, words []annotate.Word, bad func(j int) bool) []WordView {
	opt := annotate.OptionalWords(words)
	out := make([]WordView, len(words))
	for j, w := range words {
		v := WordView{Text: sen.WordText(w), Class: "w"}
		var title []string
		if opt[j] {
			v.Class += " opt"
			title = append(title, "optional")
		}
		if w.Open {
			v.Class += " open"
		}
		if w.Close {
			v.Class += " close"
		}
		if w.IsTyped() {
			v.Class += " typed"
			title = append(title, "typed: not a token of the sentence")
		}
		if bad != nil && bad(j) {
			v.Class += " bad"
			title = append(title, "see the problem below")
		}
		v.Title = strings.Join(title, "; ")
		out[j] = v
	}
	return out
}

// slotLetter is a slot's initial, shown so that slots are told apart by
// more than their place.
func slotLetter(k int) string { return string("SRO"[k]) }

// SynsetClass marks the synset the next triple goes to.
func (c *StudioSentence) SynsetClass(k int) string {
	if c.IsTarget(k) {
		return "target"
	}
	return ""
}

// IsTarget reports whether the draft goes to synset k.
func (c *StudioSentence) IsTarget(k int) bool { return c.S.Draft().Target == k }

// Target sends the draft to synset k.
func (c *StudioSentence) Target(k int) {
	c.S.Draft().Target = k
	c.S.Focus = "studio-token-" + fmt.Sprint(c.S.Draft().Cursor)
}

// TripleClass marks the triple being edited.
func (c *StudioSentence) TripleClass(k, i int) string {
	d := c.S.Draft()
	if d.Editing && d.EditAt == [2]int{k, i} {
		return "studio-triple editing"
	}
	return "studio-triple"
}

// TripleAction names an action on a triple, for screen readers.
func (c *StudioSentence) TripleAction(verb string, k, i int) string {
	return fmt.Sprintf("%s triple %d of synset %d", verb, i+1, k+1)
}

// OpenPanel opens the move or merge form of a triple or synset.
func (c *StudioSentence) OpenPanel(kind string, k, i int) {
	others := c.OtherSynsets(k, kind == "move")
	to := annotate.NewSynset
	if len(others) > 0 {
		to = others[0]
	}
	c.S.Panel = &Panel{Kind: kind, Synset: k, Triple: i, To: to}
	c.S.Focus = map[string]string{"move": "studio-move-to", "merge": "studio-merge-into"}[kind]
}

// PanelOpen reports whether a form is open there.
func (c *StudioSentence) PanelOpen(kind string, k, i int) bool {
	p := c.S.Panel
	return p != nil && p.Kind == kind && p.Synset == k && p.Triple == i
}

// OpenRename opens the form that renames the sentence, with its id.
func (c *StudioSentence) OpenRename() {
	c.S.Panel = &Panel{Kind: "rename-sentence", Synset: -1, Triple: -1, Text: c.Sen().ID}
	c.S.Focus = "studio-rename-id"
}

// DeleteSentenceQuestion asks before a sentence goes with its synsets.
func (c *StudioSentence) DeleteSentenceQuestion() string {
	n := len(c.Sen().Synsets)
	return fmt.Sprintf("Delete sentence #%s with its %d synset%s? Undo brings it back.", c.Sen().ID, n, plural(n))
}

// SetPanelText keeps what is typed in the open form.
func (c *StudioSentence) SetPanelText(e vugu.DOMEvent) {
	c.S.SetPanelText(e.PropString("target", "value"))
}

// ClosePanel closes the form.
func (c *StudioSentence) ClosePanel() { c.S.Panel = nil }

// SetPanelTo chooses the form's target synset.
func (c *StudioSentence) SetPanelTo(e vugu.DOMEvent) {
	if c.S.Panel != nil {
		setInt(&c.S.Panel.To, e.PropString("target", "value"))
	}
}

// OtherSynsets lists the synsets other than k, and a new one when asked.
func (c *StudioSentence) OtherSynsets(k int, withNew bool) []int {
	var out []int
	for o := range c.Sen().Synsets {
		if o != k {
			out = append(out, o)
		}
	}
	if withNew {
		out = append(out, annotate.NewSynset)
	}
	return out
}

// SynsetName names a target synset.
func (c *StudioSentence) SynsetName(k int) string {
	if k == annotate.NewSynset {
		return "a new synset"
	}
	return fmt.Sprintf("synset %d", k+1)
}
