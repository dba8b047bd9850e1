// Package board builds the static results board: one sortable table per
// benchmark, metric and set of options, from receipts that verified
// (core/receipt), each entry linking to its receipt and to the page's
// explorer. It is a package of its own so that the page's evaluator, which
// verifies receipts, does not carry html/template.
package board

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"net/url"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/core/report"
)

// Entry is a receipt that verified, with its report as re-scored.
type Entry struct {
	Receipt *receipt.Receipt
	// File is the receipt's name on the board, under receipts/.
	File   string
	Report *report.Report
}

// LeftOut is a receipt that did not verify, and why.
type LeftOut struct {
	File, Reason string
}

// Board is what the board shows.
type Board struct {
	Entries []Entry
	LeftOut []LeftOut
	// Page is the URL of the page, relative to the board ("../"): an
	// entry opens there in the explorer.
	Page string
}

// Table is one benchmark's metric under one set of options.
type Table struct {
	Title   string
	Options string // the settings the rows share, in words
	Columns []string
	Rows    []Row
}

// Row is one system of one receipt.
type Row struct {
	System, Receipt, Explore string
	Cells                    []Cell
}

// Cell is a number, shown rounded; Value is exact, for sorting and for
// readers who check.
type Cell struct {
	Shown, Value string
}

// benchmarkOf names a receipt's gold: its shipped name, or its base name
// and checksum.
func benchmarkOf(rc *receipt.Receipt) string {
	if rc.Gold.Shipped != "" {
		return rc.Gold.Shipped
	}
	return fmt.Sprintf("%s (sha256 %s…)", rc.Gold.Base, rc.Gold.SHA256[:12])
}

// settingsOf is what, besides the gold and the metric, changes a facet's
// numbers: the signature's fields but the version's, the gold's, the
// systems' and those only other facets read (the CaRB gold is CaRB's, the
// E gold BenchIE-E's, the mode of BenchIE^FL its own).
func settingsOf(r *report.Report, facet report.Group) string {
	var out []string
	for _, f := range strings.Split(r.Signature, "|") {
		k, _, _ := strings.Cut(f, ":")
		switch {
		case k == "oiebench" || k == "gold" || k == "systems" || k == "scorers" || k == "facets",
			k == "carb-gold" && facet != report.GroupCaRB,
			k == "e-gold" && facet != report.GroupEntity,
			k == "fl-mode" && facet != report.GroupFL:
			continue
		}
		if strings.HasSuffix(k, "gold") { // e-gold, carb-gold: shorten the checksum
			if i := strings.LastIndex(f, ":"); i >= 0 && len(f)-i > 13 {
				f = f[:i+13] + "…"
			}
		}
		out = append(out, f)
	}
	return strings.Join(out, ", ")
}

// Tables groups every entry's systems by benchmark, metric and settings,
// in the order they first appear.
func (b *Board) Tables() []Table {
	var tables []Table
	index := map[string]int{}
	for _, e := range b.Entries {
		r := e.Report
		bench := benchmarkOf(e.Receipt)
		metrics := r.Metrics(false)
		for _, facet := range facetsOf(metrics) {
			settings := settingsOf(r, facet)
			key := bench + "\x00" + string(facet) + "\x00" + settings
			i, ok := index[key]
			if !ok {
				i = len(tables)
				index[key] = i
				t := Table{Title: facet.Label() + " on " + bench, Options: settings}
				for _, m := range metrics {
					if m.Facet == facet {
						t.Columns = append(t.Columns, strings.TrimPrefix(m.Label(), string(m.Facet)+" "))
					}
				}
				tables = append(tables, t)
			}
			for _, s := range r.Systems {
				row := Row{System: s.Name, Receipt: "receipts/" + e.File, Explore: b.explore(e.Receipt, s.Name)}
				for _, m := range metrics {
					if m.Facet != facet {
						continue
					}
					if v, ok := m.Value(s); ok {
						row.Cells = append(row.Cells, Cell{fmt.Sprintf("%.4f", v), fmt.Sprint(v)})
					} else {
						row.Cells = append(row.Cells, Cell{"–", ""})
					}
				}
				tables[i].Rows = append(tables[i].Rows, row)
			}
		}
	}
	return tables
}

// facetsOf lists the metrics' facets but the differences between two
// scorers (carb-delta, benchie-fl-delta), which rank nothing.
func facetsOf(ms []report.Metric) []report.Group {
	var out []report.Group
	for _, m := range ms {
		if !slices.Contains(out, m.Facet) && !m.Facet.IsDelta() {
			out = append(out, m.Facet)
		}
	}
	return out
}

// explore is the page's address for a system of a receipt, opening the
// explorer on it: the fragment the page's links use (ui.Link: view, gold
// by its shipped name, system, in that order).
func (b *Board) explore(rc *receipt.Receipt, system string) string {
	f := "#view=sentences"
	if rc.Gold.Shipped != "" {
		f += "&gold=" + url.QueryEscape(rc.Gold.Shipped)
	}
	return b.Page + f + "&system=" + url.QueryEscape(system)
}

//go:embed board.js
var script []byte

//go:embed board.css
var style []byte

var page = template.Must(template.New("board").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>oiebench results board</title>
<link rel="stylesheet" href="board.css">
<script src="board.js" defer></script>
</head>
<body>
<h1>oiebench results board</h1>
<p>Every entry was re-scored from its receipt and files by <code>oiebench board</code>
(oiebench {{.Version}}) and reproduced every number of its receipt. Click a column to sort;
check an entry yourself with <code>oiebench verify RECEIPT [FILES…]</code>.</p>
{{range .Tables}}<section>
<h2>{{.Title}}</h2>
{{if .Options}}<p class="options">{{.Options}}</p>{{end}}
<table class="board">
<thead><tr><th>System</th>{{range .Columns}}<th class="num">{{.}}</th>{{end}}<th>Receipt</th></tr></thead>
<tbody>
{{range .Rows}}<tr><td><a href="{{.Explore}}">{{.System}}</a></td>{{range .Cells}}<td class="num" data-value="{{.Value}}" title="{{.Value}}">{{.Shown}}</td>{{end}}<td><a href="{{.Receipt}}">receipt</a></td></tr>
{{end}}</tbody>
</table>
</section>
{{end}}{{if .LeftOut}}<section id="left-out">
<h2>Left out</h2>
<p>These receipts did not verify when the board was built.</p>
<ul>
{{range .LeftOut}}<li><code>{{.File}}</code>: {{.Reason}}</li>
{{end}}</ul>
</section>
{{end}}</body>
</html>
`))

// Files are the board's files by name: index.html, board.js, board.css
// and each entry's receipt under receipts/.
func (b *Board) Files() map[string][]byte {
	var html bytes.Buffer
	err := page.Execute(&html, struct {
		Version string
		Tables  []Table
		LeftOut []LeftOut
	}{report.Version, b.Tables(), b.LeftOut})
	if err != nil { // the template and its data are this package's
		panic(err)
	}
	files := map[string][]byte{"index.html": html.Bytes(), "board.js": script, "board.css": style}
	for _, e := range b.Entries {
		files["receipts/"+e.File] = e.Receipt.JSON()
	}
	return files
}
