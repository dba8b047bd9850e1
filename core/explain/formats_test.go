package explain

import (
	"errors"
	"os"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

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
		want Kind
	}{
		{"WiRe57 gold", string(wGold), KindWiRe57Gold},
		{"WiRe57 system", string(wSys), KindWiRe57},
		{"WiRe57 gold, one line", `{"D": [{"id": "D 1", "sent": "x", "tuples": []}]}`, KindWiRe57Gold},
		{"WiRe57 system, empty sentence first", `{"1": [], "2": [{"arg1": "a", "rel": "b", "arg2": "c"}]}`, KindWiRe57},
		{"WiRe57 gold with a syntax error", "{\n  \"D1\": [ {\"id\": \"D1 1\", \"tuples\": [,] } ]\n}\n", KindWiRe57Gold},
		{"JSON Lines", "{\"sent_id\": 1, \"subject\": \"He\", \"relation\": \"slept\", \"object\": \"x\"}\n", KindJSONL},
		{"JSON Lines, two lines", "{\"sent_id\": 1}\n{\"sent_id\": 2}\n", KindJSONL},
		{"CaRB gold", "He served as the first Prime Minister .\tserved as\tHe\tthe first Prime Minister\n", KindCaRBGold},
		{"CaRB tabbed", "He served as the first Prime Minister .\t0.9\tserved as\tHe\tthe first Prime Minister\n", KindCaRB},
		{"BenchIE TSV", "1\tHe\tserved as\tthe first Prime Minister\n", KindTSV},
		{"BenchIE gold", "sent_id:1\tHe served as the first Prime Minister .\n", KindGold},
	}
	for _, c := range cases {
		if got := Sniff([]byte(c.data)); got != c.want {
			t.Errorf("%s: Sniff = %q, want %q", c.name, got, c.want)
		}
	}
	if KindWiRe57.Label() != "WiRe57 system JSON" || !KindWiRe57Gold.IsWiRe57() || KindCaRBGold.IsWiRe57() {
		t.Error("labels")
	}
}

func TestLoadTokenLevel(t *testing.T) {
	l, err := Load(evaluate.Input{Path: "gold.json", Data: readFixture(t, "../wire57/testdata/gold.json")}, KindAuto, false)
	if err != nil || l.Kind != KindWiRe57Gold || l.WiRe57 == nil || l.WiRe57.Path != "gold.json" {
		t.Fatalf("WiRe57 gold: %+v, %v", l, err)
	}
	l, err = Load(evaluate.Input{Path: "c.txt", Data: []byte("He slept well last night .\tslept\tHe\twell\n")}, KindAuto, false)
	if err != nil || l.Kind != KindCaRBGold || l.CaRBGold == nil || len(l.CaRBGold.Sentences) != 1 {
		t.Fatalf("CaRB gold: %+v, %v", l, err)
	}
	l, err = Load(evaluate.Input{Path: "t.txt", Data: []byte("He slept well last night .\t1\tslept\tHe\twell\n")}, KindAuto, false)
	if err != nil || l.Kind != KindCaRB || l.System == nil || l.System.ByText == nil {
		t.Fatalf("CaRB tabbed: %+v, %v", l, err)
	}
	// A broken WiRe57 file is refused with its position.
	_, err = Load(evaluate.Input{Path: "bad.json", Data: []byte("{\n  \"D1\": [ {\"id\": \"D1 1\", \"tuples\": [,] } ]\n}\n")}, KindAuto, false)
	var pe *oie.ParseError
	if !errors.As(err, &pe) || pe.Line != 2 {
		t.Fatalf("broken WiRe57 gold: %v, want an error on line 2", err)
	}
}
