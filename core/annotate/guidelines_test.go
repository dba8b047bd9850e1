package annotate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestEveryIssueHasARule finds the IssueKind constants in validate.go's
// source, so that a new kind without a rule fails here.
func TestEveryIssueHasARule(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "validate.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []IssueKind
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "IssueKind" {
				lit := vs.Values[0].(*ast.BasicLit).Value
				kinds = append(kinds, IssueKind(strings.Trim(lit, `"`)))
			}
		}
	}
	if len(kinds) < 9 {
		t.Fatalf("found %d issue kinds in validate.go", len(kinds))
	}
	for _, k := range kinds {
		r, ok := Issue{Kind: k}.Rule()
		if !ok {
			t.Errorf("issue %q names no rule of the guidelines", k)
			continue
		}
		if !strings.Contains(GuidelineSection(r.ID), "## "+r.Title+"\n") {
			t.Errorf("issue %q: rule %q has no section", k, r.ID)
		}
	}
}

func TestGuidelineSections(t *testing.T) {
	total := 0
	for _, r := range Rules {
		s := GuidelineSection(r.ID)
		if !strings.HasPrefix(s, "## "+r.Title+"\n") || strings.Count(s, "\n## ") != 0 {
			t.Errorf("section %q:\n%s", r.ID, s)
		}
		total += len(s)
	}
	if strings.Count(Guidelines, "\n## ") != len(Rules) {
		t.Errorf("the guidelines have %d sections, Rules %d", strings.Count(Guidelines, "\n## "), len(Rules))
	}
	if total < len(Guidelines)*9/10 {
		t.Errorf("sections hold %d of the %d bytes", total, len(Guidelines))
	}
	if GuidelineSection("nonesuch") != "" {
		t.Error("a section for an unknown rule")
	}
	if _, ok := RuleOf("nonesuch"); ok {
		t.Error("a rule for an unknown issue")
	}
}
