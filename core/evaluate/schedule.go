package evaluate

import (
	"cmp"
	"runtime"
	"slices"
	"sync"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// compilation is a gold compiled for each facet scored, and its E gold for
// the regular facet. Natively, BenchIE-M (made from the regular
// compilation) is compiled while the other facets are scored; its systems
// wait for it (of).
type compilation struct {
	byFacet map[benchie.Facet]*benchie.Compiled
	entity  *benchie.Compiled // nil without an E gold
	minimal chan struct{}     // closed when minimalC is compiled; nil when compiled in place
	// minimalC is BenchIE-M compiled in the background.
	minimalC *benchie.Compiled
}

// compile compiles gold for facets and eGold (when given) for the regular
// facet; pause, when set, is called now and then (the page).
func compile(gold, eGold *Gold, facets []benchie.Facet, pause func()) *compilation {
	c := &compilation{byFacet: map[benchie.Facet]*benchie.Compiled{}}
	for _, f := range facets {
		if oie.ManyCores && f == benchie.Minimal && pause == nil && len(facets) > 1 {
			c.minimal = make(chan struct{})
			benchie.CompileWith(gold.Gold, benchie.Regular, nil) // BenchIE-M needs it first
			go func() {
				defer close(c.minimal)
				c.minimalC = benchie.CompileWith(gold.Gold, benchie.Minimal, nil)
			}()
			continue
		}
		c.byFacet[f] = benchie.CompileWith(gold.Gold, f, pause)
	}
	if eGold != nil {
		c.entity = benchie.CompileWith(eGold.Gold, benchie.Regular, pause)
	}
	return c
}

// of is the gold compiled for facet f, waiting for BenchIE-M when it is
// compiled in the background.
func (c *compilation) of(f benchie.Facet) *benchie.Compiled {
	if f == benchie.Minimal && c.minimal != nil {
		<-c.minimal
		return c.minimalC
	}
	return c.byFacet[f]
}

// all is every facet's compilation, once BenchIE-M's is done.
func (c *compilation) all() map[benchie.Facet]*benchie.Compiled {
	if c.minimal != nil {
		c.byFacet[benchie.Minimal] = c.of(benchie.Minimal)
	}
	return c.byFacet
}

// progress counts the scoring steps done and reports them to report (when
// set); steps may end on several goroutines at once.
type progress struct {
	mu          sync.Mutex
	done, total int
	report      func(done, total int)
}

// step counts one step done.
func (p *progress) step() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	if p.report != nil {
		p.report(p.done, p.total)
	}
}

// scheduler runs the scoring jobs of an evaluation: every system on each
// of jobs jobs (a facet, or BenchIE-E). Paced (the page) or on one thread
// they run one after the other; natively, on every core (a compiled gold is
// only read while scoring), the late jobs last, and within a job the
// systems with most extractions first: the last jobs, which one core may be
// left to finish alone, are short.
type scheduler struct {
	systems []*System
	jobs    int
	// late tells the jobs to start after the others (BenchIE-M, whose
	// compilation runs meanwhile).
	late  func(job int) bool
	paced bool
}

// run calls score(system, job) for every system and job, and returns when
// all are done.
func (s scheduler) run(score func(system, job int)) {
	if !oie.ManyCores || s.paced {
		for i := range s.systems {
			for j := range s.jobs {
				score(i, j)
			}
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan [2]int)
	for range min(runtime.GOMAXPROCS(0), len(s.systems)*s.jobs) {
		wg.Go(func() {
			for job := range next {
				score(job[0], job[1])
			}
		})
	}
	order := make([]int, 0, s.jobs)
	for j := range s.jobs {
		if !s.late(j) {
			order = append(order, j)
		}
	}
	for j := range s.jobs {
		if s.late(j) {
			order = append(order, j)
		}
	}
	largest := make([]int, len(s.systems))
	for i := range largest {
		largest[i] = i
	}
	slices.SortStableFunc(largest, func(a, b int) int {
		return cmp.Compare(s.systems[b].Extractions.Len(), s.systems[a].Extractions.Len())
	})
	for _, j := range order {
		for _, i := range largest {
			next <- [2]int{i, j}
		}
	}
	close(next)
	wg.Wait()
}
