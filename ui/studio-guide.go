package ui

import (
	"strings"

	"github.com/oiebench/oiebench/core/annotate"
)

// The annotation guidelines beside the task: a side panel showing one rule
// at a time (annotate.Guidelines), opened from the bar or from a
// validation note that applies a rule.

// guideRules lists the guidelines' rules, for the panel's contents.
func guideRules() []annotate.Rule { return annotate.Rules }

// guideTitle is the heading of rule id.
func guideTitle(id string) string {
	for _, r := range annotate.Rules {
		if r.ID == id {
			return r.Title
		}
	}
	return ""
}

// guideParagraphs splits rule id's section into paragraphs of plain text
// (its heading left out: the panel shows guideTitle).
func guideParagraphs(id string) []string {
	section := annotate.GuidelineSection(id)
	_, body, _ := strings.Cut(section, "\n")
	var out []string
	for _, p := range strings.Split(strings.TrimSpace(body), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// OpenGuide shows rule id in the guidelines panel and moves focus to it.
func (s *Studio) OpenGuide(id string) {
	s.Guide = id
	s.Focus = "guide-" + id
}

// ToggleGuide opens the guidelines panel on its first rule, or closes it.
func (c *StudioView) ToggleGuide() {
	if c.S.Guide != "" {
		c.S.Guide = ""
		return
	}
	c.S.OpenGuide(annotate.Rules[0].ID)
}

// ruleTitle is the title of the rule a validation note applies ("" when
// none).
func ruleTitle(is annotate.Issue) string {
	r, _ := is.Rule()
	return r.Title
}

// ShowRule opens the guidelines panel on the rule a note applies.
func (c *StudioSentence) ShowRule(is annotate.Issue) {
	if r, ok := is.Rule(); ok {
		c.S.OpenGuide(r.ID)
	}
}
