package ui

import (
	"testing"

	"github.com/vugu/vugu"
)

type pickedID struct{ got string }

func (p *pickedID) Pick(id string) { p.got = id }

// A list option builds again only when what it shows changed, and its
// kept output's click reaches the list it was last given.
func TestListOptionKeepsItsOutput(t *testing.T) {
	env, err := vugu.NewBuildEnv()
	if err != nil {
		t.Fatal(err)
	}
	first, second := &pickedID{}, &pickedID{}
	o := &ListOption{}
	o.ListOptionBody = ListOptionBody{Prefix: "s", Index: 3, ID: "7", Text: "A sentence.", Tally: []string{"2 synsets"}, List: first}
	out := env.RunBuild(o).Out
	o.Tally = []string{"2 synsets"} // a new slice, the same tally
	o.List = second
	if again := env.RunBuild(o).Out; again != out {
		t.Error("an option showing the same was built again")
	}
	li := out.Out[0]
	if len(li.DOMEventHandlerSpecList) != 1 {
		t.Fatalf("the option has %d handlers, want its click", len(li.DOMEventHandlerSpecList))
	}
	li.DOMEventHandlerSpecList[0].Func(nil)
	if first.got != "" || second.got != "7" {
		t.Errorf("the kept output's click told %q (first list) and %q (latest), want the latest told 7", first.got, second.got)
	}
	for _, change := range []func(){
		func() { o.Selected = true },
		func() { o.Tally = []string{"2 synsets", "○ 1 missed"} },
		func() { o.Text = "Another sentence." },
		func() { o.Index, o.ID = 4, "8" },
	} {
		change()
		next := env.RunBuild(o).Out
		if next == out {
			t.Errorf("a changed option (%+v) kept its last output", o.ListOptionBody)
		}
		out = next
	}
	if got := attrOf(out.Out[0], "aria-selected"); got != "true" {
		t.Errorf("the selected option's aria-selected is %q", got)
	}
}

func attrOf(n *vugu.VGNode, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
