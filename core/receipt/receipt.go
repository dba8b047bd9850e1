// Package receipt is a report's small, checkable record: the tool's version,
// the signature, the SHA-256 of the gold and of every system file, the
// options and the scores, as docs/receipts.md describes. Verify re-scores
// the files with the receipt's options through core/evaluate, as the command
// line does, and compares every number of the scores, whatever the scorer:
// the command line, the page and the Worker make and check receipts here
// and cannot disagree.
package receipt

import (
	"fmt"
	"path"
	"strings"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/jsonwrite"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/tidwall/gjson"
)

// Format names this receipt format; a receipt carries it in its "receipt"
// member. A later format that a reader of this one could misread gets a new
// number.
const Format = "oiebench/1"

// Receipt is one report's record. Its JSON form is the format: members are
// added, never renamed.
type Receipt struct {
	Receipt   string `json:"receipt"`   // Format
	Version   string `json:"version"`   // the oiebench version that scored
	Signature string `json:"signature"` // the report's signature
	// Options and Subset are the report's own members, as its JSON gives
	// them: what Verify re-scores with.
	Options RawJSON `json:"options"`
	Subset  RawJSON `json:"subset,omitempty"`
	// SystemFormat is the format the system files were read as when one was
	// chosen (--system-format); empty for auto.
	SystemFormat string `json:"system_format,omitempty"`
	Gold         File   `json:"gold"`
	EGold        *File  `json:"e_gold,omitempty"`
	CaRBGold     *File  `json:"carb_gold,omitempty"`
	// Systems lists each system of the report with its file (a file that
	// yields several systems, as a WiRe57 file can, is listed for each).
	Systems []File `json:"systems"`
	// Scores is the report's "systems" member without paths and warnings:
	// every number in it is checked.
	Scores RawJSON `json:"scores"`
}

// RawJSON is a member's JSON text as it is.
type RawJSON []byte

// MarshalJSON is the text itself (null when there is none), for
// encoding/json (native tools and tests).
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON keeps a copy of the text.
func (r *RawJSON) UnmarshalJSON(b []byte) error {
	*r = append((*r)[:0], b...)
	return nil
}

// File is a file scored: never its path, which is the scorer's machine's.
type File struct {
	Name    string `json:"name,omitempty"`    // the system's name (systems only)
	Base    string `json:"base"`              // the file's base name
	Shipped string `json:"shipped,omitempty"` // the shipped file's name (benchie:en/clausie), when it was one
	SHA256  string `json:"sha256"`
}

// Make builds the receipt of a report. systemFormat is the format the
// systems were read as when the user chose one ("" or "auto" otherwise).
func Make(r *report.Report, systemFormat string) (*Receipt, error) {
	bare := *r
	bare.Systems = make([]report.System, len(r.Systems))
	for i, s := range r.Systems {
		s.Path, s.Warnings = "", nil
		bare.Systems[i] = s
	}
	out, err := bare.Render("json")
	if err != nil {
		return nil, err
	}
	whole := gjson.ParseBytes(out)
	rc := &Receipt{
		Receipt: Format, Version: r.Version, Signature: r.Signature,
		Options: RawJSON(whole.Get("options").Raw),
		Gold:    fileOf("", r.Gold.Path, r.Gold.SHA256),
		Systems: []File{},
		Scores:  RawJSON(stripped(whole.Get("systems"))),
	}
	if s := whole.Get("subset"); s.Exists() {
		rc.Subset = RawJSON(s.Raw)
	}
	if systemFormat != string(oie.FormatAuto) && systemFormat != "auto" {
		rc.SystemFormat = systemFormat
	}
	if r.EGold != nil {
		f := fileOf("", r.EGold.Path, r.EGold.SHA256)
		rc.EGold = &f
	}
	if r.CaRBGold != nil {
		f := fileOf("", r.CaRBGold.Path, r.CaRBGold.SHA256)
		rc.CaRBGold = &f
	}
	for _, s := range r.Systems {
		rc.Systems = append(rc.Systems, fileOf(s.Name, s.Path, s.SHA256))
	}
	return rc, nil
}

// stripped is a systems array without its "path" and "warnings" members
// (emptied by Make), compacted as JSON writes it.
func stripped(systems gjson.Result) string {
	s := string(jsonwrite.AppendRaw(nil, []byte(systems.Raw)))
	s = strings.ReplaceAll(s, `"path":"",`, "")
	return strings.ReplaceAll(s, `"warnings":null,`, "")
}

