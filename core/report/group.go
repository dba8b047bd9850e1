package report

// Group is a column group of a score table: a BenchIE facet, a scorer's
// columns (CaRB and its variants, OIE16-C, WiRe57, BenchIE^FL), or the
// difference between two scorers. Its string is the name the exports use
// (the CSV heading "carb_f1", the Markdown heading "carb P") and the JSON
// report's option names.
type Group string

// The column groups, in the order of the score table (see groupOrder).
const (
	GroupRegular Group = "regular" // BenchIE
	GroupConcat  Group = "concat"  // BenchIE-C
	GroupMinimal Group = "minimal" // BenchIE-M
	GroupEntity  Group = "entity"  // BenchIE-E
	GroupCaRBSS  Group = "carb-ss" // CaRB(s,s)
	// GroupCaRB is CaRB(s,m), beside BenchIE or against a CaRB gold; also
	// the CaRB scorer's name.
	GroupCaRB         Group = "carb"
	GroupCaRBSSBinary Group = "carb-ss-binary"
	GroupCaRBBinary   Group = "carb-binary"
	GroupCaRBDelta    Group = "carb-delta" // CaRB minus BenchIE
	GroupOIE16        Group = "oie16"      // OIE16-C
	// GroupWiRe57 is WiRe57-C; also the WiRe57 scorer's name.
	GroupWiRe57 Group = "wire57"
	// GroupFL is BenchIE^FL in the mode shown first; also its scorer's name.
	GroupFL      Group = "benchie-fl"
	GroupFLOther Group = "benchie-fl-other" // BenchIE^FL in the other mode, where it differs
	GroupFLDelta Group = "benchie-fl-delta" // BenchIE^FL minus BenchIE
)

// groupOrder is the score table's order of the groups shown as columns:
// CaRB(s,s) before CaRB(s,m), then OIE16-C and WiRe57-C, the order of
// evaluate_all.sh and of the papers' tables. GroupFLOther is a value, not
// a column.
var groupOrder = []Group{GroupRegular, GroupConcat, GroupMinimal, GroupEntity, GroupCaRBSS, GroupCaRB, GroupCaRBSSBinary,
	GroupCaRBBinary, GroupCaRBDelta, GroupOIE16, GroupWiRe57, GroupFL, GroupFLDelta}

// String is the group's name, as the exports write it.
func (g Group) String() string { return string(g) }

// Label names the group as the paper does ("BenchIE-C", "CaRB(s,s)"); ""
// for a name that is no group.
func (g Group) Label() string { return groupLabels[g] }

// groupLabels is made once: the page's score table asks for a label per
// cell, and a map literal in Label was made anew at each call.
var groupLabels = map[Group]string{GroupRegular: "BenchIE", GroupConcat: "BenchIE-C", GroupMinimal: "BenchIE-M", GroupEntity: "BenchIE-E",
	GroupCaRB: "CaRB", GroupCaRBDelta: "Δ CaRB−BenchIE", GroupWiRe57: "WiRe57",
	GroupCaRBSS: "CaRB(s,s)", GroupCaRBBinary: "binary CaRB", GroupCaRBSSBinary: "binary CaRB(s,s)", GroupOIE16: "OIE16-C",
	GroupFL: "BenchIE^FL", GroupFLOther: "BenchIE^FL (other mode)", GroupFLDelta: "Δ FL−BenchIE"}

// PaperLabel is Label as OpenIE6-lineage papers print it (LayoutOpenIE6):
// CaRB(s,m) and WiRe57-C.
func (g Group) PaperLabel() string {
	switch g {
	case GroupCaRB:
		return "CaRB(s,m)"
	case GroupWiRe57:
		return "WiRe57-C"
	}
	return g.Label()
}

// IsBenchIE tells a BenchIE facet, whose columns have counts (TP, FP, FN).
func (g Group) IsBenchIE() bool {
	return g == GroupRegular || g == GroupConcat || g == GroupMinimal || g == GroupEntity
}

// HasAUC tells the groups with a curve, whose AUC is a column.
func (g Group) HasAUC() bool {
	switch g {
	case GroupCaRB, GroupCaRBSS, GroupCaRBBinary, GroupCaRBSSBinary, GroupOIE16:
		return true
	}
	return false
}

// IsDelta tells a difference between two scorers (CaRB or BenchIE^FL
// minus BenchIE): a larger value is no better.
func (g Group) IsDelta() bool { return g == GroupCaRBDelta || g == GroupFLDelta }

// IsFL tells BenchIE^FL's columns: its score and its difference to BenchIE.
func (g Group) IsFL() bool { return g == GroupFL || g == GroupFLDelta }

// IsCaRBBeside tells CaRB scored beside BenchIE (against a CaRB gold for
// the same sentences) and its difference to BenchIE.
func (g Group) IsCaRBBeside() bool { return g == GroupCaRB || g == GroupCaRBDelta }
