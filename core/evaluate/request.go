package evaluate

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/oie16"
	"github.com/oiebench/oiebench/core/report"
	"github.com/tidwall/gjson"
)

// The request vocabulary: every front end names the same options with the
// same words, through the parsers below (the command line's flags) or
// through DecodeRequest (the Worker's POST /api/score body and the page's
// oiebench.score argument, which is the same JSON).

// Scorer names, in the order a report lists them; a scorer with a column
// group of its own is named as the group (report.Group).
const (
	ScorerBenchIE = "benchie"
	ScorerFL      = string(report.GroupFL)
	ScorerCaRB    = string(report.GroupCaRB)
	ScorerWiRe57  = string(report.GroupWiRe57)
	// The scorers of a CaRB gold beside carb (carb-variants.md): CaRB(s,s),
	// OIE16-C, and the preset of OpenIE6's evaluate_all.sh (CaRB(s,s),
	// CaRB(s,m), OIE16-C, WiRe57-C). wire57 given a CaRB gold is WiRe57-C.
	ScorerCaRBSS  = string(report.GroupCaRBSS)
	ScorerOIE16   = string(report.GroupOIE16)
	ScorerOpenIE6 = "openie6"
)

// ScorerNames are the scorers the command line knows. A request (JSON)
// takes them all, wire57 only with a CaRB gold (WiRe57-C): a WiRe57 gold
// is scored by the command line.
var ScorerNames = []string{ScorerBenchIE, ScorerFL, ScorerCaRB, ScorerWiRe57, ScorerCaRBSS, ScorerOIE16, ScorerOpenIE6}

// RequestScorers are the scorers a request (DecodeRequest) takes.
var RequestScorers = ScorerNames

// Scorers is a parsed list of scorers.
type Scorers struct{ BenchIE, FL, CaRB, WiRe57, CaRBSS, OIE16, OpenIE6 bool }

// CaRBGoldOnly tells whether every scorer chosen scores a CaRB gold alone
// (carb, carb-ss, oie16, openie6; wire57 as WiRe57-C), none a BenchIE gold.
func (sc Scorers) CaRBGoldOnly() bool {
	return !sc.BenchIE && !sc.FL && (sc.CaRB || sc.CaRBSS || sc.OIE16 || sc.OpenIE6)
}

// Columns are the CaRB-gold columns the scorers choose; openie6 is the
// four of evaluate_all.sh, in the papers' layout.
func (sc Scorers) Columns() CaRBColumns {
	if sc.OpenIE6 {
		return OpenIE6Columns()
	}
	return CaRBColumns{CaRB: sc.CaRB, CaRBSS: sc.CaRBSS, OIE16: sc.OIE16, WiRe57: sc.WiRe57}
}

// ParseScorers reads a list of scorer names (each once).
func ParseScorers(names []string) (Scorers, error) {
	var sc Scorers
	seen := map[string]bool{}
	for _, n := range names {
		if err := checkScorer(n); err != nil {
			return sc, err
		}
		if seen[n] {
			return sc, fmt.Errorf("scorer %q is given twice", n)
		}
		seen[n] = true
		switch n {
		case ScorerBenchIE:
			sc.BenchIE = true
		case ScorerFL:
			sc.FL = true
		case ScorerCaRB:
			sc.CaRB = true
		case ScorerWiRe57:
			sc.WiRe57 = true
		case ScorerCaRBSS:
			sc.CaRBSS = true
		case ScorerOIE16:
			sc.OIE16 = true
		case ScorerOpenIE6:
			sc.OpenIE6 = true
		}
	}
	return sc, nil
}

func checkScorer(n string) error {
	if slices.Contains(ScorerNames, n) {
		return nil
	}
	return fmt.Errorf("unknown scorer %q: expected %s", n, orList(ScorerNames))
}

// ParseFacets reads a list of facet names (each once).
func ParseFacets(names []string) ([]benchie.Facet, error) {
	var out []benchie.Facet
	for _, n := range names {
		f, err := benchie.ParseFacet(n)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, f) {
			return nil, fmt.Errorf("facet %q is given twice", n)
		}
		out = append(out, f)
	}
	return out, nil
}

// ParseFLMode reads BenchIE^FL's mode shown first: reference or corrected.
func ParseFLMode(s string) (corrected bool, err error) {
	switch s {
	case "reference":
		return false, nil
	case "corrected":
		return true, nil
	}
	return false, fmt.Errorf("unknown mode %q: expected reference or corrected", s)
}

