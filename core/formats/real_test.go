package formats_test

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
)

// readReal detects and reads a real system output shipped under testdata.
func readReal(t *testing.T, dir, name, format string) *carb.Predictions {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if d := formats.Detect(data); d.Format == nil || d.Format.Name != format {
		t.Fatalf("%s detected as %+v, want %s", name, d, format)
	}
	x, err := formats.Read(formats.Input{File: name, Data: data}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return x.ByText
}

// TestRealOpenIE6 reads OpenIE6's own output of one run, written by OpenIE6
// in both of its forms (predictions, and the allennlp form with tagged
// slots; KGExtractionToolbox's case study, see testdata/kgextractiontoolbox):
// the two must give the same extractions, the confidences of the
// predictions being the allennlp ones rounded to two decimals.
func TestRealOpenIE6(t *testing.T) {
	pred := readReal(t, "kgextractiontoolbox", "pubmed_openie6_excerpt.oie", "openie6")
	allen := readReal(t, "kgextractiontoolbox", "pubmed_openie6_excerpt.allennlp", "allennlp")
	if len(pred.Extractions) != 47 || len(allen.Extractions) != 47 {
		t.Fatalf("%d and %d extractions, want 47", len(pred.Extractions), len(allen.Extractions))
	}
	// The one extraction whose subject holds a ";" of its sentence: the
	// predictions' fields are split at it, as OpenIE6's CaRB reader splits
	// them (the allennlp form has the system's own slots).
	const cutLine = 52
	for i, p := range pred.Extractions {
		a := allen.Extractions[i]
		if p.Sentence != a.Sentence || math.Abs(p.Confidence-math.Round(a.Confidence*100)/100) > 1e-12 {
			t.Errorf("extraction %d: %q %v, allennlp %q %v", i, p.Sentence, p.Confidence, a.Sentence, a.Confidence)
		}
		if p.Line == cutLine {
			continue
		}
		if !reflect.DeepEqual(p.Tuple, a.Tuple) {
			t.Errorf("line %d: %+v, allennlp line %d: %+v", p.Line, p.Tuple, a.Line, a.Tuple)
		}
	}
	for _, c := range []struct {
		x    carb.Prediction
		want carb.Prediction
	}{
		{pred.Extractions[0], carb.Prediction{Sentence: "This document id is 30160001 .", Confidence: 1, Line: 2, Tuple: tup("is", "This document id", "30160001")}},
		{pred.Extractions[15], carb.Prediction{Sentence: "This shift changes the understanding of the disease , its therapy , and the life expectancy of those affected .",
			Confidence: 1, Line: 35, Tuple: tup("affected", "those", "")}},
		{allen.Extractions[15], carb.Prediction{Sentence: "This shift changes the understanding of the disease , its therapy , and the life expectancy of those affected .",
			Confidence: 0.9997265934944153, Line: 16, Tuple: tup("affected", "those", "")}},
		{pred.Extractions[24], carb.Prediction{Sentence: allen.Extractions[24].Sentence, Confidence: 0.95, Line: cutLine,
			Tuple: tup("EtOH-water , 1:1 ) of A. graveolens fruit", "extract", "was evaluated for antiproliferative properties against human T24 blast cells")}},
		{allen.Extractions[24], carb.Prediction{Sentence: allen.Extractions[24].Sentence, Confidence: 0.9509958028793335, Line: 25,
			Tuple: tup("was evaluated", "extract ; EtOH-water , 1:1 ) of A. graveolens fruit", "for antiproliferative properties against human T24 blast cells")}},
		// The same sentence in two blocks in a row (OpenIE6 splits
		// conjunctions into sentences of their own): each keeps its own.
		{pred.Extractions[46], carb.Prediction{Sentence: "CSE was dominated by the presence of luteolin-glycosides and related flavones besides furocoumarins .",
			Confidence: 1, Line: 104, Tuple: tup("was dominated", "CSE", "by the presence of related flavones besides furocoumarins")}},
	} {
		if !reflect.DeepEqual(c.x, c.want) {
			t.Errorf("read %+v\nwant %+v", c.x, c.want)
		}
	}
	// That split is not silent: the reader says where.
	if len(pred.Warnings) != 1 || !strings.HasPrefix(pred.Warnings[0].Msg, "1 extraction(s)") || !strings.Contains(pred.Warnings[0].Msg, "line 52") || !strings.Contains(pred.Warnings[0].Msg, `";"`) {
		t.Errorf("warnings %v", pred.Warnings)
	}
	if len(allen.Warnings) != 0 {
		t.Errorf("allennlp warnings %v", allen.Warnings)
	}
}
