package evaluate_test

import (
	"encoding/json"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/hostile"
)

// FuzzScore runs whole evaluations, the scorers and options together: any
// gold, system and CaRB gold, with facets, the reference-compatible mode,
// strict reading, CaRB and the system format chosen by the bits of opts.
// An evaluation either fails with a positioned error or gives a report that
// renders in every format, its JSON readable back; within the per-input
// limits of hostile.Watch.
func FuzzScore(f *testing.F) {
	gold := "sent_id:1\tHe served as the first PM .\n1--> Cluster 1:\nHe --> served as --> [the] [first] PM\n1--> Cluster 2:\nHe --> [served] --> [as] x\n"
	carbGold := "He served as the first PM .\tserved as\tHe\tthe first PM\n"
	f.Add([]byte(gold), []byte("1\tHe\tserved as\tPM\n1\tHe\tserved\tx\t0.5\n"), []byte(carbGold), uint8(0xff))
	f.Add([]byte(gold), []byte(`{"sent_id": 1, "subject": "He", "relation": "served as", "object": "the PM", "confidence": 1e308}`+"\n"), []byte(carbGold), uint8(0x3f))
	f.Add([]byte(gold), []byte("He served as the first PM .\t0.9\tserved as\tHe\tthe first PM\n"), []byte(carbGold), uint8(0xc7))
	// Optional units alike, a few: each execution stays fast (the 2^k
	// golds themselves are in the cost tests, internal/hostile).
	f.Add([]byte("sent_id:1\tS\n1--> Cluster 1:\n[a] [a] [a] [b] [a] [a] --> r --> o\n[a] [a] [a] --> r --> o\n"), []byte("1\ta a\tr\to\n"), []byte("S\tr\ta a\to\n"), uint8(0x17))
	f.Add([]byte("sent_id:1\tS\r1--> Cluster 1:\rA --> b --> [c]\r"), []byte("\ufeff\ufeff1\tA\tb\tc\r"), []byte("S\tb\tA\tc\r"), uint8(0x9b))
	formats := []oie.Format{oie.FormatAuto, oie.FormatTSV, oie.FormatJSONL, evaluate.FormatCaRB}
	f.Fuzz(func(t *testing.T, goldData, sysData, carbData []byte, opts uint8) {
		defer hostile.Watch(t, len(goldData)+len(sysData)+len(carbData))()
		req := evaluate.Request{
			Gold:         evaluate.Input{Path: "gold", Data: goldData},
			Systems:      []evaluate.Input{{Path: "sys", Name: "sys", Data: sysData}},
			SystemFormat: formats[opts>>6],
		}
		for i, facet := range benchie.Facets {
			if opts&(1<<i) != 0 {
				req.Facets = append(req.Facets, facet)
			}
		}
		req.ReferenceCompat = opts&(1<<3) != 0
		req.StrictGold = opts&(1<<4) != 0
		if opts&(1<<5) != 0 {
			req.CaRBGold = &evaluate.Input{Path: "carb_gold", Data: carbData}
		}
		ev, err := evaluate.Run(req)
		if err != nil {
			return
		}
		for _, format := range report.Formats {
			out, err := ev.Report.Render(format)
			if err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if format == "json" {
				var v map[string]any
				if err := json.Unmarshal(out, &v); err != nil {
					t.Fatalf("JSON that does not read back: %v", err)
				}
			}
		}
	})
}
