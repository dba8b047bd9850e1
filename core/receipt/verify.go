package receipt

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/digest"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/tidwall/gjson"
)

// Tolerance is how far a re-scored number may be from the receipt's: the
// project's exactness (floating point may differ in the last bits between
// processors that fuse multiply-adds and those that do not).
const Tolerance = 1e-12

// SemanticsChange is a version of oiebench whose numbers for a scorer
// differ from those of the versions before it.
type SemanticsChange struct {
	Version string // the first version with the new semantics
	Scorer  string // benchie, benchie-fl, carb, wire57, ...
	What    string // what changed, in words
}

// Changes lists the versions whose semantics differ for a scorer, oldest
// first: a receipt made before one of them, for that scorer, is not
// re-scored as if nothing had changed. Empty while every version scores as
// the first did.
var Changes []SemanticsChange

// Source finds the files a receipt names.
type Source struct {
	// Given are the files at hand, matched to the receipt's by SHA-256
	// first, then by base name.
	Given []evaluate.Input
	// Shipped reads a shipped file, for files no given file matches: by
	// its name (benchie:en/clausie) when the receipt names one, else by its
	// SHA-256 (the page's receipts name the bundled files by base name
	// only). Nil when there are none at hand.
	Shipped func(name, sha256 string) (evaluate.Input, bool)
}

// Line is one finding of Verify.
type Line struct {
	OK   bool
	Text string
}

func (l Line) String() string {
	if l.OK {
		return "ok      " + l.Text
	}
	return "DIFFERS " + l.Text
}

// Result is what Verify found, one line per file, signature field and
// number.
type Result struct {
	Lines []Line
	// Numbers counts the numbers compared, Differences the lines that are
	// not OK.
	Numbers, Differences int
	// Report is the re-scored report, when the files could be scored.
	Report *report.Report
}

// OK tells whether everything reproduced.
func (r *Result) OK() bool { return r.Differences == 0 && r.Report != nil }

// Summary is the last line: whether the receipt verifies.
func (r *Result) Summary() string {
	if r.OK() {
		return fmt.Sprintf("verified: %d numbers reproduce", r.Numbers)
	}
	return fmt.Sprintf("NOT verified: %d differences", r.Differences)
}

func (r *Result) add(ok bool, format string, args ...any) {
	r.Lines = append(r.Lines, Line{ok, fmt.Sprintf(format, args...)})
	if !ok {
		r.Differences++
	}
}

// Verify re-scores the receipt's files with its options and compares.
func Verify(rc *Receipt, src Source) *Result {
	res := &Result{}
	if compareVersions(rc.Version, report.Version) > 0 {
		res.add(false, "version: the receipt was made by oiebench %s, newer than this one (%s), whose scorers may score otherwise: verify with oiebench %s or later", rc.Version, report.Version, rc.Version)
	}
	for _, c := range changesSince(rc) {
		res.add(false, "version: the receipt was made by oiebench %s; %s scores differently since %s (%s)", rc.Version, c.Scorer, c.Version, c.What)
	}
	files := resolver{src: src, used: map[int]bool{}}
	gold, ok := files.find(res, "gold", rc.Gold)
	var eGold, carbGold *evaluate.Input
	if rc.EGold != nil {
		in, found := files.find(res, "e_gold", *rc.EGold)
		eGold, ok = &in, ok && found
	}
	if rc.CaRBGold != nil {
		in, found := files.find(res, "carb_gold", *rc.CaRBGold)
		carbGold, ok = &in, ok && found
	}
	var systems []evaluate.Input
	seen := map[string]bool{}
	// A WiRe57 file may hold several extractors, one system each.
	manyPerFile := strings.Contains(gjson.GetBytes(rc.Options, "scorers").Raw, `"`+evaluate.ScorerWiRe57+`"`)
	for _, f := range rc.Systems {
		key := f.SHA256 + "\x00" + f.Base + "\x00" + f.Shipped
		if seen[key] && manyPerFile { // a file that yields several systems
			continue
		}
		seen[key] = true
		in, found := files.find(res, "systems["+f.Name+"]", f)
		ok = ok && found
		if !manyPerFile {
			in.Name = f.Name
		}
		systems = append(systems, in)
	}
	if !ok {
		res.add(false, "not re-scored: a file is missing")
		return res
	}
	r, err := rescore(rc, gold, eGold, carbGold, systems)
	if err != nil {
		res.add(false, "not re-scored: %v", err)
		return res
	}
	res.Report = r
	compareSignatures(res, rc.Signature, r.Signature)
	again, err := Make(r, rc.SystemFormat)
	if err != nil {
		res.add(false, "not re-scored: %v", err)
		return res
	}
	compareNumbers(res, gjson.ParseBytes(rc.Scores), gjson.ParseBytes(again.Scores))
	return res
}

