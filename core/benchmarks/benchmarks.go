// Package benchmarks is the catalogue of the benchmark data oiebench ships:
// which files make up each gold and its published system outputs, how the
// command line names them (benchie:en, benchie:en/clausie, …), what the page
// shows them as, and under which licence they are. It holds names and paths
// only; the bytes are the site's (dist/data, embedded by package dist), so
// the page can fetch them and the command line can read them from the
// binary through one list.
package benchmarks

import (
	"sort"
	"strings"
)

// Dataset is one gold of a benchmark with the system outputs published
// beside it. Paths are relative to the site's data folder (dist/data).
type Dataset struct {
	Name  string // how the command line names the gold: "benchie:en"
	Key   string // the page's key: "en", "de", "zh"
	Label string // shown on the language switch
	Lang  string // BCP 47 tag, for the lang attribute of its text
	Gold  string
	// Systems are the published extractions, in the paper's order.
	Systems []BundledSystem
	// CaRBGold is CaRB's gold for the same sentences, scored beside BenchIE
	// (BenchIE's Table 5); "" when the release has none.
	CaRBGold string
	// Sentences is the sentence list (one a line, line N is sentence N).
	Sentences string
	// Tags are the sentences' part-of-speech tags, computed at build time
	// (oiebench tags) for the sentence buckets; "" when none.
	Tags string
	// Extras are other files of the release, named Name+"/"+File.Name.
	Extras  []File
	Release *Release
	// Scorer is the scorer its gold is read by when none is asked for:
	// "" for a BenchIE gold, "carb" for a CaRB gold (see Dataset.CaRB).
	Scorer string
}

// BundledSystem is a published system output.
type BundledSystem struct {
	Label string // as the paper names it
	File  string
}

// ID is how the command line names a system of a data set: its file name
// without the release's suffix ("systems/clausie_explicit.txt" is clausie).
func (s BundledSystem) ID() string {
	base := s.File[strings.LastIndexByte(s.File, '/')+1:]
	for _, suffix := range []string{"_explicit.txt", "_benchie_form.txt", "_output.txt", ".txt"} {
		if t, ok := strings.CutSuffix(base, suffix); ok {
			return t
		}
	}
	return base
}

// File is a further file of a release, reachable by name.
type File struct {
	Name string // after the data set's name and a slash: "carb-gold"
	Path string
	What string
}

// Release is where a data set comes from and on what terms.
type Release struct {
	Title   string
	Dir     string // its folder under the site's data folder
	Source  string
	Licence string
	Cite    string
}

var (
	benchieRelease = &Release{
		Title: "BenchIE", Dir: "benchie",
		Source:  "github.com/gkiril/benchie, commit d9cdb93247a68d9d9c280e926fcc1ad969155257",
		Licence: "CC BY 4.0 (carb_explicit.txt: a subset of CaRB's gold, MIT)",
		Cite:    "Gashteovski et al., BenchIE: A Framework for Multi-Faceted Fact-Based Open Information Extraction Evaluation, ACL 2022",
	}
	flRelease = &Release{
		Title: "BenchIE^FL", Dir: "benchie_fl",
		Source:  "github.com/rali-udem/benchie_fl, commit 9d68e67 (2024-09-30)",
		Licence: "CC BY 4.0",
		Cite:    "Lamarche & Langlais, BenchIE^FL: A Manually Re-Annotated Fact-Based Open Information Extraction Benchmark, Findings of ACL 2024",
	}
	carbRelease = &Release{
		Title: "CaRB", Dir: "carb",
		Source:  "github.com/dair-iitd/CaRB, commit 024e0e91951eea1e6d7825a13ec303cae909e67b",
		Licence: "MIT",
		Cite:    "Bhardwaj, Aggarwal & Mausam, CaRB: A Crowdsourced Benchmark for Open IE, EMNLP-IJCNLP 2019",
	}
)