// fileOf names a file by its base name, and by its shipped name when it
// was read as one (benchie:en/clausie) or from the shipped data's path (the
// page's bundled files).
func fileOf(name, p, sha string) File {
	f := File{Name: name, Base: report.BaseName(p), SHA256: sha}
	for _, e := range benchmarks.Entries() {
		if p == e.Name || p == e.Path {
			f.Shipped, f.Base = e.Name, path.Base(e.Path)
			break
		}
	}
	return f
}

// IsReceipt tells a receipt from other files, before it is read: a .json
// file holding an object with a "receipt" member.
func IsReceipt(name string, data []byte) bool {
	return strings.HasSuffix(name, ".json") && gjson.ValidBytes(data) && gjson.GetBytes(data, "receipt").Exists()
}

// JSON is the receipt as written to a file: indented, ending in a newline,
// the bytes encoding/json's MarshalIndent wrote ('<', '>' and '&' escaped,
// the raw members compacted). Its raw members are JSON Make or Parse
// checked.
func (rc *Receipt) JSON() []byte {
	str := jsonwrite.AppendStringEscapeHTML
	b := str(append([]byte(nil), `{"receipt":`...), rc.Receipt)
	b = str(append(b, `,"version":`...), rc.Version)
	b = str(append(b, `,"signature":`...), rc.Signature)
	b = jsonwrite.AppendRaw(append(b, `,"options":`...), rc.Options)
	if len(rc.Subset) > 0 {
		b = jsonwrite.AppendRaw(append(b, `,"subset":`...), rc.Subset)
	}
	if rc.SystemFormat != "" {
		b = str(append(b, `,"system_format":`...), rc.SystemFormat)
	}
	b = rc.Gold.appendJSON(append(b, `,"gold":`...))
	if rc.EGold != nil {
		b = rc.EGold.appendJSON(append(b, `,"e_gold":`...))
	}
	if rc.CaRBGold != nil {
		b = rc.CaRBGold.appendJSON(append(b, `,"carb_gold":`...))
	}
	b = jsonwrite.AppendList(append(b, `,"systems":`...), rc.Systems, func(b []byte, f File) []byte { return f.appendJSON(b) })
	b = jsonwrite.AppendRaw(append(b, `,"scores":`...), rc.Scores)
	return append(jsonwrite.Indent(nil, append(b, '}'), "  "), '\n')
}

func (f File) appendJSON(b []byte) []byte {
	str := jsonwrite.AppendStringEscapeHTML
	b = append(b, '{')
	if f.Name != "" {
		b = str(append(b, `"name":`...), f.Name)
		b = append(b, ',')
	}
	b = str(append(b, `"base":`...), f.Base)
	if f.Shipped != "" {
		b = str(append(b, `,"shipped":`...), f.Shipped)
	}
	b = str(append(b, `,"sha256":`...), f.SHA256)
	return append(b, '}')
}

// Parse reads a receipt; file names it in errors, which point at the
// member at fault.
func Parse(file string, data []byte) (*Receipt, error) {
	doc, root, err := oie.ParseJSON(file, data, "an oiebench receipt (a JSON object)")
	if err != nil {
		return nil, err
	}
	if !root.IsObject() {
		return nil, doc.ErrorAt(root, oie.ErrSyntax, "expected an oiebench receipt: a JSON object, found %s", oie.JSONKind(root))
	}
	kind := root.Get("receipt")
	if kind.Type != gjson.String || !strings.HasPrefix(kind.Str, "oiebench/") {
		return nil, doc.ErrorAt(root, oie.ErrSyntax, `expected an oiebench receipt: a member "receipt": %q`, Format)
	}
	if kind.Str != Format {
		return nil, doc.ErrorAt(kind, oie.ErrSyntax, "receipt format %q: this oiebench (%s) reads %q", kind.Str, report.Version, Format)
	}
	for _, m := range []struct {
		name string
		typ  oie.JSONType
		word string // as the message names the type
	}{{"version", oie.JSONString, "string"}, {"signature", oie.JSONString, "string"}, {"options", oie.JSONObject, "object"},
		{"gold", oie.JSONObject, "object"}, {"systems", oie.JSONArray, "array"}, {"scores", oie.JSONArray, "array"}} {
		v := root.Get(m.name)
		if !v.Exists() || !m.typ.Holds(v) {
			at := root
			if v.Exists() {
				at = v
			}
			return nil, doc.ErrorAt(at, oie.ErrSyntax, "member %q: expected a JSON %s", m.name, m.word)
		}
	}
	rc, err := read(doc, root)
	if err != nil {
		return nil, err
	}
	for i, f := range append([]File{rc.Gold}, rc.Systems...) {
		if len(f.SHA256) != 64 || strings.Trim(f.SHA256, "0123456789abcdef") != "" {
			at := root.Get("gold.sha256")
			if i > 0 {
				at = root.Get(fmt.Sprintf("systems.%d.sha256", i-1))
			}
			if !at.Exists() {
				at = root
			}
			return nil, doc.ErrorAt(at, oie.ErrSyntax, "expected a SHA-256: 64 lowercase hexadecimal digits")
		}
	}
	return rc, nil
}

