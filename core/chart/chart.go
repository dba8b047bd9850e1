// Package chart draws the BenchIE paper's figures from a report as SVG:
// slot errors (Fig. 1), error patterns (Fig. 2), F1 by sentence bucket
// (Fig. 3), the multi-facet profile (Fig. 4) and precision-recall curves.
//
// Every chart is drawn from report values only (report.System.Analysis for
// Figs. 1-3 and the PR curves, the BenchIE scores for Fig. 4), so the page
// and the command line draw the same picture from the same numbers. The
// output is a standalone SVG document: deterministic (the same report gives
// the same bytes), with the Okabe–Ito palette, text labels rather than
// colour alone, a white background (so that a PNG made from it is not
// transparent), and no scripts. Each mark carries data-system, data-key and
// data-value (the number drawn, at full precision) and a <title> that a
// browser shows on hover.
package chart

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/oiebench/oiebench/core/report"
)

// Figure is one chart with what it shows.
type Figure struct {
	// Key names the chart: the file name of its export and the prefix of
	// its element ids (slot-errors, error-buckets, sentence-buckets,
	// profile, pr-curves).
	Key string
	// Title and Caption say what the chart shows and how to read it; both
	// are inside the SVG too (<title>, <desc>).
	Title, Caption string
	SVG            string
}

// Figures draws every chart the report has numbers for, in the paper's
// order. Figs. 1-3 and the PR curves need the systems' analyses.
func Figures(r *report.Report) []Figure { return FiguresPaced(r, nil) }

// FiguresPaced is Figures calling pause (when set) after each figure, for
// the page (the five took one task of 70 ms at 1×, 0.36 s at 4× CPU).
func FiguresPaced(r *report.Report, pause func()) []Figure {
	var out []Figure
	for _, draw := range []func(*report.Report) (Figure, bool){SlotErrors, ErrorBuckets, SentenceBuckets, Profile, PRCurves} {
		if f, ok := draw(r); ok {
			out = append(out, f)
		}
		if pause != nil {
			pause()
		}
	}
	return out
}

// analysed returns the systems that carry an analysis.
func analysed(r *report.Report) []report.System {
	var out []report.System
	for _, s := range r.Systems {
		if s.Analysis != nil {
			out = append(out, s)
		}
	}
	return out
}

func names(sys []report.System) []string {
	out := make([]string, len(sys))
	for i, s := range sys {
		out[i] = s.Name
	}
	return out
}

