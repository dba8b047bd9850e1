package nlp

import (
	"reflect"
	"strings"
	"testing"
)

func TestWordClassesFromTags(t *testing.T) {
	text := "He served as the first Prime Minister of Australia , in 1901 ."
	tags := NewTags("test", "en")
	tags.Add(text, strings.Fields("PRP VBD IN DT JJ NNP NNP IN NNP , IN CD ."))
	toks := strings.Fields(text)
	got, src := WordClasses(toks, text, "en", tags)
	want := []WordClass{ClassFunction, ClassVerb, ClassFunction, ClassFunction, ClassOther, ClassEntity, ClassEntity,
		ClassFunction, ClassEntity, ClassPunct, ClassFunction, ClassNumber, ClassPunct}
	if src != ClassesFromTags || !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %v\nwant %v", src, got, want)
	}
}

// White-space tokens that Tokenize splits take the tag of their word.
func TestAlignTags(t *testing.T) {
	text := `He said "yes," and left.`
	tags := NewTags("test", "en")
	fine := Tokenize(text) // He said " yes , " and left .
	if len(fine) != 9 {
		t.Fatalf("Tokenize gave %q", fine)
	}
	tags.Add(text, strings.Fields("PRP VBD `` UH , '' CC VBD ."))
	got, ok := AlignTags(strings.Fields(text), text, tags)
	if !ok || !reflect.DeepEqual(got, []string{"PRP", "VBD", "UH", "CC", "VBD"}) {
		t.Errorf("aligned %v (%v)", got, ok)
	}
	if _, ok := AlignTags(strings.Fields(text), "Another sentence .", tags); ok {
		t.Error("a sentence without tags was aligned")
	}
}

func TestWordClassesWithoutTagger(t *testing.T) {
	toks := strings.Fields("Barack Obama was born in Honolulu and visited 12 countries .")
	got, src := WordClasses(toks, strings.Join(toks, " "), "en", nil)
	want := []WordClass{ClassEntity, ClassEntity, ClassVerb, ClassVerb, ClassFunction, ClassEntity, ClassFunction, ClassVerb, ClassNumber, ClassOther, ClassPunct}
	if src != ClassesFromWordList || !reflect.DeepEqual(got, want) {
		t.Errorf("English %s: %v\nwant %v", src, got, want)
	}
	// A common first word is no name.
	if got, _ := WordClasses([]string{"The", "cat", "slept"}, "The cat slept", "en", nil); got[0] != ClassFunction {
		t.Errorf("The: %v", got)
	}

	de := strings.Fields("Er hat die Petition im Bundestag eingereicht und wurde 2005 gewählt .")
	got, src = WordClasses(de, strings.Join(de, " "), "de", nil)
	want = []WordClass{ClassFunction, ClassVerb, ClassFunction, ClassEntity, ClassFunction, ClassEntity, ClassOther, ClassFunction, ClassVerb, ClassNumber, ClassVerb, ClassPunct}
	if src != ClassesFromWordList || !reflect.DeepEqual(got, want) {
		t.Errorf("German %s: %v\nwant %v", src, got, want)
	}

	zh := strings.Fields("他 曾 担 任 总 理")
	got, src = WordClasses(zh, strings.Join(zh, " "), "zh", nil)
	if src != ClassesNone || len(got) != len(zh) || got[0] != ClassOther {
		t.Errorf("Chinese %s: %v", src, got)
	}
}
