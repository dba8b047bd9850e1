package formats_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

// Hand-made files in each format, as formats.md describes them.
const (
	sent1 = "She began her film career in 1990 ."
	sent2 = "The second quake occurred on February 24 , 2004 ."

	openie4File = "0.85\t\tSimpleArgument(She,List([0, 3)))\tRelation(began,List([4, 9)))\tSimpleArgument(her film career,List([10, 25)))\t" + sent1 + "\n" +
		"0.40\tContext(She said,List([0, 3)))\tSimpleArgument(The second quake,List([0, 3)))\tRelation(occurred,List([4, 9)))\tTemporalArgument(on February 24 , 2004,List([10, 25)))\t" + sent2 + "\n" +
		"0.30\t\tSimpleArgument(She,List([0, 3)))\t\t\t" + sent1 + "\n"
	openie5File = "0.93\t\tSimpleArgument(She,List([0, 3)))\tRelation(began,List([4, 9)))\tSimpleArgument(her film career,List([10, 25))); TemporalArgument(in 1990,List([26, 33)))\t" + sent1 + "\n" +
		"0.50\tContext(Reports say,List([0, 3)))\tSimpleArgument(the quake,List([0, 3)))\tRelation(occurred,List(null))\tSimpleArgument(on February 24,List([0, 0)))\t" + sent2 + "\n"
	clausieFile = sent1 + "\n" +
		"1\t\"She\"\t\"began\"\t\"her film career in 1990\"\t-12.5\n" +
		"1\t\"She\"\t\"began\"\t\"her film career\"\n" + // four fields: skipped, as CaRB does
		sent2 + "\n" +
		"2\t\"The second quake\"\t\"occurred\"\t\"on February 24 , 2004\"\t-3.25\n"
	propsFile = "-227.49\t" + sent1 + "\tbegan\tsubj\tShe\tdobj\ther film career\tprep_in\t1990\n" +
		"-100.5\t" + sent2 + "\toccurred\tsubj\tThe second quake\n" +
		"-50\t" + sent2 + "\tsecond\n"
	reverbFile = "/home/x/input.txt\t1\tShe\tbegan\ther film career\t0\t1\t1\t2\t2\t5\t0.84\t" + sent1 + "\tPRP VBD PRP$ NN NN IN CD .\tB-NP B-VP B-NP I-NP I-NP B-PP B-NP O\n" +
		"/home/x/input.txt\t2\tThe second quake\toccurred on\tFebruary 24\t0\t3\t3\t5\t5\t7\t0.21\t" + sent2 + "\tDT JJ NN VBD IN NNP CD , CD .\tB-NP I-NP I-NP B-VP B-PP B-NP I-NP O B-NP O\n"
	ollieFile = "confidence\targ1\trel\targ2\tenabler\tattribution\ttext\n" +
		"0.91\tShe\tbegan\ther film career\t\t\t" + sent1 + "\n"
	openie6File = sent1 + "\n0.93: (She; began; her film career; T:in 1990)\n0.41: Context(she said):(She; began; her career)\n\n" +
		sent2 + "\n1.00: (The second quake; occurred; L:on February 24 , 2004)\n"
	cliFile = sent1 + "\n0.93 (She; began; her film career; T:in 1990)\n0.41 Context(she said):(She; began; her career)\n\n" +
		sent2 + "\n0.90 (The second quake; occurred; on February 24 , 2004)\n"
	allenFile = sent1 + "\t<arg1> She </arg1> <rel> began </rel> <arg2> her film career </arg2>\t0.93\n" +
		sent2 + "\t<arg1> The second quake </arg1> <rel> occurred </rel>\t-0.5\n" +
		sent2 + "\t<arg3> nothing </arg3>\t-0.7\n"
	imojieFile = sent1 + "\n( She ; began ; her film career ; in 1990 )\n\n" + sent2 + "\n( The second quake ; occurred ; on February 24 , 2004 )\n"
	// Graphene's RDFNL, its default and flat layouts (and the flat one of
	// an older Graphene, with an extraction type and a confidence).
	grapheneID1, grapheneID2 = "5d49906cda23409f92724dcd86cd32e8", "1584f9bd031640f0b847914c4649f672"
	grapheneDefaultFile      = "\n# " + sent1 + "\n\n" + grapheneID1 + "\t0\tShe\tbegan\ther film career\n\tS:TEMPORAL\tin 1990 .\n\tL:BACKGROUND\t" + grapheneID2 + "\n\n" +
		grapheneID2 + "\t1\tshe\twas\t\n\tS:SPATIAL\tin Paris .\n\n# " + sent2 + "\n\n" + grapheneID1 + "\t-1\tThe second quake\toccurred\ton February 24 , 2004\n"
	grapheneFlatFile = sent1 + "\t" + grapheneID1 + "\t0\tShe\tbegan\ther film career\tS:TEMPORAL(in 1990 .)\tL:BACKGROUND(she||was||)\n" +
		sent1 + "\t" + grapheneID1 + "\t0\tShe\tbegan\ther career\tS:TEMPORAL(in 1990 .) S:UNKNOWN(as (an) actress .) L:LIST(" + grapheneID2 + ")\n" +
		sent1 + "\t" + grapheneID2 + "\t1\tshe\twas\t\tS:SPATIAL(in (central) Paris .)\n"
	grapheneOldFlatFile = sent1 + "\t" + grapheneID1 + "\tVERB_BASED\tnull\t0\tShe\tbegan\ther film career\tS:TEMPORAL(in 1990 .)\n" +
		sent2 + "\t" + grapheneID2 + "\tVERB_BASED\t0.7\t0\tThe second quake\toccurred\n"
	kgToolboxFile = "document id\tsubject\tpredicate\tpredicate lemmatized\tobject\tconfidence\tsentence\r\n" +
		"7\tShe\t began\t  begin\ther film career\t0.93\t" + sent1 + "\r\n"
	kgToolboxCSVFile = "\"subject_str\",\"subject_id\",\"subject_type\",\"predicate_org\",\"predicate\",\"object_str\",\"object_id\",\"object_type\",\"text\"\n" +
		"\"she\",\"She\",\"PERSON\",\"began\",\"begin\",\"her film career\",\"career\",\"X\",\"" + sent1 + "\"\n"
	kgToolboxPathIEFile = "document id\tsubject id\t subject str\tsubject type\tpredicate\tpredicate lemmatized\tobject id\tobject str\tobject type\tconfidence\tsentence\n" +
		"7\tQ1\tquake\tEvent\toccurred\toccur\tT2\tFebruary 24\tDate\t0.5\t" + sent2 + "\n"
	tabbedFile = sent1 + "\t0.9\tbegan\tShe\ther film career\n" + sent2 + "\t0.5\toccurred\n"
	tsvFile    = "1\tShe\tbegan\ther film career\n2\tThe second quake\toccurred\ton February 24\n"
	jsonlFile  = `{"sent_id": 1, "subject": "She", "relation": "began", "object": "her film career"}` + "\n"

	carbGoldFile    = sent1 + "\tbegan\tShe\ther film career\n" + sent1 + "\tbegan her film career in\tShe\t1990\n" + sent2 + "\toccurred on\tThe second quake\tFebruary 24 , 2004\n"
	oie2016GoldFile = sent1 + "\tbegan\tbegan\tShe\ther film career\n" + sent1 + "\tbegan\tbegan in\tShe\t1990\n" + sent2 + "\toccurred\toccurred on\tThe second quake\tFebruary 24 , 2004\n"
	benchieGoldFile = "sent_id:1\t" + sent1 + "\n1--> Cluster 1:\nShe --> began --> her film career\n"
	conllFile       = "0\tShe\tbegan\tA0-B\n1\tbegan\tbegan\tP-B\n2\ther\tbegan\tA1-B\n3\tfilm\tbegan\tA1-I\n"
	coreDefaultFile = "1.0\tShe\tbegan\ther film career\n1.0\tThe second quake\toccurred on\tFebruary 24\n"
	coreIDFile      = "1\t1.0\tShe\tbegan\ther film career\n2\t1.0\tThe second quake\toccurred on\tFebruary 24\n"
	coreOllieFile   = "1.000: (She; began; her film career)\n1.000: (The second quake; occurred on; February 24)\n"
	wire57File      = `{"TO 1": [{"arg1": "She", "rel": "began", "arg2": "her film career", "arg3+": ["in 1990"], "extractor": "x", "score": 0.5}]}`
	wire57GoldFile  = `{"TO": [{"id": "TO 1", "sent": "She began .", "tokens": ["She", "began", "."], "tuples": []}]}`
	triplesByID     = `{"1": [["She", "began", "her film career", "in 1990"]], "2": []}`
	triplesByText   = `{"` + sent1 + `": [["She", "began", "her film career"]]}`
	annieFile       = `{"name": "g", "textFile": {"name": "s.txt", "text": "x", "sentences": []}, "clusters": []}`
	hippoFile       = `{"docs": [{"title": "T", "passage": "x", "extracted_triples": [["a", "b", "c"]]}], "avg_ent_chars": 3}`
)

