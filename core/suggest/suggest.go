// Package suggest turns system extractions that a gold does not accept into
// suggestions for completing the gold: the incorrect extractions of any
// number of systems, pooled and clustered per sentence, ranked by how many
// systems produced them (docs/suggest.md). It also measures how much of an
// independent re-annotation (BenchIE^FL's of BenchIE's sentences) the ranked
// clusters would have proposed, and keeps accepted suggestions as errata: a
// diff of the gold that re-applies to it.
//
// It judges nothing itself: whether a gold accepts an extraction is
// core/benchie's matcher (regular facet), the closest gold triple and its slot
// difference are core/explain's.
package suggest

import (
	"cmp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/explain"
	"github.com/oiebench/oiebench/core/oie"
)

// Member is one incorrect extraction of one system.
type Member struct {
	System     int `json:"system"` // index into Suggestions.Systems
	Extraction int `json:"extraction"`
	Line       int `json:"line"`
	// Triple is the extraction as scored: slots trimmed, n-ary folded.
	Triple [3]string `json:"triple"`
	// Normalised is the triple as clustering compares it (Normalise).
	Normalised [3]string `json:"normalised"`
	// Closest is the 0-based gold synset closest to the extraction, -1 when
	// the sentence has none; Diff the slot difference to its triple.
	Closest int    `json:"closest_synset"`
	Diff    string `json:"diff,omitempty"`
}

// Cluster is one suggestion: extractions that state, by the rules of
// Suggest, the same missing fact.
type Cluster struct {
	// Triple is the first member's triple (trimmed, n-ary folded): the form
	// a studio proposes.
	Triple  [3]string `json:"triple"`
	Systems []int     `json:"systems"` // distinct, ascending
	Members []Member  `json:"members"` // in order of appearance
	// Closest is the first member's closest synset (0-based; -1: none).
	Closest int `json:"closest_synset"`
	first   int
}

// Sentence holds the ranked clusters of one gold sentence.
type Sentence struct {
	Index    int       `json:"index"` // into the gold's sentences
	ID       string    `json:"id"`
	Text     string    `json:"text"`
	Clusters []Cluster `json:"clusters"` // best first
}

// Suggestions are the clusters of every sentence that has any, in gold order.
type Suggestions struct {
	Systems   []string   `json:"systems"`
	Sentences []Sentence `json:"sentences"`
	// Pooled counts the incorrect extractions pooled, Ignored those on
	// sentences the gold does not have.
	Pooled  int `json:"pooled"`
	Ignored int `json:"ignored"`
}

// Normalise is the form under which two extractions are the same triple:
// each slot trimmed, split into words at white space, the words lowercased
// (Unicode simple lowercase) and joined by one space. Nothing else (no
// punctuation, no articles) is removed.
func Normalise(t oie.Triple) [3]string {
	var out [3]string
	for i, s := range t.Slots() {
		out[i] = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	}
	return out
}

// Suggest pools, per sentence of the evaluation's gold, the extractions
// every system got Incorrect on the regular facet, and clusters them: two
// extractions are in one cluster when they have the same closest synset and
// the same slot difference to its closest triple (explain's closest triple
// with the fewest differing tokens; the difference is the missing and extra
// words of each slot), or the same normalised triple (Normalise), and
// clusters are closed under these links. Clusters are ranked by the number
// of distinct systems in them, then by members, then by first appearance
// (systems in the order given, extractions in file order).
//
// The evaluation must have scored the regular facet.
func Suggest(ev *evaluate.Evaluation) *Suggestions {
	out := &Suggestions{}
	for _, s := range ev.Systems {
		out.Systems = append(out.Systems, s.Name)
	}
	res := make([]*benchie.Result, len(ev.Systems))
	for i := range ev.Systems {
		res[i] = ev.Results[i][string(benchie.Regular)]
		if res[i] != nil {
			out.Ignored += res[i].Ignored
		}
	}
	x := explain.NewExplorer(ev)
	for si, gs := range ev.Gold.Sentences {
		view := x.Sentence(si, benchie.Regular, nil)
		var members []Member
		for _, sv := range view.Systems {
			sys := ev.Systems[sv.System]
			for _, e := range sv.Extractions {
				if e.Verdict != benchie.Incorrect {
					continue
				}
				t := sys.Extractions.At(e.Index).Folded().Trimmed()
				m := Member{System: sv.System, Extraction: e.Index, Line: e.Line, Triple: t.Slots(), Normalised: Normalise(t), Closest: -1}
				if len(e.Closest) > 0 {
					c := e.Closest[0]
					m.Closest, m.Diff = c.Synset, diffKey(c)
				}
				members = append(members, m)
			}
		}
		if len(members) == 0 {
			continue
		}
		out.Pooled += len(members)
		out.Sentences = append(out.Sentences, Sentence{Index: si, ID: gs.ID, Text: gs.Text, Clusters: cluster(members)})
	}
	return out
}

// diffKey writes the slot difference of a closest triple: per slot, the
// gold words the extraction lacks (-) and its words the gold lacks (+).
func diffKey(c explain.ClosestView) string {
	var b strings.Builder
	for i := range 3 {
		if i > 0 {
			b.WriteString(" | ")
		}
		var miss, extra []string
		for _, t := range c.Gold[i] {
			if t.Mark == explain.Missing {
				miss = append(miss, t.Text)
			}
		}
		for _, t := range c.Ext[i] {
			if t.Mark == explain.Extra {
				extra = append(extra, t.Text)
			}
		}
		b.WriteString("-[" + strings.Join(miss, " ") + "] +[" + strings.Join(extra, " ") + "]")
	}
	return b.String()
}

// cluster joins members linked by a shared key and ranks the clusters.
func cluster(ms []Member) []Cluster {
	parent := make([]int, len(ms))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	seen := map[string]int{}
	link := func(key string, i int) {
		if j, ok := seen[key]; ok {
			a, b := find(i), find(j)
			parent[max(a, b)] = min(a, b)
			return
		}
		seen[key] = i
	}
	for i, m := range ms {
		link("n\x00"+strings.Join(m.Normalised[:], "\x00"), i)
		if m.Closest >= 0 {
			link("c\x00"+strconv.Itoa(m.Closest)+"\x00"+m.Diff, i)
		}
	}
	byRoot := map[int]int{}
	var cs []Cluster
	for i, m := range ms {
		r := find(i)
		k, ok := byRoot[r]
		if !ok {
			k = len(cs)
			byRoot[r] = k
			cs = append(cs, Cluster{Triple: m.Triple, Closest: m.Closest, first: i})
		}
		c := &cs[k]
		c.Members = append(c.Members, m)
		if !slices.Contains(c.Systems, m.System) {
			c.Systems = append(c.Systems, m.System)
		}
	}
	for i := range cs {
		slices.Sort(cs[i].Systems)
	}
	// sort.SliceStable: one sorting code for every element type keeps the
	// page's evaluator small (docs/architecture.md).
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := &cs[i], &cs[j]
		return cmp.Or(len(b.Systems)-len(a.Systems), len(b.Members)-len(a.Members), a.first-b.first) < 0
	})
	return cs
}