// BenchIE lists the data sets of the BenchIE release (CC BY 4.0) that the
// page opens on, in the order of the language switch.
var BenchIE = []Dataset{
	{Name: "benchie:en", Key: "en", Label: "English", Lang: "en", Gold: "benchie/benchie_gold_annotations_en.txt", Systems: []BundledSystem{
		{"ClausIE", "benchie/systems/clausie_explicit.txt"},
		{"MinIE", "benchie/systems/minie_explicit.txt"},
		{"Stanford", "benchie/systems/stanford_explicit.txt"},
		{"OpenIE 6", "benchie/systems/openie6_explicit.txt"},
		{"ROIE-T", "benchie/systems/roi_t_explicit.txt"},
		{"ROIE-N", "benchie/systems/roi_n_explicit.txt"},
		{"Naive OIE", "benchie/systems/naive_oie_explicit.txt"},
		{"M2OIE", "benchie/systems/m2oie_en_explicit.txt"},
		{"Graphene", "benchie/systems/graphene_explicit.txt"},
	}, CaRBGold: "benchie/carb_explicit.txt", Sentences: "benchie/sample300_en.txt", Tags: "tags_en.json",
		Extras: []File{
			{"carb-gold", "benchie/carb_explicit.txt", "CaRB's gold for the same 300 sentences"},
			{"sentences", "benchie/sample300_en.txt", "the sentences, one a line"},
		}, Release: benchieRelease},
	{Name: "benchie:de", Key: "de", Label: "German", Lang: "de", Gold: "benchie/benchie_gold_annotations_de.txt", Systems: []BundledSystem{
		{"M2OIE", "benchie/systems/m2oie_de_explicit.txt"},
	}, Sentences: "benchie/sample300_de.txt", Extras: []File{
		{"sentences", "benchie/sample300_de.txt", "the sentences, one a line"},
	}, Release: benchieRelease},
	{Name: "benchie:zh", Key: "zh", Label: "Chinese", Lang: "zh", Gold: "benchie/benchie_gold_annotations_zh.txt", Systems: []BundledSystem{
		{"M2OIE", "benchie/systems/m2oie_zh_explicit.txt"},
	}, Sentences: "benchie/sample300_zh.txt", Extras: []File{
		{"sentences", "benchie/sample300_zh.txt", "the sentences, one a line"},
	}, Release: benchieRelease},
}

// FL lists the data sets of the BenchIE^FL re-annotation (CC BY 4.0): the
// 300-sentence gold with the seven systems its authors scored, and the
// 50-sentence gold of the human match judgements.
var FL = []Dataset{
	{Name: "benchie-fl:en", Key: "fl-en", Label: "English, BenchIE^FL", Lang: "en", Gold: "benchie_fl/benchie-annotated(300).txt", Systems: []BundledSystem{
		{"ClausIE", "benchie_fl/extractions/clausie_benchie_form.txt"},
		{"CompactIE", "benchie_fl/extractions/compactie_benchie_form.txt"},
		{"IMoJIE", "benchie_fl/extractions/imojie_benchie_form.txt"},
		{"M2OIE", "benchie_fl/extractions/m2oie_benchie_form.txt"},
		{"MinIE", "benchie_fl/extractions/minie_benchie_form.txt"},
		{"OpenIE 6", "benchie_fl/extractions/openie6_benchie_form.txt"},
		{"ReVerb", "benchie_fl/extractions/reverb_benchie_form.txt"},
	}, Extras: []File{
		{"matches", "benchie_fl/matches_benchie50_7_systems_annotated.csv", "human judgements of the extractions of sentences 1-50"},
	}, Release: flRelease},
	{Name: "benchie-fl:en50", Key: "fl-en50", Label: "English, BenchIE^FL (sentences 1-50)", Lang: "en", Gold: "benchie_fl/benchie-annotated(50).txt",
		Release: flRelease},
}

// CaRB lists the data sets of CaRB's release (MIT): the test and dev golds
// with the system outputs CaRB's authors published for them (native
// formats, each covering the whole OIE2016 corpus). They are CaRB golds,
// named by sentence text: scored by CaRB and its variants, not by BenchIE.
var CaRB = []Dataset{
	{Name: "carb:test", Key: "carb-test", Label: "CaRB test set", Lang: "en", Gold: "carb/gold/test.tsv", Systems: []BundledSystem{
		{"OpenIE 4", "carb/systems/test/openie4_output.txt"},
		{"OpenIE 5", "carb/systems/test/openie5_output.txt"},
		{"ClausIE", "carb/systems/test/clausie_output.txt"},
		{"PropS", "carb/systems/test/props_output.txt"},
		{"ReVerb", "carb/systems/test/reverb_output.txt"},
	}, Sentences: "carb/test.txt", Extras: []File{
		{"sentences", "carb/test.txt", "the test sentences, one a line"},
	}, Release: carbRelease, Scorer: "carb"},
	{Name: "carb:dev", Key: "carb-dev", Label: "CaRB dev set", Lang: "en", Gold: "carb/gold/dev.tsv", Systems: []BundledSystem{
		{"OpenIE 5", "carb/systems/dev/openie5_output.txt"},
	}, Sentences: "carb/dev.txt", Extras: []File{
		{"sentences", "carb/dev.txt", "the dev sentences, one a line"},
	}, Release: carbRelease, Scorer: "carb"},
}

