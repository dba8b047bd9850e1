package formats_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
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

// TestRealOpenIE4NAry reads OpenIE 4's output as OpenIE 4.2 writes it:
// column 5 holds every argument after the first, joined by "; ", as OpenIE
// 5 writes them, so the file is read as OpenIE 5 and keeps them all (see
// testdata/supervised-oie).
func TestRealOpenIE4NAry(t *testing.T) {
	x := readReal(t, "supervised-oie", "web_oie4_head24.txt", "openie5")
	if len(x.Extractions) != 23 || len(x.Warnings) != 1 || !strings.Contains(x.Warnings[0].Msg, "1 line(s) skipped (an argument or the relation is missing)") ||
		!strings.Contains(x.Warnings[0].Msg, "line 22") {
		t.Fatalf("%d extractions, warnings %v", len(x.Extractions), x.Warnings)
	}
	adobe := "Adobe Systems plans to acquire Macromedia for $ 3.4 billion in stock ."
	for _, c := range []struct {
		got, want carb.Prediction
	}{
		{x.Extractions[0], carb.Prediction{Sentence: "14 December - LAWFUEL - The Law News Network - Shearman &amp;amp; Sterling is advising Viacom and Paramount Pictures on the acquisition of DreamWorks LLC .",
			Confidence: 0.9324144673478683, Line: 1, Tuple: tup("is advising", "Sterling", "Viacom and Paramount Pictures", "on the acquisition of DreamWorks LLC")}},
		// A context that does not start arg1 and the relation goes in
		// front of arg1, as CaRB's OpenIE 5 reader puts it, even when
		// only the tokenisation differs ("Yahoo !" and "Yahoo!").
		{x.Extractions[3], carb.Prediction{Sentence: "2 Yahoo! and Microsoft plan to make the interoperability between their respective IM services broadly available to consumers in the coming months .",
			Confidence: 0.9216420163061636, Line: 4, Tuple: tup("plan to make", "2 Yahoo ! and Microsoft plan 2 Yahoo! and Microsoft",
				"the interoperability between their respective IM services broadly available to consumers in the coming months")}},
		{x.Extractions[8], carb.Prediction{Sentence: "__ __ , actually Charles Spencer Chaplin , was born in London , England , on April 16th 1889 .",
			Confidence: 0.8686046105879486, Line: 9, Tuple: tup("was born", "__ __", "in London", "England", "on April 16th 1889")}},
		{x.Extractions[18], carb.Prediction{Sentence: adobe, Confidence: 0.9240540007105948, Line: 19,
			Tuple: tup("plans to acquire", "Adobe Systems", "Macromedia", "for $ 3.4 billion in stock")}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("read %+v\nwant %+v", c.got, c.want)
		}
	}

	// Read as OpenIE 4 by name, the reference reader's way, column 5
	// gives its first argument only: that is said, with the lines.
	data, err := os.ReadFile(filepath.Join("testdata", "supervised-oie", "web_oie4_head24.txt"))
	if err != nil {
		t.Fatal(err)
	}
	four, err := formats.Read(formats.Input{File: "web.oie4", Data: data}, formats.MustLookup("openie4"))
	if err != nil {
		t.Fatal(err)
	}
	p := four.ByText
	if len(p.Extractions) != 23 || !reflect.DeepEqual(p.Extractions[0].Tuple, tup("is advising", "Sterling", "Viacom and Paramount Pictures")) {
		t.Errorf("as openie4: %d extractions, first %+v", len(p.Extractions), p.Extractions[0].Tuple)
	}
	if len(p.Warnings) != 2 || !strings.HasPrefix(p.Warnings[1].Msg, "7 line(s) hold several arguments in column 5") ||
		!strings.Contains(p.Warnings[1].Msg, "line 1, 6, 7, 9, 12 and 2 more") {
		t.Errorf("as openie4: warnings %v", p.Warnings)
	}
}

