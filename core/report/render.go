package report

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// Formats lists the renderings Render understands.
var Formats = []string{"table", "json", "csv", "markdown", "latex"}

// RenderOptions shape the renderings for a terminal.
type RenderOptions struct {
	// Wide puts the whole table in one block; by default it is cut into
	// blocks of columns that fit TableWidth, each led by the system column.
	Wide bool
}

// TableWidth is the width the table fits by default (a terminal's 120
// columns).
const TableWidth = 120

// Render writes the report in one of Formats with the default options.
// Every rendering carries the signature; JSON carries everything.
func (r *Report) Render(format string) ([]byte, error) {
	return r.RenderWith(format, RenderOptions{})
}

// RenderWith writes the report in one of Formats.
func (r *Report) RenderWith(format string, opts RenderOptions) ([]byte, error) {
	switch format {
	case "json":
		return r.json()
	case "csv":
		return r.csv()
	case "markdown", "md":
		return r.markdown(), nil
	case "latex", "tex":
		return r.latex(), nil
	case "table", "":
		return r.table(opts), nil
	}
	return nil, fmt.Errorf("unknown format %q: expected one of %s", format, strings.Join(Formats, ", "))
}

// json encodes the report, never failing on a non-finite number: it is made
// finite in place (see encodeJSON) and the system it belongs to, or the
// gold, carries a warning.
func (r *Report) json() ([]byte, error) {
	out, fixed, err := encodeJSON(r)
	if len(fixed) == 0 || err != nil {
		return out, err
	}
	for _, place := range fixed {
		ws := &r.Gold.Warnings
		if i, ok := systemAt(place); ok && i < len(r.Systems) {
			ws = &r.Systems[i].Warnings
		}
		*ws = append(*ws, finiteWarning(place))
	}
	out, _, err = encodeJSON(r)
	return out, err
}

// systemAt is the system a place in the report's JSON belongs to:
// "systems[2].…" is the third. (Parsed by hand: fmt's scanning would be
// its only use in the page's evaluator.)
func systemAt(place string) (int, bool) {
	rest, ok := strings.CutPrefix(place, "systems[")
	if !ok {
		return 0, false
	}
	n, _, ok := strings.Cut(rest, "]")
	i, err := strconv.Atoi(n)
	return i, ok && err == nil && i >= 0
}