func TestDetect(t *testing.T) {
	cases := []struct{ name, data, want string }{
		{"openie4", openie4File, "openie4"},
		{"openie5", openie5File, "openie5"},
		{"clausie", clausieFile, "clausie"},
		{"props", propsFile, "props"},
		{"reverb", reverbFile, "reverb"},
		{"ollie", ollieFile, "ollie"},
		{"openie6", openie6File, "openie6"},
		{"openie cli", cliFile, "openie-cli"},
		{"allennlp", allenFile, "allennlp"},
		{"imojie", imojieFile, "imojie"},
		{"kgextractiontoolbox", kgToolboxFile, "kgextractiontoolbox"},
		{"kgextractiontoolbox pathie", kgToolboxPathIEFile, "kgextractiontoolbox"},
		{"kgextractiontoolbox csv", kgToolboxCSVFile, "kgextractiontoolbox-csv"},
		{"graphene default", grapheneDefaultFile, "graphene"},
		{"graphene flat", grapheneFlatFile, "graphene"},
		{"graphene flat, older", grapheneOldFlatFile, "graphene"},
		{"carb tabbed", tabbedFile, "carb-tabbed"},
		{"benchie tsv", tsvFile, "benchie-tsv"},
		{"benchie tsv with gold-like ids", "sent_id:1\tShe\tbegan\ther film career\n", "benchie-tsv"},
		{"jsonl", jsonlFile, "jsonl"},
		{"carb gold", carbGoldFile, "carb-gold"},
		{"oie2016 gold", oie2016GoldFile, "oie2016-gold"},
		{"benchie gold", benchieGoldFile, "benchie-gold"},
		{"conll", conllFile, "conll"},
		{"corenlp default", coreDefaultFile, "corenlp-default"},
		{"corenlp default with ids", coreIDFile, "corenlp-default-id"},
		{"corenlp ollie", coreOllieFile, "corenlp-ollie"},
		{"wire57 system", wire57File, "wire57-json"},
		{"wire57 gold", wire57GoldFile, "wire57-gold"},
		{"triples by id", triplesByID, "json-triples"},
		{"triples by text", triplesByText, "json-triples"},
		{"annie", annieFile, "annie-json"},
		{"hipporag", hippoFile, "llm-passages"},
		{"hipporag with NaN", strings.Replace(hippoFile, "3}", "NaN}", 1), "llm-passages"},
	}
	for _, c := range cases {
		d := formats.Detect([]byte(c.data))
		if d.Format == nil || d.Format.Name != c.want {
			t.Errorf("%s: detected %+v, want %s", c.name, d, c.want)
		}
	}
}