// changesSince lists the semantics changes after the receipt's version for
// the scorers it used.
func changesSince(rc *Receipt) []SemanticsChange {
	var out []SemanticsChange
	scorers := gjson.Get(string(rc.Options), "scorers").Array()
	for _, c := range Changes {
		if compareVersions(rc.Version, c.Version) >= 0 || compareVersions(c.Version, report.Version) > 0 {
			continue
		}
		for _, s := range scorers {
			if s.Str == c.Scorer {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// compareVersions orders dotted versions ("0.1.0" < "0.10.0").
func compareVersions(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// resolver finds each file of a receipt among the given ones.
type resolver struct {
	src  Source
	used map[int]bool
}

func checksumOf(data []byte) string {
	sum := digest.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// find looks for a file by SHA-256, then by base name, then among the
// shipped files, and adds its line.
func (rv *resolver) find(res *Result, role string, f File) (evaluate.Input, bool) {
	label := f.Base
	if f.Shipped != "" {
		label = f.Shipped
	}
	// A file may stand for several entries (the same file scored under two
	// names): a checksum matches any given file, a base name an unused one.
	byBase := -1
	for i, in := range rv.src.Given {
		if in.SHA256 == "" {
			rv.src.Given[i].SHA256 = checksumOf(in.Data)
			in = rv.src.Given[i]
		}
		if in.SHA256 == f.SHA256 {
			rv.used[i] = true
			res.add(true, "%s %s: sha256 %s", role, report.BaseName(in.Path), f.SHA256)
			return in, true
		}
		if byBase < 0 && !rv.used[i] && report.BaseName(in.Path) == f.Base {
			byBase = i
		}
	}
	if byBase >= 0 {
		rv.used[byBase] = true
		in := rv.src.Given[byBase]
		res.add(false, "%s %s: sha256 differs: receipt %s, file %s", role, f.Base, f.SHA256, in.SHA256)
		return in, true
	}
	if rv.src.Shipped != nil {
		if in, ok := rv.src.Shipped(f.Shipped, f.SHA256); ok {
			in.SHA256 = checksumOf(in.Data)
			res.add(in.SHA256 == f.SHA256, "%s %s (shipped): sha256 %s%s", role, in.Path, in.SHA256, shippedDiff(f.SHA256, in.SHA256))
			return in, true
		}
	}
	res.add(false, "%s %s: no file given matches its sha256 %s or its name", role, label, f.SHA256)
	return evaluate.Input{}, false
}

func shippedDiff(want, got string) string {
	if want == got {
		return ""
	}
	return ", receipt " + want
}

// rescore scores the files with the receipt's options, choosing the
// scorer's entry as the command line does.
func rescore(rc *Receipt, gold evaluate.Input, eGold, carbGold *evaluate.Input, systems []evaluate.Input) (*report.Report, error) {
	opts := gjson.ParseBytes(rc.Options)
	var scorers, facets []string
	known := map[string]bool{"scorers": true, "facets": true, "reference_compat": true, "strict_gold": true, "fl_mode": true, "layout": true}
	var unknown []string
	opts.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "scorers":
			for _, s := range v.Array() {
				scorers = append(scorers, s.Str)
			}
		case "facets":
			for _, f := range v.Array() {
				if f.Str != evaluate.Entity { // added by the E gold
					facets = append(facets, f.Str)
				}
			}
		}
		if !known[k.Str] && v.Type != gjson.Null && v.Raw != `""` && v.Raw != "false" {
			unknown = append(unknown, k.Str)
		}
		return true
	})
	if len(unknown) > 0 {
		return nil, fmt.Errorf("option %s is unknown to oiebench %s", strings.Join(unknown, ", "), report.Version)
	}
	sc, err := evaluate.ParseScorers(scorers)
	if err != nil {
		return nil, fmt.Errorf("options.scorers: %v", err)
	}
	format, err := evaluate.ParseSystemFormat(orAuto(rc.SystemFormat))
	if err != nil {
		return nil, fmt.Errorf("system_format: %v", err)
	}
	cols, goldFormat, carbAlone, err := evaluate.CaRBColumnsOf(sc, opts.Get("layout").Str, rc.Signature)
	switch {
	case err != nil:
		return nil, err
	case carbAlone:
		gold.GoldFormat = goldFormat
		return evaluate.RunCaRBColumns(gold, systems, format, cols)
	case sc.WiRe57 && !sc.BenchIE && !sc.FL && !sc.CaRB:
		return evaluate.RunWiRe57(gold, systems)
	}
	chosen, err := evaluate.ParseFacets(facets)
	if err != nil {
		return nil, fmt.Errorf("options.facets: %v", err)
	}
	subset := gjson.ParseBytes(rc.Subset)
	req := evaluate.Request{Gold: gold, EGold: eGold, CaRBGold: carbGold, Systems: systems, SystemFormat: format}
	req.Options = evaluate.Options{
		Facets:          chosen,
		ReferenceCompat: opts.Get("reference_compat").Bool(),
		StrictGold:      opts.Get("strict_gold").Bool(),
		Sentences:       subset.Get("spec").Str,
	}
	for _, n := range subset.Get("covered_by").Array() {
		req.CoveredBy = append(req.CoveredBy, n.Str)
	}
	req.SetScorers(sc)
	if req.FL {
		if req.FLCorrected, err = evaluate.ParseFLMode(opts.Get("fl_mode").Str); err != nil {
			return nil, fmt.Errorf("options.fl_mode: %v", err)
		}
	}
	ev, err := evaluate.Run(req)
	if err != nil {
		return nil, err
	}
	return &ev.Report, nil
}

func orAuto(s string) string {
	if s == "" {
		return string(oie.FormatAuto)
	}
	return s
}

// compareSignatures compares field by field, leaving out the version
// (Changes says whether it matters) and fields the receipt's version did
// not write yet.
func compareSignatures(res *Result, was, now string) {
	old := map[string]string{}
	var order []string
	for _, f := range strings.Split(was, "|") {
		k, v := signatureField(f)
		old[k] = v
		order = append(order, k)
	}
	fresh := map[string]string{}
	for _, f := range strings.Split(now, "|") {
		k, v := signatureField(f)
		fresh[k] = v
		if _, ok := old[k]; !ok && k != "" {
			if isFlag(k) { // a flag field the receipt lacks: an option differs
				res.add(false, "signature %s: re-scored with it, the receipt without", k)
			}
		}
	}
	for _, k := range order {
		if k == "oiebench" {
			continue
		}
		v, ok := fresh[k]
		switch {
		case !ok:
			res.add(false, "signature %s: receipt %s, re-scored without it", k, old[k])
		case v != old[k]:
			res.add(false, "signature %s: receipt %s, re-scored %s", k, old[k], v)
		default:
			res.add(true, "signature %s: %s", k, v)
		}
	}
}

// isFlag tells a signature field that stands for an option (present or
// not), as against one a later version appended.
func isFlag(k string) bool {
	return k == "gold-reading" || k == "e-gold" || k == "carb-gold" || k == "fl-mode" || k == "sentences"
}

// signatureField splits "gold:sha256:abc" into "gold" and "sha256:abc".
func signatureField(f string) (key, value string) {
	k, v, _ := strings.Cut(f, ":")
	return k, v
}

// compareNumbers walks both scores in the receipt's order and compares
// every number, by path (systems[ClausIE].benchie.regular.f1).
func compareNumbers(res *Result, was, now gjson.Result) {
	fresh := map[string]gjson.Result{}
	walkNumbers(now, "systems", func(p string, v gjson.Result) { fresh[p] = v })
	// a system scored but missing from the receipt's scores
	listed := map[string]bool{}
	for _, e := range was.Array() {
		listed[e.Get("name").Str] = true
	}
	for _, e := range now.Array() {
		if n := e.Get("name").Str; !listed[n] {
			res.add(false, "systems[%s]: re-scored, but not in the receipt's scores", n)
		}
	}
	walkNumbers(was, "systems", func(p string, v gjson.Result) {
		res.Numbers++
		got, ok := fresh[p]
		switch {
		case !ok:
			res.add(false, "%s: receipt %s, re-scored: no such number", p, v.Raw)
		case equalNumbers(v, got):
			res.add(true, "%s = %s", p, v.Raw)
		default:
			res.add(false, "%s: receipt %s, re-scored %s", p, v.Raw, got.Raw)
		}
	})
}

func equalNumbers(a, b gjson.Result) bool {
	if a.Raw == b.Raw {
		return true
	}
	return math.Abs(a.Float()-b.Float()) <= Tolerance
}

// walkNumbers calls each for every number under v with its path: an array
// element that is an object with a "name" is named by it, others by index.
func walkNumbers(v gjson.Result, p string, each func(path string, v gjson.Result)) {
	switch {
	case v.Type == gjson.Number:
		each(p, v)
	case v.IsArray():
		for i, e := range v.Array() {
			key := strconv.Itoa(i)
			if n := e.Get("name"); e.IsObject() && n.Type == gjson.String {
				key = n.Str
			}
			walkNumbers(e, p+"["+key+"]", each)
		}
	case v.IsObject():
		v.ForEach(func(k, e gjson.Result) bool {
			sub := k.Str
			if p != "" {
				sub = p + "." + k.Str
			}
			walkNumbers(e, sub, each)
			return true
		})
	}
}
