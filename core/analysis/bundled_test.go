package analysis

import (
	"math"
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/internal/dataset"
)

// englishSystems are the bundled English system files, by the names used
// in the README's comparison with the paper.
var englishSystems = []struct{ name, file string }{
	{"naive", "naive_oie_explicit.txt"}, {"clausie", "clausie_explicit.txt"}, {"minie", "minie_explicit.txt"},
	{"stanford", "stanford_explicit.txt"}, {"roi_n", "roi_n_explicit.txt"}, {"roi_t", "roi_t_explicit.txt"},
	{"openie6", "openie6_explicit.txt"}, {"m2oie", "m2oie_en_explicit.txt"}, {"graphene", "graphene_explicit.txt"},
}

func readData(t testing.TB, name string) []byte {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err) // the data is required: never skip
	}
	return b
}

func englishRequest(t testing.TB) evaluate.Request {
	req := evaluate.Request{Gold: evaluate.Input{Path: "benchie_gold_annotations_en.txt", Data: readData(t, "benchie_gold_annotations_en.txt")}}
	for _, s := range englishSystems {
		req.Systems = append(req.Systems, evaluate.Input{Name: s.name, Path: s.file, Data: readData(t, "systems/"+s.file)})
	}
	return req
}

func englishEvaluation(t testing.TB) *evaluate.Evaluation {
	t.Helper()
	ev, err := evaluate.Run(englishRequest(t))
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// The paper's Fig. 2 bucket shares, in the order of report.BucketKeys.
var paperBuckets = map[string][7]float64{
	"naive":    {.30, .07, .33, .16, .02, 0, .12},
	"clausie":  {.08, .03, .06, .08, .13, .05, .57},
	"minie":    {.06, .08, .04, .10, .23, .23, .26},
	"stanford": {.05, .05, .19, .07, .16, .09, .39},
	"roi_n":    {.09, .07, .07, .06, .25, .17, .29}, // the paper's ROIE
	"openie6":  {.09, .04, .10, .07, .15, .06, .50},
	"m2oie":    {.06, .03, .12, .08, .11, .06, .54},
}

func TestBundledMatchesPaperFig2(t *testing.T) {
	ev := englishEvaluation(t)
	if err := Analyze(ev, Options{Samples: -1}); err != nil {
		t.Fatal(err)
	}
	for _, s := range ev.Report.Systems {
		want, ok := paperBuckets[s.Name]
		if !ok {
			continue
		}
		got := s.Analysis.BucketShares()
		for i := range got {
			// The paper prints two decimals; ClausIE's 000 (0.088 here) is
			// the farthest off.
			if math.Abs(got[i]-want[i]) > 0.01 {
				t.Errorf("%s: shares %.3f, paper %v", s.Name, got, want)
				break
			}
		}
	}
}

// TestBundledPerSentenceCounts holds prf() and Sentences to benchie's
// totals on every bundled system and facet.
func TestBundledPerSentenceCounts(t *testing.T) {
	ev := englishEvaluation(t)
	for i, s := range ev.Systems {
		for f, res := range ev.Results[i] {
			ps := Sentences(res)
			var tp, fp, syn int
			for k := range ps.TP {
				tp, fp, syn = tp+int(ps.TP[k]), fp+int(ps.FP[k]), syn+int(ps.Synsets[k])
			}
			p, r, f1 := prf(tp, fp, syn)
			if tp != res.TP || fp != res.FP || syn != ev.Gold.SynsetCount() || p != res.Precision || r != res.Recall || f1 != res.F1 {
				t.Errorf("%s %s: sums TP %d FP %d synsets %d P %v R %v F1 %v; scorer %+v", s.Name, f, tp, fp, syn, p, r, f1, res.Counts)
			}
		}
	}
}

func TestBundledIntervalsContainTheScore(t *testing.T) {
	ev := englishEvaluation(t)
	if err := Analyze(ev, Options{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	for _, s := range ev.Report.Systems {
		ci, sc := s.Analysis.CI95, s.BenchIE.Regular
		for _, c := range []struct {
			v  float64
			iv [2]float64
		}{{sc.Precision, ci.Precision}, {sc.Recall, ci.Recall}, {sc.F1, ci.F1}} {
			if !(c.iv[0] < c.v && c.v < c.iv[1]) || c.iv[1]-c.iv[0] > 0.15 {
				t.Errorf("%s: %v outside or far from %v", s.Name, c.v, c.iv)
			}
		}
	}
}

func TestBundledCompare(t *testing.T) {
	ev := englishEvaluation(t)
	idx := map[string]int{}
	for i, s := range ev.Systems {
		idx[s.Name] = i
	}
	// ClausIE and MinIE are level in F1 (0.339 and 0.337); ClausIE and
	// Naive OIE are not.
	level := Compare(ev, idx["clausie"], idx["minie"], CompareOptions{Seed: 1})
	if level.PValue < 0.5 {
		t.Errorf("ClausIE vs MinIE: %+v", level)
	}
	apart := Compare(ev, idx["clausie"], idx["naive"], CompareOptions{Seed: 1})
	if apart.PValue > 0.001 || apart.DeltaF1 < 0.3 || apart.DeltaCI95[0] < 0.2 {
		t.Errorf("ClausIE vs Naive: %+v", apart)
	}
}

// TestSurfaceFormsAgreeWithBenchie checks the expansion behind the
// agreement against benchie: every form of every gold triple is a correct
// extraction, and the distinct forms per synset add up to benchie's count.
func TestSurfaceFormsAgreeWithBenchie(t *testing.T) {
	for _, lang := range []string{"en", "de", "zh"} {
		name := "benchie_gold_annotations_" + lang + ".txt"
		g, err := benchie.ReadGold(name, readData(t, name), benchie.GoldOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sys := &oie.System{Path: name}
		for _, s := range g.Sentences {
			for _, syn := range s.Synsets {
				for i, tr := range syn.Triples {
					forms, ok := benchie.SurfaceForms(syn.Triple(i), benchie.Regular, 1<<14)
					if !ok {
						t.Errorf("%s: sentence %s: more than 2^14 forms", lang, s.ID)
					}
					for _, f := range forms {
						sys.Extractions.Append(oie.Extraction{SentID: s.ID, Triple: f, Line: tr.Line})
					}
				}
			}
		}
		res := benchie.Compile(g, benchie.Regular).Score(sys, benchie.Options{})
		// Every form matches, also one with white space at an edge
		// ("reinforce  [That night]" without the unit, " in [der] Henry
		// Wood Hall"): the scorer strips extractions and gold forms alike.
		for i, j := range res.Judgements {
			if e := sys.Extractions.At(i); j.Verdict == benchie.Incorrect {
				t.Errorf("%s: sentence %s: form %q does not match its own gold", lang, e.SentID, e.Triple)
			}
		}
		// Distinct forms within each synset, as benchie's Stats counts them
		// (a line the reader skipped counts as one more entry there).
		n := 0
		for _, s := range g.Sentences {
			for _, syn := range s.Synsets {
				seen := map[[3]string]bool{}
				for i := range syn.Triples {
					forms, _ := benchie.SurfaceForms(syn.Triple(i), benchie.Regular, 1<<14)
					for _, f := range forms {
						seen[f.Slots()] = true
					}
				}
				n += len(seen) + len(syn.Junk)
			}
		}
		if st := g.Stats(); n != st.Extractions {
			t.Errorf("%s: %d distinct forms, benchie counts %d", lang, n, st.Extractions)
		}
	}
}

func TestAgreementWithItself(t *testing.T) {
	g, err := evaluate.ReadGold(evaluate.Input{Path: "gold.txt", Data: []byte(handGold)}, false)
	if err != nil {
		t.Fatal(err)
	}
	if ag, err := Agreement(g, g, ""); err != nil || !ag.Exact || ag.ARecallOnB != 1 || ag.BRecallOnA != 1 || ag.IAA != 1 || len(ag.Warnings) != 0 {
		t.Errorf("agreement with itself: %+v", ag)
	}
	// The English gold agrees with itself on 1349 of 1350 synsets: every
	// form of synset 12 of sentence 34 is a form of its synset 10 too, and a
	// match credits the first synset.
	data := readData(t, "benchie_gold_annotations_en.txt")
	en, err := evaluate.ReadGold(evaluate.Input{Path: "en.txt", Data: data}, false)
	if err != nil {
		t.Fatal(err)
	}
	if ag, err := Agreement(en, en, ""); err != nil || !ag.Exact || !near(ag.IAA, 1349.0/1350) || ag.ARecallOnB != ag.BRecallOnA || len(ag.Warnings) != 0 {
		t.Errorf("English gold with itself: %+v", ag)
	}
}

func TestAgreementHandMade(t *testing.T) {
	read := func(name, text string) *evaluate.Gold {
		g, err := evaluate.ReadGold(evaluate.Input{Path: name, Data: []byte(text)}, false)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	a := read("a.txt", "sent_id:1\tS\n1--> Cluster 1:\nA --> b --> [the] c\n1--> Cluster 2:\nA --> d --> e\n\nsent_id:2\tOnly in A\n2--> Cluster 1:\nP --> q --> r\n")
	b := read("b.txt", "sent_id:1\tS\n1--> Cluster 1:\nA --> b --> the c\n1--> Cluster 2:\nA --> f --> e\n1--> Cluster 3:\nA --> d --> [big] e\n")
	ag, err := Agreement(a, b, benchie.Regular)
	if err != nil {
		t.Fatal(err)
	}
	// A covers B's synsets 1 and 3 of 3; B covers A's two synsets of
	// sentence 1 but not the one of sentence 2.
	if !near(ag.ARecallOnB, 2.0/3) || !near(ag.BRecallOnA, 2.0/3) || !near(ag.IAA, 2.0/3) {
		t.Errorf("agreement %+v", ag)
	}
	if len(ag.Warnings) != 1 || ag.A != "a.txt" || ag.ASHA256 != a.SHA256 {
		t.Errorf("agreement %+v", ag)
	}
}

// BenchmarkAnalyzeEnglish is every analysis of the nine bundled English
// systems, bootstrap included, on an evaluation already scored.
func BenchmarkAnalyzeEnglish(b *testing.B) {
	ev := englishEvaluation(b)
	fz := &nlp.Featurizer{Lang: "en", Tagger: func(toks []string) []string {
		tags := make([]string, len(toks))
		for i := range tags {
			tags[i] = "NN"
		}
		return tags
	}}
	for b.Loop() {
		if err := Analyze(ev, Options{Seed: 1, Featurizer: fz}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluateAndAnalyzeEnglish adds reading and scoring on all three
// facets: the whole of `oiebench analyze` but the tagger and the output.
func BenchmarkEvaluateAndAnalyzeEnglish(b *testing.B) {
	req := englishRequest(b)
	for b.Loop() {
		ev, err := evaluate.Run(req)
		if err != nil {
			b.Fatal(err)
		}
		if err := Analyze(ev, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAgreementEnglish(b *testing.B) {
	g, err := evaluate.ReadGold(evaluate.Input{Path: "en.txt", Data: readData(b, "benchie_gold_annotations_en.txt")}, false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Agreement(g, g, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAgreementEveryFacet: on golds whose forms are few enough to list, the
// agreement on each facet is what listing every form of one gold and
// scoring it as a system against the other gives.
func TestAgreementEveryFacet(t *testing.T) {
	read := func(name string, data []byte) *evaluate.Gold {
		g, err := evaluate.ReadGold(evaluate.Input{Path: name, Data: data}, false)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	listed := func(a, b *evaluate.Gold, f benchie.Facet) float64 {
		sys := &oie.System{Path: a.Path}
		for _, s := range a.Sentences {
			for _, syn := range s.Synsets {
				for i := range syn.Triples {
					forms, _ := benchie.SurfaceForms(syn.Triple(i), benchie.Regular, 1<<14)
					for _, form := range forms {
						sys.Extractions.Append(oie.Extraction{SentID: s.ID, Triple: form})
					}
				}
			}
		}
		return benchie.Compile(b.Gold, f).Score(sys, benchie.Options{}).Recall
	}
	en := read("en.txt", readData(t, "benchie_gold_annotations_en.txt"))
	a := read("a.txt", []byte("sent_id:1\tS\n1--> Cluster 1:\nA --> b --> [the] c\n1--> Cluster 2:\nA --> d [of] --> e\n1--> Cluster 3:\nA b --> [the] c --> d\n"))
	b := read("b.txt", []byte("sent_id:1\tS\n1--> Cluster 1:\nA --> b the --> c\n1--> Cluster 2:\nA --> d --> [big] e\n1--> Cluster 3:\nA --> b [the] c --> d\n"))
	for _, f := range benchie.Facets {
		for _, p := range [][2]*evaluate.Gold{{en, en}, {a, b}} {
			ag, err := Agreement(p[0], p[1], f)
			if err != nil {
				t.Fatal(err)
			}
			ab, ba := listed(p[0], p[1], f), listed(p[1], p[0], f)
			if !ag.Exact || !near(ag.ARecallOnB, ab) || !near(ag.BRecallOnA, ba) || ag.Facet != string(f) {
				t.Errorf("%s vs %s, %s: %+v, listing gives %v and %v", p[0].Path, p[1].Path, f, ag, ab, ba)
			}
		}
	}
}

// Analyze with a pause (the page's) gives what it gives without, and
// pauses within each system: after each sentence's features, each
// incorrect extraction and every intervalPauseEvery samples.
func TestAnalyzePausedSame(t *testing.T) {
	plain, paced := englishEvaluation(t), englishEvaluation(t)
	if err := Analyze(plain, Options{Seed: 3}); err != nil {
		t.Fatal(err)
	}
	pauses := 0
	if err := Analyze(paced, Options{Seed: 3, Pause: func() { pauses++ }}); err != nil {
		t.Fatal(err)
	}
	want := len(paced.Gold.Sentences)
	for i, s := range paced.Report.Systems {
		if !reflect.DeepEqual(s.Analysis, plain.Report.Systems[i].Analysis) {
			t.Errorf("%s: the paced analysis differs", s.Name)
		}
		want += s.Analysis.Incorrect + DefaultSamples/intervalPauseEvery
	}
	if pauses != want {
		t.Errorf("%d pauses, want %d (one per sentence, incorrect extraction and %d samples)", pauses, want, intervalPauseEvery)
	}
}