func TestDetectNotConfident(t *testing.T) {
	cases := []struct{ name, data, says string }{
		{"empty", "\n\n", "empty"},
		{"one sentence only", sent1 + "\n", "list of sentences"}, // two are a sentence list (TestRealFilesMisread)
		{"confidences first, five columns", "0.5\tShe\tbegan\ther film career\tx\n", "confidences rather than sentence ids"},
		{"one OIE2016-looking line", sent1 + "\tbegan\tbegan\tShe\ther film career\n", "OIE2016 gold (oie2016-gold) or CaRB gold (carb-gold)"},
		{"json of no known shape", `{"a": 1}`, "no known shape"},
	}
	for _, c := range cases {
		d := formats.Detect([]byte(c.data))
		if d.Format != nil {
			t.Errorf("%s: detected %s, want no confident answer", c.name, d.Format.Name)
			continue
		}
		err := d.SystemError("f.txt")
		if !errors.Is(err, formats.ErrAmbiguous) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.says)
		}
	}
}

// TestRefused: files that cannot be scored are refused with the reason,
// never read as something else.
func TestRefused(t *testing.T) {
	for _, c := range []struct{ data, says string }{
		{conllFile, "CoNLL token file"},
		{coreDefaultFile, "-format default names no sentence"},
		{coreOllieFile, "-format ollie names no sentence"},
		{hippoFile, "per passage"},
		{benchieGoldFile, "BenchIE gold, not system extractions"},
		{annieFile, "AnnIE JSON, not system extractions"},
	} {
		_, err := formats.Read(formats.Input{File: "x", Data: []byte(c.data)}, nil)
		if !errors.Is(err, formats.ErrRefused) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("error %v, want a refusal saying %q", err, c.says)
		}
	}
	// A file whose header names its columns is read in its own format
	// only, even when another is chosen by name.
	for name, data := range map[string]string{"ollie": ollieFile, "kgextractiontoolbox": kgToolboxFile} {
		_, err := formats.Read(formats.Input{File: "x", Data: []byte(data)}, formats.MustLookup(formats.NameCaRBTabbed))
		if !errors.Is(err, formats.ErrRefused) || !strings.Contains(err.Error(), "x:1: asked to read it as CaRB tabbed, but its first line is the header of") ||
			!strings.Contains(err.Error(), "read it as "+name) {
			t.Errorf("%s read as carb-tabbed: %v", name, err)
		}
	}
	if _, err := formats.ParseSystemName("conll"); err == nil || !strings.Contains(err.Error(), "cannot be scored") {
		t.Errorf("ParseSystemName(conll) = %v", err)
	}
	if _, err := formats.ParseSystemName("nope"); err == nil || !strings.Contains(err.Error(), "openie6") {
		t.Errorf("ParseSystemName(nope) = %v, want the list of formats", err)
	}
}

