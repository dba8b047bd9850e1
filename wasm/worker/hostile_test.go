package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/internal/hostile"
)

// hostileBodies are requests with hostile texts, by name: the natively
// tested handler and the Worker under wrangler must answer each with a 200
// or a 4xx, never a 5xx.
func hostileBodies(t *testing.T) map[string][]byte {
	carbGold := string(readData(t, "carb_explicit.txt"))
	gold := string(readData(t, "benchie_gold_annotations_en.txt"))
	bodies := map[string]map[string]any{
		// A JSONL confidence beyond float64 made CaRB's threshold infinite
		// and the JSON encoding fail (500).
		"infinite confidence": {"gold": gold, "carb_gold": carbGold, "scorers": []string{"benchie", "carb"},
			"systems": map[string]any{"s": `{"sent_id": 1, "subject": "He", "relation": "served", "object": "as PM", "confidence": 1e309}` + "\n" +
				`{"sent_id": 2, "subject": "a", "relation": "b", "object": "c", "confidence": -1e309}` + "\n"}},
		"tabbed infinite confidence": {"gold": gold, "system_format": "carb-tabbed",
			"systems": map[string]any{"s": "He served .\t1e309\tserved\tHe\n"}},
		"blank lines": {"gold": tinyGold, "systems": map[string]any{"s": strings.Repeat("\n", 1<<19) + tinySystem}},
		// 300 triples no index can filter, 3,000 extractions: 900,000
		// searches, over the Worker's limit (a 400 that says so).
		"unindexed triples": {"gold": unindexedGold(300), "systems": map[string]any{"s": unindexedSystem(3000)}},
	}
	for name, gen := range hostile.Golds {
		if g := string(gen(1)); len(g) < 1<<20 {
			bodies["gold: "+name] = map[string]any{"gold": g, "systems": map[string]any{"s": "0\tHe\tserved as\tminister\n"}}
		}
	}
	out := map[string][]byte{}
	for name, body := range bodies {
		out[name] = mustJSON(t, body)
	}
	return out
}

// unindexedGold is a sentence of n triples whose slots start and end with
// twelve "[a]": too many first and last words to index.
func unindexedGold(n int) string {
	u := strings.TrimSpace(strings.Repeat("[a] ", 12))
	var b strings.Builder
	b.WriteString("sent_id:1\ta b c .\n1--> Cluster 1:\n") // the words the extractions use
	for i := range n {
		fmt.Fprintf(&b, "%s --> %s --> %s b%d\n", u, u, u, i)
	}
	return b.String()
}

// unindexedSystem is n distinct extractions of that sentence.
func unindexedSystem(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "1\ta a a\ta a a\ta a a c%d\n", i)
	}
	return b.String()
}

// TestHostileBodies: hostile texts get a 200 or a 4xx with a message, never
// a 5xx, and cost memory in proportion to the body (the Worker has 128 MB).
func TestHostileBodies(t *testing.T) {
	h := newHandler(nil)
	for name, b := range hostileBodies(t) {
		var res *http.Response
		cost := hostile.Allocated(func() { res = post(t, h, b) })
		answer := readAll(t, res)
		t.Logf("%s: %d B body, %d B allocated, status %d", name, len(b), cost, res.StatusCode)
		if res.StatusCode >= 500 {
			t.Errorf("%s: status %d: %.300s", name, res.StatusCode, answer)
		}
		if name == "unindexed triples" && (res.StatusCode != http.StatusBadRequest || !strings.Contains(string(answer), "no index can filter")) {
			t.Errorf("%s: status %d: %.300s", name, res.StatusCode, answer)
		}
		if limit := uint64(64<<20 + 100*len(b)); cost > limit {
			t.Errorf("%s: %d B allocated for a %d B body, over %d", name, cost, len(b), limit)
		}
	}
}
