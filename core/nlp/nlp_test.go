package nlp

import (
	"errors"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

func TestTokenize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// BenchIE English: already tokenized, a plain split.
		{"He served as the U.S. envoy ( D. , Mass . ) in 1990 .", "He served as the U.S. envoy ( D. , Mass . ) in 1990 ."},
		{"Graner 's cell , he said .", "Graner 's cell , he said ."},
		// German as released: punctuation stuck to words.
		{"Er diente als Premierminister von Australien.", "Er diente als Premierminister von Australien ."},
		{"Fälle, die (laut Bericht) „Sanktionen“ beinhalten, bzw. Diamanten.", "Fälle , die ( laut Bericht ) „ Sanktionen “ beinhalten , bzw. Diamanten ."},
		{"Er kam z.B. um 5 Uhr.", "Er kam z.B. um 5 Uhr ."},
		{"Ende U.S.", "Ende U.S."},
		// Chinese as released: one character a token; unspaced text too.
		{"他 曾 担 任 总 理 。", "他 曾 担 任 总 理 。"},
		{"他曾担任总理。", "他 曾 担 任 总 理 。"},
		{"  ", ""},
	} {
		if got := strings.Join(Tokenize(c.in), " "); got != c.want {
			t.Errorf("Tokenize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEnglishMarkers(t *testing.T) {
	for _, c := range []struct {
		words, tags string
		conj, cases int
	}{
		{"He served as the first Prime Minister of Australia and became a justice",
			"PRP VBD IN DT JJ NNP NNP IN NNP CC VBD DT NN", 1, 2},
		{"But both Tom and Ann wanted to go to the bars of Rome 's prison because it rained",
			"CC DT NNP CC NNP VBD TO VB TO DT NNS IN NNP POS NN IN PRP VBD", 1, 3},
		{"to quickly leave , to", "TO RB VB , TO", 0, 1},
		{"If that holds", "IN DT VBZ", 0, 0},
	} {
		conj, cases := EnglishMarkers(strings.Fields(c.words), strings.Fields(c.tags))
		if conj != c.conj || cases != c.cases {
			t.Errorf("%q: %d conjunctions, %d case markers; want %d, %d", c.words, conj, cases, c.conj, c.cases)
		}
	}
}

func TestGermanMarkers(t *testing.T) {
	for _, c := range []struct {
		text        string
		conj, cases int
	}{
		{"Er diente als erster Premierminister von Australien und wurde Gründungsrichter des obersten Gerichts von Australien.", 1, 2},
		{"Im Jahr 1990 kam er zum Dank mit Laut und Bild ins Haus.", 1, 4}, // Im, zum, mit, ins; not Dank, Laut
		{"Aber er kam, bzw. sie ging.", 1, 0},
	} {
		conj, cases := GermanMarkers(Tokenize(c.text))
		if conj != c.conj || cases != c.cases {
			t.Errorf("%q: %d conjunctions, %d case markers; want %d, %d", c.text, conj, cases, c.conj, c.cases)
		}
	}
}

func TestDetectLanguageOnBundledSentences(t *testing.T) {
	for _, lang := range []string{"en", "de", "zh"} {
		data, err := dataset.ReadFile("sample300_" + lang + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		if got := DetectLanguage(strings.Split(string(data), "\n")); got != lang {
			t.Errorf("sample300_%s: detected %q", lang, got)
		}
	}
	if got := DetectLanguage([]string{"1 2 3"}); got != "" {
		t.Errorf("digits detected as %q", got)
	}
}

func TestFeaturizerSources(t *testing.T) {
	text := "He went to Rome and Paris ."
	tags := NewTags("test-tagger", "en")
	tags.Add(text, strings.Fields("PRP VBD TO NNP CC NNP ."))
	calls := 0
	tagger := func(toks []string) []string {
		calls++
		out := make([]string, len(toks))
		for i := range out {
			out[i] = "IN"
		}
		return out
	}
	fz := &Featurizer{Lang: "en", Tags: tags, Tagger: tagger}
	if f, src := fz.Features("He  went to Rome and Paris ."); src != SourceTags || f != (Features{Tokens: 7, Conjunctions: 1, CaseMarkers: 1}) {
		t.Errorf("from tags: %+v %s", f, src)
	}
	if f, src := fz.Features("In the end"); src != SourceTagger || f.CaseMarkers != 3 || calls != 1 {
		t.Errorf("from the tagger: %+v %s", f, src)
	}
	if f, src := (&Featurizer{Lang: "en"}).Features(text); src != SourceNone || f.HasMarkers() || f.Tokens != 7 {
		t.Errorf("no tags: %+v %s", f, src)
	}
	if f, src := (&Featurizer{Lang: "de"}).Features("Er kam aus Bonn und Köln."); src != SourceWordList || f != (Features{Tokens: 7, Conjunctions: 1, CaseMarkers: 1}) {
		t.Errorf("German: %+v %s", f, src)
	}
	if f, src := (&Featurizer{Lang: "zh"}).Features("他 来 了"); src != SourceNone || f.HasMarkers() || f.Tokens != 3 {
		t.Errorf("Chinese: %+v %s", f, src)
	}
	if d := fz.Describe(); !strings.Contains(d, "test-tagger") || !strings.Contains(d, "approximation") {
		t.Errorf("describe %q", d)
	}
	if d := (&Featurizer{Lang: "fr"}).Describe(); d != "none" {
		t.Errorf("describe %q", d)
	}
}

func TestTagsRoundTrip(t *testing.T) {
	ts := NewTags("x", "en")
	ts.Add("He left .", []string{"PRP", "VBD", "."})
	ts.Add("Go !", []string{"VB", "."})
	b, err := ts.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadTags("tags.json", b)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := back.Lookup("He   left ."); !ok || strings.Join(got, " ") != "PRP VBD ." {
		t.Errorf("lookup %q %v", got, ok)
	}
	if _, ok := back.Lookup("unknown"); ok {
		t.Error("unknown sentence found")
	}
	again, _ := back.Encode()
	if string(again) != string(b) {
		t.Error("encoding is not stable")
	}
	for _, c := range []struct {
		data string
		kind error
	}{
		{"{", oie.ErrSyntax},
		{`{"tagger": "x"}`, oie.ErrNoContent},
		{`{"sentences": {"a b": "NN"}}`, oie.ErrFieldCount},
	} {
		_, err := ReadTags("t.json", []byte(c.data))
		var pe *oie.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, c.kind) || pe.File != "t.json" {
			t.Errorf("%q: %v", c.data, err)
		}
	}
}
