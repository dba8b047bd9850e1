package report

import "testing"

func TestVerdict(t *testing.T) {
	c := Comparison{A: "ClausIE", B: "MinIE", Facet: "regular", Method: "approximate-randomisation", Samples: 10000, DeltaF1: 0.0017, PValue: 0.9352}
	if got, want := c.Verdict(), "ClausIE and MinIE do not differ significantly on BenchIE F1 (ΔF1 = 0.002, p = 0.94, approximate randomisation, 10,000 rounds)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	c = Comparison{A: "Naive OIE", B: "ClausIE", Facet: "concat", Method: "approximate-randomisation", Samples: 1000, DeltaF1: -0.2512, PValue: 1.0 / 1001}
	if got, want := c.Verdict(), "ClausIE scores higher than Naive OIE on BenchIE-C F1, and the difference is significant (ΔF1 = −0.251, p < 0.001, approximate randomisation, 1,000 rounds)"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for p, want := range map[float64]string{0.0123: "p = 0.012", 0.05: "p = 0.05", 1: "p = 1", 0.00099: "p < 0.001"} {
		if got := (&Comparison{PValue: p}).PText(); got != want {
			t.Errorf("PText(%v) = %q, want %q", p, got, want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q", n, got)
		}
	}
}
