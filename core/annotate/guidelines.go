package annotate

import (
	_ "embed"
	"strings"
)

// Guidelines are the annotation rules (BenchIE's and WiRe57's, in our own
// words) as Markdown: one "## " section per Rule, for a studio's side panel.
//
//go:embed guidelines.md
var Guidelines string

// Rule is one section of the Guidelines.
type Rule struct {
	ID    string // stable, for links: "optional"
	Title string // the section's heading
}

// Rules lists the guidelines' sections in their order.
var Rules = []Rule{
	{"exhaustive", "Exhaustiveness"},
	{"synsets", "Fact synsets"},
	{"minimal", "Minimality"},
	{"optional", "Optional tokens"},
	{"voice", "Passive and active voice"},
	{"nary", "N-ary facts"},
	{"attribution", "Attribution"},
	{"slots", "Slots and words"},
	{"format", "File format"},
}

// issueRules names the rule each validation note applies.
var issueRules = map[IssueKind]string{
	IssueEmptySlot:       "slots",
	IssueOptionalSlot:    "optional",
	IssueUnbalancedUnit:  "optional",
	IssueDuplicateTriple: "synsets",
	IssueEmptySynset:     "synsets",
	IssueOddWord:         "slots",
	IssueLineSyntax:      "format",
	IssueJunkLine:        "format",
	IssueBadID:           "format",
}

// RuleOf returns the rule of the guidelines a validation note applies, for
// linking the note to its section.
func RuleOf(k IssueKind) (Rule, bool) {
	id, ok := issueRules[k]
	if !ok {
		return Rule{}, false
	}
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// Rule returns the rule of the guidelines the issue applies (RuleOf).
func (is Issue) Rule() (Rule, bool) { return RuleOf(is.Kind) }

// GuidelineSection returns the Markdown of one rule's section, heading
// included, or "" when there is no such rule.
func GuidelineSection(id string) string {
	for _, r := range Rules {
		if r.ID != id {
			continue
		}
		head := "## " + r.Title + "\n"
		i := strings.Index(Guidelines, "\n"+head)
		if i < 0 {
			return ""
		}
		section := Guidelines[i+1:] // from the heading on
		if next := strings.Index(section[len(head):], "\n## "); next >= 0 {
			section = section[:len(head)+next]
		}
		return strings.TrimSpace(section) + "\n"
	}
	return ""
}
