package hostile_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/annotate"
	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/wire57"
	"github.com/oiebench/oiebench/internal/hostile"
)

// reader is one of the readers, given a file's bytes.
type reader struct {
	name   string
	read   func(data []byte) error
	record string // one valid record, ending in "\n"
}

var readers = []reader{
	{"BenchIE gold", func(d []byte) error {
		_, err := benchie.ReadGold("f", d, benchie.GoldOptions{})
		return err
	}, "sent_id:%d\tHe served .\n%d--> Cluster 1:\nHe --> served --> [as] PM\n\n"},
	{"BenchIE TSV", func(d []byte) error {
		_, err := oie.ReadSystem("f", d, oie.SystemOptions{Format: oie.FormatTSV})
		return err
	}, "%d\tHe\tserved\tas PM%d\n"},
	{"JSON Lines", func(d []byte) error {
		_, err := oie.ReadSystem("f", d, oie.SystemOptions{Format: oie.FormatJSONL})
		return err
	}, `{"sent_id": %d, "subject": "He", "relation": "served", "object": "PM%d"}` + "\n"},
	{"CaRB gold", func(d []byte) error {
		_, err := carb.ReadGold("f", d)
		return err
	}, "Sentence %d .\tserved\tHe\tPM%d\n"},
	{"CaRB tabbed", func(d []byte) error {
		_, err := carb.ReadTabbed("f", d)
		return err
	}, "Sentence %d .\t0.5\tserved\tHe\tPM%d\n"},
	{"studio BenchIE", func(d []byte) error {
		_, _, err := annotate.ReadBenchIE("f", d, annotate.ReadOptions{})
		return err
	}, "sent_id:%d\tHe served as PM .\n%d--> Cluster 1:\nHe --> served --> [as] PM\n\n"},
}

// records is n records of r, each with its own number.
func records(r reader, n int) []byte {
	var b bytes.Buffer
	for i := range n {
		switch strings.Count(r.record, "%d") {
		case 1:
			fmt.Fprintf(&b, r.record, i+1)
		default:
			fmt.Fprintf(&b, r.record, i+1, i+1)
		}
	}
	return b.Bytes()
}

// TestReadersCost: every reader costs memory in proportion to its input:
// records, blank lines (136 B a line before), CR-only lines and one long
// line, each ten times over.
func TestReadersCost(t *testing.T) {
	for _, r := range readers {
		shapes := map[string]func(n int) []byte{
			"records": func(n int) []byte { return records(r, 100*n) },
			"blank lines": func(n int) []byte {
				return append(bytes.Repeat([]byte("\n"), 100000*n), records(r, 1)...)
			},
			"blank CRLF lines": func(n int) []byte {
				return append(bytes.Repeat([]byte(" \r\n"), 30000*n), records(r, 1)...)
			},
			"CR-only lines": func(n int) []byte {
				return bytes.ReplaceAll(records(r, 100*n), []byte("\n"), []byte("\r"))
			},
			"a long line": func(n int) []byte {
				return bytes.Replace(records(r, 1), []byte("He"), bytes.Repeat([]byte("x"), 100000*n), 1)
			},
		}
		for shape, gen := range shapes {
			t.Run(r.name+"/"+shape, func(t *testing.T) {
				hostile.Proportional(t, r.name+", "+shape, 1, gen, func(in []byte) {
					if err := r.read(in); err != nil {
						t.Fatal(err)
					}
				}, hostile.Bound{Floor: 1 << 20, PerByte: 64})
			})
		}
	}
}

