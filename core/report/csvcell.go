package report

import (
	"encoding/csv"
	"io"
	"strconv"
)

// csvWriter is the one CSV writer of the reports: every cell that is text
// and begins as a spreadsheet formula would (= + - @, a tab or a carriage
// return) is written after a single quote, the OWASP rule against CSV
// injection: a system named "=HYPERLINK(...)" shows as text, not a
// formula. Numbers, "-0.25" included, pass as they are.
type csvWriter struct{ *csv.Writer }

func newCSVWriter(w io.Writer) csvWriter { return csvWriter{csv.NewWriter(w)} }

// Write writes one row, its cells neutralised.
func (w csvWriter) Write(row []string) error {
	safe := make([]string, len(row))
	for i, c := range row {
		safe[i] = neutralCell(c)
	}
	return w.Writer.Write(safe)
}

// neutralCell returns c, or c after a single quote when a spreadsheet
// would run it as a formula.
func neutralCell(c string) string {
	if c == "" {
		return c
	}
	switch c[0] {
	case '=', '+', '-', '@', '\t', '\r':
		if _, err := strconv.ParseFloat(c, 64); err == nil {
			return c
		}
		return "'" + c
	}
	return c
}