// TestRealOllie reads Ollie's own tabbed output (see testdata/supervised-oie):
// a header, then confidence, arg1, relation, arg2, enabler, attribution
// (Scala options: None, Some(...)), sentence, pattern, dependencies. The
// enabler and the attribution are not part of the extraction, as CaRB's
// Ollie reader reads it.
func TestRealOllie(t *testing.T) {
	x := readReal(t, "supervised-oie", "web_ollie_excerpt.txt", "ollie")
	want := []carb.Prediction{
		{Sentence: "Google assimilates YouTube !", Confidence: 0.784, Line: 2, Tuple: tup("assimilates", "Google", "YouTube")},
		{Sentence: "finally google bought youtube", Confidence: 0.806, Line: 3, Tuple: tup("bought", "google", "youtube")},
		{Sentence: "Google actually bought YouTube .", Confidence: 0.817, Line: 4, Tuple: tup("actually bought", "Google", "YouTube")},
		{Sentence: "Google announced Tuesday that it bought YouTube for $ 1.65 billion .", Confidence: 0.633, Line: 5, Tuple: tup("bought", "it", "YouTube")},
		{Sentence: "In case you ' re interested in that sort of thing , the WSJ has a summary of analyst comments on the Google deal for YouTube .",
			Confidence: 0.645, Line: 6, Tuple: tup("has", "the WSJ", "a summary of analyst comments")},
	}
	if !reflect.DeepEqual(x.Extractions, want) || len(x.Warnings) != 0 {
		t.Errorf("read %+v\nwant %+v\nwarnings %v", x.Extractions, want, x.Warnings)
	}
}

