// Package report is the one value every front end shows: the scores of
// systems against a gold, with the reproducibility signature of everything
// that produced them, and its renderings as JSON, CSV, Markdown, LaTeX and a
// plain-text table. The JSON form is a contract: fields are added, never
// renamed.
package report

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/digest"
)

// Version is the oiebench version written into every signature.
const Version = "0.3.0"

// Report is the result of one evaluation.
type Report struct {
	Signature string  `json:"signature"`
	Version   string  `json:"version"`
	Options   Options `json:"options"`
	Gold      Gold    `json:"gold"`
	EGold     *Gold   `json:"e_gold,omitempty"`
	CaRBGold  *Gold   `json:"carb_gold,omitempty"`
	// FLGold is the gold as the BenchIE^FL reader reads it (its synsets
	// count a phantom synset; its warnings are that reader's).
	FLGold *Gold `json:"benchie_fl_gold,omitempty"`
	// Subset, when set, names the sentences scored: Gold (and EGold,
	// CaRBGold) then describe those sentences only.
	Subset  *Subset  `json:"subset,omitempty"`
	Systems []System `json:"systems"`
}

// Subset is a chosen part of the gold's sentences.
type Subset struct {
	Spec      string `json:"spec"`      // as the user wrote it: "covered", "1-5,9"
	Kind      string `json:"kind"`      // covered (the sentences the files cover) or list
	Sentences int    `json:"sentences"` // chosen
	Of        int    `json:"of"`        // in the whole gold
	// IDs lists the chosen sentences, consecutive ones as FIRST-LAST in the
	// gold's order (what --sentences reads back); IDsSHA256 is its checksum
	// when the list is too long for the signature.
	IDs       string `json:"ids"`
	IDsSHA256 string `json:"ids_sha256,omitempty"`
	// CoveredBy names the systems whose extractions "covered" counted, when
	// not every system's (the page counts the user's files only).
	CoveredBy []string `json:"covered_by,omitempty"`
}

// SignatureField is the subset as the signature names it:
// "sentences:covered:5/300:1-5".
func (s *Subset) SignatureField() string {
	ids := s.IDs
	if s.IDsSHA256 != "" {
		ids = "ids-sha256:" + s.IDsSHA256
	}
	return fmt.Sprintf("sentences:%s:%d/%d:%s", s.Kind, s.Sentences, s.Of, ids)
}

// Label describes the subset in words, for captions: "5 of 300 sentences
// (those the files cover: 1-5)".
func (s *Subset) Label() string {
	ids := s.IDs
	if s.IDsSHA256 != "" {
		ids = "listed in the JSON report"
	}
	if s.Kind == "covered" {
		return fmt.Sprintf("%d of %d sentences (those the files cover: %s)", s.Sentences, s.Of, ids)
	}
	return fmt.Sprintf("%d of %d sentences (%s)", s.Sentences, s.Of, ids)
}

// SentencesLabel is the gold's sentences for a caption: "300 sentences", or
// the subset's Label.
func (r *Report) SentencesLabel() string {
	if r.Subset != nil {
		return r.Subset.Label()
	}
	return fmt.Sprintf("%d sentences", r.Gold.Sentences)
}

// Options are the settings that change numbers.
type Options struct {
	Scorers         []string `json:"scorers"`
	Facets          []string `json:"facets"`
	ReferenceCompat bool     `json:"reference_compat"`
	StrictGold      bool     `json:"strict_gold"`
	// FLMode is BenchIE^FL's mode (reference or corrected) when scored.
	FLMode string `json:"fl_mode,omitempty"`
	// Layout "openie6" shows the CaRB-gold columns as OpenIE6-lineage papers
	// print them: F1 and AUC per metric, ×100.
	Layout string `json:"layout,omitempty"`
}

// LayoutOpenIE6 is the layout of OpenIE6's evaluate_all.sh columns.
const LayoutOpenIE6 = "openie6"

// Gold describes the gold file scored against.
type Gold struct {
	Path        string   `json:"path"`
	SHA256      string   `json:"sha256"`
	Sentences   int      `json:"sentences"`
	Synsets     int      `json:"synsets"`
	Extractions int      `json:"extractions"`
	Warnings    []string `json:"warnings"`
	Stats       any      `json:"stats,omitempty"`
}