// footer names the gold and the version the numbers come from.
func footer(r *report.Report) string {
	sha := r.Gold.SHA256
	if len(sha) > 12 {
		sha = sha[:12] + "…"
	}
	return fmt.Sprintf("oiebench %s · gold %s · sha256 %s", report.Version, baseName(r.Gold.Path), sha)
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// facetName names an analysed facet, e.g. "BenchIE-C facet".
func facetName(f string) string {
	return cmp.Or(report.FacetLabel(f), f) + " facet"
}

// SlotErrors draws paper Fig. 1: for each system, the share of its
// incorrect extractions whose subject, relation or object differs from a
// closest gold triple.
func SlotErrors(r *report.Report) (Figure, bool) {
	sys := analysed(r)
	if len(sys) == 0 {
		return Figure{}, false
	}
	f := Figure{Key: "slot-errors", Title: "Slot errors of incorrect extractions",
		Caption: "An incorrect extraction's closest gold triples are the annotated triples of its sentence that agree with it in the most slots. " +
			"A slot counts as wrong when it differs in at least one of them, so a system's three shares need not add up to 100%."}
	subtitle := "Share of incorrect extractions whose slot differs from a closest gold triple · " + facetName(sys[0].Analysis.Facet) + " · paper Fig. 1"
	const panelW, gap, rowH, top, countW = 170.0, 44.0, 26.0, 88.0, 110.0
	lw := labelWidth(names(sys))
	w := pad + lw + 3*panelW + 2*gap + countW + pad
	h := top + rowH*float64(len(sys)) + 56
	c := newCanvas(f.Key, f.Title, f.Caption, w, h)
	c.heading(f.Title, subtitle)
	colours := [3]string{Blue, Vermillion, BluishGreen}
	bottom := top + rowH*float64(len(sys))
	for k, slot := range report.SlotNames {
		x0 := pad + lw + float64(k)*(panelW+gap)
		c.text(x0, top-12, "start", strings.ToUpper(slot[:1])+slot[1:], `font-weight="600"`)
		for t := 0; t <= 4; t++ {
			x := x0 + panelW*float64(t)/4
			c.line(x, top-4, x, bottom, grid, "")
			if t%2 == 0 {
				c.text(x, bottom+16, "middle", percent(float64(t)/4), `font-size="11" fill="`+muted+`"`)
			}
		}
	}
	c.text(pad+lw+3*panelW+2*gap+12, top-12, "start", "Incorrect", `font-weight="600"`)
	for i, s := range sys {
		a := s.Analysis
		y := top + rowH*float64(i)
		c.text(pad+lw-10, y+rowH/2+4, "end", shorten(s.Name, maxName), "")
		shares, counts := a.SlotShares(), a.SlotErrors.Slots()
		for k, slot := range report.SlotNames {
			x0 := pad + lw + float64(k)*(panelW+gap)
			bw := panelW * shares[k]
			c.printf(`<rect x="%s" y="%s" width="%s" height="14" fill="%s" %s data-count="%d"><title>%s</title></rect>`,
				num(x0), num(y+6), num(bw), colours[k], data(s.Name, slot, shares[k]), counts[k],
				esc(fmt.Sprintf("%s · %s wrong in %d of %d incorrect extractions (%s)", s.Name, slot, counts[k], a.Incorrect, percent(shares[k]))))
			if bw > panelW-36 {
				c.text(x0+bw-4, y+rowH/2+4, "end", percent(shares[k]), `font-size="11" fill="`+contrastText(colours[k])+`"`)
			} else {
				c.text(x0+bw+4, y+rowH/2+4, "start", percent(shares[k]), `font-size="11"`)
			}
		}
		c.text(pad+lw+3*panelW+2*gap+12, y+rowH/2+4, "start", fmt.Sprint(a.Incorrect), `data-key="incorrect" data-system="`+esc(s.Name)+`"`)
	}
	c.footer(footer(r))
	f.SVG = c.String()
	return f, true
}

// bucketColours colour the error patterns by how many slots are wrong:
// warm for two or three wrong slots, cool for one.
var bucketColours = map[string]string{
	"000": Vermillion, "001": Orange, "010": Yellow, "100": ReddishPurple,
	"011": SkyBlue, "101": BluishGreen, "110": Blue,
}

// BucketLabel says in words which slots of a pattern are wrong, e.g.
// "110" -> "object wrong".
func BucketLabel(key string) string {
	var wrong []string
	for i, ch := range key {
		if ch == '0' {
			wrong = append(wrong, report.SlotNames[i])
		}
	}
	switch len(wrong) {
	case 0:
		return "all agree"
	case 3:
		return "all three wrong"
	}
	return strings.Join(wrong, ", ") + " wrong"
}

// ErrorBuckets draws paper Fig. 2: for each system, the shares of the error
// patterns (000 ... 110) of its incorrect extractions as one stacked bar.
func ErrorBuckets(r *report.Report) (Figure, bool) {
	sys := analysed(r)
	if len(sys) == 0 {
		return Figure{}, false
	}
	f := Figure{Key: "error-buckets", Title: "Error patterns of incorrect extractions",
		Caption: "Each distinct pattern among an incorrect extraction's closest gold triples counts once; an extraction whose closest triples tie with different patterns " +
			"counts in every competing bucket, so shares are of all bucket counts (right), which can exceed the incorrect extractions."}
	subtitle := "Subject, relation, object: 1 = agrees with the closest gold triple, 0 = differs · " + facetName(sys[0].Analysis.Facet) + " · paper Fig. 2"
	const barW, rowH, countW = 500.0, 28.0, 130.0
	lw := labelWidth(names(sys))
	w := pad + lw + barW + countW + pad
	// The legend flows in rows as wide as the chart.
	type entry struct{ x, y float64 }
	var legend []entry
	x, y := pad, 62.0
	for _, key := range report.BucketKeys {
		ew := 18 + textWidth(key+" · "+BucketLabel(key), 11.5) + 22
		if x+ew > w-pad && x > pad {
			x, y = pad, y+20
		}
		legend = append(legend, entry{x, y})
		x += ew
	}
	top := y + 44
	h := top + rowH*float64(len(sys)) + 36
	c := newCanvas(f.Key, f.Title, f.Caption, w, h)
	c.heading(f.Title, subtitle)
	for i, key := range report.BucketKeys {
		e := legend[i]
		c.printf(`<rect x="%s" y="%s" width="12" height="12" rx="2" fill="%s"/>`, num(e.x), num(e.y-10), bucketColours[key])
		c.text(e.x+18, e.y, "start", key+" · "+BucketLabel(key), `font-size="11.5"`)
	}
	c.text(pad+lw+barW+12, top-10, "start", "Bucket counts", `font-weight="600"`)
	for i, s := range sys {
		a := s.Analysis
		y := top + rowH*float64(i)
		c.text(pad+lw-10, y+rowH/2+4, "end", shorten(s.Name, maxName), "")
		x := pad + lw
		counts := a.ErrorBuckets.Counts()
		for k, share := range a.BucketShares() {
			key := report.BucketKeys[k]
			bw := barW * share
			fill := bucketColours[key]
			c.printf(`<rect x="%s" y="%s" width="%s" height="18" fill="%s" stroke="%s" stroke-width="1" %s data-count="%d"><title>%s</title></rect>`,
				num(x), num(y+4), num(bw), fill, paper, data(s.Name, key, share), counts[k],
				esc(fmt.Sprintf("%s · %s (%s): %d of %d bucket counts (%s)", s.Name, key, BucketLabel(key), counts[k], a.BucketTotal, percent(share))))
			if bw >= 30 {
				c.text(x+bw/2, y+rowH/2+4, "middle", percent(share), `font-size="11" fill="`+contrastText(fill)+`"`)
			}
			x += bw
		}
		if a.BucketTotal == 0 {
			c.text(pad+lw+4, y+rowH/2+4, "start", "no incorrect extraction", `fill="`+muted+`"`)
		}
		c.text(pad+lw+barW+12, y+rowH/2+4, "start", fmt.Sprintf("%d (%d incorrect)", a.BucketTotal, a.Incorrect), `font-size="11"`)
	}
	c.footer(footer(r))
	f.SVG = c.String()
	return f, true
}

// bucketText writes a sentence-bucket label with proper signs: "<=20" ->
// "≤20", "21-30" -> "21–30".
var bucketText = strings.NewReplacer("<=", "≤", ">=", "≥", "-", "–")

// SentenceBuckets draws paper Fig. 3 as a heat map: each system's F1 on the
// sentences of each bucket of length, conjunctions and case markers.
func SentenceBuckets(r *report.Report) (Figure, bool) {
	sys := analysed(r)
	if len(sys) == 0 {
		return Figure{}, false
	}
	a0 := sys[0].Analysis
	sb := a0.SentenceBuckets
	type group struct {
		index int
		title string
		dim   report.SentenceDimension
	}
	var groups []group
	for di, d := range sb.Dimensions() {
		held := 0
		for _, b := range d.Buckets {
			held += b.Sentences
		}
		if held == 0 { // a language without marker rules: length only
			continue
		}
		title := map[string]string{"length": "Length (tokens)", "conjunctions": "Conjunctions", "case_markers": "Case markers"}[d.Key]
		if di > 0 && sb.Approximate {
			title += " ≈"
		}
		groups = append(groups, group{di, title, d})
	}
	if len(groups) == 0 {
		return Figure{}, false
	}
	caption := "A bucket's F1 is the fact-level score on its sentences only; n counts them."
	if len(groups) > 1 && sb.Approximate {
		caption += " ≈: conjunctions and case markers are approximations, counted by rules rather than a parser: " + sb.Markers + "."
	}
	if sb.Untagged > 0 {
		caption += fmt.Sprintf(" %d sentences without tags are in the length buckets only.", sb.Untagged)
	}
	f := Figure{Key: "sentence-buckets", Title: "F1 by sentence bucket", Caption: caption}
	subtitle := "F1 on the sentences of each bucket; darker is higher · " + facetName(a0.Facet) + " · paper Fig. 3"
	const cellW, cellH, groupGap, top = 56.0, 26.0, 18.0, 112.0
	lw := labelWidth(names(sys))
	width := pad + lw
	for _, g := range groups {
		width += cellW*float64(len(g.dim.Buckets)) + groupGap
	}
	scaleMax := 0.1
	for _, s := range sys {
		for _, g := range groups {
			for _, b := range s.Analysis.SentenceBuckets.Dimensions()[g.index].Buckets {
				scaleMax = math.Max(scaleMax, b.F1)
			}
		}
	}
	scaleMax = math.Ceil(scaleMax*10-1e-9) / 10
	w := math.Max(width+pad, 640)
	h := top + cellH*float64(len(sys)) + 36
	c := newCanvas(f.Key, f.Title, f.Caption, w, h)
	c.heading(f.Title, subtitle)
	// The colour scale: white to Okabe–Ito blue, 0 to scaleMax.
	ramp := func(v float64) string { return mix("#f3f7fa", Blue, v/scaleMax) }
	c.printf(`<defs><linearGradient id="%s-ramp"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, f.Key, ramp(0), ramp(scaleMax))
	lx := w - pad - 120
	c.text(lx-6, 26, "end", "F1", `font-size="11" fill="`+muted+`"`)
	c.printf(`<rect x="%s" y="16" width="120" height="12" fill="url(#%s-ramp)" stroke="%s"/>`, num(lx), f.Key, grid)
	c.text(lx, 42, "start", "0", `font-size="11" fill="`+muted+`"`)
	c.text(lx+120, 42, "end", score(scaleMax), `font-size="11" fill="`+muted+`"`)
	x := pad + lw
	for _, g := range groups {
		gw := cellW * float64(len(g.dim.Buckets))
		c.text(x, top-42, "start", g.title, `font-weight="600"`)
		for k, b := range g.dim.Buckets {
			cx := x + cellW*(float64(k)+0.5)
			c.text(cx, top-24, "middle", bucketText.Replace(b.Bucket), `font-size="11.5"`)
			c.text(cx, top-9, "middle", fmt.Sprintf("n=%d", b.Sentences), `font-size="11" fill="`+muted+`"`)
		}
		for i, s := range sys {
			y := top + cellH*float64(i)
			for k, b := range s.Analysis.SentenceBuckets.Dimensions()[g.index].Buckets {
				cx := x + cellW*float64(k)
				key := g.dim.Key + ":" + b.Bucket
				if b.Sentences == 0 {
					c.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" data-system="%s" data-key="%s"/>`,
						num(cx), num(y), num(cellW), num(cellH), paper, grid, esc(s.Name), esc(key))
					c.text(cx+cellW/2, y+cellH/2+4, "middle", "–", `fill="`+muted+`"`)
					continue
				}
				fill := ramp(b.F1)
				c.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" %s><title>%s</title></rect>`,
					num(cx), num(y), num(cellW), num(cellH), fill, paper, data(s.Name, key, b.F1),
					esc(fmt.Sprintf("%s · %s %s: F1 %.3f, P %.3f, R %.3f on %d sentences (%d synsets)", s.Name, g.dim.Title, bucketText.Replace(b.Bucket), b.F1, b.Precision, b.Recall, b.Sentences, b.Synsets)))
				c.text(cx+cellW/2, y+cellH/2+4, "middle", score(b.F1), `font-size="11" fill="`+contrastText(fill)+`"`)
			}
		}
		x += gw + groupGap
	}
	for i, s := range sys {
		c.text(pad+lw-10, top+cellH*float64(i)+cellH/2+4, "end", shorten(s.Name, maxName), "")
	}
	c.footer(footer(r))
	f.SVG = c.String()
	return f, true
}