// TestRealGraphene reads Graphene's flat RDFNL output of five BenchIE
// sentences (oie-benchmark's Graphene branch, see testdata/graphene), and
// checks the reading against BenchIE's own Graphene file: every context
// layer is read, and each simple context gives one more extraction with
// its text after the object. BenchIE's file differs in two ways that are
// not the format's: its slots are lowercased, and extractions with an
// empty slot are left out (no BenchIE system file has one).
func TestRealGraphene(t *testing.T) {
	x := readReal(t, "graphene", "benchie_sentences_flat.txt", "graphene")
	stMichael := "Because of this association , St. Michael was considered to be the patron saint of colonial Maryland , and as such was honored by the river being named for him ."
	want := []carb.Prediction{
		{Sentence: stMichael, Confidence: 1, Line: 7, Tuple: tup("was considered", "St. Michael", "to be Maryland")},
		{Sentence: stMichael, Confidence: 1, Line: 7, Tuple: tup("was considered", "St. Michael", "to be Maryland because of this association .")},
		{Sentence: stMichael, Confidence: 1, Line: 8, Tuple: tup("was", "Maryland", "the patron saint of colonial")},
		{Sentence: stMichael, Confidence: 1, Line: 9, Tuple: tup("was honored by the river", "such", "")},
		{Sentence: stMichael, Confidence: 1, Line: 9, Tuple: tup("was honored by the river", "such", "because of this association .")},
		{Sentence: stMichael, Confidence: 1, Line: 10, Tuple: tup("was being named", "The river", "for him")},
	}
	var got []carb.Prediction
	for _, p := range x.Extractions {
		if p.Sentence == stMichael {
			got = append(got, p)
		}
	}
	if !reflect.DeepEqual(got, want) || len(x.Warnings) != 0 {
		t.Errorf("read %+v\nwant %+v\nwarnings %v", got, want, x.Warnings)
	}

	// BenchIE's Graphene file holds, for these sentences, exactly the
	// extractions read here, lowercased, but those of an extraction with
	// an empty slot (its contexts' included: all are on its line).
	root, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	sents, err := os.ReadFile(filepath.Join(root, "sample300_en.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range strings.Split(strings.TrimSpace(string(sents)), "\n") {
		ids[s] = strconv.Itoa(i + 1)
	}
	emptySlot := map[int]bool{}
	for _, p := range x.Extractions {
		if p.Tuple.Args[0] == "" || p.Tuple.Relation == "" || p.Tuple.Args[1] == "" {
			emptySlot[p.Line] = true
		}
	}
	read := map[string][]string{}
	for _, p := range x.Extractions {
		if id, ok := ids[p.Sentence]; ok && !emptySlot[p.Line] {
			read[id] = append(read[id], strings.ToLower(p.Tuple.Args[0]+"\t"+p.Tuple.Relation+"\t"+p.Tuple.Args[1]))
		}
	}
	if len(read) != 5 {
		t.Fatalf("%d BenchIE sentences in the excerpt, want 5", len(read))
	}
	published, err := os.ReadFile(filepath.Join(root, "systems", "graphene_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	benchie := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(published)), "\n") {
		id, triple, _ := strings.Cut(l, "\t")
		if _, ok := read[id]; ok {
			benchie[id] = append(benchie[id], triple)
		}
	}
	for id := range read {
		slices.Sort(read[id])
		slices.Sort(benchie[id])
	}
	if !reflect.DeepEqual(read, benchie) {
		t.Errorf("read %q\nBenchIE's file %q", read, benchie)
	}
}

// TestRealKGToolbox reads KGExtractionToolbox's own TSV output (see
// testdata/kgextractiontoolbox): its header names the columns, its
// document ids are not sentence ids, and chosen by name, BenchIE TSV (whose
// columns would be shifted) is refused.
func TestRealKGToolbox(t *testing.T) {
	const name = "pubmed_openie6_head11.tsv"
	x := readReal(t, "kgextractiontoolbox", name, "kgextractiontoolbox")
	tumors := "Tumors in the head and neck region include a heterogeneous group of carcinomas whose treatment has advanced in recent years ."
	if len(x.Extractions) != 10 || len(x.Warnings) != 0 {
		t.Fatalf("%d extractions, warnings %v", len(x.Extractions), x.Warnings)
	}
	for _, c := range []struct{ got, want carb.Prediction }{
		{x.Extractions[0], carb.Prediction{Sentence: tumors, Confidence: 0.94, Line: 2, Tuple: tup("has advanced", "a heterogeneous group of carcinomas", "in recent years")}},
		{x.Extractions[7], carb.Prediction{Sentence: "This shift changes the understanding of the disease , its therapy , and the life expectancy of those affected .",
			Confidence: 0.92, Line: 9, Tuple: tup("affected", "those", "")}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("read %+v\nwant %+v", c.got, c.want)
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "kgextractiontoolbox", name))
	if err != nil {
		t.Fatal(err)
	}
	_, err = formats.Read(formats.Input{File: name, Data: data}, formats.MustLookup(formats.NameBenchIETSV))
	if !errors.Is(err, formats.ErrRefused) || !strings.Contains(err.Error(), name+":1: asked to read it as BenchIE TSV, but its first line is the header of KGExtractionToolbox TSV") ||
		!strings.Contains(err.Error(), "read it as kgextractiontoolbox") {
		t.Errorf("read as benchie-tsv: %v", err)
	}
}

// TestRealInfiniteConfidence: supervised-oie's PropS output in CaRB's
// tabbed form holds confidences Python wrote as "-inf" (see
// testdata/supervised-oie). CaRB takes them as the lowest; oiebench, whose
// reports show thresholds as numbers, refuses them at their position and
// says what to write instead to get CaRB's scores.
func TestRealInfiniteConfidence(t *testing.T) {
	const name = "web_props_inf_excerpt.txt"
	data, err := os.ReadFile(filepath.Join("testdata", "supervised-oie", name))
	if err != nil {
		t.Fatal(err)
	}
	if d := formats.Detect(data); d.Format == nil || d.Format.Name != formats.NameCaRBTabbed {
		t.Fatalf("detected as %+v, want carb-tabbed", d)
	}
	_, err = formats.Read(formats.Input{File: name, Data: data}, nil)
	if !errors.Is(err, oie.ErrSyntax) || !strings.HasPrefix(err.Error(), name+`:4:252: expected a confidence in column 2, found "-inf", an infinite confidence: CaRB's reader takes it as the lowest of all`) ||
		!strings.Contains(err.Error(), "write instead a number lower than every other confidence of the file") {
		t.Errorf("error %v", err)
	}
}

// TestRealKGToolboxCSV reads three of KGExtractionToolbox's CSV exports
// (testdata/kgextractiontoolbox): its OpenIE6 extractions of the same
// abstracts as the OpenIE6 output beside them, after its filters; an export
// with a quoted header, ids and types; and one whose sentence holds quotes
// written doubled inside a quoted field.
func TestRealKGToolboxCSV(t *testing.T) {
	const name = "pubmed_ml_openie6_nf_head14.csv"
	x := readReal(t, "kgextractiontoolbox", name, "kgextractiontoolbox-csv")
	tumors := "Tumors in the head and neck region include a heterogeneous group of carcinomas whose treatment has advanced in recent years ."
	shift := "This shift changes the understanding of the disease , its therapy , and the life expectancy of those affected ."
	if len(x.Extractions) != 13 || len(x.Warnings) != 0 {
		t.Fatalf("%d extractions, warnings %v", len(x.Extractions), x.Warnings)
	}
	// Every sentence is one that OpenIE6 was given: the toolbox kept it whole.
	sentences := map[string]bool{}
	for _, p := range readReal(t, "kgextractiontoolbox", "pubmed_openie6_excerpt.oie", "openie6").Extractions {
		sentences[p.Sentence] = true
	}
	for _, p := range x.Extractions {
		if !sentences[p.Sentence] {
			t.Errorf("line %d: sentence %q is none of OpenIE6's", p.Line, p.Sentence)
		}
	}
	einstein := readReal(t, "kgextractiontoolbox", "wikipedia_einstein937_openie6_ef_head9.csv", "kgextractiontoolbox-csv")
	quoted := readReal(t, "kgextractiontoolbox", "pubmed_corenlp_nf_head3.csv", "kgextractiontoolbox-csv")
	if len(einstein.Extractions) != 8 || len(quoted.Extractions) != 2 {
		t.Fatalf("%d and %d extractions, want 8 and 2", len(einstein.Extractions), len(quoted.Extractions))
	}
	for _, c := range []struct{ got, want carb.Prediction }{
		{x.Extractions[0], carb.Prediction{Sentence: tumors, Confidence: 1, Line: 2, Tuple: tup("has advanced", "a heterogeneous group of carcinomas", "in recent years")}},
		{x.Extractions[7], carb.Prediction{Sentence: shift, Confidence: 1, Line: 9, Tuple: tup("changes", "This shift", "the understanding of the disease")}},
		{einstein.Extractions[0], carb.Prediction{Sentence: "Einstein next traveled to California , where he met Caltech president and Nobel laureate Robert A. Millikan .",
			Confidence: 1, Line: 2, Tuple: tup("is president of", "robert a. millikan", "caltech")}},
		{quoted.Extractions[1], carb.Prediction{Sentence: `Increased amounts of lambda dimers were found in six MS cases ( " lambda - type MS " ) , while high levels of both kappa and lambda FLC ( " mixed type MS " ) were documented in three MS cases .`,
			Confidence: 1, Line: 3, Tuple: tup("were found", "amounts", "while documented in three ms cases")}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("read %+v\nwant %+v", c.got, c.want)
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "kgextractiontoolbox", name))
	if err != nil {
		t.Fatal(err)
	}
	_, err = formats.Read(formats.Input{File: name, Data: data}, formats.MustLookup("kgextractiontoolbox"))
	if !errors.Is(err, formats.ErrRefused) || !strings.Contains(err.Error(), "its first line is the header of KGExtractionToolbox CSV export") {
		t.Errorf("read as the toolbox's TSV: %v", err)
	}
}