func tup(rel string, args ...string) carb.Tuple { return carb.Tuple{Relation: rel, Args: args} }

func pred(sentence string, conf float64, line int, t carb.Tuple) carb.Prediction {
	return carb.Prediction{Sentence: sentence, Confidence: conf, Line: line, Tuple: t}
}

func TestReadByText(t *testing.T) {
	cases := []struct {
		format, data string
		want         []carb.Prediction
		skipped      string // in the warning, "" when none
	}{
		{"openie4", openie4File, []carb.Prediction{
			pred(sent1, 0.85, 1, tup("began", "She", "her film career")),
			pred(sent2, 0.40, 2, tup("occurred", "The second quake", "on February 24 , 2004")),
		}, "1 line(s) skipped (an argument or the relation is missing), as the reference reader skips them: line 3"},
		{"openie5", openie5File, []carb.Prediction{
			pred(sent1, 0.93, 1, tup("began", "She", "her film career", "in 1990")),
			// the context goes in front of arg1 when arg1 and the relation do not start with it
			pred(sent2, 0.50, 2, tup("occurred", "Reports say the quake", "on February 24")),
		}, ""},
		{"clausie", clausieFile, []carb.Prediction{
			pred(sent1, -12.5, 2, tup("began", "She", "her film career in 1990")),
			pred(sent2, -3.25, 5, tup("occurred", "The second quake", "on February 24 , 2004")),
		}, "line 3"},
		{"props", propsFile, []carb.Prediction{
			pred(sent1, -227.49, 1, tup("began", "She", "her film career", "1990")),
			pred(sent2, -100.5, 2, tup("occurred", "The second quake")),
			pred(sent2, -50, 3, tup("second")),
		}, ""},
		{"reverb", reverbFile, []carb.Prediction{
			pred(sent1, 0.84, 1, tup("began", "She", "her film career")),
			pred(sent2, 0.21, 2, tup("occurred on", "The second quake", "February 24")),
		}, "the reference CaRB(s,m) could not score this file: CaRB's ReVerb reader opens"},
		{"ollie", ollieFile, []carb.Prediction{pred(sent1, 0.91, 2, tup("began", "She", "her film career"))}, ""},
		{"openie6", openie6File, []carb.Prediction{
			pred(sent1, 0.93, 2, tup("began", "She", "her film career in 1990")),
			pred(sent1, 0.41, 3, tup("began", "She", "her career")),
			pred(sent2, 1, 6, tup("occurred", "The second quake", "on February 24 , 2004")),
		}, ""},
		{"openie-cli", cliFile, []carb.Prediction{
			pred(sent1, 0.93, 2, tup("began", "She", "her film career", "in 1990")),
			pred(sent1, 0.41, 3, tup("began", "She", "her career")),
			pred(sent2, 0.90, 6, tup("occurred", "The second quake", "on February 24 , 2004")),
		}, ""},
		{"allennlp", allenFile, []carb.Prediction{
			pred(sent1, 0.93, 1, tup("began", "She", "her film career")),
			pred(sent2, -0.5, 2, tup("occurred", "The second quake", "")),
		}, "no <arg1>, <rel> or <arg2> text"},
		{"imojie", imojieFile, []carb.Prediction{
			pred(sent1, 1, 2, tup("began", "She", "her film career", "in 1990")),
			pred(sent2, 1, 5, tup("occurred", "The second quake", "on February 24 , 2004")),
		}, ""},
		{"kgextractiontoolbox", kgToolboxFile, []carb.Prediction{pred(sent1, 0.93, 2, tup("began", "She", "her film career"))}, ""},
		{"kgextractiontoolbox", kgToolboxPathIEFile, []carb.Prediction{pred(sent2, 0.5, 2, tup("occurred", "quake", "February 24"))}, ""},
		{"kgextractiontoolbox-csv", kgToolboxCSVFile, []carb.Prediction{pred(sent1, 1, 2, tup("began", "she", "her film career"))}, ""},
		// Every context layer, and each simple context once more after the
		// object; linked contexts are other extractions.
		{"graphene", grapheneDefaultFile, []carb.Prediction{
			pred(sent1, 1, 4, tup("began", "She", "her film career")),
			pred(sent1, 1, 5, tup("began", "She", "her film career in 1990 .")),
			pred(sent1, 1, 8, tup("was", "she", "")),
			pred(sent1, 1, 9, tup("was", "she", "in Paris .")),
			pred(sent2, 1, 13, tup("occurred", "The second quake", "on February 24 , 2004")),
		}, ""},
		{"graphene", grapheneFlatFile, []carb.Prediction{
			pred(sent1, 1, 1, tup("began", "She", "her film career")),
			pred(sent1, 1, 1, tup("began", "She", "her film career in 1990 .")),
			// Contexts one after another in a column, as Graphene's wiki shows them.
			pred(sent1, 1, 2, tup("began", "She", "her career")),
			pred(sent1, 1, 2, tup("began", "She", "her career in 1990 .")),
			pred(sent1, 1, 2, tup("began", "She", "her career as (an) actress .")),
			pred(sent1, 1, 3, tup("was", "she", "")),
			pred(sent1, 1, 3, tup("was", "she", "in (central) Paris .")),
		}, ""},
		{"graphene", grapheneOldFlatFile, []carb.Prediction{
			pred(sent1, 1, 1, tup("began", "She", "her film career")),
			pred(sent1, 1, 1, tup("began", "She", "her film career in 1990 .")),
			pred(sent2, 0.7, 2, tup("occurred", "The second quake", "")),
		}, ""},
		{"carb-tabbed", tabbedFile, []carb.Prediction{
			pred(sent1, 0.9, 1, tup("began", "She", "her film career")),
			pred(sent2, 0.5, 2, carb.Tuple{Relation: "occurred", Args: []string{}}),
		}, ""},
		{"json-triples", triplesByText, []carb.Prediction{pred(sent1, 1, 1, tup("began", "She", "her film career"))}, ""},
	}
	for _, c := range cases {
		for _, detect := range []bool{true, false} {
			f := formats.MustLookup(c.format)
			if detect {
				f = nil
			}
			x, err := formats.Read(formats.Input{File: "f", Data: []byte(c.data)}, f)
			if err != nil {
				t.Errorf("%s: %v", c.format, err)
				continue
			}
			if x.Format.Name != c.format || x.ByText == nil || x.ByID != nil {
				t.Errorf("%s: read as %s, by text %v", c.format, x.Format.Name, x.ByText != nil)
				continue
			}
			if !reflect.DeepEqual(x.ByText.Extractions, c.want) {
				t.Errorf("%s: got\n%+v\nwant\n%+v", c.format, x.ByText.Extractions, c.want)
			}
			var ws []string
			for _, w := range x.ByText.Warnings {
				ws = append(ws, w.String())
			}
			if f := x.ByText.ReaderFailure; f != nil {
				ws = append(ws, f.Warning().String())
			}
			if got := strings.Join(ws, "|"); (c.skipped == "") != (got == "") || !strings.Contains(got, c.skipped) {
				t.Errorf("%s: warnings %q, want %q", c.format, got, c.skipped)
			}
		}
	}
}

