package analysis

import (
	"cmp"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/oiebench/oiebench/core/report"
)

// DefaultSamples is the number of bootstrap samples when none is given.
const DefaultSamples = 1000

// DefaultTestSamples is the number of randomisation rounds of the paired
// test when none is given: rounds are cheap, and 10,000 resolve p-values to
// 1e-4.
const DefaultTestSamples = 10000

// stream fixes the PCG stream so that a seed alone names the draws.
const stream = 0x6f69_6562_656e_6368 // "oiebench" in ASCII

// draws yields sentence indices in [0, n), uniformly, from a seeded PCG.
// Two indices come from each 64-bit output by Lemire's multiply-shift; its
// bias (at most n/2^32) is far below anything a percentile can show, and
// unlike rand.IntN it is defined here, so the draws never change with Go.
type draws struct {
	rng  *rand.PCG
	n    uint64
	next uint64
	have bool
}

func newDraws(n int, seed uint64) *draws {
	return &draws{rng: rand.NewPCG(seed, stream), n: uint64(n)}
}

func (d *draws) index() int {
	if d.have {
		d.have = false
		return int((d.next & 0xffffffff) * d.n >> 32)
	}
	d.next = d.rng.Uint64()
	d.have = true
	return int((d.next >> 32) * d.n >> 32)
}

// Intervals returns bootstrap 95% percentile intervals of P, R and F1 (see
// the package doc). samples <= 0 means DefaultSamples.
func Intervals(ps PerSentence, samples int, seed uint64) report.Intervals {
	return intervals(ps, samples, seed, nil)
}

// intervalPauseEvery is how many bootstrap samples intervals draws between
// two calls of its pause: 64 took 100-116 ms in the page at 4× CPU.
const intervalPauseEvery = 16

// intervals is Intervals calling pause (when set) every intervalPauseEvery
// samples; the draws are the same.
func intervals(ps PerSentence, samples int, seed uint64, pause func()) report.Intervals {
	if samples <= 0 {
		samples = DefaultSamples
	}
	n := ps.Len()
	p, r, f := make([]float64, samples), make([]float64, samples), make([]float64, samples)
	d := newDraws(n, seed)
	for s := range samples {
		var tp, fp, syn int
		for range n {
			i := d.index()
			tp += int(ps.TP[i])
			fp += int(ps.FP[i])
			syn += int(ps.Synsets[i])
		}
		p[s], r[s], f[s] = prf(tp, fp, syn)
		if pause != nil && s%intervalPauseEvery == intervalPauseEvery-1 {
			pause()
		}
	}
	return report.Intervals{Precision: interval95(p), Recall: interval95(r), F1: interval95(f)}
}

// DeltaInterval is the paired-bootstrap 95% interval of F1(a) - F1(b): the
// same draws as Intervals, both systems scored on each.
func DeltaInterval(a, b PerSentence, samples int, seed uint64) [2]float64 {
	if samples <= 0 {
		samples = DefaultSamples
	}
	n := a.Len()
	delta := make([]float64, samples)
	d := newDraws(n, seed)
	for s := range samples {
		var tpa, fpa, tpb, fpb, syn int
		for range n {
			i := d.index()
			tpa += int(a.TP[i])
			fpa += int(a.FP[i])
			tpb += int(b.TP[i])
			fpb += int(b.FP[i])
			syn += int(a.Synsets[i])
		}
		_, _, fa := prf(tpa, fpa, syn)
		_, _, fb := prf(tpb, fpb, syn)
		delta[s] = fa - fb
	}
	return interval95(delta)
}

// interval95 sorts xs and returns its 2.5th and 97.5th percentiles.
func interval95(xs []float64) [2]float64 {
	// sort.Slice, not slices.Sort: the same pdqsort, the same order, without a copy of it for this element type in the page's evaluator
	// (cmp.Less orders NaNs first, as slices.Sort does).
	sort.Slice(xs, func(i, j int) bool { return cmp.Less(xs[i], xs[j]) })
	return [2]float64{quantile(xs, 0.025), quantile(xs, 0.975)}
}

// quantile is Hyndman and Fan's type 7 (linear interpolation between order
// statistics, as R's and NumPy's defaults) of sorted xs.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	h := q * float64(len(sorted)-1)
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// Randomisation is the paired approximate randomisation test of two
// systems' F1 on the same gold sentences (see the package doc). It returns
// F1(a) - F1(b) and the two-sided p-value. samples <= 0 means
// DefaultTestSamples.
func Randomisation(a, b PerSentence, samples int, seed uint64) (delta, p float64) {
	if samples <= 0 {
		samples = DefaultTestSamples
	}
	var syn, tpa, fpa, tpb, fpb int
	for i := range a.TP {
		syn += int(a.Synsets[i])
		tpa += int(a.TP[i])
		fpa += int(a.FP[i])
		tpb += int(b.TP[i])
		fpb += int(b.FP[i])
	}
	_, _, fa := prf(tpa, fpa, syn)
	_, _, fb := prf(tpb, fpb, syn)
	delta = fa - fb
	observed := math.Abs(delta) - 1e-12
	// Only sentences where the systems differ change a round; swapping one
	// moves TP and FP by the differences of its counts.
	var dtp, dfp []int
	for i := range a.TP {
		if a.TP[i] != b.TP[i] || a.FP[i] != b.FP[i] {
			dtp = append(dtp, int(b.TP[i]-a.TP[i]))
			dfp = append(dfp, int(b.FP[i]-a.FP[i]))
		}
	}
	rng := rand.NewPCG(seed, stream)
	extreme := 0
	for range samples {
		ta, xa, tb, xb := tpa, fpa, tpb, fpb
		var bits uint64
		for k := range dtp {
			if k%64 == 0 {
				bits = rng.Uint64()
			}
			if bits&1 == 1 {
				ta, xa = ta+dtp[k], xa+dfp[k]
				tb, xb = tb-dtp[k], xb-dfp[k]
			}
			bits >>= 1
		}
		_, _, f1 := prf(ta, xa, syn)
		_, _, f2 := prf(tb, xb, syn)
		if math.Abs(f1-f2) >= observed {
			extreme++
		}
	}
	return delta, float64(extreme+1) / float64(samples+1)
}
