package report

import "testing"

// Every column group has a label of its own, and the paper layout renames
// CaRB(s,m) and WiRe57-C only.
func TestGroupLabels(t *testing.T) {
	seen := map[string]Group{}
	for _, g := range append(groupOrder, GroupFLOther) {
		l := g.Label()
		if l == "" {
			t.Errorf("%q has no label", g)
		}
		if other, ok := seen[l]; ok {
			t.Errorf("%q and %q are both labelled %q", g, other, l)
		}
		seen[l] = g
		if p := g.PaperLabel(); (p != l) != (g == GroupCaRB || g == GroupWiRe57) {
			t.Errorf("%q: paper label %q, label %q", g, p, l)
		}
	}
	if Group("precision").Label() != "" || FacetLabel("carb-ss") != "CaRB(s,s)" {
		t.Error("a name that is no group has a label, or FacetLabel differs from Group.Label")
	}
}

// The kinds of groups: counts for BenchIE facets, AUC for curves, deltas
// for differences.
func TestGroupKinds(t *testing.T) {
	for _, g := range groupOrder {
		m := Metric{g, "f1"}
		if m.IsDelta() != (g == GroupCaRBDelta || g == GroupFLDelta) {
			t.Errorf("%q: IsDelta %v", g, m.IsDelta())
		}
		if g.IsBenchIE() && (g.HasAUC() || g.IsFL() || g.IsCaRBBeside()) {
			t.Errorf("%q is a BenchIE facet and a scorer's group", g)
		}
	}
}
