package explain

import (
	"errors"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

func TestSniff(t *testing.T) {
	cases := []struct {
		data string
		want Kind
	}{
		{"sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> slept --> x\n", KindGold},
		{"\ufeff\n\n  sent_id:1\tHe slept .\n", KindGold},
		{"1\tHe\tslept\tx\n", KindTSV},
		{"\n{\"sent_id\": 1, \"subject\": \"He\"}\n", KindJSONL},
		{"", KindAuto},
		{"sent_id:1\tHe\tslept\tx\n", KindTSV}, // a system file with gold-like ids is not a gold
	}
	for _, c := range cases {
		if got := Sniff([]byte(c.data)); got != c.want {
			t.Errorf("Sniff(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}

func TestLoad(t *testing.T) {
	gold := "sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> slept --> [well]\n"
	l, err := Load(evaluate.Input{Path: "g.txt", Data: []byte(gold)}, KindAuto, false)
	if err != nil || l.Kind != KindGold || l.Gold == nil || len(l.Gold.Sentences) != 1 {
		t.Fatalf("Load(gold) = %+v, %v", l, err)
	}
	l, err = Load(evaluate.Input{Path: "s.tsv", Data: []byte("1\tHe\tslept\twell\n")}, KindAuto, false)
	if err != nil || l.Kind != KindTSV || l.System == nil || l.System.Name != "s" {
		t.Fatalf("Load(system) = %+v, %v", l, err)
	}
	// The override wins over sniffing: a TSV file read as JSON Lines fails at line 1.
	_, err = Load(evaluate.Input{Path: "s.tsv", Data: []byte("1\tHe\tslept\twell\n")}, KindJSONL, false)
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 1 {
		t.Fatalf("Load(tsv as jsonl) error = %v, want a ParseError at line 1", err)
	}
	_, err = Load(evaluate.Input{Path: "bad.tsv", Data: []byte("1\tHe\tslept\twell\n2\tonly\tthree\n")}, KindAuto, false)
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column == 0 || !errors.Is(err, oie.ErrFieldCount) {
		t.Fatalf("Load(bad) error = %v, want a field-count error at 2:column", err)
	}
}

func TestExcerptAt(t *testing.T) {
	data := []byte("first line\nsecond\tline here\n")
	e, ok := ExcerptAt(data, 2, 8)
	if !ok || e.Text != "second line here" || e.Caret != 7 {
		t.Errorf("ExcerptAt(2, 8) = %+v, %v", e, ok)
	}
	if _, ok := ExcerptAt(data, 9, 1); ok {
		t.Error("ExcerptAt found line 9 of a two-line file")
	}
	long := make([]byte, 0, 400)
	for i := 0; i < 400; i++ {
		long = append(long, byte('a'+i%26))
	}
	e, _ = ExcerptAt(long, 1, 300)
	if r := []rune(e.Text); r[e.Caret] != rune(long[299]) || len(r) > excerptWidth+2 {
		t.Errorf("long line: caret %d on %q, want the character at column 300", e.Caret, string(r[e.Caret]))
	}
	e, _ = ExcerptAt(data, 1, 0)
	if e.Caret != -1 {
		t.Errorf("no column: caret %d, want -1", e.Caret)
	}
}
