package benchie_test

import (
	"slices"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

func TestSurfaceForms(t *testing.T) {
	for _, c := range []struct {
		slot string
		want []string
	}{
		{"[the] c", []string{"the c", "c"}},
		{"a [of b] c", []string{"a of b c", "a c"}},
		{"[x] [y]", []string{"x y", "y", "x", ""}},
		{"[eine]Petition", []string{"einePetition", ""}},
		{"a [b c", []string{"a c"}},        // unclosed: the '[' token is dropped
		{"a b] c", []string{"a c"}},        // stray ']': dropped
		{" padded ", []string{" padded "}}, // as made: matching strips it
	} {
		forms, ok := benchie.SurfaceForms(oie.Triple{Subject: c.slot, Relation: "r", Object: "o"}, benchie.Regular, 100)
		var got []string
		for _, f := range forms {
			got = append(got, f.Subject)
		}
		slices.Sort(got)
		slices.Sort(c.want)
		if !ok || !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.slot, got, c.want)
		}
	}
	if _, ok := benchie.SurfaceForms(oie.Triple{Subject: "[a] [b] [c]", Relation: "[d] [e]", Object: "o"}, benchie.Regular, 16); ok {
		t.Error("32 forms with a budget of 16")
	}
	forms, _ := benchie.SurfaceForms(oie.Triple{Subject: "He", Relation: "is", Object: "[the] PM [of X]"}, benchie.Minimal, 16)
	if len(forms) != 1 || forms[0].Object != "PM" {
		t.Errorf("minimal forms: %q", forms)
	}
}
