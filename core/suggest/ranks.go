package suggest

import (
	"cmp"
	"slices"

	"github.com/oiebench/oiebench/core/benchie"
)

// RankChange is one system's F1 and rank on two versions of a gold.
type RankChange struct {
	System        string         `json:"system"`
	Before, After benchie.Counts `json:"-"`
	F1Before      float64        `json:"f1_before"`
	F1After       float64        `json:"f1_after"`
	RankBefore    int            `json:"rank_before"`
	RankAfter     int            `json:"rank_after"`
}

// RankChanges ranks systems by F1 on each gold (1 is best; equal F1 share
// a rank, the next rank skipping as many) and lists them by their rank
// after, then by name.
func RankChanges(names []string, before, after []benchie.Counts) []RankChange {
	rb, ra := ranks(before), ranks(after)
	out := make([]RankChange, len(names))
	for i, n := range names {
		out[i] = RankChange{System: n, Before: before[i], After: after[i], F1Before: before[i].F1, F1After: after[i].F1, RankBefore: rb[i], RankAfter: ra[i]}
	}
	slices.SortStableFunc(out, func(a, b RankChange) int { return cmp.Or(a.RankAfter-b.RankAfter, cmp.Compare(a.System, b.System)) })
	return out
}

func ranks(cs []benchie.Counts) []int {
	r := make([]int, len(cs))
	for i := range cs {
		r[i] = 1
		for j := range cs {
			if cs[j].F1 > cs[i].F1 {
				r[i]++
			}
		}
	}
	return r
}
