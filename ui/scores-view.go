package ui

import (
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/core/report"
)

// ScoresView is the first screen: the score table with its signature and
// exports, the notices that qualify its numbers, and the gold statistics.
type ScoresView struct {
	M *Model
}

// TotalsDiffer lists the scores on which the paper's rule and the official
// script give different numbers.
func (c *ScoresView) TotalsDiffer() []report.Disagreement {
	var out []report.Disagreement
	for _, d := range report.Disagreements(c.M.Eval.Report) {
		if d.Other != nil {
			out = append(out, d)
		}
	}
	return out
}

// CreditsOnly lists systems whose correct extractions the two modes credit
// to different synsets while the totals agree, with the facets concerned.
func (c *ScoresView) CreditsOnly() []string {
	var order []string
	facets := map[string][]string{}
	most := map[string]report.Disagreement{} // the facet with the most credits
	for _, d := range report.Disagreements(c.M.Eval.Report) {
		if d.Other != nil {
			continue
		}
		if _, ok := facets[d.System]; !ok {
			order = append(order, d.System)
		}
		facets[d.System] = append(facets[d.System], report.FacetLabel(d.Facet))
		if d.Credits > most[d.System].Credits {
			most[d.System] = d
		}
	}
	var out []string
	for _, s := range order {
		out = append(out, fmt.Sprintf("%s: %s credited to another synset by the official script than by the paper's rule (%s). The totals agree, so every number is the same in both modes.",
			s, creditedExtractions(most[s].Credits, most[s].StrayCredits), strings.Join(facets[s], ", ")))
	}
	return out
}

// creditedExtractions names n extractions credited to another synset by
// their cause, as the report counts them: stray of them have white space
// at a slot's edge, the others match a gold form with white space at an
// edge (docs/scoring-edges.md); it ends with the verb.
func creditedExtractions(n, stray int) string {
	switch {
	case n == 1 && stray == 1:
		return "1 extraction with stray spaces in its slots is"
	case n == 1:
		return "1 extraction that matches a gold form with white space at an edge is"
	case stray == n:
		return fmt.Sprintf("%d extractions with stray spaces in their slots are", n)
	case stray == 0:
		return fmt.Sprintf("%d extractions that match a gold form with white space at an edge are", n)
	}
	return fmt.Sprintf("%d extractions (%d with stray spaces in their slots, %d matching a gold form with white space at an edge) are", n, stray, n-stray)
}

// DisagreementText says how a score differs under the other mode.
func (c *ScoresView) DisagreementText(d report.Disagreement) string {
	return fmt.Sprintf("%s, %s: P %.4f R %.4f F1 %.4f here; P %.4f R %.4f F1 %.4f under %s.",
		d.System, report.FacetLabel(d.Facet), d.Shown.Precision, d.Shown.Recall, d.Shown.F1,
		d.Other.Precision, d.Other.Recall, d.Other.F1, modeName(d.Other.Mode))
}

func modeName(mode string) string {
	if mode == "reference" {
		return "the official script (reference-compatible mode)"
	}
	return "the paper's rule"
}

// Mode names the matching rule of the table.
func (c *ScoresView) Mode() string {
	if c.M.Options.ReferenceCompat {
		return modeName("reference")
	}
	return modeName("paper")
}

// OtherMode names the rule the switch would turn to.
func (c *ScoresView) OtherMode() string {
	if c.M.Options.ReferenceCompat {
		return "Show the paper's rule"
	}
	return "Show the official script's numbers"
}

// SwitchMode turns the reference-compatible mode on or off.
func (c *ScoresView) SwitchMode() {
	o := c.M.Options
	o.ReferenceCompat = !o.ReferenceCompat
	c.M.App.SetOptions(o)
}

// Exports lists the export formats with their button labels.
func (c *ScoresView) Exports() [][2]string {
	return [][2]string{{"json", "JSON"}, {"csv", "CSV"}, {"markdown", "Markdown"}, {"latex", "LaTeX"}}
}

// Export downloads the table on screen in a format; it carries the signature.
func (c *ScoresView) Export(format string) {
	c.M.App.Complete()
	r := c.M.Eval.Report
	r = report.Reorder(r, report.Order(r, c.M.Prefs.Sort, c.M.Prefs.SortDesc))
	out, err := r.Render(format)
	if err != nil {
		return
	}
	ext := map[string]string{"json": "json", "csv": "csv", "markdown": "md", "latex": "tex"}[format]
	mime := map[string]string{"json": "application/json", "csv": "text/csv", "markdown": "text/markdown", "latex": "application/x-tex"}[format]
	c.M.App.Download("oiebench-"+c.M.Source+"."+ext, mime+";charset=utf-8", string(out))
}

