package main

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// scoreRequest is a decoded POST /api/score body:
//
//	{
//	  "gold": TEXT,                  required: a BenchIE gold file
//	  "gold_format": "benchie",      optional; the only gold format today
//	  "systems": {NAME: TEXT, ...},  required: system files, scored in this order
//	  "system_format": "auto",       optional: auto, benchie-tsv (or tsv), jsonl, carb-tabbed
//	  "facets": ["regular", ...],    optional: regular, concat, minimal (default: all)
//	  "scorers": ["benchie"],        optional: benchie, benchie-fl, carb (carb needs carb_gold)
//	  "fl_mode": "reference",        optional: BenchIE^FL's mode shown first, reference or corrected
//	  "reference_compat": false,     optional: the official script's synset lookup
//	  "carb_gold": TEXT              optional: a CaRB gold file, for the carb scorer
//	}
//
// A null member counts as absent. Unknown members are rejected, so that a
// misspelt option cannot silently change the numbers.
type scoreRequest struct {
	evaluate.Request
	// Scorers are the scorers asked for, in order.
	Scorers []string
}

// requestFields are the members a request may have.
var requestFields = []string{"gold", "gold_format", "systems", "system_format", "facets", "scorers", "fl_mode", "reference_compat", "carb_gold"}

// scorers are the scorers a request may name, and whether this build has them.
var scorers = []struct {
	name      string
	available bool
}{
	{"benchie", true},
	{"benchie-fl", true},
	{"carb", true},
	{"wire57", false}, // WiRe57 has its own gold format: the command line scores it
}

func availableScorers() []string {
	var out []string
	for _, s := range scorers {
		if s.available {
			out = append(out, s.name)
		}
	}
	return out
}

