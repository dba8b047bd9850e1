package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Analysis is what `oiebench analyze` adds to a system: the paper's error
// and sentence profiles and bootstrap intervals, on one facet. Counts are
// given, not shares, so that a chart can show both; BucketShares and
// SlotShares give the fractions the paper plots. Package analysis documents
// how every number is computed.
type Analysis struct {
	// Signature is the report's signature followed by every analysis
	// setting that can change a number.
	Signature string `json:"signature"`
	Facet     string `json:"facet"`
	// Incorrect counts the system's incorrect extractions (extractions of
	// sentences not in the gold aside): the denominator of SlotErrors.
	Incorrect int `json:"incorrect"`
	// SlotErrors counts, per slot, the incorrect extractions whose slot
	// differs from that of a closest gold triple (paper Fig. 1).
	SlotErrors SlotErrors `json:"slot_errors"`
	// ErrorBuckets counts incorrect extractions by the slots that equal the
	// closest gold triple (paper Fig. 2).
	ErrorBuckets ErrorBuckets `json:"error_buckets"`
	// BucketTotal is the sum of ErrorBuckets. It exceeds Incorrect by the
	// extra buckets of extractions whose closest gold triples tie with
	// different patterns (Ties of them); the paper counts those in every
	// competing bucket.
	BucketTotal int `json:"error_bucket_total"`
	Ties        int `json:"ties"`
	// SentenceBuckets are P, R and F1 on groups of sentences (paper Fig. 3).
	SentenceBuckets SentenceBuckets `json:"sentence_buckets"`
	// CI95 holds bootstrap 95% intervals; nil when bootstrap was turned off.
	CI95 *Intervals `json:"ci95,omitempty"`
	// PRCurve is present when every extraction carries a confidence.
	PRCurve  *PRCurve         `json:"pr_curve,omitempty"`
	Settings AnalysisSettings `json:"settings"`
}

// SlotErrors counts slot errors of incorrect extractions.
type SlotErrors struct {
	Subject  int `json:"subject"`
	Relation int `json:"relation"`
	Object   int `json:"object"`
}

// Slots returns the counts in the order subject, relation, object.
func (s SlotErrors) Slots() [3]int { return [3]int{s.Subject, s.Relation, s.Object} }

// SlotNames are the slots in order.
var SlotNames = [3]string{"subject", "relation", "object"}

// BucketKeys are the error buckets in the paper's order. A key gives the
// subject, relation and object as 1 (equal to the closest gold triple's
// slot) or 0; "111" cannot occur for an incorrect extraction.
var BucketKeys = [7]string{"000", "001", "010", "011", "100", "101", "110"}

// ErrorBuckets counts incorrect extractions per bucket (see BucketKeys).
type ErrorBuckets struct {
	B000 int `json:"000"`
	B001 int `json:"001"`
	B010 int `json:"010"`
	B011 int `json:"011"`
	B100 int `json:"100"`
	B101 int `json:"101"`
	B110 int `json:"110"`
}

// Counts returns the buckets in the order of BucketKeys.
func (b ErrorBuckets) Counts() [7]int {
	return [7]int{b.B000, b.B001, b.B010, b.B011, b.B100, b.B101, b.B110}
}

// Add adds n to the bucket with the given key; it reports false for a key
// that is not one of BucketKeys.
func (b *ErrorBuckets) Add(key string, n int) bool {
	p := map[string]*int{"000": &b.B000, "001": &b.B001, "010": &b.B010, "011": &b.B011, "100": &b.B100, "101": &b.B101, "110": &b.B110}[key]
	if p == nil {
		return false
	}
	*p += n
	return true
}

// BucketShares returns each error bucket as a share of BucketTotal, in the
// order of BucketKeys: the bars of the paper's Fig. 2.
func (a *Analysis) BucketShares() [7]float64 {
	var out [7]float64
	if a.BucketTotal > 0 {
		for i, n := range a.ErrorBuckets.Counts() {
			out[i] = float64(n) / float64(a.BucketTotal)
		}
	}
	return out
}

