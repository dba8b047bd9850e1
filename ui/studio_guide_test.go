package ui

import (
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/annotate"
)

// A validation note links to the rule it applies; following the link opens
// the guidelines panel on that rule, and the bar's button closes it.
func TestStudioGuidelines(t *testing.T) {
	s, _ := studio(t, "He served as the first Prime Minister .\n")
	s.AddToken(0, false)
	s.Commit() // an incomplete triple: empty slots
	html := render(t, &StudioView{S: s})
	if !strings.Contains(html, `data-rule-link="empty-slot"`) || !strings.Contains(html, "Guideline: Slots and words") {
		t.Fatalf("the empty-slot note has no guideline link:\n%s", html)
	}
	if strings.Contains(html, `id="studio-guide-panel"`) {
		t.Error("the guidelines panel is open before it is asked for")
	}
	sen := &StudioSentence{S: s}
	var note annotate.Issue
	for _, is := range sen.TripleIssues(0, 0) {
		if is.Kind == annotate.IssueEmptySlot {
			note = is
		}
	}
	if note.Kind == "" {
		t.Fatal("no empty-slot note on the triple")
	}
	sen.ShowRule(note)
	if s.Guide != "slots" || s.Focus != "guide-slots" {
		t.Fatalf("guide %q, focus %q", s.Guide, s.Focus)
	}
	html = render(t, &StudioView{S: s})
	for _, want := range []string{`id="studio-guide-panel"`, `id="guide-slots"`, "<h3>Slots and words</h3>", "Every slot holds at least one word", `data-rule="attribution"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the open panel lacks %s", want)
		}
	}
	(&StudioView{S: s}).ToggleGuide()
	if s.Guide != "" {
		t.Error("the bar's button did not close the panel")
	}
	(&StudioView{S: s}).ToggleGuide()
	if s.Guide != annotate.Rules[0].ID {
		t.Errorf("opened on %q, want the first rule", s.Guide)
	}
	for _, r := range guideRules() {
		if ps := guideParagraphs(r.ID); len(ps) == 0 || strings.Contains(ps[0], "## ") || strings.Contains(ps[0], "\n") {
			t.Errorf("rule %s: paragraphs %q", r.ID, ps)
		}
	}
}
