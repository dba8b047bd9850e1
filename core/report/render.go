package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Formats lists the renderings Render understands.
var Formats = []string{"table", "json", "csv", "markdown", "latex"}

// Render writes the report in one of Formats. Every rendering carries the
// signature; JSON carries everything.
func (r *Report) Render(format string) ([]byte, error) {
	switch format {
	case "json":
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // keep "-->" readable in messages
		enc.SetIndent("", "  ")
		err := enc.Encode(r)
		return buf.Bytes(), err
	case "csv":
		return r.csv()
	case "markdown", "md":
		return r.markdown(), nil
	case "latex", "tex":
		return r.latex(), nil
	case "table", "":
		return r.table(), nil
	}
	return nil, fmt.Errorf("unknown format %q: expected one of %s", format, strings.Join(Formats, ", "))
}

// csv has one row per system and full-precision values, for spreadsheets.
func (r *Report) csv() ([]byte, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# %s\n", r.Signature)
	w := csv.NewWriter(&buf)
	ms := r.Metrics(true)
	head := []string{"system", "extractions", "ignored"}
	for _, m := range ms {
		head = append(head, m.Facet+"_"+m.Name)
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
		fmt.Fprintf(&b, " %s %s |", FacetLabel(m.Facet), strings.Fields(m.Label())[1])
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---:|", len(ms)))
	b.WriteString("\n")
	for _, s := range r.Systems {
		fmt.Fprintf(&b, "| %s |", escapeMarkdown(s.Name))
		for _, m := range ms {
			v, ok := m.Value(s)
			if ok {
				fmt.Fprintf(&b, " %s |", formatValue(m, v, 3))
			} else {
				b.WriteString(" – |")
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nGold: %s (%d sentences, %d synsets). Signature: `%s`\n", r.Gold.Path, r.Gold.Sentences, r.Gold.Synsets, r.Signature)
	return []byte(b.String())
}

func escapeMarkdown(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// latex writes a booktabs table ready for a paper: facets as column groups.
func (r *Report) latex() []byte {
	var b strings.Builder
	fs := r.facetsPresent()
	fmt.Fprintf(&b, "%% %s\n", r.Signature)
	b.WriteString("\\begin{table}[t]\n\\centering\n\\begin{tabular}{l")
	b.WriteString(strings.Repeat("ccc", len(fs)))
	b.WriteString("}\n\\toprule\n")
	for _, f := range fs {
		fmt.Fprintf(&b, " & \\multicolumn{3}{c}{%s}", FacetLabel(f))
	}
	b.WriteString(" \\\\\n")
	for i := range fs {
		fmt.Fprintf(&b, "\\cmidrule(lr){%d-%d}", 2+3*i, 4+3*i)
	}
	b.WriteString("\nSystem")
	b.WriteString(strings.Repeat(" & P & R & F1", len(fs)))
	b.WriteString(" \\\\\n\\midrule\n")
	ms := r.Metrics(false)
	for _, s := range r.Systems {
		b.WriteString(escapeLatex(s.Name))
		for _, m := range ms {
			if v, ok := m.Value(s); ok {
				fmt.Fprintf(&b, " & %.2f", v)
			} else {
				b.WriteString(" & --")
			}
		}
		b.WriteString(" \\\\\n")
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	fmt.Fprintf(&b, "\\caption{Fact-level scores on %s (%d sentences, %d synsets). Signature: \\texttt{%s}}\n",
		escapeLatex(r.Gold.Path), r.Gold.Sentences, r.Gold.Synsets, escapeLatex(r.Signature))
	b.WriteString("\\end{table}\n")
	return []byte(b.String())
}

var latexEscaper = strings.NewReplacer(`\`, `\textbackslash{}`, "&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`, "{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`, "|", `\textbar{}`)

func escapeLatex(s string) string { return latexEscaper.Replace(s) }

// table is the terminal view: P, R, F1 and counts per facet.
func (r *Report) table() []byte {
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	ms := r.Metrics(true)
	fmt.Fprint(w, "system\t")
	for _, m := range ms {
		fmt.Fprintf(w, "%s\t", m.Label())
	}
	fmt.Fprintln(w)
	for _, s := range r.Systems {
		fmt.Fprintf(w, "%s\t", s.Name)
		for _, m := range ms {
			v, ok := m.Value(s)
			if ok {
				fmt.Fprintf(w, "%s\t", formatValue(m, v, 4))
			} else {
				fmt.Fprint(w, "–\t")
			}
		}
		fmt.Fprintln(w)
	}
	w.Flush()
	fmt.Fprintf(&buf, "\ngold %s: %d sentences, %d synsets, %d surface triples\n", r.Gold.Path, r.Gold.Sentences, r.Gold.Synsets, r.Gold.Extractions)
	for _, wmsg := range r.Gold.Warnings {
		fmt.Fprintf(&buf, "warning: %s\n", wmsg)
	}
	if g := r.FLGold; g != nil {
		fmt.Fprintf(&buf, "BenchIE^FL reading: %d sentences, %d synsets (the reference's count), %d triples\n", g.Sentences, g.Synsets, g.Extractions)
		for _, wmsg := range g.Warnings {
			fmt.Fprintf(&buf, "warning: BenchIE^FL: %s\n", wmsg)
		}
	}
	for _, n := range r.flNotes() {
		fmt.Fprintln(&buf, n)
	}
	for _, s := range r.Systems {
		for _, wmsg := range s.Warnings {
			fmt.Fprintf(&buf, "warning: %s: %s\n", s.Name, wmsg)
		}
	}
	fmt.Fprintf(&buf, "signature: %s\n", r.Signature)
	return buf.Bytes()
}