// System is one system's scores.
type System struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Format string `json:"format"`
	// SHA256 is the hex SHA-256 of the system's file, so that a receipt
	// (core/receipt) and a reader can tell which file was scored.
	SHA256      string `json:"sha256,omitempty"`
	Extractions int    `json:"extractions"`
	// Reader says how a system scored against a CaRB gold was read:
	// "openie4 (native reader)", "allennlp", "openie4, converted to
	// allennlp" (the openie6 preset); OIE16-C's numbers depend on it.
	Reader   string    `json:"reader,omitempty"`
	Ignored  int       `json:"ignored"`
	Warnings []string  `json:"warnings"`
	BenchIE  *BenchIE  `json:"benchie,omitempty"`
	Analysis *Analysis `json:"analysis,omitempty"`
	CaRB     *CaRB     `json:"carb,omitempty"`
	// CaRBSS is CaRB(s,s); CaRBBinary and CaRBSSBinary the binary modes of
	// CaRB(s,m) and CaRB(s,s) (carb-variants.md sections 3, 4).
	CaRBSS       *CaRB      `json:"carb_ss,omitempty"`
	CaRBBinary   *CaRB      `json:"carb_binary,omitempty"`
	CaRBSSBinary *CaRB      `json:"carb_ss_binary,omitempty"`
	OIE16        *OIE16     `json:"oie16,omitempty"`
	WiRe57       *WiRe57    `json:"wire57,omitempty"`
	BenchIEFL    *BenchIEFL `json:"benchie_fl,omitempty"`
}

// BenchIE holds one Score per facet that was asked for.
type BenchIE struct {
	Regular *Score `json:"regular,omitempty"`
	Concat  *Score `json:"concat,omitempty"`
	Minimal *Score `json:"minimal,omitempty"`
	// Entity is BenchIE-E: the regular facet against the E gold.
	Entity *Score `json:"entity,omitempty"`
}

// Facet returns the score of the named facet, or nil.
func (b *BenchIE) Facet(name string) *Score {
	if b == nil {
		return nil
	}
	switch name {
	case "regular":
		return b.Regular
	case "concat":
		return b.Concat
	case "minimal":
		return b.Minimal
	case "entity":
		return b.Entity
	}
	return nil
}

// SetFacet stores the score of the named facet.
func (b *BenchIE) SetFacet(name string, s *Score) {
	switch name {
	case "regular":
		b.Regular = s
	case "concat":
		b.Concat = s
	case "minimal":
		b.Minimal = s
	case "entity":
		b.Entity = s
	}
}

// Score is a fact-level score.
type Score struct {
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	TP        int     `json:"tp"`
	FP        int     `json:"fp"`
	FN        int     `json:"fn"`
	// Duplicates counts correct extractions of already covered synsets.
	Duplicates int `json:"duplicates"`
	// Mode is "paper" or "reference"; Other is the score under the other
	// mode when the two disagree on this run.
	Mode  string `json:"mode"`
	Other *Score `json:"other,omitempty"`
	// CreditsDiffer counts correct extractions the two modes credit to
	// different synsets (possible while the totals agree).
	CreditsDiffer int `json:"credits_differ"`
	// CreditsStraySpaces counts those of CreditsDiffer whose extraction
	// has white space at a slot's edge; the others match a gold form with
	// white space at an edge (docs/scoring-edges.md).
	CreditsStraySpaces int `json:"credits_stray_spaces,omitempty"`
	// ReferenceCannotScore, when set, says why the official script cannot
	// score the system file (it crashes): no published number can exist
	// for it (docs/scoring-edges.md).
	ReferenceCannotScore string `json:"reference_cannot_score,omitempty"`
}

// Signature builds the reproducibility signature: every setting that can
// change a number, the gold's checksum and the version, sacrebleu style.
func Signature(o Options, goldSHA, eGoldSHA string) string {
	mode := "paper"
	if o.ReferenceCompat {
		mode = "reference"
	}
	parts := []string{
		"oiebench:" + Version,
		"scorers:" + strings.Join(o.Scorers, "+"),
		"facets:" + strings.Join(o.Facets, "+"),
		"mode:" + mode,
		"gold:sha256:" + goldSHA,
	}
	if o.FLMode != "" {
		parts = append(parts, "fl-mode:"+o.FLMode)
	}
	if eGoldSHA != "" {
		parts = append(parts, "e-gold:sha256:"+eGoldSHA)
	}
	if o.StrictGold {
		parts = append(parts, "gold-reading:strict")
	}
	return strings.Join(parts, "|")
}