// read takes a receipt's members from a document Parse checked. Where
// encoding/json would not have stored a value (a number for a string, an
// array for a file) it refuses it with encoding/json's message, placed
// where it placed it: after a literal, just inside an array or object.
func read(doc *oie.JSONDoc, root gjson.Result) (*Receipt, error) {
	var rc Receipt
	var err error
	typeError := func(v gjson.Result, strct, field, typ string) {
		if err != nil {
			return
		}
		kind := map[gjson.Type]string{gjson.Number: "number", gjson.String: "string", gjson.True: "bool", gjson.False: "bool"}[v.Type]
		off := v.Index + len(v.Raw)
		if kind == "" {
			kind, off = "object", v.Index+1
			if v.IsArray() {
				kind = "array"
			}
		}
		line, col := doc.Position(off)
		err = &oie.ParseError{File: doc.File, Line: line, Column: col, Err: oie.ErrSyntax,
			Msg: fmt.Sprintf("not an oiebench receipt: json: cannot unmarshal %s into Go struct field %s.%s of type %s", kind, strct, field, typ)}
	}
	str := func(v gjson.Result, into *string, strct, field string) {
		switch v.Type {
		case gjson.String:
			*into = v.Str
		case gjson.Null:
		default:
			typeError(v, strct, field, "string")
		}
	}
	// file reads a File; field is where it is ("gold", "systems").
	file := func(v gjson.Result, field string) (f File) {
		if !v.IsObject() {
			typeError(v, "Receipt", field, "receipt.File")
			return f
		}
		v.ForEach(func(k, m gjson.Result) bool {
			switch k.Str {
			case "name":
				str(m, &f.Name, "File", field+".name")
			case "base":
				str(m, &f.Base, "File", field+".base")
			case "shipped":
				str(m, &f.Shipped, "File", field+".shipped")
			case "sha256":
				str(m, &f.SHA256, "File", field+".sha256")
			}
			return err == nil
		})
		return f
	}
	optional := func(v gjson.Result, field string) *File {
		if v.Type == gjson.Null {
			return nil
		}
		f := file(v, field)
		return &f
	}
	root.ForEach(func(k, v gjson.Result) bool {
		switch k.Str {
		case "receipt":
			str(v, &rc.Receipt, "Receipt", "receipt")
		case "version":
			str(v, &rc.Version, "Receipt", "version")
		case "signature":
			str(v, &rc.Signature, "Receipt", "signature")
		case "system_format":
			str(v, &rc.SystemFormat, "Receipt", "system_format")
		case "options":
			rc.Options = RawJSON(v.Raw)
		case "subset":
			rc.Subset = RawJSON(v.Raw)
		case "scores":
			rc.Scores = RawJSON(v.Raw)
		case "gold":
			rc.Gold = file(v, "gold")
		case "e_gold":
			rc.EGold = optional(v, "e_gold")
		case "carb_gold":
			rc.CaRBGold = optional(v, "carb_gold")
		case "systems":
			rc.Systems = []File{}
			v.ForEach(func(_, f gjson.Result) bool {
				if f.Type == gjson.Null {
					rc.Systems = append(rc.Systems, File{})
				} else {
					rc.Systems = append(rc.Systems, file(f, "systems"))
				}
				return err == nil
			})
		}
		return err == nil
	})
	return &rc, err
}