func TestReadByID(t *testing.T) {
	cases := []struct {
		format, data string
		want         []oie.Extraction
	}{
		{"corenlp-default-id", coreIDFile, []oie.Extraction{
			{SentID: "1", Triple: oie.Triple{Subject: "She", Relation: "began", Object: "her film career"}, Confidence: 1, HasConfidence: true, Line: 1},
			{SentID: "2", Triple: oie.Triple{Subject: "The second quake", Relation: "occurred on", Object: "February 24"}, Confidence: 1, HasConfidence: true, Line: 2},
		}},
		{"json-triples", triplesByID, []oie.Extraction{
			{SentID: "1", Triple: oie.Triple{Subject: "She", Relation: "began", Object: "her film career"}, Extra: []string{"in 1990"}, Line: 1},
		}},
		{"wire57-json", wire57File, []oie.Extraction{
			{SentID: "TO 1", Triple: oie.Triple{Subject: "She", Relation: "began", Object: "her film career"}, Extra: []string{"in 1990"}, Confidence: 0.5, HasConfidence: true, Line: 1},
		}},
	}
	for _, c := range cases {
		x, err := formats.Read(formats.Input{File: "f", Data: []byte(c.data)}, nil)
		if err != nil {
			t.Errorf("%s: %v", c.format, err)
			continue
		}
		if x.Format.Name != c.format || x.ByID == nil || string(x.ByID.Format) != c.format {
			t.Errorf("%s: read as %s", c.format, x.Format.Name)
			continue
		}
		if got := extractionList(x.ByID.Extractions); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got\n%+v\nwant\n%+v", c.format, got, c.want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct{ format, data, want string }{
		{"openie4", "0.5\t\tSimpleArgument(a)\tRelation(r,List())\tSimpleArgument(b,List())\tS a b .\n", "f:1:6: expected Name(text,List(...)) in column 3"},
		{"openie4", "high\t\tSimpleArgument(a,List())\tRelation(r,List())\tSimpleArgument(b,List())\tS a b .\n", `f:1:1: expected a confidence in column 1, found "high"`},
		{"openie4", "0.5\tx\n", "f:1:6: expected 6 tab-separated columns"},
		{"clausie", "1\t\"a\"\t\"r\"\t\"b\"\t0.5\n", "f:1:1: extraction before any sentence line"},
		{"clausie", "S a b .\n1\t\"a\"\t\"r\"\t\"b\"\tx\n", `f:2:15: expected a confidence in column 5, found "x"`},
		{"openie6", "0.93: (a; r; b)\nA sentence line .\n", "f:1:1: extraction before any sentence line"},
		{"reverb", "f\t1\ta\tr\tb\n", "f:1:10: expected at least 13 tab-separated columns"},
		// Every reader says the same of a confidence that is not finite.
		{"props", "-inf\t" + sent1 + "\tbegan\tsubj\tShe\n", `f:1:1: expected a confidence in column 1, found "-inf", an infinite confidence: CaRB's reader takes it as the lowest of all`},
		{"clausie", sent1 + "\n1\t\"a\"\t\"r\"\t\"b\"\tinf\n", `f:2:15: expected a confidence in column 5, found "inf", an infinite confidence: CaRB's reader takes it as the highest of all`},
		{"allennlp", sent1 + "\t<arg1> a </arg1>\t-Infinity\n", `f:1:54: expected a confidence in column 3, found "-Infinity", an infinite confidence`},
		{"corenlp-default-id", "1\t-inf\ta\tr\tb\n", `f:1:3: expected a confidence in column 2, found "-inf", an infinite confidence`},
		{"kgextractiontoolbox", "sent_id\tsubject\trelation\tobject\n", "f:1:1: expected KGExtractionToolbox's header first"},
		{"kgextractiontoolbox", "document id\tsubject\tpredicate\tobject\tconfidence\tsentence\n7\ta\tr\tb\thigh\tS a b .\n", `f:2:9: expected a confidence in column 5, found "high"`},
		{"kgextractiontoolbox", "document id\tsubject\tpredicate\tobject\tconfidence\tsentence\n7\ta\tr\tb\n", "f:2:8: expected 6 tab-separated columns, as the header names them, found 4"},
		{"kgextractiontoolbox-csv", "subject,relation,object\n", "f:1:1: expected the header of KGExtractionToolbox's CSV export first, naming the columns subject_str, predicate_org, object_str, text"},
		{"kgextractiontoolbox-csv", "document_id,subject_str,predicate_org,predicate,object_str,text\n7,a,r,r,b\n", "f:2:10: expected 6 comma-separated columns, as the header names them, found 5"},
		{"kgextractiontoolbox-csv", "document_id,subject_str,predicate_org,predicate,object_str,text\n7,a,r,r,b,\"S \"a\" b .\"\n", `f:2:14: expected comma-separated values, quoted as the toolbox quotes them: extraneous or missing " in quoted-field`},
		{"kgextractiontoolbox-csv", "document_id,subject_str,predicate_org,predicate,object_str,text\n7,a,r,r,b,\"S a\nb .\"\n", "f:2:15: a quoted field is not closed on its line: expected one record a line, as the toolbox writes them"},
		{"graphene", grapheneID1 + "\t0\ta\tr\tb\n", "f:1:1: extraction before any \"# sentence\" line"},
		{"graphene", "# S a b .\n\tS:TEMPORAL\tin 1990 .\n", "f:2:2: context S:TEMPORAL before any extraction"},
		{"graphene", "S a b .\t" + grapheneID1 + "\t0\ta\tr\tb\tS:TEMPORAL in 1990\n", `f:1:50: expected a context S:TYPE(text) or L:TYPE(...) in column 7, found "S:TEMPORAL in 1990"`},
		{"graphene", "S a b .\tnot-an-id\t0\ta\tr\tb\n", "f:1:1: expected a Graphene line"},
		{"allennlp", sent1 + "\t<arg1> a </arg1>\tnan\n", "expected a confidence in column 3"},
		{"json-triples", `{"1": [["a", "r", "b"]], "a b c": []}`, `f:1:26: key "a b c" names a sentence by text, the keys before it by id`},
		{"json-triples", `{"1": [["a", 2]]}`, "f:1:14: sentence \"1\": a triple must hold strings only, found a number"},
		{"json-triples", `{"1": [["a"]]}`, "f:1:8: sentence \"1\": expected at least [subject, relation], found 1 string(s)"},
		{"json-triples", `{"1": [["a", "b", NaN]]}`, "f:1:19: invalid JSON: NaN is not a JSON number"},
	}
	for _, c := range cases {
		_, err := formats.Read(formats.Input{File: "f", Data: []byte(c.data)}, formats.MustLookup(c.format))
		var pe *oie.ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want %q", c.format, c.data, err, c.want)
		}
	}
}