// SlotShares returns each slot's errors as a share of Incorrect: the bars
// of the paper's Fig. 1 (they need not sum to 1).
func (a *Analysis) SlotShares() [3]float64 {
	var out [3]float64
	if a.Incorrect > 0 {
		for i, n := range a.SlotErrors.Slots() {
			out[i] = float64(n) / float64(a.Incorrect)
		}
	}
	return out
}

// SentenceBuckets group the gold sentences three ways.
type SentenceBuckets struct {
	Length       []SentenceBucket `json:"length"`
	Conjunctions []SentenceBucket `json:"conjunctions"`
	CaseMarkers  []SentenceBucket `json:"case_markers"`
	// Markers names the rules that found conjunctions and case markers;
	// without a parser they are approximations, and Approximate says so.
	Markers     string `json:"markers"`
	Approximate bool   `json:"approximate"`
	// Untagged counts sentences whose conjunctions and case markers are
	// unknown (no rules for the language, or no tags): they are in the
	// length buckets only.
	Untagged int `json:"untagged"`
}

// Dimensions lists the three groupings with their names, for renderers.
func (s *SentenceBuckets) Dimensions() []SentenceDimension {
	return []SentenceDimension{{"length", "sentence length (tokens)", s.Length},
		{"conjunctions", "conjunctions", s.Conjunctions}, {"case_markers", "case markers", s.CaseMarkers}}
}

// SentenceDimension is one grouping of sentences.
type SentenceDimension struct {
	Key, Title string
	Buckets    []SentenceBucket
}