// facetMarks are the BenchIE facets of Fig. 4 with their colour and shape.
var facetMarks = []struct {
	facet         report.Group
	colour, shape string
}{
	{report.GroupRegular, Blue, "circle"}, {report.GroupConcat, Orange, "square"}, {report.GroupMinimal, BluishGreen, "triangle"},
	{report.GroupEntity, ReddishPurple, "diamond"},
}

// marker draws a facet's mark centred on (x, y); attrs go on the shape.
func (c *canvas) marker(shape, fill string, x, y float64, attrs, title string) {
	const r = 5.0
	body := ""
	if title != "" {
		body = "<title>" + esc(title) + "</title>"
	}
	common := fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="1.2" %s`, fill, paper, attrs)
	switch shape {
	case "square":
		c.printf(`<rect x="%s" y="%s" width="%s" height="%s" %s>%s</rect>`, num(x-r+0.5), num(y-r+0.5), num(2*r-1), num(2*r-1), common, body)
	case "triangle":
		c.printf(`<path d="M%s %sL%s %sL%s %sZ" %s>%s</path>`, num(x), num(y-r-0.5), num(x+r+0.5), num(y+r-0.5), num(x-r-0.5), num(y+r-0.5), common, body)
	case "diamond":
		c.printf(`<path d="M%s %sL%s %sL%s %sL%s %sZ" %s>%s</path>`, num(x), num(y-r-1), num(x+r+1), num(y), num(x), num(y+r+1), num(x-r-1), num(y), common, body)
	default:
		c.printf(`<circle cx="%s" cy="%s" r="%s" %s>%s</circle>`, num(x), num(y), num(r), common, body)
	}
}

// Profile draws paper Fig. 4, the multi-facet profile: each system's
// precision, recall and F1 on every BenchIE facet of the report.
func Profile(r *report.Report) (Figure, bool) {
	var marks = facetMarks[:0:0]
	for _, m := range facetMarks {
		for _, s := range r.Systems {
			if s.BenchIE.Facet(string(m.facet)) != nil {
				marks = append(marks, m)
				break
			}
		}
	}
	if len(marks) == 0 || len(r.Systems) == 0 {
		return Figure{}, false
	}
	f := Figure{Key: "profile", Title: "Multi-facet profile",
		Caption: "Each row is one system, each mark its score on one facet: BenchIE compares slot by slot, BenchIE-C the slots joined, " +
			"BenchIE-M without optional words, BenchIE-E against the entity gold. The grey line spans the facets."}
	subtitle := "Precision, recall and F1 on each BenchIE facet · paper Fig. 4"
	metrics := []struct{ key, title string }{{"precision", "Precision"}, {"recall", "Recall"}, {"f1", "F1"}}
	hi := 0.1
	for _, s := range r.Systems {
		for _, m := range marks {
			for _, mt := range metrics {
				if v, ok := (report.Metric{Facet: m.facet, Name: mt.key}).Value(s); ok {
					hi = math.Max(hi, v)
				}
			}
		}
	}
	hi = math.Ceil(hi*5-1e-9) / 5 // a multiple of 0.2
	const panelW, gap, rowH, top = 190.0, 44.0, 26.0, 104.0
	lw := labelWidth(names(r.Systems))
	w := pad + lw + 3*panelW + 2*gap + pad
	h := top + rowH*float64(len(r.Systems)) + 56
	c := newCanvas(f.Key, f.Title, f.Caption, w, h)
	c.heading(f.Title, subtitle)
	for i, m := range marks {
		x := pad + float64(i)*150
		c.marker(m.shape, m.colour, x+6, 62, "", "")
		c.text(x+18, 66, "start", m.facet.Label(), `font-size="11.5"`)
	}
	bottom := top + rowH*float64(len(r.Systems))
	for k, mt := range metrics {
		x0 := pad + lw + float64(k)*(panelW+gap)
		c.text(x0, top-12, "start", mt.title, `font-weight="600"`)
		steps := int(math.Round(hi / 0.1))
		for t := 0; t <= steps; t++ {
			x := x0 + panelW*float64(t)/float64(steps)
			c.line(x, top-4, x, bottom, grid, "")
			if t%2 == 0 {
				c.text(x, bottom+16, "middle", score(float64(t)/10), `font-size="11" fill="`+muted+`"`)
			}
		}
	}
	for i, s := range r.Systems {
		y := top + rowH*float64(i) + rowH/2
		c.text(pad+lw-10, y+4, "end", shorten(s.Name, maxName), "")
		for k, mt := range metrics {
			x0 := pad + lw + float64(k)*(panelW+gap)
			lo, up := math.Inf(1), math.Inf(-1)
			for _, m := range marks {
				if v, ok := (report.Metric{Facet: m.facet, Name: mt.key}).Value(s); ok {
					lo, up = math.Min(lo, v), math.Max(up, v)
				}
			}
			if lo > up {
				continue
			}
			c.line(x0+panelW*lo/hi, y, x0+panelW*up/hi, y, "#9aa4ae", `stroke-width="2"`)
			for _, m := range marks {
				v, ok := (report.Metric{Facet: m.facet, Name: mt.key}).Value(s)
				if !ok {
					continue
				}
				c.marker(m.shape, m.colour, x0+panelW*v/hi, y, data(s.Name, string(m.facet)+":"+mt.key, v),
					fmt.Sprintf("%s · %s %s %.3f", s.Name, m.facet.Label(), mt.title, v))
			}
		}
	}
	c.footer(footer(r))
	f.SVG = c.String()
	return f, true
}

// prLine is one curve of the PR chart: points (recall, precision).
type prLine struct {
	system, key string
	colour      string
	points      [][2]float64
	auc         float64
}

// PRCurves draws precision against recall over confidence thresholds: the
// fact-level curve of each analysed system whose extractions carry
// confidences (solid), and CaRB's curve when the report has one (dashed).
// Systems with a single distinct confidence have no curve.
func PRCurves(r *report.Report) (Figure, bool) {
	var lines []prLine
	var shown []string
	for _, s := range r.Systems {
		colour := series[len(shown)%len(series)]
		var mine []prLine
		if s.Analysis != nil && s.Analysis.PRCurve != nil && len(s.Analysis.PRCurve.Points) > 1 {
			l := prLine{system: s.Name, key: "benchie", colour: colour, auc: s.Analysis.PRCurve.AUC}
			for _, p := range s.Analysis.PRCurve.Points {
				l.points = append(l.points, [2]float64{p.Recall, p.Precision})
			}
			mine = append(mine, l)
		}
		if s.CaRB != nil && len(s.CaRB.PRPoints) > 1 {
			l := prLine{system: s.Name, key: "carb", colour: colour, auc: s.CaRB.AUC}
			for _, p := range s.CaRB.PRPoints {
				l.points = append(l.points, [2]float64{p[0], p[1]})
			}
			mine = append(mine, l)
		}
		if len(mine) > 0 {
			shown = append(shown, s.Name)
			lines = append(lines, mine...)
		}
	}
	if len(lines) == 0 {
		return Figure{}, false
	}
	f := Figure{Key: "pr-curves", Title: "Precision–recall over confidence thresholds",
		Caption: "One point per distinct confidence: the score of the extractions whose confidence is at least that value. " +
			"Solid: BenchIE's fact-level score; dashed: CaRB's token-level score of the same extractions. AUC in the legend."}
	subtitle := "Systems whose extractions carry varying confidences"
	const plotW, plotH, top, axisW = 360.0, 300.0, 64.0, 48.0
	legendX := pad + axisW + plotW + 28
	legendW := 0.0
	for _, n := range shown {
		legendW = math.Max(legendW, textWidth(shorten(n, maxName), 12))
	}
	w := legendX + math.Max(legendW+30, 200) + pad
	// The legend: 40 px per system and 46 for the line styles; with many
	// systems it is taller than the plot.
	h := math.Max(top+plotH+64, top+8+40*float64(len(shown))+46+40)
	c := newCanvas(f.Key, f.Title, f.Caption, w, h)
	c.heading(f.Title, subtitle)
	x0, y0 := pad+axisW, top+plotH
	for t := 0; t <= 5; t++ {
		v := float64(t) / 5
		x, y := x0+plotW*v, y0-plotH*v
		c.line(x, top, x, y0, grid, "")
		c.line(x0, y, x0+plotW, y, grid, "")
		c.text(x, y0+16, "middle", score(v), `font-size="11" fill="`+muted+`"`)
		c.text(x0-6, y+4, "end", score(v), `font-size="11" fill="`+muted+`"`)
	}
	c.text(x0+plotW/2, y0+36, "middle", "Recall", `font-weight="600"`)
	c.printf(`<text x="%s" y="%s" text-anchor="middle" font-weight="600" transform="rotate(-90 %s %s)">Precision</text>`,
		num(pad+10), num(top+plotH/2), num(pad+10), num(top+plotH/2))
	for _, l := range lines {
		var pts []string
		for _, p := range l.points {
			pts = append(pts, num(x0+plotW*p[0])+","+num(y0-plotH*p[1]))
		}
		dash := ""
		if l.key == "carb" {
			dash = ` stroke-dasharray="6 4"`
		}
		c.printf(`<polyline points="%s" fill="none" stroke="%s" stroke-width="2"%s %s data-points="%d"><title>%s</title></polyline>`,
			strings.Join(pts, " "), l.colour, dash, data(l.system, l.key, l.auc), len(l.points),
			esc(fmt.Sprintf("%s · %s · AUC %.3f over %d thresholds", l.system, map[string]string{"benchie": "BenchIE", "carb": "CaRB"}[l.key], l.auc, len(l.points))))
		if l.key == "benchie" && len(l.points) <= 40 {
			for _, p := range l.points {
				c.printf(`<circle cx="%s" cy="%s" r="2.5" fill="%s"/>`, num(x0+plotW*p[0]), num(y0-plotH*p[1]), l.colour)
			}
		}
	}
	y := top + 8
	for _, n := range shown {
		var auc []string
		var colour string
		for _, l := range lines {
			if l.system == n {
				colour = l.colour
				auc = append(auc, map[string]string{"benchie": "BenchIE", "carb": "CaRB"}[l.key]+" "+score(l.auc))
			}
		}
		c.line(legendX, y, legendX+22, y, colour, `stroke-width="3"`)
		c.text(legendX+30, y+4, "start", shorten(n, maxName), "")
		c.text(legendX+30, y+19, "start", "AUC "+strings.Join(auc, " · "), `font-size="11" fill="`+muted+`"`)
		y += 40
	}
	y += 6
	c.line(legendX, y, legendX+22, y, ink, `stroke-width="2"`)
	c.text(legendX+30, y+4, "start", "BenchIE (fact-level)", `font-size="11"`)
	c.line(legendX, y+20, legendX+22, y+20, ink, `stroke-width="2" stroke-dasharray="6 4"`)
	c.text(legendX+30, y+24, "start", "CaRB (token-level)", `font-size="11"`)
	c.footer(footer(r))
	f.SVG = c.String()
	return f, true
}