// decodeScoreRequest reads and checks a request body. Every error points at
// the member at fault, by line and column in the body.
func decodeScoreRequest(body []byte) (*scoreRequest, *apiError) {
	if !utf8.Valid(body) {
		off := 0
		for off < len(body) {
			r, n := utf8.DecodeRune(body[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return nil, atOffset(body, off, "request body is not UTF-8 text")
	}
	if len(bytes.TrimLeft(body, " \t\r\n")) == 0 {
		return nil, &apiError{Status: http.StatusBadRequest, Msg: `request body is empty: send a JSON object such as {"gold": "...", "systems": {"name": "..."}}`}
	}
	// The shared checker bounds the nesting before gjson (which recurses
	// once per level) walks the body, and refuses non-finite numbers.
	if off, msg := oie.CheckJSON(string(body)); off >= 0 {
		return nil, atOffset(body, off, "request body is not valid JSON: "+msg)
	}
	d := &decoder{body: body}
	root := gjson.ParseBytes(body)
	if !root.IsObject() {
		return nil, d.errAt(root, "the request must be a JSON object, found %s", oie.JSONKind(root))
	}

	req := &scoreRequest{Scorers: []string{"benchie"}}
	seen := map[string]bool{}
	var gold, systems, carbGold, flMode gjson.Result
	var err *apiError
	root.ForEach(func(k, v gjson.Result) bool {
		name := k.String()
		if seen[name] {
			err = d.errAt(k, "%q is given twice", name)
			return false
		}
		seen[name] = true
		if v.Type == gjson.Null {
			return true
		}
		switch name {
		case "gold":
			if v.Type != gjson.String {
				err = d.errAt(v, "gold must be a string holding the text of a BenchIE gold file, found %s", oie.JSONKind(v))
			}
			gold = v
		case "carb_gold":
			if v.Type != gjson.String {
				err = d.errAt(v, "carb_gold must be a string holding the text of a CaRB gold file, found %s", oie.JSONKind(v))
			}
			carbGold = v
		case "systems":
			systems = v
			req.Systems, err = d.systems(v)
		case "gold_format":
			var f string
			if f, err = d.str(name, v); err == nil && f != "benchie" {
				err = d.errAt(v, "unknown gold_format %q: the gold must be a BenchIE gold file (\"benchie\"); a CaRB gold goes in carb_gold", f)
			}
		case "system_format":
			var f string
			if f, err = d.str(name, v); err == nil {
				if req.SystemFormat, err = systemFormat(f); err != nil {
					err = d.errAt(v, "%s", err.Msg)
				}
			}
		case "facets":
			req.Facets = nil
			err = d.list(name, v, func(s string, at gjson.Result) *apiError {
				f, perr := benchie.ParseFacet(s)
				if perr != nil {
					return d.errAt(at, "%v", perr)
				}
				req.Facets = append(req.Facets, f)
				return nil
			})
		case "scorers":
			req.Scorers = nil
			err = d.list(name, v, func(s string, at gjson.Result) *apiError {
				if e := checkScorer(s); e != "" {
					return d.errAt(at, "%s", e)
				}
				req.Scorers = append(req.Scorers, s)
				return nil
			})
		case "fl_mode":
			var m string
			if m, err = d.str(name, v); err == nil && m != "reference" && m != "corrected" {
				err = d.errAt(v, "unknown fl_mode %q: expected reference or corrected", m)
			}
			flMode = v
			req.FLCorrected = m == "corrected"
		case "reference_compat":
			if v.Type != gjson.True && v.Type != gjson.False {
				err = d.errAt(v, "reference_compat must be true or false, found %s", oie.JSONKind(v))
			}
			req.ReferenceCompat = v.Type == gjson.True
		default:
			err = d.errAt(k, "unknown member %q: a request has %s", name, strings.Join(requestFields, ", "))
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}

	if !gold.Exists() {
		return nil, d.errAt(root, "gold is required: the text of a BenchIE gold file")
	}
	req.Gold = evaluate.Input{Path: "gold", Data: []byte(gold.Str)}
	if !systems.Exists() {
		return nil, d.errAt(root, `systems is required: an object {"name": "text of the system file", ...}`)
	}
	if len(req.Systems) == 0 {
		return nil, d.errAt(systems, "systems is empty: give at least one system file")
	}
	req.FL = slices.Contains(req.Scorers, "benchie-fl")
	req.FLOnly = req.FL && !slices.Contains(req.Scorers, "benchie")
	if flMode.Exists() && !req.FL {
		return nil, d.errAt(flMode, `fl_mode is read only by the benchie-fl scorer, which is not in scorers`)
	}
	wantCaRB := slices.Contains(req.Scorers, "carb")
	if wantCaRB && req.FLOnly {
		return nil, d.errAt(root, `the carb scorer is shown beside BenchIE: scorers must hold "benchie" too`)
	}
	switch {
	case carbGold.Exists() && !wantCaRB:
		// an unused file is a mistake worth telling
		return nil, d.errAt(carbGold, `carb_gold is read only by the carb scorer, which is not in scorers`)
	case wantCaRB && !carbGold.Exists():
		return nil, d.errAt(root, `the carb scorer needs carb_gold: the text of a CaRB gold file for the gold's sentences`)
	case wantCaRB:
		req.CaRBGold = &evaluate.Input{Path: "carb_gold", Data: []byte(carbGold.Str)}
	}
	return req, nil
}

// decoder reports positions in the request body.
type decoder struct {
	body []byte // gjson's Result.Index is an offset in it
}

// errAt is a 400 answer pointing at v.
func (d *decoder) errAt(v gjson.Result, format string, args ...any) *apiError {
	return atOffset(d.body, v.Index, fmt.Sprintf(format, args...))
}

func (d *decoder) str(name string, v gjson.Result) (string, *apiError) {
	if v.Type != gjson.String {
		return "", d.errAt(v, "%s must be a string, found %s", name, oie.JSONKind(v))
	}
	return v.Str, nil
}

// list walks a non-empty array of distinct strings.
func (d *decoder) list(name string, v gjson.Result, each func(s string, at gjson.Result) *apiError) *apiError {
	if !v.IsArray() {
		return d.errAt(v, "%s must be an array of strings, found %s", name, oie.JSONKind(v))
	}
	var err *apiError
	seen := map[string]bool{}
	v.ForEach(func(_, item gjson.Result) bool {
		switch {
		case item.Type != gjson.String:
			err = d.errAt(item, "%s must be an array of strings, found %s in it", name, oie.JSONKind(item))
		case seen[item.Str]:
			err = d.errAt(item, "%s lists %q twice", name, item.Str)
		default:
			seen[item.Str] = true
			err = each(item.Str, item)
		}
		return err == nil
	})
	if err == nil && len(seen) == 0 {
		err = d.errAt(v, "%s is empty: leave it out for the default", name)
	}
	return err
}

// systems reads the systems object, keeping the order of the request.
func (d *decoder) systems(v gjson.Result) ([]evaluate.Input, *apiError) {
	if !v.IsObject() {
		return nil, d.errAt(v, `systems must be an object {"name": "text of the system file", ...}, found %s`, oie.JSONKind(v))
	}
	var out []evaluate.Input
	var err *apiError
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
			out = append(out, evaluate.Input{Name: name, Path: "systems/" + name, Data: []byte(text.Str)})
		}
		return err == nil
	})
	return out, err
}

// systemFormat reads a system_format value, with the command line's names.
func systemFormat(s string) (oie.Format, *apiError) {
	f, err := evaluate.ParseSystemFormat(s)
	if err != nil {
		return "", &apiError{Msg: "system_format: " + err.Error()}
	}
	return f, nil
}

// checkScorer says what is wrong with a scorer name, or "".
func checkScorer(s string) string {
	for _, sc := range scorers {
		if sc.name == s {
			if sc.available {
				return ""
			}
			return fmt.Sprintf("scorer %q is not available yet: this server scores with %s", s, strings.Join(availableScorers(), ", "))
		}
	}
	return fmt.Sprintf("unknown scorer %q: this server scores with %s", s, strings.Join(availableScorers(), ", "))
}

// atOffset is a 400 answer pointing at a byte offset of the request body:
// 1-based line, and column in characters as in oie.ParseError.
func atOffset(body []byte, off int, msg string) *apiError {
	line, col := oie.NewOffsets(string(body)).Position(off)
	return &apiError{
		Status: http.StatusBadRequest,
		Msg:    fmt.Sprintf("request body:%d:%d: %s", line, col, msg),
		Line:   line, Column: col,
	}
}
