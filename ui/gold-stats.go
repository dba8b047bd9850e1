package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/report"
)

// GoldStats describes a gold file: its size in sentences, synsets and
// surface forms, and its checksum.
type GoldStats struct {
	Gold  *report.Gold
	Title string
}

// Stats are the gold's statistics, when the report carries them.
func (c *GoldStats) Stats() (benchie.Stats, bool) {
	st, ok := c.Gold.Stats.(benchie.Stats)
	return st, ok
}

// Rows are the label and value lines of the card.
func (c *GoldStats) Rows() [][2]string {
	g := c.Gold
	rows := [][2]string{
		{"Sentences", Thousands(g.Sentences)},
		{"Fact synsets", Thousands(g.Synsets)},
	}
	if st, ok := c.Stats(); ok {
		if st.EmptySentences > 0 {
			rows[0][1] += fmt.Sprintf(" (%d without synsets)", st.EmptySentences)
		}
		more := ""
		if !st.Exact {
			more = "at least "
		}
		rows = append(rows,
			[2]string{"Annotated triples", Thousands(st.Triples)},
			[2]string{"Surface triples", more + Thousands(st.Extractions)},
			[2]string{"Triples per synset", summary(st.TriplesPerSynset)},
			[2]string{"Surface triples per synset", summary(st.FormsPerSynset)},
		)
	} else {
		rows = append(rows, [2]string{"Surface triples", "counting…"})
	}
	return rows
}

func summary(s benchie.Summary) string {
	return fmt.Sprintf("mean %.1f · median %g · %d–%s", s.Mean, s.Median, s.Min, Thousands(s.Max))
}

// File is the gold's file name.
func (c *GoldStats) File() string {
	p := c.Gold.Path
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	return p
}

// Thousands writes n with thin-space thousands separators.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 10000 && n > -10000 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteString("\u202f")
		}
		b.WriteRune(r)
	}
	return b.String()
}