// SplitList splits a comma-separated list (a command-line value), dropping
// blanks around and between items.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ErrRequest is the kind of a request's errors (DecodeRequest): the caller
// asked wrongly, as against a file that does not read.
var ErrRequest = errors.New("bad request")

// RequestFile is the name DecodeRequest's errors give the request.
const RequestFile = "request body"

// Request members, snake_case as the Worker's API and the JSON report
// name them. The page's API also takes the camelCase name of each
// (requestAliases).
const (
	mGold            = "gold"
	mGoldFormat      = "gold_format"
	mEGold           = "e_gold"
	mCaRBGold        = "carb_gold"
	mSystems         = "systems"
	mSystemFormat    = "system_format"
	mFacets          = "facets"
	mScorers         = "scorers"
	mFLMode          = "fl_mode"
	mReferenceCompat = "reference_compat"
	mStrictGold      = "strict_gold"
	mSentences       = "sentences"
	mBinary          = "binary"
	mCaRBMode        = "carb_mode"
	mOIE16Curve      = "oie16_curve"
)

// RequestMembers are the members of a request's JSON form, in the order
// the documentation lists them.
var RequestMembers = []string{mGold, mGoldFormat, mEGold, mCaRBGold, mSystems, mSystemFormat, mFacets, mScorers, mFLMode, mReferenceCompat, mStrictGold, mSentences, mBinary, mCaRBMode, mOIE16Curve}

// requestAliases are the camelCase names the page's JavaScript API has
// always taken, each for its snake_case member.
var requestAliases = map[string]string{
	"goldFormat": mGoldFormat, "eGold": mEGold, "carbGold": mCaRBGold, "systemFormat": mSystemFormat,
	"flMode": mFLMode, "referenceCompat": mReferenceCompat, "strictGold": mStrictGold,
	"carbMode": mCaRBMode, "oie16Curve": mOIE16Curve,
}

