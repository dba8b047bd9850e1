package analysis

import (
	"math"
	"testing"
)

// binomial is n sentences with one synset each, k of them covered and no
// false positives: bootstrap recall is Binomial(n, k/n)/n, precision is 1.
func binomial(n, k int) PerSentence {
	ps := PerSentence{TP: make([]int32, n), FP: make([]int32, n), Synsets: make([]int32, n)}
	for i := range n {
		ps.Synsets[i] = 1
		if i < k {
			ps.TP[i] = 1
		}
	}
	return ps
}

func TestIntervalsKnownDistribution(t *testing.T) {
	ci := Intervals(binomial(400, 200), 4000, 1)
	// Binomial(400, 0.5)/400 has mean 0.5 and sd 0.025: 95% within 0.5 ± 0.049.
	if math.Abs(ci.Recall[0]-0.451) > 0.01 || math.Abs(ci.Recall[1]-0.549) > 0.01 {
		t.Errorf("recall interval %v, want about [0.451, 0.549]", ci.Recall)
	}
	if ci.Precision != [2]float64{1, 1} {
		t.Errorf("precision interval %v, want [1, 1]", ci.Precision)
	}
	// F1 = 2R/(1+R) is increasing in R: its interval is the image of R's.
	f := func(r float64) float64 { return 2 * r / (1 + r) }
	if math.Abs(ci.F1[0]-f(ci.Recall[0])) > 0.002 || math.Abs(ci.F1[1]-f(ci.Recall[1])) > 0.002 {
		t.Errorf("F1 interval %v, recall %v", ci.F1, ci.Recall)
	}
}

func TestIntervalsDegenerate(t *testing.T) {
	// Every sentence alike: every sample equals the full score.
	ps := PerSentence{TP: []int32{1, 1, 1}, FP: []int32{1, 1, 1}, Synsets: []int32{2, 2, 2}}
	ci := Intervals(ps, 0, 9)
	for _, iv := range [][2]float64{ci.Precision, ci.Recall, ci.F1} {
		if !near(iv[0], 0.5) || !near(iv[1], 0.5) {
			t.Errorf("interval %v, want [0.5, 0.5]", iv)
		}
	}
}

func TestIntervalsSeeded(t *testing.T) {
	ps := binomial(50, 20)
	a, b, c := Intervals(ps, 500, 42), Intervals(ps, 500, 42), Intervals(ps, 500, 43)
	if a != b {
		t.Errorf("same seed, different intervals: %v %v", a, b)
	}
	if a == c {
		t.Errorf("different seeds, same intervals: %v", a)
	}
}

func TestQuantile(t *testing.T) {
	xs := []float64{1, 2, 3, 4, 5}
	for _, c := range []struct{ q, want float64 }{{0, 1}, {1, 5}, {0.5, 3}, {0.25, 2}, {0.1, 1.4}, {0.975, 4.9}} {
		if got := quantile(xs, c.q); !near(got, c.want) {
			t.Errorf("quantile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
	if !math.IsNaN(quantile(nil, 0.5)) {
		t.Error("quantile of nothing")
	}
}

func TestDrawsUniform(t *testing.T) {
	d := newDraws(7, 5)
	var seen [7]int
	for range 70000 {
		seen[d.index()]++
	}
	for i, n := range seen {
		if n < 9500 || n > 10500 {
			t.Errorf("index %d drawn %d times of 70000", i, n)
		}
	}
}

// exactRandomisation enumerates every swap of the sentences where the two
// systems differ: the p-value approximate randomisation estimates.
func exactRandomisation(a, b PerSentence) float64 {
	var diff []int
	for i := range a.TP {
		if a.TP[i] != b.TP[i] || a.FP[i] != b.FP[i] {
			diff = append(diff, i)
		}
	}
	f1 := func(x, y PerSentence, mask int) float64 {
		var tp, fp, syn int
		for i := range x.TP {
			src := x
			for k, d := range diff {
				if d == i && mask>>k&1 == 1 {
					src = y
				}
			}
			tp, fp, syn = tp+int(src.TP[i]), fp+int(src.FP[i]), syn+int(src.Synsets[i])
		}
		_, _, f := prf(tp, fp, syn)
		return f
	}
	obs := math.Abs(f1(a, b, 0) - f1(b, a, 0))
	hits := 0
	for mask := range 1 << len(diff) {
		if math.Abs(f1(a, b, mask)-f1(b, a, mask)) >= obs-1e-12 {
			hits++
		}
	}
	return float64(hits) / float64(int(1)<<len(diff))
}

func TestRandomisationAgainstExact(t *testing.T) {
	a := PerSentence{TP: []int32{2, 1, 0, 3, 1, 2, 0, 1, 1, 2}, FP: []int32{0, 1, 2, 0, 1, 0, 1, 0, 3, 1}, Synsets: []int32{3, 2, 1, 4, 2, 2, 1, 1, 3, 2}}
	b := PerSentence{TP: []int32{1, 1, 0, 2, 0, 2, 1, 0, 1, 1}, FP: []int32{2, 1, 1, 2, 2, 0, 1, 1, 2, 2}, Synsets: a.Synsets}
	exact := exactRandomisation(a, b)
	delta, p := Randomisation(a, b, 20000, 1)
	if delta <= 0 {
		t.Errorf("delta %v: A is better", delta)
	}
	if math.Abs(p-exact) > 0.01 {
		t.Errorf("p %v, exact %v", p, exact)
	}
	if _, p2 := Randomisation(a, b, 20000, 1); p2 != p {
		t.Errorf("same seed, p %v then %v", p, p2)
	}
	// B against A: the same test, the opposite difference.
	if d, p3 := Randomisation(b, a, 20000, 1); !near(d, -delta) || math.Abs(p3-exact) > 0.01 {
		t.Errorf("reversed: delta %v p %v", d, p3)
	}
}

func TestRandomisationDominance(t *testing.T) {
	// A finds the one synset of each of 10 sentences, B finds none and errs
	// once in each: only the two all-or-nothing swaps are as extreme, so the
	// exact p-value is 2/1024.
	a := PerSentence{TP: make([]int32, 10), FP: make([]int32, 10), Synsets: make([]int32, 10)}
	b := PerSentence{TP: make([]int32, 10), FP: make([]int32, 10), Synsets: a.Synsets}
	for i := range 10 {
		a.TP[i], a.Synsets[i], b.FP[i] = 1, 1, 1
	}
	delta, p := Randomisation(a, b, 0, 1)
	if delta != 1 {
		t.Errorf("delta %v, want 1", delta)
	}
	if p < 0.0005 || p > 0.005 {
		t.Errorf("p %v, want about %v", p, 2.0/1024)
	}
	if ci := DeltaInterval(a, b, 1000, 1); ci != [2]float64{1, 1} {
		t.Errorf("delta interval %v, want [1, 1]", ci)
	}
}

func BenchmarkIntervals(b *testing.B) {
	ps := binomial(300, 120)
	for b.Loop() {
		Intervals(ps, DefaultSamples, 1)
	}
}

func BenchmarkRandomisation(b *testing.B) {
	x, y := binomial(300, 120), binomial(300, 100)
	for b.Loop() {
		Randomisation(x, y, DefaultTestSamples, 1)
	}
}
