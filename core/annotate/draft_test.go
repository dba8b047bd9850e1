package annotate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

func TestToggleUnit(t *testing.T) {
	s := NewSentence("1", "He served as the first Prime Minister of Australia .")
	words := func(ts ...int) []Word {
		var out []Word
		for _, i := range ts {
			out = append(out, Tok(i))
		}
		return out
	}
	obj := words(3, 4, 5, 6, 7, 8) // the first Prime Minister of Australia
	cases := []struct {
		name     string
		in       []Word
		from, to int
		want     string
	}{
		{"one word", obj, 0, 0, "[the] first Prime Minister of Australia"},
		{"a run", obj, 4, 5, "the first Prime Minister [of Australia]"},
		{"toggle back", ToggleUnit(obj, 4, 5), 4, 5, "the first Prime Minister of Australia"},
		{"inside a unit widens nothing, it replaces", ToggleUnit(obj, 3, 5), 4, 5, "the first Prime Minister [of Australia]"},
		{"overlapping unit is removed", ToggleUnit(obj, 1, 3), 3, 5, "the first Prime [Minister of Australia]"},
		{"units outside stay", ToggleUnit(obj, 0, 0), 4, 5, "[the] first Prime Minister [of Australia]"},
		{"stray bracket inside is cleared", []Word{Tok(3), {Token: 4, Close: true}, Tok(5)}, 0, 2, "[the first Prime]"},
		{"out of range changes nothing", obj, 4, 9, "the first Prime Minister of Australia"},
	}
	for _, c := range cases {
		in := append([]Word(nil), c.in...)
		got := s.Render(ToggleUnit(c.in, c.from, c.to))
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if !reflect.DeepEqual(in, c.in) {
			t.Errorf("%s: the input was changed", c.name)
		}
	}
	// The result always reads back as the brackets show.
	got := ToggleUnit(ToggleUnit(obj, 1, 3), 2, 4)
	if m := OptionalWords(got); !reflect.DeepEqual(m, []bool{false, false, true, true, true, false}) {
		t.Errorf("optional words %v", m)
	}
}

func TestPreview(t *testing.T) {
	s := NewSentence("7", "He served as the first Prime Minister of Australia .")
	tr := Triple{Slots: [3]Slot{
		{Words: []Word{Tok(0)}},
		{Words: []Word{Tok(1), Tok(2)}},
		{Words: []Word{Tok(3).Optional(), Tok(4).Optional(), Tok(5), Tok(6), {Token: 7, Open: true}, {Token: 8, Close: true}}},
	}}
	exts := []oie.Triple{
		{Subject: "He", Relation: "served as", Object: "Prime Minister"},
		{Subject: "He", Relation: "served", Object: "as Prime Minister"},
		{Subject: " He ", Relation: "served as", Object: "the first Prime Minister of Australia"},
		{Subject: "He", Relation: "served as", Object: "Prime Minister of"},
	}
	p := s.Preview(tr, exts, 3)
	if p.Text.Object != "[the] [first] Prime Minister [of Australia]" {
		t.Errorf("text %+v", p.Text)
	}
	if p.FormCount != 8 || !p.Exact || len(p.Forms) != 3 {
		t.Errorf("%d forms (exact %v), %d listed; want 8, exact, 3 listed", p.FormCount, p.Exact, len(p.Forms))
	}
	if !reflect.DeepEqual(p.Matches, []int{0, 2}) {
		t.Errorf("matches %v, want [0 2] (the second splits the relation, the fourth cuts a unit)", p.Matches)
	}
	if len(p.Issues) != 0 {
		t.Errorf("issues %v", p.Issues)
	}

	// A typed word and an empty slot: still previewed, the issue placed.
	tr2 := Triple{Slots: [3]Slot{{Words: []Word{Typed("Barton")}}, {Words: []Word{Tok(1)}}, {}}}
	p = s.Preview(tr2, exts, 10)
	if len(p.Issues) != 1 || p.Issues[0].Kind != IssueEmptySlot || p.Issues[0].Slot != Object {
		t.Errorf("issues %+v, want one empty object", p.Issues)
	}
	if p.Text.Subject != "Barton" || len(p.Matches) != 0 {
		t.Errorf("typed word preview %+v", p)
	}

	// Too many forms to list: counted as "more than".
	var many []Word
	for i := 0; i < 14; i++ {
		many = append(many, Typed("w").Optional())
	}
	many = append(many, Tok(0))
	p = s.Preview(Triple{Slots: [3]Slot{{Words: many}, {Words: []Word{Tok(1)}}, {Words: []Word{Tok(5)}}}}, nil, 5)
	if p.Exact || p.FormCount != previewBudget || len(p.Forms) != 0 {
		t.Errorf("a slot with 14 optional units: %d forms, exact %v", p.FormCount, p.Exact)
	}

	// A slot holding the separator cannot be matched, only reported.
	bad := Triple{Slots: [3]Slot{{Words: []Word{Typed("a"), Typed("-->"), Typed("b")}}, {Words: []Word{Tok(1)}}, {Words: []Word{Tok(5)}}}}
	p = s.Preview(bad, []oie.Triple{{Subject: "a --> b", Relation: "served", Object: "Prime"}}, 5)
	if len(p.Matches) != 0 || len(p.Issues) == 0 || p.Issues[0].Kind != IssueLineSyntax {
		t.Errorf("separator in a slot: %+v", p)
	}
}

func TestOverviewAndFind(t *testing.T) {
	d, _, err := ReadBenchIE("g.txt", []byte("sent_id:1\tHe served as Prime Minister .\n1--> Cluster 1:\nHe --> served as --> Prime Minister\n1--> Cluster 2:\n\nsent_id:2\tShe left .\n\nsent_id:12\tThey came back .\n12--> Cluster 1:\nThey --> came --> back\nThey --> returned --> [back]\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := d.Overview(d.Validate())
	if o.Sentences != 3 || o.Annotated != 2 || o.Synsets != 3 || o.Triples != 3 {
		t.Errorf("overview %+v", o)
	}
	if o.Errors != 1 || o.Statuses[0].Errors != 1 || o.Statuses[2].Errors != 0 || o.Statuses[1].Annotated() {
		t.Errorf("issues in the overview: %+v", o)
	}
	for q, want := range map[string][]int{
		"":               {0, 1, 2},
		"#1":             {0},
		"#":              {0, 1, 2},
		"# 2":            {1},
		"she":            {1},
		"returned":       {2}, // found in a triple, not in the text
		"they returned":  {2},
		"prime minister": {0},
		"nothing here":   nil,
	} {
		if got := d.Find(q); !reflect.DeepEqual(got, want) {
			t.Errorf("Find(%q) = %v, want %v", q, got, want)
		}
	}
	if got := d.Find("#1"); len(got) != 1 || !strings.HasPrefix(d.Sentences[got[0]].Text, "He") {
		t.Errorf("an exact id wins over a prefix: %v", got)
	}
}
