package report

import (
	"testing"
)

func TestOrder(t *testing.T) {
	r := Report{Systems: []System{
		{Name: "b", BenchIE: &BenchIE{Regular: &Score{F1: 0.2}}},
		{Name: "A", BenchIE: &BenchIE{}},
		{Name: "c", BenchIE: &BenchIE{Regular: &Score{F1: 0.5}}},
		{Name: "d", BenchIE: &BenchIE{Regular: &Score{F1: 0.2}}},
	}}
	cases := []struct {
		key  SortKey
		desc bool
		want []int
	}{
		{SortKey{}, false, []int{0, 1, 2, 3}},
		{SortKey{}, true, []int{3, 2, 1, 0}},
		{ByName, false, []int{1, 0, 2, 3}},
		{ByName, true, []int{3, 2, 0, 1}},
		{SortKey{"regular", "f1"}, true, []int{2, 0, 3, 1}}, // ties keep their order, missing last
		{SortKey{"regular", "f1"}, false, []int{0, 3, 2, 1}},
	}
	for _, c := range cases {
		got := Order(r, c.key, c.desc)
		if len(got) != len(c.want) {
			t.Fatalf("Order(%v) = %v", c.key, got)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("Order(%v, desc %v) = %v, want %v", c.key, c.desc, got, c.want)
				break
			}
		}
	}
	re := Reorder(r, []int{2, 0})
	if len(re.Systems) != 2 || re.Systems[0].Name != "c" || len(r.Systems) != 4 {
		t.Errorf("Reorder = %+v", re.Systems)
	}
}

func TestDisagreements(t *testing.T) {
	r := Report{Options: Options{Facets: []string{"regular", "concat"}}, Systems: []System{
		{Name: "x", BenchIE: &BenchIE{Regular: &Score{F1: 0.2, Other: &Score{F1: 0.3}}, Concat: &Score{}}},
		{Name: "y", BenchIE: &BenchIE{Regular: &Score{CreditsDiffer: 1}, Concat: &Score{}}},
	}}
	d := Disagreements(r)
	if len(d) != 2 || d[0].System != "x" || d[0].Other == nil || d[1].System != "y" || d[1].Other != nil || d[1].Credits != 1 {
		t.Errorf("Disagreements = %+v", d)
	}
}
