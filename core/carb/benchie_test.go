package carb_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/oie"
)

func TestFromBenchIE(t *testing.T) {
	sents := []oie.Sentence{{ID: "1", Text: "He left Paris in 1950 ."}, {ID: "2", Text: "She came ."}, {ID: "2", Text: "ignored duplicate"}}
	sys, err := oie.ReadSystem("sys.tsv", []byte(
		"1\tHe\tleft\tParis\n"+
			"9\tX\tis\tY\n"+
			"2\tShe\tcame\t\n"+
			"9\tX\tis\tZ\n"+
			"7\tX\tis\tZ\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		t.Fatal(err)
	}
	p := carb.FromBenchIE(sys, sents)
	want := []carb.Prediction{
		{Sentence: "He left Paris in 1950 .", Confidence: 1, Tuple: tup("left", "He", "Paris"), Line: 1},
		{Sentence: "She came .", Confidence: 1, Tuple: tup("came", "She", ""), Line: 3},
	}
	if !reflect.DeepEqual(p.Extractions, want) {
		t.Errorf("got %#v\nwant %#v", p.Extractions, want)
	}
	if p.NoSentence != 3 || len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Msg, `3 of 5 extraction(s) name 2 sentence id(s)`) ||
		!strings.Contains(p.Warnings[0].Msg, `("9", "7")`) || !strings.HasSuffix(p.Warnings[0].Msg, "line 2, 4, 5") {
		t.Errorf("NoSentence %d, warnings %v", p.NoSentence, p.Warnings)
	}

	// n-ary arguments and confidences are kept
	nary, err := oie.ReadSystem("nary.tsv", []byte("1\tHe\tleft\tParis\tin 1950\t0.25\n"), oie.SystemOptions{Format: oie.FormatTSV, Confidence: oie.ConfidenceColumn})
	if err != nil {
		t.Fatal(err)
	}
	got := carb.FromBenchIE(nary, sents).Extractions
	if len(got) != 1 || got[0].Confidence != 0.25 || !reflect.DeepEqual(got[0].Args, []string{"He", "Paris", "in 1950"}) {
		t.Errorf("n-ary: %#v", got)
	}
}

func TestToBenchIE(t *testing.T) {
	sents := []oie.Sentence{{ID: "1", Text: "He left Paris ."}, {ID: "2", Text: "She came ."}}
	p := &carb.Predictions{Path: "p.txt", Extractions: []carb.Prediction{
		{Sentence: "He left Paris.", Confidence: 0.5, Tuple: tup("left", "He", "Paris", "in 1950"), Line: 1},
		{Sentence: "Unknown .", Confidence: 1, Tuple: tup("is", "X", "Y"), Line: 2},
		{Sentence: "She came .", Confidence: 1, Tuple: tup("came"), Line: 3},
	}}
	sys := carb.ToBenchIE(p, sents)
	want := []oie.Extraction{
		{SentID: "1", Triple: oie.Triple{Subject: "He", Relation: "left", Object: "Paris"}, Extra: []string{"in 1950"}, Confidence: 0.5, HasConfidence: true, Line: 1},
		{SentID: "2", Triple: oie.Triple{Relation: "came"}, Confidence: 1, HasConfidence: true, Line: 3},
	}
	if !reflect.DeepEqual(extractionList(sys.Extractions), want) || !sys.HasConfidence || len(sys.Warnings) != 1 || !strings.HasSuffix(sys.Warnings[0].Msg, `("Unknown .") and are left out: line 2`) {
		t.Errorf("got %#v, warnings %v", extractionList(sys.Extractions), sys.Warnings)
	}
	// and back: the same predictions, but for the dropped one and the
	// missing arguments, which become empty ones
	back := carb.FromBenchIE(sys, sents)
	if len(back.Extractions) != 2 || !reflect.DeepEqual(back.Extractions[0].Args, []string{"He", "Paris", "in 1950"}) ||
		!reflect.DeepEqual(back.Extractions[1].Args, []string{"", ""}) || back.Extractions[0].Confidence != 0.5 {
		t.Errorf("round trip: %#v", back.Extractions)
	}
}

// A line holding several extractions is named once in a list of lines.
func TestLineListNamesALineOnce(t *testing.T) {
	for _, c := range []struct {
		lines []int
		want  string
	}{
		{[]int{1, 1, 2}, "line 1, 2"},
		{[]int{3, 7, 7, 7, 12, 13, 14, 15, 15}, "line 3, 7, 12, 13, 14 and 1 more"},
		{[]int{4}, "line 4"},
	} {
		if got := carb.LineList(c.lines); got != c.want {
			t.Errorf("LineList(%v) = %q, want %q", c.lines, got, c.want)
		}
	}
}

// extractionList is x as a slice, to compare with reflect.DeepEqual.
func extractionList(x oie.Extractions) []oie.Extraction {
	var list []oie.Extraction
	for _, e := range x.All() {
		list = append(list, e)
	}
	return list
}