// WithSystems appends the systems' files to a signature, after every other
// field so that those stay as they were: "systems:sha256:" and the SHA-256
// of the systems' file checksums (hex, each followed by a newline), in the
// report's order. The JSON report lists each file's own checksum.
func WithSystems(sig string, systems []System) string {
	var b strings.Builder
	for _, s := range systems {
		b.WriteString(s.SHA256)
		b.WriteByte('\n')
	}
	sum := digest.Sum256([]byte(b.String()))
	return sig + "|systems:sha256:" + hex.EncodeToString(sum[:])
}

// Metric is one column of a rendered table.
type Metric struct {
	Facet Group  // the column group: a BenchIE facet or a scorer's columns
	Name  string // precision, recall, f1, tp, fp, fn, auc
}

// Value returns the metric of a system, and whether it was computed, for
// every Group.
func (m Metric) Value(s System) (float64, bool) {
	var p, r, f float64
	var tp, fp, fn int
	counts := false
	switch m.Facet {
	case GroupCaRB, GroupCaRBSS, GroupCaRBBinary, GroupCaRBSSBinary:
		c := s.carbVariant(m.Facet)
		if c == nil || c.Failure != "" { // the reference prints no number
			return 0, false
		}
		if m.Name == "auc" { // CaRB's headline number beside the optimal point
			return c.AUC, true
		}
		p, r, f = c.Precision, c.Recall, c.F1
	case GroupOIE16:
		if s.OIE16 == nil || s.OIE16.Failure != "" {
			return 0, false
		}
		if m.Name == "auc" {
			return s.OIE16.AUC, true
		}
		p, r, f = s.OIE16.Precision, s.OIE16.Recall, s.OIE16.F1
	case GroupCaRBDelta:
		if s.CaRB == nil || s.CaRB.Delta == nil {
			return 0, false
		}
		p, r, f = s.CaRB.Delta.Precision, s.CaRB.Delta.Recall, s.CaRB.Delta.F1
	case GroupWiRe57:
		w := s.WiRe57
		if w == nil || w.Failure != "" {
			return 0, false
		}
		switch m.Name {
		case "matches":
			return float64(w.Matches), true
		case "exact_prec":
			return w.ExactPrec, true
		case "exact_rec":
			return w.ExactRec, true
		}
		p, r, f = w.Precision, w.Recall, w.F1
	case GroupFL, GroupFLOther, GroupFLDelta:
		fl := s.BenchIEFL
		if fl == nil {
			return 0, false
		}
		switch m.Facet {
		case GroupFL:
			p, r, f = fl.Precision, fl.Recall, fl.F1
		case GroupFLOther:
			if fl.Other == nil {
				return 0, false
			}
			p, r, f = fl.Other.Precision, fl.Other.Recall, fl.Other.F1
		default:
			if fl.Delta == nil {
				return 0, false
			}
			p, r, f = fl.Delta.Precision, fl.Delta.Recall, fl.Delta.F1
		}
	default:
		sc := s.BenchIE.Facet(string(m.Facet))
		if sc == nil {
			return 0, false
		}
		p, r, f, tp, fp, fn, counts = sc.Precision, sc.Recall, sc.F1, sc.TP, sc.FP, sc.FN, true
	}
	switch m.Name {
	case "precision":
		return p, true
	case "recall":
		return r, true
	case "f1":
		return f, true
	case "tp":
		return float64(tp), counts
	case "fp":
		return float64(fp), counts
	case "fn":
		return float64(fn), counts
	}
	return 0, false
}

// carbVariant is the CaRB variant a group names, or nil.
func (s System) carbVariant(g Group) *CaRB {
	switch g {
	case GroupCaRB:
		return s.CaRB
	case GroupCaRBSS:
		return s.CaRBSS
	case GroupCaRBBinary:
		return s.CaRBBinary
	case GroupCaRBSSBinary:
		return s.CaRBSSBinary
	}
	return nil
}

// IsCount reports whether the metric is an integer count.
func (m Metric) IsCount() bool {
	return m.Name == "tp" || m.Name == "fp" || m.Name == "fn" || m.Name == "matches"
}

