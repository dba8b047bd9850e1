package annotate

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// bundled describes the published data: per language, the gold file and
// the system files, from the reference numbers' index.
type bundled struct {
	Lang    string
	Gold    string
	Systems map[string]string // name -> file
}

func loadBundled(t testing.TB) []bundled {
	t.Helper()
	var e struct {
		Gold       map[string]string `json:"gold"`
		EN, DE, ZH map[string]struct {
			File string `json:"file"`
		}
	}
	if err := dataset.Expected("benchie", &e); err != nil {
		t.Fatal(err)
	}
	var out []bundled
	for _, l := range []string{"en", "de", "zh"} {
		b := bundled{Lang: l, Gold: e.Gold[l], Systems: map[string]string{}}
		src := map[string]map[string]struct {
			File string `json:"file"`
		}{"en": e.EN, "de": e.DE, "zh": e.ZH}[l]
		for name, s := range src {
			b.Systems[name] = s.File
		}
		if b.Gold == "" || len(b.Systems) == 0 {
			t.Fatalf("reference index lists no gold or systems for %s", l)
		}
		out = append(out, b)
	}
	return out
}

func readData(t testing.TB, name string) []byte {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readGoldDoc(t testing.TB, name string) *Document {
	t.Helper()
	d, _, err := ReadBenchIE(name, readData(t, name), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func readSys(t testing.TB, name string) *oie.System {
	t.Helper()
	s, err := oie.ReadSystem(name, readData(t, name), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// describe writes words compactly for table tests: a token as #i, a typed
// word as its text, with the brackets as placed.
func describe(words []Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		p := w.Text
		if !w.IsTyped() {
			p = fmt.Sprintf("#%d", w.Token)
		} else if p == "" {
			p = `""`
		}
		if w.Open {
			p = "[" + p
		}
		if w.Close {
			p += "]"
		}
		parts[i] = p
	}
	return strings.Join(parts, " ")
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// mustApply applies ops and fails the test on the first refusal.
func mustApply(t *testing.T, e *Editor, ops ...Op) {
	t.Helper()
	for _, op := range ops {
		if err := e.Apply(op); err != nil {
			t.Fatalf("%s: %v", op.Name(), err)
		}
	}
}

// small is a document for operation tests: two sentences, synsets and
// triples of sentence 0 as in the BenchIE example.
func small(t *testing.T) *Document {
	t.Helper()
	const gold = "sent_id:1\tHe served as the first Prime Minister of Australia .\n" +
		"1--> Cluster 1:\n" +
		"He --> served as --> [the] [first] Prime Minister [of Australia]\n" +
		"He --> served --> as [the] [first] Prime Minister [of Australia]\n" +
		"1--> Cluster 2:\n" +
		"He --> served as [the] [first] Prime Minister of --> Australia\n" +
		"\n" +
		"sent_id:2\tGraner handcuffed him .\n" +
		"2--> Cluster 1:\n" +
		"Graner --> handcuffed --> him\n"
	d, _, err := ReadBenchIE("small.txt", []byte(gold), ReadOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	return d
}