// TestIMoJIEHeaderBug: IMoJIE's standalone.py writes the last input line as
// every block's header; the reader cannot repair that and says so.
func TestIMoJIEHeaderBug(t *testing.T) {
	data := sent2 + "\n( She ; began ; her film career )\n\n" + sent2 + "\n( The second quake ; occurred ; on February 24 )\n"
	x, err := formats.Read(formats.Input{File: "f", Data: []byte(data)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.ByText.Warnings) != 1 || !strings.Contains(x.ByText.Warnings[0].Msg, "standalone.py writes the last input line") {
		t.Errorf("warnings %v", x.ByText.Warnings)
	}
}

func TestReadCaRBGold(t *testing.T) {
	g, f, err := formats.ReadCaRBGold(formats.Input{File: "g", Data: []byte(oie2016GoldFile)}, nil)
	if err != nil || f.Name != "oie2016-gold" {
		t.Fatalf("%v, %v", f, err)
	}
	// The head predicate column goes: the full predicate is the relation.
	if got := g.Sentences[0].Tuples[1].Tuple; !reflect.DeepEqual(got, tup("began in", "She", "1990")) {
		t.Errorf("OIE2016 tuple %+v", got)
	}
	g, f, err = formats.ReadCaRBGold(formats.Input{File: "g", Data: []byte(carbGoldFile)}, nil)
	if err != nil || f.Name != "carb-gold" || !reflect.DeepEqual(g.Sentences[0].Tuples[1].Tuple, tup("began her film career in", "She", "1990")) {
		t.Errorf("CaRB gold: %v, %v", f, err)
	}
	for _, c := range []struct{ data, says string }{
		{tabbedFile, "CaRB tabbed (carb-tabbed), not a CaRB or OIE2016 gold"},
		{sent1 + "\tbegan\tbegan\tShe\ther film career\n", "could be OIE2016 gold (oie2016-gold) or CaRB gold (carb-gold)"},
	} {
		if _, _, err := formats.ReadCaRBGold(formats.Input{File: "g", Data: []byte(c.data)}, nil); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("error %v, want %q", err, c.says)
		}
	}
}

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range formats.All() {
		if f.Name == "" || f.Label == "" || f.Description == "" || f.Example == "" || f.Origin == "" {
			t.Errorf("%+v: every format has a name, label, origin, description and example", f)
		}
		if seen[f.Name] {
			t.Errorf("%s registered twice", f.Name)
		}
		seen[f.Name] = true
		if (f.Role == formats.Refused) != (f.Refusal != "") {
			t.Errorf("%s: a refused format, and only one, says why", f.Name)
		}
		if f.Role == formats.System && !f.CanRead() {
			t.Errorf("%s: a system format has a reader", f.Name)
		}
		// Every example is recognised as its own format (golds need more
		// than one line to be told apart, refused formats are refused).
		if d := formats.Detect([]byte(f.Example + "\n")); f.Role == formats.System && (d.Format == nil || d.Format != f) &&
			f.Name != "corenlp-reverb" && f.Name != "benchie-tsv" {
			t.Errorf("%s: its example is detected as %+v", f.Name, d)
		}
	}
}