// SentenceBucket is the score of a system on one group of sentences.
type SentenceBucket struct {
	// Bucket is the label, e.g. "<=20", "21-30", ">30".
	Bucket string `json:"bucket"`
	// Min and Max bound the feature (tokens, conjunctions or case markers)
	// of the bucket's sentences; Max is absent for the open last bucket.
	Min       int     `json:"min"`
	Max       *int    `json:"max,omitempty"`
	Sentences int     `json:"sentences"`
	Synsets   int     `json:"synsets"`
	TP        int     `json:"tp"`
	FP        int     `json:"fp"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
}

// Intervals are 95% confidence intervals, [low, high].
type Intervals struct {
	Precision [2]float64 `json:"precision"`
	Recall    [2]float64 `json:"recall"`
	F1        [2]float64 `json:"f1"`
}

// PRCurve is a fact-level precision-recall curve over confidence thresholds.
type PRCurve struct {
	// Points has one point per distinct confidence, highest first: the
	// score of the extractions whose confidence is at least Threshold.
	Points []PRPoint `json:"points"`
	// AUC is the area under the curve by the trapezoidal rule, from recall 0
	// (at the first point's precision) to the last point.
	AUC           float64 `json:"auc"`
	BestF1        float64 `json:"best_f1"`
	BestThreshold float64 `json:"best_threshold"`
}

// PRPoint is one point of a PR curve.
type PRPoint struct {
	Threshold   float64 `json:"threshold"`
	Extractions int     `json:"extractions"`
	Precision   float64 `json:"precision"`
	Recall      float64 `json:"recall"`
	F1          float64 `json:"f1"`
}

// AnalysisSettings are the settings of an analysis that change numbers.
type AnalysisSettings struct {
	// Samples is the number of bootstrap samples (0: no intervals); Seed
	// seeds them.
	Samples int    `json:"samples"`
	Seed    uint64 `json:"seed"`
	// Lang is the language of the sentences ("" when unknown).
	Lang       string     `json:"lang"`
	Thresholds Thresholds `json:"thresholds"`
}

// Thresholds bound the sentence buckets: each list holds the inclusive upper
// bounds of all buckets but the last, in increasing order. [20, 30] makes
// <=20, 21-30 and >30.
type Thresholds struct {
	Length       []int `json:"length"`
	Conjunctions []int `json:"conjunctions"`
	CaseMarkers  []int `json:"case_markers"`
}

// AnalysisSignature extends a report signature with the analysis settings.
func AnalysisSignature(base, facet string, s AnalysisSettings, markers string) string {
	parts := []string{base, "analysis:" + facet}
	if s.Samples > 0 {
		parts = append(parts, fmt.Sprintf("bootstrap:%d,seed:%d", s.Samples, s.Seed))
	}
	parts = append(parts, "buckets:length="+joinInts(s.Thresholds.Length)+
		";conjunctions="+joinInts(s.Thresholds.Conjunctions)+";case_markers="+joinInts(s.Thresholds.CaseMarkers))
	lang := s.Lang
	if lang == "" {
		lang = "unknown"
	}
	parts = append(parts, "lang:"+lang, "markers:"+strings.Fields(markers + " none")[0])
	return strings.Join(parts, "|")
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// Comparison is a paired significance test of two systems on one gold.
type Comparison struct {
	Signature string `json:"signature"`
	A         string `json:"a"`
	B         string `json:"b"`
	Facet     string `json:"facet"`
	// Method is the test: "approximate-randomisation".
	Method  string `json:"method"`
	Samples int    `json:"samples"`
	Seed    uint64 `json:"seed"`
	// Sentences is the number of gold sentences (the units swapped).
	Sentences int     `json:"sentences"`
	AF1       float64 `json:"a_f1"`
	BF1       float64 `json:"b_f1"`
	// DeltaF1 is F1(A) - F1(B); PValue is two-sided.
	DeltaF1 float64 `json:"delta_f1"`
	PValue  float64 `json:"p_value"`
	// DeltaCI95 is a paired-bootstrap 95% interval of DeltaF1.
	DeltaCI95 [2]float64 `json:"delta_f1_ci95"`
}

// Agreement is the inter-annotator agreement of two gold files.
type Agreement struct {
	Signature string `json:"signature"`
	A         string `json:"a"`
	B         string `json:"b"`
	ASHA256   string `json:"a_sha256"`
	BSHA256   string `json:"b_sha256"`
	Facet     string `json:"facet"`
	// ARecallOnB is the recall of A's surface triples, scored as a system,
	// against B's synsets; BRecallOnA the other way round; IAA their mean.
	ARecallOnB float64 `json:"a_recall_on_b"`
	BRecallOnA float64 `json:"b_recall_on_a"`
	IAA        float64 `json:"iaa"`
	// Exact is false when the agreement's budget left synsets undecided:
	// the agreement then lies between IAA and IAAMax.
	Exact    bool     `json:"exact"`
	IAAMax   float64  `json:"iaa_max"`
	Warnings []string `json:"warnings"`
}

// jsonBytes is the JSON rendering of the small results (see encodeJSON).
func jsonBytes(v any) ([]byte, error) {
	out, _, err := encodeJSON(v)
	return out, err
}

func unknownFormat(format string) error {
	return fmt.Errorf("unknown format %q: expected one of %s", format, strings.Join(Formats, ", "))
}

// analysed returns the systems that carry an analysis.
func (r *Report) analysed() []System {
	var out []System
	for _, s := range r.Systems {
		if s.Analysis != nil {
			out = append(out, s)
		}
	}
	return out
}

// RenderAnalysis writes the report with its analyses in one of Formats: the
// score table (the multi-facet profile, paper Fig. 4) followed by intervals,
// error profiles and sentence buckets. JSON is Render's JSON, which carries
// the analyses; CSV is one long table (system, measure, key, value) so that
// a plotting tool can read every number from one file.
func (r *Report) RenderAnalysis(format string) ([]byte, error) {
	switch format {
	case "json":
		return r.Render(format)
	case "csv":
		return r.analysisCSV()
	case "markdown", "md", "latex", "tex", "table", "":
	default:
		return nil, unknownFormat(format)
	}
	scores, err := r.Render(format)
	if err != nil {
		return nil, err
	}
	sys := r.analysed()
	if len(sys) == 0 {
		return scores, nil
	}
	var b strings.Builder
	b.Write(scores)
	switch format {
	case "markdown", "md":
		analysisMarkdown(&b, sys)
	case "latex", "tex":
		analysisLatex(&b, sys)
	default:
		analysisTable(&b, sys)
	}
	return []byte(b.String()), nil
}

// analysisTableData is one table of every rendering, as cells: one function
// decides what is shown, the renderers only lay it out.
type analysisTableData struct {
	title string
	head  []string
	rows  [][]string
}

func analysisTables(sys []System, digits int) []analysisTableData {
	a0 := sys[0].Analysis
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', digits, 64) }
	var out []analysisTableData
	if a0.CI95 != nil {
		t := analysisTableData{title: fmt.Sprintf("Bootstrap 95%% intervals, %s facet (%d samples of the sentences, seed %d)",
			a0.Facet, a0.Settings.Samples, a0.Settings.Seed),
			head: []string{"System", "P", "P 95% CI", "R", "R 95% CI", "F1", "F1 95% CI"}}
		for _, s := range sys {
			a, sc := s.Analysis, s.BenchIE.Facet(s.Analysis.Facet)
			if a.CI95 == nil || sc == nil {
				continue
			}
			ci := func(v [2]float64) string { return "[" + f(v[0]) + ", " + f(v[1]) + "]" }
			t.rows = append(t.rows, []string{s.Name, f(sc.Precision), ci(a.CI95.Precision), f(sc.Recall), ci(a.CI95.Recall), f(sc.F1), ci(a.CI95.F1)})
		}
		out = append(out, t)
	}
	slots := analysisTableData{title: fmt.Sprintf("Slot errors of incorrect extractions against the closest gold triple (Fig. 1), %s facet: share of incorrect extractions", a0.Facet),
		head: []string{"System", "Incorrect", "subject", "relation", "object"}}
	buckets := analysisTableData{title: fmt.Sprintf("Error buckets (Fig. 2), %s facet: subject, relation, object as 1 = equal to the closest gold triple; share of all bucket counts (ties count in every competing bucket)", a0.Facet),
		head: append(append([]string{"System"}, BucketKeys[:]...), "Incorrect", "Buckets")}
	for _, s := range sys {
		a := s.Analysis
		row := []string{s.Name, strconv.Itoa(a.Incorrect)}
		for _, v := range a.SlotShares() {
			row = append(row, f(v))
		}
		slots.rows = append(slots.rows, row)
		row = []string{s.Name}
		for _, v := range a.BucketShares() {
			row = append(row, f(v))
		}
		buckets.rows = append(buckets.rows, append(row, strconv.Itoa(a.Incorrect), strconv.Itoa(a.BucketTotal)))
	}
	out = append(out, slots, buckets)
	for di, d := range a0.SentenceBuckets.Dimensions() {
		held := 0
		for _, b := range d.Buckets {
			held += b.Sentences
		}
		if held == 0 { // no sentence has markers (a language without rules)
			continue
		}
		title := fmt.Sprintf("F1 by %s (Fig. 3), %s facet", d.Title, a0.Facet)
		if di > 0 && a0.SentenceBuckets.Approximate {
			title += "; approximation: " + a0.SentenceBuckets.Markers
		}
		if di > 0 && a0.SentenceBuckets.Untagged > 0 {
			title += fmt.Sprintf("; %d sentences without tags left out", a0.SentenceBuckets.Untagged)
		}
		t := analysisTableData{title: title, head: []string{"System"}}
		for _, b := range d.Buckets {
			t.head = append(t.head, fmt.Sprintf("%s (%d)", b.Bucket, b.Sentences))
		}
		for _, s := range sys {
			row := []string{s.Name}
			for _, b := range s.Analysis.SentenceBuckets.Dimensions()[di].Buckets {
				row = append(row, f(b.F1))
			}
			t.rows = append(t.rows, row)
		}
		out = append(out, t)
	}
	pr := analysisTableData{title: "PR curves over extraction confidences", head: []string{"System", "Points", "AUC", "Best F1", "at confidence"}}
	for _, s := range sys {
		if c := s.Analysis.PRCurve; c != nil {
			pr.rows = append(pr.rows, []string{s.Name, strconv.Itoa(len(c.Points)), f(c.AUC), f(c.BestF1), strconv.FormatFloat(c.BestThreshold, 'g', -1, 64)})
		}
	}
	if len(pr.rows) > 0 {
		out = append(out, pr)
	}
	return out
}

func analysisMarkdown(b *strings.Builder, sys []System) {
	for _, t := range analysisTables(sys, 3) {
		fmt.Fprintf(b, "\n%s\n\n|", t.title)
		for _, h := range t.head {
			fmt.Fprintf(b, " %s |", escapeMarkdown(h))
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(t.head)-1) + "\n")
		for _, row := range t.rows {
			b.WriteString("|")
			for _, c := range row {
				fmt.Fprintf(b, " %s |", escapeMarkdown(c))
			}
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(b, "\nAnalysis signature: `%s`\n", sys[0].Analysis.Signature)
}

func analysisLatex(b *strings.Builder, sys []System) {
	fmt.Fprintf(b, "%% %s\n%% needs \\usepackage{booktabs} and \\usepackage{graphicx}\n", sys[0].Analysis.Signature)
	for _, t := range analysisTables(sys, 2) {
		b.WriteString(latexTableStart("l" + strings.Repeat("c", len(t.head)-1)))
		cells := make([]string, len(t.head))
		for i, h := range t.head {
			cells[i] = latexCell(h)
		}
		b.WriteString(strings.Join(cells, " & ") + " \\\\\n\\midrule\n")
		for _, row := range t.rows {
			cells := make([]string, len(row))
			for i, c := range row {
				cells[i] = latexCell(c)
			}
			b.WriteString(strings.Join(cells, " & ") + " \\\\\n")
		}
		title := escapeLatex(t.title)
		b.WriteString(latexTableEnd(title, title+".", sys[0].Analysis.Signature))
	}
}

// latexMath sets the characters that text fonts lack (or, in LaTeX's
// default encoding, print as other glyphs) in math mode.
var latexMath = strings.NewReplacer("<=", `$\leq$`, ">=", `$\geq$`, "<", `$<$`, ">", `$>$`, "Δ", `$\Delta$`)

// latexCell escapes a table cell or heading for LaTeX.
func latexCell(s string) string { return latexMath.Replace(escapeLatex(s)) }

func analysisTable(b *strings.Builder, sys []System) {
	for _, t := range analysisTables(sys, 4) {
		fmt.Fprintf(b, "\n%s\n", t.title)
		var buf bytes.Buffer
		w := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, strings.Join(t.head, "\t")+"\t")
		for _, row := range t.rows {
			fmt.Fprintln(w, strings.Join(row, "\t")+"\t")
		}
		w.Flush()
		b.Write(buf.Bytes())
	}
	fmt.Fprintf(b, "\nanalysis signature: %s\n", sys[0].Analysis.Signature)
}

// analysisCSV writes every number of the report and its analyses as rows
// (system, measure, key, value), full precision.
func (r *Report) analysisCSV() ([]byte, error) {
	var buf bytes.Buffer
	sig := r.Signature
	if sys := r.analysed(); len(sys) > 0 {
		sig = sys[0].Analysis.Signature
	}
	fmt.Fprintf(&buf, "# %s\n", sig)
	w := newCSVWriter(&buf)
	w.Write([]string{"system", "measure", "key", "value"})
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', 17, 64) }
	for _, s := range r.Systems {
		row := func(measure, key, value string) { w.Write([]string{s.Name, measure, key, value}) }
		for _, m := range r.Metrics(true) {
			if v, ok := m.Value(s); ok {
				row(m.Name, string(m.Facet), num(v))
			}
		}
		a := s.Analysis
		if a == nil {
			continue
		}
		if a.CI95 != nil {
			for _, c := range []struct {
				name string
				v    [2]float64
			}{{"precision", a.CI95.Precision}, {"recall", a.CI95.Recall}, {"f1", a.CI95.F1}} {
				row(c.name+"_ci95_low", a.Facet, num(c.v[0]))
				row(c.name+"_ci95_high", a.Facet, num(c.v[1]))
			}
		}
		row("incorrect", a.Facet, strconv.Itoa(a.Incorrect))
		for i, n := range a.SlotErrors.Slots() {
			row("slot_errors", SlotNames[i], strconv.Itoa(n))
		}
		for i, n := range a.ErrorBuckets.Counts() {
			row("error_bucket", BucketKeys[i], strconv.Itoa(n))
		}
		row("error_bucket_total", a.Facet, strconv.Itoa(a.BucketTotal))
		for _, d := range a.SentenceBuckets.Dimensions() {
			for _, b := range d.Buckets {
				row(d.Key+"_sentences", b.Bucket, strconv.Itoa(b.Sentences))
				row(d.Key+"_precision", b.Bucket, num(b.Precision))
				row(d.Key+"_recall", b.Bucket, num(b.Recall))
				row(d.Key+"_f1", b.Bucket, num(b.F1))
			}
		}
		if c := a.PRCurve; c != nil {
			row("pr_auc", a.Facet, num(c.AUC))
			for _, p := range c.Points {
				key := num(p.Threshold)
				row("pr_precision", key, num(p.Precision))
				row("pr_recall", key, num(p.Recall))
			}
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// Render writes the comparison in one of Formats.
func (c *Comparison) Render(format string) ([]byte, error) {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	p := strconv.FormatFloat(c.PValue, 'g', 4, 64)
	ci := "[" + f(c.DeltaCI95[0]) + ", " + f(c.DeltaCI95[1]) + "]"
	head := []string{"A", "B", "F1 A", "F1 B", "ΔF1", "ΔF1 95% CI", "p"}
	row := []string{c.A, c.B, f(c.AF1), f(c.BF1), f(c.DeltaF1), ci, p}
	note := fmt.Sprintf("%s facet; two-sided %s test, %d samples, seed %d, over %d sentences", c.Facet, c.Method, c.Samples, c.Seed, c.Sentences)
	return renderSmall(c, format, head, row, note, c.Signature)
}

// Render writes the agreement in one of Formats.
func (a *Agreement) Render(format string) ([]byte, error) {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	head := []string{"A", "B", "recall of A on B", "recall of B on A", "IAA"}
	row := []string{a.A, a.B, f(a.ARecallOnB), f(a.BRecallOnA), f(a.IAA)}
	note := fmt.Sprintf("%s facet; each gold's surface triples scored as a system against the other's synsets", a.Facet)
	out, err := renderSmall(a, format, head, row, note, a.Signature)
	if err != nil || format == "json" || format == "csv" || len(a.Warnings) == 0 {
		return out, err
	}
	var b strings.Builder
	b.Write(out)
	for _, w := range a.Warnings {
		switch format {
		case "latex", "tex":
			fmt.Fprintf(&b, "%% warning: %s\n", w)
		default:
			fmt.Fprintf(&b, "warning: %s\n", w)
		}
	}
	return []byte(b.String()), nil
}

// renderSmall lays out a one-row result (a comparison, an agreement).
func renderSmall(v any, format string, head, row []string, note, signature string) ([]byte, error) {
	var b strings.Builder
	switch format {
	case "json":
		return jsonBytes(v)
	case "csv":
		fmt.Fprintf(&b, "# %s\n", signature)
		w := newCSVWriter(&b)
		w.Write(head)
		w.Write(row)
		w.Flush()
		return []byte(b.String()), w.Error()
	case "markdown", "md":
		b.WriteString("|")
		for _, h := range head {
			fmt.Fprintf(&b, " %s |", escapeMarkdown(h))
		}
		b.WriteString("\n|---|---|" + strings.Repeat("---:|", len(head)-2) + "\n|")
		for _, c := range row {
			fmt.Fprintf(&b, " %s |", escapeMarkdown(c))
		}
		fmt.Fprintf(&b, "\n\n%s. Signature: `%s`\n", note, signature)
	case "latex", "tex":
		fmt.Fprintf(&b, "%% %s\n%% needs \\usepackage{booktabs} and \\usepackage{graphicx}\n", signature)
		b.WriteString(latexTableStart("ll" + strings.Repeat("c", len(head)-2)))
		esc := func(xs []string) string {
			out := make([]string, len(xs))
			for i, x := range xs {
				out[i] = latexCell(x)
			}
			return strings.Join(out, " & ")
		}
		fmt.Fprintf(&b, "%s \\\\\n\\midrule\n%s \\\\\n", esc(head), esc(row))
		b.WriteString(latexTableEnd(escapeLatex(note), escapeLatex(note)+".", signature))
	case "table", "":
		w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		for i := range head {
			fmt.Fprintf(w, "%s\t%s\n", head[i], row[i])
		}
		w.Flush()
		fmt.Fprintf(&b, "\n%s\nsignature: %s\n", note, signature)
	default:
		return nil, unknownFormat(format)
	}
	return []byte(b.String()), nil
}
