package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The Okabe–Ito palette (Okabe and Ito 2008): eight colours that stay
// distinct for readers with any common colour-vision deficiency.
const (
	Orange        = "#E69F00"
	SkyBlue       = "#56B4E9"
	BluishGreen   = "#009E73"
	Yellow        = "#F0E442"
	Blue          = "#0072B2"
	Vermillion    = "#D55E00"
	ReddishPurple = "#CC79A7"
	Black         = "#000000"
)

// series is the order in which lines and markers take colours: yellow last,
// as it is the hardest to see on white.
var series = []string{Blue, Vermillion, BluishGreen, ReddishPurple, Orange, SkyBlue, Black, Yellow}

// The page's own neutrals, so that a chart sits calmly beside the table.
const (
	ink   = "#1c2127"
	muted = "#5b6570"
	grid  = "#d5dbe1"
	paper = "#ffffff"
)

const fontFamily = `system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif`

// canvas writes one SVG document. Numbers are written with at most two
// decimals and no trailing zeros, so the same report always gives the same
// bytes.
type canvas struct {
	b    strings.Builder
	w, h float64
}

func newCanvas(key, title, desc string, w, h float64) *canvas {
	c := &canvas{w: w, h: h}
	c.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" role="img" aria-labelledby="%s-title %s-desc" font-family="%s" font-size="12" fill="%s" data-chart="%s">`,
		num(w), num(h), num(w), num(h), key, key, esc(fontFamily), ink, key)
	c.printf(`<title id="%s-title">%s</title><desc id="%s-desc">%s</desc>`, key, esc(title), key, esc(desc))
	c.printf(`<rect width="%s" height="%s" fill="%s"/>`, num(w), num(h), paper)
	return c
}

func (c *canvas) printf(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

func (c *canvas) String() string { return c.b.String() + "</svg>" }

// text writes a label; anchor is start, middle or end. attrs are extra
// attributes, written as given.
func (c *canvas) text(x, y float64, anchor, s string, attrs string) {
	if attrs != "" {
		attrs = " " + attrs
	}
	c.printf(`<text x="%s" y="%s" text-anchor="%s"%s>%s</text>`, num(x), num(y), anchor, attrs, esc(s))
}

func (c *canvas) line(x1, y1, x2, y2 float64, stroke string, attrs string) {
	if attrs != "" {
		attrs = " " + attrs
	}
	c.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"%s/>`, num(x1), num(y1), num(x2), num(y2), stroke, attrs)
}

// heading writes the title and the line under it, as every chart has them.
func (c *canvas) heading(title, subtitle string) {
	c.text(pad, 24, "start", title, `font-size="15" font-weight="600"`)
	c.text(pad, 42, "start", subtitle, `fill="`+muted+`"`)
}

// footer writes where the numbers come from, bottom left.
func (c *canvas) footer(s string) {
	c.text(pad, c.h-10, "start", s, `font-size="11" fill="`+muted+`"`)
}

// data writes the data attributes of a mark: what a test or a script reads
// to get the number behind it.
func data(system, key string, v float64) string {
	return fmt.Sprintf(`data-system="%s" data-key="%s" data-value="%s"`, esc(system), esc(key), full(v))
}

// pad is the outer margin of every chart.
const pad = 16.0

// num writes a coordinate.
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	if s == "-0" {
		s = "0"
	}
	return s
}

// full writes a value at full precision (the shortest exact form), as the
// score table's data-value does.
func full(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// percent writes a share as a whole percentage.
func percent(v float64) string { return strconv.Itoa(int(math.Round(v*100))) + "%" }

// score writes a score with two decimals.
func score(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

// esc escapes text and attribute values for XML (the SVG is exported as a
// file of its own, so only XML's five entities may appear).
func esc(s string) string { return escaper.Replace(s) }

// textWidth estimates the width of a label at 12 px: there are no font
// metrics here, so it errs on the wide side.
func textWidth(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case strings.ContainsRune("iljtfrI.,;:'!| ()[]", r):
			w += 3.8
		case strings.ContainsRune("mwMW", r):
			w += 10.5
		case r >= 'A' && r <= 'Z':
			w += 8.2
		case r >= '0' && r <= '9':
			w += 7
		case r > 0x2e80: // CJK: full width
			w += 12
		default:
			w += 6.8
		}
	}
	return w * size / 12
}

// shorten cuts a label to at most n characters, with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// labelWidth is the width of the system-name column: the longest name,
// within bounds.
func labelWidth(names []string) float64 {
	w := 60.0
	for _, n := range names {
		w = max(w, textWidth(shorten(n, maxName), 12))
	}
	return math.Min(w, 200) + 12
}

// maxName bounds the characters of a system name on a chart.
const maxName = 28

// contrastText is black or white, whichever reads better on a fill.
func contrastText(fill string) string {
	l := luminance(fill)
	// Contrast ratios against white (1.0) and black (0.0).
	if (1.05)/(l+0.05) >= (l+0.05)/0.05 {
		return paper
	}
	return ink
}

// luminance is the relative luminance of a #rrggbb colour (WCAG 2).
func luminance(hex string) float64 {
	rgb := parseHex(hex)
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		c := rgb[i] / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}

func parseHex(hex string) [3]float64 {
	var out [3]float64
	for i := range out {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		out[i] = float64(v)
	}
	return out
}

// mix is the colour a share t of the way from colour a to colour b.
func mix(a, b string, t float64) string {
	t = math.Max(0, math.Min(1, t))
	ca, cb := parseHex(a), parseHex(b)
	return fmt.Sprintf("#%02x%02x%02x",
		int(math.Round(ca[0]+(cb[0]-ca[0])*t)), int(math.Round(ca[1]+(cb[1]-ca[1])*t)), int(math.Round(ca[2]+(cb[2]-ca[2])*t)))
}