// Receipt is the receipt of the scores on screen (core/receipt): the
// files' checksums, the options and every number, which oiebench verify
// checks.
func (c *ScoresView) Receipt() ([]byte, error) {
	rc, err := receipt.Make(&c.M.Eval.Report, "")
	if err != nil {
		return nil, err
	}
	return rc.JSON(), nil
}

// DownloadReceipt downloads the receipt of the scores on screen.
func (c *ScoresView) DownloadReceipt() {
	c.M.App.Complete()
	out, err := c.Receipt()
	if err != nil {
		return
	}
	c.M.App.Download("oiebench-"+c.M.Source+".receipt.json", "application/json;charset=utf-8", string(out))
}

// copySignature puts the signature on the clipboard.
func (c *ScoresView) copySignature() {
	c.M.App.Copy(c.M.Eval.Report.Signature)
	c.M.Copied = c.M.Eval.Report.Signature
}

// copyStatus says, in a live region, that the signature on screen was
// copied; a new signature (another table) clears it.
func (c *ScoresView) copyStatus() string {
	if c.M.Copied != "" && c.M.Copied == c.M.Eval.Report.Signature {
		return "Copied"
	}
	return ""
}

// Empty says what to do when the table cannot show a score yet: a gold
// (say, a new studio work) without system files, or without synsets.
func (c *ScoresView) Empty() []string {
	r := c.M.Eval.Report
	var out []string
	if r.Gold.Synsets == 0 {
		out = append(out, "This gold has no synsets yet, so every extraction would count as incorrect: build triples in the Annotate tab, then score again.")
	}
	if len(r.Systems) == 0 {
		out = append(out, "No system files to score against this gold yet. Drop system extractions anywhere on the page or use “choose files…” above "+
			"(BenchIE TSV: sent_id, subject, relation, object separated by tabs; or JSON Lines); each file is scored against this gold at once.")
	}
	return out
}

// Messages lists what the readers and scorers warned about.
func (c *ScoresView) Messages() []string {
	r := c.M.Eval.Report
	out := append([]string(nil), r.Gold.Warnings...)
	if r.EGold != nil {
		out = append(out, r.EGold.Warnings...)
	}
	for _, s := range r.Systems {
		for _, w := range s.Warnings {
			out = append(out, s.Name+": "+w)
		}
	}
	return out
}

// TableClass dims the table while new numbers are being computed.
func (c *ScoresView) TableClass() string {
	if !c.M.Settled() {
		return "stale"
	}
	return ""
}

// FewCovered is the notice proposing to score only the sentences the
// user's files cover, when they cover under half of the gold's; it returns
// the notice's text and its button's, or "" when there is nothing to
// propose.
func (c *ScoresView) FewCovered() (string, string) {
	ev := c.M.Eval
	users := c.M.UserSystems()
	if ev == nil || ev.Subset != nil || len(users) == 0 {
		return "", ""
	}
	n, of := c.M.CoveredSentences(users)
	if !evaluate.FewCovered(n, of) {
		return "", ""
	}
	files := "Your file has"
	if len(users) > 1 {
		files = "Your files have"
	}
	return fmt.Sprintf("%s extractions on %s of the gold's %d, but recall counts the synsets of all %d sentences.",
			files, Count(n, "sentence"), of, of),
		fmt.Sprintf("Score only the %s your %s cover%s", Count(n, "sentence"), map[bool]string{true: "files", false: "file"}[len(users) > 1], map[bool]string{true: "", false: "s"}[len(users) > 1])
}

// ScoreCovered scores only the sentences the user's files cover.
func (c *ScoresView) ScoreCovered() {
	c.M.ScoreSentences(evaluate.Covered)
}

// SubsetNote says which sentences the table scores, when not all.
func (c *ScoresView) SubsetNote() string {
	if c.M.Eval == nil || c.M.Eval.Subset == nil {
		return ""
	}
	return "Scored on " + c.M.Eval.Subset.Label() + ": precision, recall and F1 are those of a gold holding only these sentences."
}

// ScoreAll scores every sentence again.
func (c *ScoresView) ScoreAll() {
	c.M.ScoreSentences("")
}

// FewCoveredText is the text of the FewCovered notice.
func (c *ScoresView) FewCoveredText() string { t, _ := c.FewCovered(); return t }

// FewCoveredButton is the label of its button.
func (c *ScoresView) FewCoveredButton() string { _, b := c.FewCovered(); return b }