// Label is the column heading, e.g. "regular P".
func (m Metric) Label() string { return string(m.Facet) + " " + m.Short() }

// Short is the column heading under its group's: "P", "Exact P".
func (m Metric) Short() string { return metricShort[m.Name] }

// metricShort is made once, as groupLabels is.
var metricShort = map[string]string{"precision": "P", "recall": "R", "f1": "F1", "tp": "TP", "fp": "FP", "fn": "FN", "auc": "AUC",
	"matches": "Matches", "exact_prec": "Exact P", "exact_rec": "Exact R"}

// WiRe57Metrics are the columns of a table of WiRe57 scores against a
// WiRe57 gold: P, R and F1 of matched tokens, then the gold tuples matched
// one to one and the exact matches' precision and recall.
var WiRe57Metrics = []Metric{{GroupWiRe57, "precision"}, {GroupWiRe57, "recall"}, {GroupWiRe57, "f1"},
	{GroupWiRe57, "matches"}, {GroupWiRe57, "exact_prec"}, {GroupWiRe57, "exact_rec"}}

// readerNotes say how each system scored against a CaRB gold was read, on
// which OIE16-C depends (carb-variants.md 12.2): "OpenIE 4 read as
// openie4, converted to allennlp."
func (r *Report) readerNotes() []string {
	var out []string
	for _, s := range r.Systems {
		if s.Reader != "" {
			out = append(out, fmt.Sprintf("%s read as %s.", s.Name, s.Reader))
		}
	}
	return out
}

// facetLabel is the group's label in the report's layout: the openie6
// layout names CaRB(s,m) and WiRe57-C as OpenIE6-lineage papers print them.
func (r *Report) facetLabel(g Group) string {
	if r.Options.Layout == LayoutOpenIE6 {
		return g.PaperLabel()
	}
	return g.Label()
}

// FacetLabel names a facet or column group held by its name as the paper
// does: Group(f).Label().
func FacetLabel(f string) string { return Group(f).Label() }

// Metrics lists the columns of the report: per facet P, R, F1 and, when
// counts is set, TP, FP, FN.
func (r *Report) Metrics(counts bool) []Metric {
	names := []string{"precision", "recall", "f1"}
	if counts {
		names = append(names, "tp", "fp", "fn")
	}
	var ms []Metric
	for _, f := range r.facetsPresent() {
		if r.Options.Layout == LayoutOpenIE6 {
			// F1 and AUC per metric, as the papers print them; WiRe57-C
			// has no curve.
			ms = append(ms, Metric{f, "f1"})
			if f.HasAUC() {
				ms = append(ms, Metric{f, "auc"})
			}
			continue
		}
		for _, n := range names {
			if m := (Metric{f, n}); !m.IsCount() || f.IsBenchIE() {
				ms = append(ms, m)
			}
		}
		if f.HasAUC() {
			ms = append(ms, Metric{f, "auc"})
		}
	}
	return ms
}

// facetsPresent lists the groups some system has a value in, in the score
// table's order.
func (r *Report) facetsPresent() []Group {
	var gs []Group
	for _, g := range groupOrder {
		for _, s := range r.Systems {
			if _, ok := (Metric{g, "precision"}).Value(s); ok {
				gs = append(gs, g)
				break
			}
		}
	}
	return gs
}

// formatValue formats a value for the report's layout: the openie6 layout
// shows scores ×100 with two fewer decimals, as OpenIE6's README prints
// them.
func (r *Report) formatValue(m Metric, v float64, digits int) string {
	if r.Options.Layout == LayoutOpenIE6 && !m.IsCount() {
		return formatValue(m, 100*v, max(digits-2, 1))
	}
	return formatValue(m, v, digits)
}

func formatValue(m Metric, v float64, digits int) string {
	if m.IsCount() {
		return fmt.Sprintf("%d", int(v))
	}
	if m.IsDelta() {
		// A difference keeps its sign: +0.080 reads as a gain, -0.080 as a
		// loss; a difference that rounds to zero has none.
		s := fmt.Sprintf("%+.*f", digits, v)
		if strings.Trim(s[1:], "0.") == "" {
			return s[1:]
		}
		return s
	}
	return fmt.Sprintf("%.*f", digits, v)
}

// IsDelta tells whether the metric is a difference between two scorers
// (Group.IsDelta).
func (m Metric) IsDelta() bool { return m.Facet.IsDelta() }