// DecodeRequest reads a request's JSON form:
//
//	{
//	  "gold": TEXT,                  required: a BenchIE gold file
//	  "gold_format": "auto",         optional: auto or benchie (the gold's); carb-gold or oie2016-gold (carb_gold's, or without carb_gold the gold's)
//	  "e_gold": TEXT,                optional: a BenchIE-E gold file, adds the entity facet
//	  "carb_gold": TEXT,             optional: a CaRB gold file, for the carb scorer
//	  "systems": {NAME: TEXT, ...},  required: system files, scored in this order
//	  "system_format": "auto",       optional: auto or a format of the registry (formats.Readable)
//	  "facets": ["regular", ...],    optional: regular, concat, minimal (default: all)
//	  "scorers": ["benchie"],        optional: benchie, benchie-fl, carb (carb needs carb_gold)
//	  "fl_mode": "reference",        optional: BenchIE^FL's mode shown first, reference or corrected
//	  "reference_compat": false,     optional: the official script's synset lookup
//	  "strict_gold": false,          optional: gold oddities are errors
//	  "sentences": "covered"         optional: score a subset: "covered" or ids and ranges, "1-5,9"
//	}
//
// A gold that is a CaRB or OIE2016 gold (detected from its text) is scored
// alone, as `oiebench score --gold CARB_GOLD` does: scorers then name its
// columns, carb (the default), carb-ss, oie16, wire57 (WiRe57-C) or
// openie6 (the four of OpenIE6's evaluate_all.sh), with
//
//	"binary": false,               optional: the CaRB columns in binary mode (carb_binary, carb_ss_binary)
//	"carb_mode": "reference",      optional: reference (the scripts as they run) or corrected
//	"oie16_curve": "sklearn-1.2.1" optional: OIE16-C's curve, sklearn-1.2.1 or sklearn-0.23.1
//
// A member may also go by its camelCase name (systemFormat, flMode, ...).
// A null member counts as absent. Unknown members are refused, so that a
// misspelt option cannot silently change the numbers. Every error is an
// *oie.ParseError of kind ErrRequest that points at the member at fault by
// line and column in body. The texts are read later, by Run, with their
// own positions (files "gold", "e_gold", "carb_gold", "systems/NAME").
func DecodeRequest(body []byte) (Request, error) {
	var req Request
	if !utf8.Valid(body) {
		off := 0
		for off < len(body) {
			r, n := utf8.DecodeRune(body[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return req, atOffset(body, off, "request body is not UTF-8 text")
	}
	if len(bytes.TrimLeft(body, " \t\r\n")) == 0 {
		return req, &oie.ParseError{Msg: `request body is empty: send a JSON object such as {"gold": "...", "systems": {"name": "..."}}`, Err: ErrRequest}
	}
	// The shared checker bounds the nesting before gjson (which recurses
	// once per level) walks the body, and refuses non-finite numbers.
	if off, msg := oie.CheckJSON(string(body)); off >= 0 {
		return req, atOffset(body, off, "request body is not valid JSON: "+msg)
	}
	d := &decoder{oie.NewJSONDoc(RequestFile, string(body))}
	root := gjson.ParseBytes(body)
	if !root.IsObject() {
		return req, d.errAt(root, "the request must be a JSON object, found %s", oie.JSONKind(root))
	}

	scorers := Scorers{BenchIE: true}
	seen := map[string]bool{}
	var gold, eGold, systems, carbGold, flMode, goldFormatAt, scorersAt, binary, carbMode, oie16Curve gjson.Result
	var goldFormat *formats.Format
	var goldIsBenchIE bool // gold_format named the BenchIE gold's
	var cols CaRBColumns
	var err error
	root.ForEach(func(k, v gjson.Result) bool {
		name := k.String()
		if canon, ok := requestAliases[name]; ok {
			name = canon
		}
		if seen[name] {
			err = d.errAt(k, "%q is given twice", name)
			return false
		}
		seen[name] = true
		if v.Type == gjson.Null {
			return true
		}
		switch name {
		case mGold:
			err = d.text(name, v, "a BenchIE gold file")
			gold = v
		case mEGold:
			err = d.text(name, v, "a BenchIE-E gold file")
			eGold = v
		case mCaRBGold:
			err = d.text(name, v, "a CaRB gold file")
			carbGold = v
		case mSystems:
			systems = v
			req.Systems, err = d.systems(v)
		case mGoldFormat:
			var f string
			if f, err = d.str(name, v); err == nil {
				var perr error
				if goldFormat, perr = ParseGoldFormat(f); perr != nil {
					err = d.errAt(v, "gold_format: %v (benchie names the gold's; carb-gold or oie2016-gold names carb_gold's, or the gold's when there is no carb_gold)", perr)
				}
				named, _ := formats.ParseGoldName(f)
				goldIsBenchIE = named != nil && named.Name == formats.NameBenchIEGold
				goldFormatAt = v
			}
		case mSystemFormat:
			var f string
			if f, err = d.str(name, v); err == nil {
				var perr error
				if req.SystemFormat, perr = ParseSystemFormat(f); perr != nil {
					err = d.errAt(v, "system_format: %v", perr)
				}
			}
		case mFacets:
			var names []string
			if names, err = d.list(name, v, func(s string, at gjson.Result) error {
				if _, perr := benchie.ParseFacet(s); perr != nil {
					return d.errAt(at, "%v", perr)
				}
				return nil
			}); err == nil {
				req.Facets, _ = ParseFacets(names)
			}
		case mBinary:
			cols.Binary, err = d.boolean(name, v)
			binary = v
		case mCaRBMode:
			var m string
			if m, err = d.str(name, v); err == nil {
				var perr error
				if cols.Mode, perr = carb.ParseMode(m); perr != nil {
					err = d.errAt(v, "carb_mode: %v", perr)
				}
			}
			carbMode = v
		case mOIE16Curve:
			var c string
			if c, err = d.str(name, v); err == nil {
				var perr error
				if cols.Curve, perr = oie16.ParseCurve(c); perr != nil {
					err = d.errAt(v, "oie16_curve: %v", perr)
				}
			}
			oie16Curve = v
		case mScorers:
			scorersAt = v
			var names []string
			if names, err = d.list(name, v, func(s string, at gjson.Result) error {
				if perr := checkScorer(s); perr != nil {
					return d.errAt(at, "%v", perr)
				}
				return nil
			}); err == nil {
				scorers, _ = ParseScorers(names)
			}
		case mFLMode:
			var m string
			if m, err = d.str(name, v); err == nil {
				var perr error
				if req.FLCorrected, perr = ParseFLMode(m); perr != nil {
					err = d.errAt(v, "fl_mode: %v", perr)
				}
			}
			flMode = v
		case mReferenceCompat, mStrictGold:
			var b bool
			if b, err = d.boolean(name, v); err == nil {
				if name == mReferenceCompat {
					req.ReferenceCompat = b
				} else {
					req.StrictGold = b
				}
			}
		case mSentences:
			var spec string
			if spec, err = d.str(name, v); err == nil {
				if _, perr := ParseSentences(spec); perr != nil {
					err = d.errAt(v, "%v", perr)
				}
				req.Sentences = spec
			}
		default:
			err = d.errAt(k, "unknown member %q: a request has %s", k.String(), strings.Join(RequestMembers, ", "))
		}
		return err == nil
	})
	if err != nil {
		return req, err
	}

	if !gold.Exists() {
		return req, d.errAt(root, "gold is required: the text of a BenchIE gold file")
	}
	req.Gold = Input{Path: mGold, Data: []byte(gold.Str)}
	if goldFormat != nil && !carbGold.Exists() {
		// gold_format names the gold's own format: it is read as that
		req.Gold.GoldFormat = goldFormat
	}
	if f := goldCaRBFormat(req.Gold, goldIsBenchIE); f != nil {
		// The gold decides: a CaRB gold is scored alone, by its columns.
		if !scorersAt.Exists() {
			scorers = Scorers{CaRB: true}
		}
		if scorers.BenchIE || scorers.FL {
			at := gold
			if req.Gold.GoldFormat != nil {
				at = goldFormatAt
			}
			return req, d.errAt(at, "gold is a %s, which BenchIE cannot read: score it with scorers carb, carb-ss, oie16, wire57 or openie6 (the default is carb), or send it as carb_gold beside a BenchIE gold", f.Label)
		}
		for _, m := range []gjson.Result{eGold, carbGold, flMode} {
			if m.Exists() {
				return req, d.errAt(m, "a CaRB gold is scored alone: e_gold, carb_gold and fl_mode go with a BenchIE gold")
			}
		}
		if !systems.Exists() || len(req.Systems) == 0 {
			return req, d.errAt(root, `systems is required: an object {"name": "text of the system file", ...}`)
		}
		if scorers.OpenIE6 && (scorers.CaRB || scorers.CaRBSS || scorers.OIE16 || scorers.WiRe57) {
			return req, d.errAt(scorersAt, "openie6 is the four columns carb-ss, carb, oie16 and wire57 already: give it alone")
		}
		c := scorers.Columns()
		c.Binary, c.Mode, c.Curve = cols.Binary, cols.Mode, cols.Curve
		req.CaRB = &c
		return req, nil
	}
	for _, m := range []gjson.Result{binary, carbMode, oie16Curve} {
		if m.Exists() {
			return req, d.errAt(m, "binary, carb_mode and oie16_curve go with a CaRB or OIE2016 gold, scored alone")
		}
	}
	if scorers.WiRe57 {
		return req, d.errAt(scorersAt, "scorer %q needs a CaRB gold here (WiRe57-C); the command line scores a WiRe57 gold (oiebench score --scorer wire57)", ScorerWiRe57)
	}
	if scorers.CaRBSS || scorers.OIE16 || scorers.OpenIE6 {
		return req, d.errAt(scorersAt, "carb-ss, oie16 and openie6 score a CaRB or OIE2016 gold alone: send one as gold")
	}
	if eGold.Exists() {
		req.EGold = &Input{Path: mEGold, Data: []byte(eGold.Str)}
	}
	if !systems.Exists() {
		return req, d.errAt(root, `systems is required: an object {"name": "text of the system file", ...}`)
	}
	if len(req.Systems) == 0 {
		return req, d.errAt(systems, "systems is empty: give at least one system file")
	}
	if member, err := CheckScorers(scorers, flMode.Exists(), carbGold.Exists(), func(m string) string { return m }); err != nil {
		at := map[string]gjson.Result{mFLMode: flMode, mCaRBGold: carbGold}[member]
		if !at.Exists() {
			at = root
		}
		return req, d.errAt(at, "%v", err)
	}
	if scorers.CaRB {
		req.CaRBGold = &Input{Path: mCaRBGold, Data: []byte(carbGold.Str), GoldFormat: goldFormat}
	}
	req.SetScorers(scorers)
	return req, nil
}

// goldCaRBFormat is the format of a request's gold when it is a CaRB or
// OIE2016 gold, scored alone: the format gold_format names (in.GoldFormat),
// or, unless gold_format named the BenchIE gold's (benchie), the one the
// evidence tells (formats.Detect). It is nil for a BenchIE gold.
func goldCaRBFormat(in Input, benchie bool) *formats.Format {
	if in.GoldFormat != nil {
		return in.GoldFormat
	}
	if benchie {
		return nil
	}
	if f := formats.Detect(in.Data).Format; f != nil && f.Role == formats.CaRBGold {
		return f
	}
	return nil
}

// CheckScorers checks that the scorers asked for and the options and files
// given fit together: fl_mode only with benchie-fl, carb beside benchie and
// with its carb_gold, carb_gold only for carb. name gives how the front end
// calls a member (fl_mode, scorers, carb_gold): "fl_mode" in a request,
// "--fl-mode" on the command line. It returns the member at fault ("" for
// the request as a whole) and the error.
func CheckScorers(sc Scorers, flMode, carbGold bool, name func(member string) string) (member string, err error) {
	switch {
	case flMode && !sc.FL:
		return mFLMode, fmt.Errorf("%s is read only by the benchie-fl scorer, which is not in %s", name(mFLMode), name(mScorers))
	case sc.CaRB && !sc.BenchIE:
		return "", fmt.Errorf(`the carb scorer is shown beside BenchIE: %s must hold "benchie" too`, name(mScorers))
	case carbGold && !sc.CaRB:
		// an unused file is a mistake worth telling
		return mCaRBGold, fmt.Errorf("%s is read only by the carb scorer, which is not in %s", name(mCaRBGold), name(mScorers))
	case sc.CaRB && !carbGold:
		return "", fmt.Errorf("the carb scorer needs %s: a CaRB gold file for the gold's sentences", name(mCaRBGold))
	}
	return "", nil
}

// SetScorers sets what scores beside BenchIE: BenchIE^FL, and whether
// BenchIE is shown. (CaRB is asked for by giving CaRBGold.)
func (r *Request) SetScorers(sc Scorers) {
	r.FL = sc.FL
	r.FLOnly = sc.FL && !sc.BenchIE
}

// decoder reads the request body, a JSON document whose values it places.
type decoder struct {
	*oie.JSONDoc
}

// errAt is a request error pointing at v.
func (d *decoder) errAt(v gjson.Result, format string, args ...any) error {
	return d.ErrorAt(v, ErrRequest, format, args...)
}

func (d *decoder) str(name string, v gjson.Result) (string, error) {
	return v.Str, d.Expect(v, oie.JSONString, ErrRequest, name)
}

func (d *decoder) text(name string, v gjson.Result, what string) error {
	if v.Type != gjson.String {
		return d.errAt(v, "%s must be a string holding the text of %s, found %s", name, what, oie.JSONKind(v))
	}
	return nil
}

func (d *decoder) boolean(name string, v gjson.Result) (bool, error) {
	return v.Type == gjson.True, d.Expect(v, oie.JSONBool, ErrRequest, name)
}

// list reads a non-empty array of distinct strings, checking each.
func (d *decoder) list(name string, v gjson.Result, each func(s string, at gjson.Result) error) ([]string, error) {
	all, err := d.Strings(v, ErrRequest, name)
	if err != nil {
		return nil, err
	}
	var out []string
	for i, item := range v.Array() {
		s := all[i]
		if slices.Contains(out, s) {
			err = d.errAt(item, "%s lists %q twice", name, s)
		} else {
			out = append(out, s)
			err = each(s, item)
		}
		if err != nil {
			break
		}
	}
	if err == nil && len(out) == 0 {
		err = d.errAt(v, "%s is empty: leave it out for the default", name)
	}
	return out, err
}

// systems reads the systems object, keeping the order of the request.
func (d *decoder) systems(v gjson.Result) ([]Input, error) {
	if !v.IsObject() {
		return nil, d.errAt(v, `systems must be an object {"name": "text of the system file", ...}, found %s`, oie.JSONKind(v))
	}
	var out []Input
	var err error
	names := map[string]bool{}
	v.ForEach(func(k, text gjson.Result) bool {
		name := k.String()
		switch {
		case strings.TrimSpace(name) == "":
			err = d.errAt(k, "a system has an empty name")
		case names[name]:
			err = d.errAt(k, "two systems are named %q", name)
		case text.Type != gjson.String:
			err = d.errAt(text, "system %q must be a string holding the text of its file, found %s", name, oie.JSONKind(text))
		default:
			names[name] = true
			out = append(out, Input{Name: name, Path: SystemPath(name), Data: []byte(text.Str)})
		}
		return err == nil
	})
	return out, err
}

// SystemPath is the file name a request's system is read under.
func SystemPath(name string) string { return mSystems + "/" + name }

// atOffset is an error pointing at a byte offset of the request body:
// 1-based line, and column in characters as in oie.ParseError.
func atOffset(body []byte, off int, msg string) error {
	line, col := oie.NewOffsets(string(body)).Position(off)
	return &oie.ParseError{File: RequestFile, Line: line, Column: col, Msg: msg, Err: ErrRequest}
}