// TestDetectLongLine: a one-line JSON file longer than what is sniffed of
// line-based files is still recognised.
func TestDetectLongLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; b.Len() < 200_000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"s` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `": [{"arg1": "a", "rel": "r", "arg2": "b"}]`)
	}
	b.WriteString("}")
	if d := formats.Detect([]byte(b.String())); d.Format == nil || d.Format.Name != "wire57-json" {
		t.Errorf("detected %+v", d)
	}
}

func TestWriteReadBack(t *testing.T) {
	preds := &carb.Predictions{Extractions: []carb.Prediction{
		pred(sent1, 0.93, 1, tup("began", "She", "her film career")),
		pred(sent1, 0.5, 2, tup("began in", "She", "1990")),
		pred(sent2, -1.5, 3, tup("occurred", "The second quake", "on February 24 , 2004")),
	}}
	for _, name := range []string{"openie6", "allennlp", "carb-tabbed"} {
		var b strings.Builder
		if err := formats.Write(&b, formats.MustLookup(name), &formats.Extractions{ByText: preds}); err != nil {
			t.Fatal(err)
		}
		x, err := formats.Read(formats.Input{File: "f", Data: []byte(b.String())}, nil)
		if err != nil || x.Format.Name != name {
			t.Fatalf("%s: read back as %v: %v\n%s", name, x, err, b.String())
		}
		for i, p := range x.ByText.Extractions {
			w := preds.Extractions[i]
			if p.Sentence != w.Sentence || p.Confidence != w.Confidence || !reflect.DeepEqual(p.Tuple, w.Tuple) {
				t.Errorf("%s: %+v, want %+v", name, p, w)
			}
		}
	}
	bad := &carb.Predictions{Extractions: []carb.Prediction{pred(sent1, 1, 7, tup("began", "She; he", "x"))}}
	if err := formats.Write(&strings.Builder{}, formats.MustLookup("openie6"), &formats.Extractions{ByText: bad}); err == nil || !strings.Contains(err.Error(), "line 7") {
		t.Errorf("a ';' in an OpenIE6 field: %v", err)
	}
	if err := formats.Write(&strings.Builder{}, formats.MustLookup("benchie-tsv"), &formats.Extractions{ByText: preds}); err == nil {
		t.Error("wrote extractions named by text as BenchIE TSV")
	}
}

func TestReadNotText(t *testing.T) {
	_, err := formats.Read(formats.Input{File: "f", Data: []byte("1\tShe\tbegan\n2\t\xff\tx\n")}, nil)
	if !errors.Is(err, oie.ErrEncoding) || !strings.HasPrefix(err.Error(), "f:2:3: ") {
		t.Errorf("error %v, want an encoding error at 2:3", err)
	}
}

// TestBlockLineLikeExtraction: a line that starts like an extraction but
// does not parse as one (Ollie's "(a; r; b)[attrib=...]" suffix) is taken
// as a sentence line, and the reader says so with its line.
func TestBlockLineLikeExtraction(t *testing.T) {
	// Ollie's attribution suffix, and confidences Python reads as
	// infinities (-inf, and 1e999, out of range).
	data := sent1 + "\n0.93: (She; began; her film career)\n0.61: (She; started; her career)[attrib=Some say]\n0.50: (She; began; in 1990)\n-inf: (She; began; a career)\n1e999: (She; began; a film)\n"
	x, err := formats.Read(formats.Input{File: "f", Data: []byte(data)}, formats.MustLookup("openie6"))
	if err != nil {
		t.Fatal(err)
	}
	if len(x.ByText.Warnings) != 1 || !strings.Contains(x.ByText.Warnings[0].Msg, "start like an extraction") || !strings.Contains(x.ByText.Warnings[0].Msg, "3 line(s)") || !strings.Contains(x.ByText.Warnings[0].Msg, "line 3, 5, 6") {
		t.Errorf("warnings %v", x.ByText.Warnings)
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