// All is every data set, BenchIE's first.
func All() []Dataset {
	return append(append(append([]Dataset(nil), BenchIE...), FL...), CaRB...)
}

// CaRB reports whether the data set's gold is a CaRB gold (scored by CaRB
// and its variants) rather than a BenchIE one.
func (d Dataset) CaRB() bool { return d.Scorer == "carb" }

// FL reports whether the data set is of the BenchIE^FL release: the page
// scores it with BenchIE^FL beside BenchIE.
func (d Dataset) FL() bool { return d.Release == flRelease }

// Judgements returns the human match judgements published with a data set:
// the CSV (see benchiefl.ReadMatches) and the gold its synset numbers refer
// to (BenchIE^FL: the judgements of sentences 1-50 against the 50-sentence
// gold).
func (d Dataset) Judgements() (matches, gold string, ok bool) {
	for _, f := range d.Extras {
		if f.Name != "matches" {
			continue
		}
		for _, g := range All() {
			if g.Name == d.Name+"50" {
				return f.Path, g.Gold, true
			}
		}
	}
	return "", "", false
}

// OnPage lists the data sets the page's gold switch offers: those with
// published systems, BenchIE's first. CaRB's golds are not among them yet:
// the page scores a BenchIE gold.
func OnPage() []Dataset {
	var out []Dataset
	for _, d := range All() {
		if len(d.Systems) > 0 && !d.CaRB() {
			out = append(out, d)
		}
	}
	return out
}

// DatasetByKey returns the data set with the given page key.
func DatasetByKey(key string) (Dataset, bool) {
	for _, d := range All() {
		if d.Key == key {
			return d, true
		}
	}
	return Dataset{}, false
}

// IsName tells whether s names a shipped file ("benchie:en", "benchie:en/minie")
// rather than a path; an unknown name with a known scheme is a name too, so
// that its error can list the right ones.
func IsName(s string) bool {
	for _, d := range All() {
		if s == d.Name || strings.HasPrefix(s, d.Name+"/") {
			return true
		}
	}
	scheme, _, ok := strings.Cut(s, ":")
	return ok && (scheme == "benchie" || scheme == "benchie-fl" || scheme == "carb")
}

// Entry is one named file of the catalogue.
type Entry struct {
	Name    string // "benchie:en/clausie"
	Path    string // under the data folder
	Kind    string // "gold", "system" or "file"
	Label   string // what it is: "English" for a gold, "ClausIE" for a system, the extra's description
	Dataset *Dataset
}

// Entries lists every named file, golds first within each data set.
func Entries() []Entry {
	var out []Entry
	all := All()
	for i := range all {
		d := &all[i]
		out = append(out, Entry{d.Name, d.Gold, "gold", "", d})
		for _, s := range d.Systems {
			out = append(out, Entry{d.Name + "/" + s.ID(), s.File, "system", s.Label, d})
		}
		for _, f := range d.Extras {
			out = append(out, Entry{d.Name + "/" + f.Name, f.Path, "file", f.What, d})
		}
	}
	return out
}

// Lookup resolves a name to its entry.
func Lookup(name string) (Entry, bool) {
	for _, e := range Entries() {
		if e.Name == name {
			return e, true
		}
	}
	return Entry{}, false
}

// Suggest lists the names closest to an unknown one (same data set first),
// for the error that names it.
func Suggest(name string) []string {
	ds, _, _ := strings.Cut(name, "/")
	var same, golds []string
	for _, e := range Entries() {
		if e.Dataset.Name == ds && e.Name != ds {
			same = append(same, e.Name)
		}
		if e.Kind == "gold" {
			golds = append(golds, e.Name)
		}
	}
	if len(same) > 0 {
		return same
	}
	sort.Strings(golds)
	return golds
}