// csv has one row per system and full-precision values, for spreadsheets.
func (r *Report) csv() ([]byte, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# %s\n", r.Signature)
	w := newCSVWriter(&buf)
	ms := r.Metrics(true)
	head := []string{"system", "extractions", "ignored"}
	for _, m := range ms {
		head = append(head, string(m.Facet)+"_"+m.Name)
	}
	w.Write(head)
	for _, s := range r.Systems {
		row := []string{s.Name, strconv.Itoa(s.Extractions), strconv.Itoa(s.Ignored)}
		for _, m := range ms {
			v, ok := m.Value(s)
			switch {
			case !ok:
				row = append(row, "")
			case m.IsCount():
				row = append(row, strconv.Itoa(int(v)))
			default:
				row = append(row, strconv.FormatFloat(v, 'g', -1, 64)) // shortest exact form
			}
		}
		w.Write(row)
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

func (r *Report) markdown() []byte {
	var b strings.Builder
	ms := r.Metrics(false)
	b.WriteString("| System |")
	for _, m := range ms {
		fmt.Fprintf(&b, " %s %s |", r.facetLabel(m.Facet), m.Short())
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---:|", len(ms)))
	b.WriteString("\n")
	for _, s := range r.Systems {
		fmt.Fprintf(&b, "| %s |", escapeMarkdown(s.Name))
		for _, m := range ms {
			v, ok := m.Value(s)
			if ok {
				fmt.Fprintf(&b, " %s |", r.formatValue(m, v, 3))
			} else {
				b.WriteString(" – |")
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nGold: %s (%s, %s). Signature: `%s`\n", BaseName(r.Gold.Path), r.SentencesLabel(), r.goldUnits(), r.Signature)
	return []byte(b.String())
}

func escapeMarkdown(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// latex writes a booktabs table ready for a paper: facets as column
// groups of their own metrics (P, R, F1, and CaRB's AUC), deltas signed, and
// LaTeX for the symbols the screen shows (Δ, −, ^FL), so that pdflatex takes
// it as it is. A table wider than the column is scaled down to it (graphicx;
// a narrower one keeps its size), and the signature may break at its fields
// and inside its checksums, so that nothing runs into the margin.
func (r *Report) latex() []byte {
	var b strings.Builder
	ms := r.Metrics(false)
	groups, values := facetGroups(ms), len(ms)
	fmt.Fprintf(&b, "%% %s\n%% needs \\usepackage{booktabs} and \\usepackage{graphicx}\n", r.Signature)
	b.WriteString(latexTableStart("l" + strings.Repeat("r", values)))
	col := 2
	var rules strings.Builder
	for _, g := range groups {
		fmt.Fprintf(&b, " & \\multicolumn{%d}{c}{%s}", len(g.Metrics), latexSymbols.Replace(escapeLatex(r.facetLabel(g.Facet))))
		fmt.Fprintf(&rules, "\\cmidrule(lr){%d-%d}", col, col+len(g.Metrics)-1)
		col += len(g.Metrics)
	}
	b.WriteString(" \\\\\n" + rules.String() + "\nSystem")
	for _, g := range groups {
		for _, m := range g.Metrics {
			b.WriteString(" & " + m.Short())
		}
	}
	b.WriteString(" \\\\\n\\midrule\n")
	for _, s := range r.Systems {
		b.WriteString(escapeLatex(s.Name))
		for _, g := range groups {
			for _, m := range g.Metrics {
				v, ok := m.Value(s)
				switch {
				case !ok:
					b.WriteString(" & --")
				case m.IsDelta() && v < 0:
					fmt.Fprintf(&b, " & $-$%.2f", -v)
				case m.IsDelta():
					fmt.Fprintf(&b, " & $+$%.2f", v)
				case r.Options.Layout == LayoutOpenIE6:
					fmt.Fprintf(&b, " & %.1f", 100*v)
				default:
					fmt.Fprintf(&b, " & %.2f", v)
				}
			}
		}
		b.WriteString(" \\\\\n")
	}
	what := "Fact-level"
	if !slices.Contains(r.Options.Scorers, "benchie") {
		what = "Token-level"
	}
	notes := ""
	if r.Options.Layout == LayoutOpenIE6 {
		notes = " F1 at the optimal threshold and AUC, $\\times$100." + escapeLatex(" "+strings.Join(r.readerNotes(), " "))
	}
	short := fmt.Sprintf("%s scores on %s", what, escapeLatex(BaseName(r.Gold.Path)))
	b.WriteString(latexTableEnd(short, fmt.Sprintf("%s (%s, %s).%s", short, escapeLatex(r.SentencesLabel()), r.goldUnits(), notes), r.Signature))
	return []byte(b.String())
}

// FacetGroup is a facet's consecutive columns.
type FacetGroup struct {
	Facet   Group
	Metrics []Metric
}

// facetGroups cuts the columns into their facets, in order: the terminal's
// blocks, LaTeX's column groups and the page's headings all keep a facet
// together.
func facetGroups(ms []Metric) []FacetGroup {
	var gs []FacetGroup
	for _, m := range ms {
		if len(gs) == 0 || gs[len(gs)-1].Facet != m.Facet {
			gs = append(gs, FacetGroup{Facet: m.Facet})
		}
		gs[len(gs)-1].Metrics = append(gs[len(gs)-1].Metrics, m)
	}
	return gs
}

// Columns are the columns of the report's score table, cut by facet: every
// rendering (the exports and the page's table) takes its columns from here.
// counts adds TP, FP and FN to the BenchIE facets.
func (r *Report) Columns(counts bool) []FacetGroup { return facetGroups(r.Metrics(counts)) }

// latexTableStart opens a table whose tabular (columns spec) is scaled
// down to the column when it is wider, never up.
func latexTableStart(spec string) string {
	return "\\begin{table}[t]\n\\centering\n" +
		"\\resizebox{\\ifdim\\width>\\linewidth\\linewidth\\else\\width\\fi}{!}{%\n" +
		"\\begin{tabular}{" + spec + "}\n\\toprule\n"
}

// latexTableEnd closes a table opened by latexTableStart with a caption
// ending in the signature. The short caption (already LaTeX) keeps the
// signature out of a list of tables; the signature may break after each
// field, each list item and inside its checksums, and the tolerance lets it break with
// underfull lines (monospaced characters without spaces cannot stretch)
// rather than run into the margin.
func latexTableEnd(short, long, signature string) string {
	sig := strings.NewReplacer(`\textbar{}`, `\textbar{}\allowbreak{}`, ";", `;\allowbreak{}`, ",", `,\allowbreak{}`).
		Replace(escapeLatex(signature))
	return "\\bottomrule\n\\end{tabular}}\n" +
		fmt.Sprintf("\\caption[%s]{\\tolerance=10000 %s Signature: \\texttt{%s}}\n", short, long, breakChecksums(sig)) +
		"\\end{table}\n"
}

// breakChecksums lets LaTeX break a checksum of a signature (a run of 32
// or more lowercase hexadecimal digits) every 16 digits. (A loop, not a
// regular expression: the page's evaluator would carry Go's regexp
// package, a quarter of a megabyte, for this one use.)
func breakChecksums(s string) string {
	isHex := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isHex(s[j]) {
			j++
		}
		if j == i {
			b.WriteByte(s[i])
			i++
			continue
		}
		run := s[i:j]
		if len(run) >= 32 {
			for len(run) > 16 {
				b.WriteString(run[:16])
				b.WriteString(`\allowbreak{}`)
				run = run[16:]
			}
		}
		b.WriteString(run)
		i = j
	}
	return b.String()
}

// latexFacet is FacetLabel in LaTeX: Δ, − and ^FL as math.
func latexFacet(f string) string {
	return latexSymbols.Replace(escapeLatex(FacetLabel(f)))
}

var latexSymbols = strings.NewReplacer("Δ", `$\Delta$`, "−", `$-$`, `\textasciicircum{}FL`, `\textsuperscript{FL}`)

var latexEscaper = strings.NewReplacer(`\`, `\textbackslash{}`, "&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`, "{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`, "|", `\textbar{}`)

func escapeLatex(s string) string { return latexEscaper.Replace(s) }

// table is the terminal view: P, R, F1 and counts per facet, in blocks of
// columns that fit TableWidth unless opts.Wide. Warnings are not part of it:
// WarningLines lists them for standard error.
func (r *Report) table(opts RenderOptions) []byte {
	ms := r.Metrics(true)
	head := []string{"system"}
	rows := make([][]string, len(r.Systems))
	for _, m := range ms {
		if r.Options.Layout == LayoutOpenIE6 {
			head = append(head, r.facetLabel(m.Facet)+" "+m.Short())
		} else {
			head = append(head, m.Label())
		}
	}
	for i, s := range r.Systems {
		rows[i] = []string{s.Name}
		for _, m := range ms {
			if v, ok := m.Value(s); ok {
				rows[i] = append(rows[i], r.formatValue(m, v, 4))
			} else {
				rows[i] = append(rows[i], "–")
			}
		}
	}
	width := func(c int) int {
		w := utf8.RuneCountInString(head[c])
		for _, row := range rows {
			w = max(w, utf8.RuneCountInString(row[c]))
		}
		return w
	}
	// Pack the metric columns into blocks, each after the system column,
	// keeping a facet's columns together when they fit in one block.
	var blocks [][]int
	used, c := 0, 1 // column c of the table is metric c-1
	for _, fg := range facetGroups(ms) {
		group := make([]int, len(fg.Metrics))
		gw := 0
		for i := range group {
			group[i] = c
			gw += 2 + width(c)
			c++
		}
		if len(blocks) == 0 || (!opts.Wide && used+gw > TableWidth) {
			blocks, used = append(blocks, nil), width(0)
		}
		for _, g := range group {
			if !opts.Wide && used+2+width(g) > TableWidth && len(blocks[len(blocks)-1]) > 0 {
				blocks, used = append(blocks, nil), width(0)
			}
			blocks[len(blocks)-1] = append(blocks[len(blocks)-1], g)
			used += 2 + width(g)
		}
	}
	var buf bytes.Buffer
	for bi, cols := range blocks {
		if bi > 0 {
			buf.WriteByte('\n')
		}
		w := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
		for _, row := range append([][]string{head}, rows...) {
			fmt.Fprintf(w, "%s\t", row[0])
			for _, c := range cols {
				fmt.Fprintf(w, "%s\t", row[c])
			}
			fmt.Fprintln(w)
		}
		w.Flush()
	}
	if slices.Contains(r.Options.Scorers, "benchie") {
		fmt.Fprintf(&buf, "\ngold %s: %s, %d synsets, %d surface triples\n", BaseName(r.Gold.Path), r.SentencesLabel(), r.Gold.Synsets, r.Gold.Extractions)
	} else { // a token-level gold has tuples, not synsets
		fmt.Fprintf(&buf, "\ngold %s: %d sentences, %d tuples\n", BaseName(r.Gold.Path), r.Gold.Sentences, r.Gold.Extractions)
	}
	if g := r.FLGold; g != nil {
		fmt.Fprintf(&buf, "BenchIE^FL reading: %d sentences, %d synsets (the reference's count), %d triples\n", g.Sentences, g.Synsets, g.Extractions)
	}
	for _, n := range r.flNotes() {
		fmt.Fprintln(&buf, n)
	}
	if r.Options.Layout == LayoutOpenIE6 {
		fmt.Fprintln(&buf, "F1 at the optimal threshold and AUC, ×100, as OpenIE6's README prints them.")
	}
	for _, n := range r.readerNotes() {
		fmt.Fprintln(&buf, n)
	}
	line := "signature: "
	for i, field := range strings.SplitAfter(r.Signature, "|") {
		// Fold at its fields past the width; the JSON report has it whole.
		if i > 0 && !opts.Wide && len(line)+len(field) > TableWidth {
			buf.WriteString(line + "\n")
			line = "           "
		}
		line += field
	}
	buf.WriteString(line + "\n")
	return buf.Bytes()
}

// WarningLines lists the gold's and the systems' warnings, each system's
// led by its name: what a terminal shows on standard error.
func (r *Report) WarningLines() []string {
	out := append([]string(nil), r.Gold.Warnings...)
	if r.FLGold != nil {
		for _, w := range r.FLGold.Warnings {
			out = append(out, "BenchIE^FL: "+w)
		}
	}
	for _, s := range r.Systems {
		for _, w := range s.Warnings {
			out = append(out, s.Name+": "+w)
		}
	}
	return out
}

// BaseName is a path's last element (either slash), for captions: a table in
// a paper names its gold, not the author's folders.
func BaseName(p string) string {
	return p[strings.LastIndexAny(p, `/\`)+1:]
}

// goldUnits counts what the gold holds: synsets for BenchIE, tuples for a
// token-level gold scored alone.
func (r *Report) goldUnits() string {
	if slices.Contains(r.Options.Scorers, "benchie") {
		return fmt.Sprintf("%d synsets", r.Gold.Synsets)
	}
	return fmt.Sprintf("%d tuples", r.Gold.Extractions)
}
