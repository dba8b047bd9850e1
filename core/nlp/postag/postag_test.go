package postag

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/internal/dataset"
)

func TestNameMatchesGoMod(t *testing.T) {
	root, err := dataset.Root()
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	_, version, _ := strings.Cut(Name, "@")
	version, _, _ = strings.Cut(version, " ")
	if !strings.Contains(string(mod), "github.com/jdkato/prose/v3 "+version) {
		t.Errorf("postag.Name says %s; go.mod requires another version of prose", version)
	}
}

func TestEnglishTags(t *testing.T) {
	tagger, err := English()
	if err != nil {
		t.Fatal(err)
	}
	toks := nlp.Tokenize("He served as the first Prime Minister of Australia and became a founding justice of the High Court of Australia .")
	tags := tagger(toks)
	want := "PRP VBD IN DT JJ NNP NNP IN NNP CC VBD DT JJ NN IN DT NNP NNP IN NNP ."
	if got := strings.Join(tags, " "); got != want {
		t.Errorf("tags %q, want %q", got, want)
	}
	conj, cases := nlp.EnglishMarkers(toks, tags)
	if conj != 1 || cases != 4 {
		t.Errorf("%d conjunctions, %d case markers; want 1, 4", conj, cases)
	}
}

// TestBundledTags tags every bundled English sentence, as the site build
// does, and reads the file back.
func TestBundledTags(t *testing.T) {
	data, err := dataset.ReadFile("sample300_en.txt")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			texts = append(texts, l)
		}
	}
	ts, err := TagSentences(texts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ts.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := nlp.ReadTags("tags_en.json", b)
	if err != nil {
		t.Fatal(err)
	}
	fz := &nlp.Featurizer{Lang: "en", Tags: back}
	withConj := 0
	for _, s := range texts {
		f, src := fz.Features(s)
		if src != nlp.SourceTags {
			t.Fatalf("%q: features from %s", s, src)
		}
		if f.Conjunctions > 0 {
			withConj++
		}
	}
	// About half of the BenchIE sentences hold a coordination.
	if withConj < 100 || withConj > 200 {
		t.Errorf("%d of %d sentences with conjunctions", withConj, len(texts))
	}
}

func BenchmarkTagBundledSentences(b *testing.B) {
	data, err := dataset.ReadFile("sample300_en.txt")
	if err != nil {
		b.Fatal(err)
	}
	texts := strings.Split(strings.TrimSpace(string(data)), "\n")
	for b.Loop() {
		if _, err := TagSentences(texts); err != nil {
			b.Fatal(err)
		}
	}
}
