package evaluate_test

import (
	"errors"
	"os"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

func TestSniff(t *testing.T) {
	cases := []struct {
		data string
		want evaluate.Kind
	}{
		{"sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> slept --> x\n", evaluate.KindGold},
		{"\ufeff\n\n  sent_id:1\tHe slept .\n", evaluate.KindGold},
		{"1\tHe\tslept\tx\n", evaluate.KindTSV},
		{"\n{\"sent_id\": 1, \"subject\": \"He\"}\n", evaluate.KindJSONL},
		{"", evaluate.KindAuto},
		{"sent_id:1\tHe\tslept\tx\n", evaluate.KindTSV}, // a system file with gold-like ids is not a gold
	}
	for _, c := range cases {
		if got := detected([]byte(c.data)); got != c.want {
			t.Errorf("detected(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}

func TestLoad(t *testing.T) {
	gold := "sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> slept --> [well]\n"
	l, err := evaluate.Load(evaluate.Input{Path: "g.txt", Data: []byte(gold)}, evaluate.KindAuto, false)
	if err != nil || l.Kind != evaluate.KindGold || l.Gold == nil || len(l.Gold.Sentences) != 1 {
		t.Fatalf("evaluate.Load(gold) = %+v, %v", l, err)
	}
	l, err = evaluate.Load(evaluate.Input{Path: "s.tsv", Data: []byte("1\tHe\tslept\twell\n")}, evaluate.KindAuto, false)
	if err != nil || l.Kind != evaluate.KindTSV || l.System == nil || l.System.Name != "s" {
		t.Fatalf("evaluate.Load(system) = %+v, %v", l, err)
	}
	// The override wins over sniffing: a TSV file read as JSON Lines fails at line 1.
	_, err = evaluate.Load(evaluate.Input{Path: "s.tsv", Data: []byte("1\tHe\tslept\twell\n")}, evaluate.KindJSONL, false)
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 1 {
		t.Fatalf("evaluate.Load(tsv as jsonl) error = %v, want a ParseError at line 1", err)
	}
	_, err = evaluate.Load(evaluate.Input{Path: "bad.tsv", Data: []byte("1\tHe\tslept\twell\n2\tonly\tthree\n")}, evaluate.KindAuto, false)
	if !errors.As(err, &pe) || pe.Line != 2 || pe.Column == 0 || !errors.Is(err, oie.ErrFieldCount) {
		t.Fatalf("evaluate.Load(bad) error = %v, want a field-count error at 2:column", err)
	}
}

func readFixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSniffTokenLevel(t *testing.T) {
	wGold := readFixture(t, "../wire57/testdata/gold.json")
	wSys := readFixture(t, "../wire57/testdata/system.json")
	cases := []struct {
		name string
		data string
		want evaluate.Kind
	}{
		{"WiRe57 gold", string(wGold), evaluate.KindWiRe57Gold},
		{"WiRe57 system", string(wSys), evaluate.KindWiRe57},
		{"WiRe57 gold, one line", `{"D": [{"id": "D 1", "sent": "x", "tuples": []}]}`, evaluate.KindWiRe57Gold},
		{"WiRe57 system, empty sentence first", `{"1": [], "2": [{"arg1": "a", "rel": "b", "arg2": "c"}]}`, evaluate.KindWiRe57},
		{"WiRe57 gold with a syntax error", "{\n  \"D1\": [ {\"id\": \"D1 1\", \"tuples\": [,] } ]\n}\n", evaluate.KindWiRe57Gold},
		{"JSON Lines", "{\"sent_id\": 1, \"subject\": \"He\", \"relation\": \"slept\", \"object\": \"x\"}\n", evaluate.KindJSONL},
		{"JSON Lines, two lines", "{\"sent_id\": 1}\n{\"sent_id\": 2}\n", evaluate.KindJSONL},
		{"CaRB gold", "He served as the first Prime Minister .\tserved as\tHe\tthe first Prime Minister\n", evaluate.KindCaRBGold},
		{"CaRB tabbed", "He served as the first Prime Minister .\t0.9\tserved as\tHe\tthe first Prime Minister\n", evaluate.KindCaRB},
		{"BenchIE TSV", "1\tHe\tserved as\tthe first Prime Minister\n", evaluate.KindTSV},
		{"BenchIE gold", "sent_id:1\tHe served as the first Prime Minister .\n", evaluate.KindGold},
	}
	for _, c := range cases {
		if got := detected([]byte(c.data)); got != c.want {
			t.Errorf("%s: detected %q, want %q", c.name, got, c.want)
		}
	}
	if evaluate.KindWiRe57.Label() != "WiRe57 system JSON" || !evaluate.KindWiRe57Gold.IsWiRe57() || evaluate.KindCaRBGold.IsWiRe57() {
		t.Error("labels")
	}
}

func TestLoadTokenLevel(t *testing.T) {
	l, err := evaluate.Load(evaluate.Input{Path: "gold.json", Data: readFixture(t, "../wire57/testdata/gold.json")}, evaluate.KindAuto, false)
	if err != nil || l.Kind != evaluate.KindWiRe57Gold || l.WiRe57 == nil || l.WiRe57.Path != "gold.json" {
		t.Fatalf("WiRe57 gold: %+v, %v", l, err)
	}
	l, err = evaluate.Load(evaluate.Input{Path: "c.txt", Data: []byte("He slept well last night .\tslept\tHe\twell\n")}, evaluate.KindAuto, false)
	if err != nil || l.Kind != evaluate.KindCaRBGold || l.CaRBGold == nil || len(l.CaRBGold.Sentences) != 1 {
		t.Fatalf("CaRB gold: %+v, %v", l, err)
	}
	l, err = evaluate.Load(evaluate.Input{Path: "t.txt", Data: []byte("He slept well last night .\t1\tslept\tHe\twell\n")}, evaluate.KindAuto, false)
	if err != nil || l.Kind != evaluate.KindCaRB || l.System == nil || l.System.ByText == nil {
		t.Fatalf("CaRB tabbed: %+v, %v", l, err)
	}
	// A broken WiRe57 file is refused with its position.
	_, err = evaluate.Load(evaluate.Input{Path: "bad.json", Data: []byte("{\n  \"D1\": [ {\"id\": \"D1 1\", \"tuples\": [,] } ]\n}\n")}, evaluate.KindAuto, false)
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 {
		t.Fatalf("broken WiRe57 gold: %v, want an error on line 2", err)
	}
}

// detected is the kind the registry detects (formats.Detect), as Load
// takes it; KindAuto when it cannot tell.
func detected(data []byte) evaluate.Kind {
	if d := formats.Detect(data); d.Format != nil {
		return evaluate.Kind(d.Format.Name)
	}
	return evaluate.KindAuto
}
