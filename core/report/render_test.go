package report

import "testing"

// A difference between scorers keeps its sign in the table and in
// Markdown; a score does not get one.
func TestFormatValueSignsDifferences(t *testing.T) {
	for _, c := range []struct {
		m      Metric
		v      float64
		digits int
		want   string
	}{
		{Metric{Facet: "carb-delta", Name: "f1"}, 0.08, 3, "+0.080"},
		{Metric{Facet: "carb-delta", Name: "precision"}, -0.0812, 3, "-0.081"},
		{Metric{Facet: "benchie-fl-delta", Name: "recall"}, 0.12345, 4, "+0.1235"},
		{Metric{Facet: "benchie-fl-delta", Name: "f1"}, -0.00004, 4, "0.0000"},
		{Metric{Facet: "carb-delta", Name: "f1"}, 0, 3, "0.000"},
		{Metric{Facet: "regular", Name: "f1"}, 0.08, 3, "0.080"},
		{Metric{Facet: "regular", Name: "tp"}, 12, 3, "12"},
	} {
		if got := formatValue(c.m, c.v, c.digits); got != c.want {
			t.Errorf("formatValue(%s %s, %v, %d) = %q, want %q", c.m.Facet, c.m.Name, c.v, c.digits, got, c.want)
		}
	}
}
