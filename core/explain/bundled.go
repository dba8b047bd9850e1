package explain

// Dataset is one language of the BenchIE release as the page ships it.
type Dataset struct {
	Key     string // "en", "de", "zh"
	Label   string // shown on the language switch
	Lang    string // BCP 47 tag, for the lang attribute of its text
	Gold    string // path inside the data release
	Systems []BundledSystem
	// CaRBGold is CaRB's gold for the same sentences, scored beside BenchIE
	// (BenchIE's Table 5); "" when the release has none.
	CaRBGold string
	// Tags are the sentences' part-of-speech tags, computed at build time
	// (oiebench tags) for the sentence buckets; "" when none.
	Tags string
}

// BundledSystem is a published system output of the release.
type BundledSystem struct {
	Name string // as the BenchIE paper names it
	File string // path inside the data release
}

// BenchIE lists the data sets of the BenchIE release (CC BY 4.0) that the
// page opens on, in the order of the language switch. Paths are relative to
// the release folder, which the site serves under data/.
var BenchIE = []Dataset{
	{Key: "en", Label: "English", Lang: "en", Gold: "benchie_gold_annotations_en.txt", Systems: []BundledSystem{
		{"ClausIE", "systems/clausie_explicit.txt"},
		{"MinIE", "systems/minie_explicit.txt"},
		{"Stanford", "systems/stanford_explicit.txt"},
		{"OpenIE 6", "systems/openie6_explicit.txt"},
		{"ROIE-T", "systems/roi_t_explicit.txt"},
		{"ROIE-N", "systems/roi_n_explicit.txt"},
		{"Naive OIE", "systems/naive_oie_explicit.txt"},
		{"M2OIE", "systems/m2oie_en_explicit.txt"},
		{"Graphene", "systems/graphene_explicit.txt"},
	}, CaRBGold: "carb_explicit.txt", Tags: "tags_en.json"},
	{Key: "de", Label: "German", Lang: "de", Gold: "benchie_gold_annotations_de.txt", Systems: []BundledSystem{
		{"M2OIE", "systems/m2oie_de_explicit.txt"},
	}},
	{Key: "zh", Label: "Chinese", Lang: "zh", Gold: "benchie_gold_annotations_zh.txt", Systems: []BundledSystem{
		{"M2OIE", "systems/m2oie_zh_explicit.txt"},
	}},
}

// DatasetByKey returns the bundled data set with the given key.
func DatasetByKey(key string) (Dataset, bool) {
	for _, d := range BenchIE {
		if d.Key == key {
			return d, true
		}
	}
	return Dataset{}, false
}