// TestLineEndingsAndBOM: lone CRs end lines, as in Python's universal
// newlines (the reference's), and byte order marks at the start of a file
// are all dropped, however many.
func TestLineEndingsAndBOM(t *testing.T) {
	sys, err := oie.ReadSystem("f", []byte("\ufeff\ufeff1\ta\tb\tc\r\r2\td\te\tf\r"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	if sys.Extractions.Len() != 2 || sys.Extractions.At(0).SentID != "1" || sys.Extractions.At(1).Line != 3 || sys.Extractions.At(1).Object != "f" {
		t.Errorf("extractions %+v", sys.Extractions)
	}
	g, err := benchie.ReadGold("g", []byte("\ufeff\ufeffsent_id:7\tS .\r7--> Cluster 1:\rA --> b --> [c]\r"), benchie.GoldOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	if s := g.Sentences[0]; s.ID != "7" || len(s.Synsets) != 1 || s.Synsets[0].Triples[0].Line != 3 {
		t.Errorf("gold %+v", s)
	}
	// Positions count lone CRs as line ends too.
	_, err = oie.ReadSystem("f", []byte("1\ta\tb\tc\r2\tx\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err == nil || !strings.HasPrefix(err.Error(), "f:2:") {
		t.Errorf("error %v, want it on line 2", err)
	}
	_, err = oie.ReadSystem("f", []byte("1\ta\tb\tc\r2\t\xff\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err == nil || !strings.HasPrefix(err.Error(), "f:2:3:") {
		t.Errorf("error %v, want it at 2:3", err)
	}
}

// TestWarningCaps: a file with a warning on every line keeps
// oie.MaxWarnings of them and counts the rest; a conversion summarises.
func TestWarningCaps(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "Sentence %d .\tr\n", i) // a tuple without arguments
	}
	g, err := carb.ReadGold("g", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Warnings); n != oie.MaxWarnings+1 || g.Warnings[n-1].Msg != "800 more warnings not shown" {
		t.Errorf("%d warnings, the last %q", n, g.Warnings[len(g.Warnings)-1].Msg)
	}
	p := &carb.Predictions{Path: "p"}
	for i := range 1000 {
		p.Extractions = append(p.Extractions, carb.Prediction{Sentence: fmt.Sprintf("S %d", i), Tuple: carb.Tuple{Relation: "r"}})
	}
	// Extractions of sentences the gold lacks are one summary line.
	if sys := carb.ToBenchIE(p, nil); len(sys.Warnings) != 1 || !strings.Contains(sys.Warnings[0].Msg, "1000 of 1000") {
		t.Errorf("conversion: %d warnings: %v", len(sys.Warnings), sys.Warnings)
	}
}

// TestJSONReadersCost: the WiRe57 gold and system readers (JSON documents)
// cost memory in proportion to their input, for many records and for a
// long string.
func TestJSONReadersCost(t *testing.T) {
	gold, err := os.ReadFile("../../core/wire57/testdata/gold.json")
	if err != nil {
		t.Fatal(err)
	}
	// n copies of the fixture's documents, their ids made unique
	inner := strings.TrimSpace(string(gold))
	inner = inner[1 : len(inner)-1]
	golds := func(n int) []byte {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = strings.ReplaceAll(inner, `"D`, fmt.Sprintf(`"D%dx`, i))
		}
		return []byte("{" + strings.Join(parts, ",") + "}")
	}
	systems := func(n int) []byte {
		many := map[string][]map[string]any{}
		for i := range 20 * n {
			many[fmt.Sprintf("D%d 1", i)] = []map[string]any{{"arg1": "Obama", "rel": "is president of", "arg2": "the US", "arg3+": []string{}, "extractor": "s", "score": 0.9}}
		}
		b, _ := json.Marshal(many)
		return b
	}
	long := func(n int) []byte {
		b, _ := json.Marshal(map[string][]map[string]any{"D1 1": {{"arg1": strings.Repeat("x ", 50000*n), "rel": "r", "arg2": "o", "extractor": "s", "score": 0.9}}})
		return b
	}
	for _, c := range []struct {
		name string
		gen  func(int) []byte
		read func([]byte) error
	}{
		{"WiRe57 gold, records", golds, func(d []byte) error { _, err := wire57.ReadGold("g", d); return err }},
		{"WiRe57 system, records", systems, func(d []byte) error { _, err := wire57.ReadSystem("s", d); return err }},
		{"WiRe57 system, a long string", long, func(d []byte) error { _, err := wire57.ReadSystem("s", d); return err }},
	} {
		t.Run(c.name, func(t *testing.T) {
			hostile.Proportional(t, c.name, 1, c.gen, func(in []byte) {
				if err := c.read(in); err != nil {
					t.Fatal(err)
				}
			}, hostile.Bound{Floor: 1 << 20, PerByte: 64})
		})
	}
}
