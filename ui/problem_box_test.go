package ui

import (
	"slices"
	"testing"

	"github.com/oiebench/oiebench/core/explain"
)

func TestDismissed(t *testing.T) {
	a, b, c := Problem{File: "a"}, Problem{File: "b"}, Problem{File: "c"}
	for _, tc := range []struct {
		at   int
		want []Problem
	}{
		{0, []Problem{b, c}},
		{1, []Problem{a, c}},
		{2, []Problem{a, b}},
		{-1, []Problem{a, b, c}},
		{3, []Problem{a, b, c}},
	} {
		l := []Problem{a, b, c}
		if got := dismissed(l, tc.at); !slices.Equal(got, tc.want) {
			t.Errorf("dismissed(%d) = %v, want %v", tc.at, got, tc.want)
		}
		if !slices.Equal(l, []Problem{a, b, c}) {
			t.Errorf("dismissed(%d) wrote into its input: %v", tc.at, l)
		}
	}
}

func TestProblemBox(t *testing.T) {
	ex := explain.Excerpt{Text: "2 only three", Caret: 12}
	box := func(p Problem, verb string) *ProblemBox {
		l := []Problem{p}
		return &ProblemBox{List: &l, At: 0, Verb: verb}
	}
	checkRendered(t, []rendered{
		{"with excerpt", box(Problem{File: "bad.tsv", Message: "bad.tsv:2:13: want 4 columns", Excerpt: &ex, Kept: "Nothing changed."}, "added"),
			[]string{`data-problem="bad.tsv"`, `role="alert"`, "bad.tsv was not added", "bad.tsv:2:13: want 4 columns", "2 only three\n            ^", `<p class="kept">Nothing changed.</p>`},
			nil},
		{"without excerpt", box(Problem{File: "x.json", Message: "x.json: not JSON", Kept: "The work stays open."}, "opened"),
			[]string{`data-problem="x.json"`, "x.json was not opened", "x.json: not JSON", "The work stays open."},
			[]string{"<pre"}},
	})
}

func TestProblemBoxDismiss(t *testing.T) {
	l := []Problem{{File: "a"}, {File: "b"}}
	box := &ProblemBox{List: &l, At: 1, Verb: "added"}
	box.Dismiss()
	if len(l) != 1 || l[0].File != "a" {
		t.Errorf("after Dismiss the list is %v, want [a]", l)
	}
}
