// Package receipt is a report's small, checkable record: the tool's version,
// the signature, the SHA-256 of the gold and of every system file, the
// options and the scores, as docs/receipts.md describes. Verify re-scores
// the files with the receipt's options through core/evaluate, as the command
// line does, and compares every number of the scores, whatever the scorer:
// the command line, the page and the Worker make and check receipts here
// and cannot disagree.
package receipt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/oiebench/oiebench/core/benchmarks"
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
	Options json.RawMessage `json:"options"`
	Subset  json.RawMessage `json:"subset,omitempty"`
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
	Scores json.RawMessage `json:"scores"`
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
		Options: json.RawMessage(whole.Get("options").Raw),
		Gold:    fileOf("", r.Gold.Path, r.Gold.SHA256),
		Systems: []File{},
		Scores:  json.RawMessage(stripped(whole.Get("systems"))),
	}
	if s := whole.Get("subset"); s.Exists() {
		rc.Subset = json.RawMessage(s.Raw)
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
// (emptied by Make), compacted.
func stripped(systems gjson.Result) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(systems.Raw)); err != nil {
		return systems.Raw
	}
	s := strings.ReplaceAll(b.String(), `"path":"",`, "")
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

// JSON is the receipt as written to a file: indented, ending in a newline.
func (rc *Receipt) JSON() []byte {
	out, err := json.MarshalIndent(rc, "", "  ")
	if err != nil { // only raw members Make or Parse checked
		panic(err)
	}
	return append(out, '\n')
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
	var rc Receipt
	if err := json.Unmarshal([]byte(doc.Text), &rc); err != nil {
		off := 0
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			off = int(te.Offset)
		}
		line, col := doc.Position(off)
		return nil, &oie.ParseError{File: file, Line: line, Column: col, Msg: "not an oiebench receipt: " + err.Error(), Err: oie.ErrSyntax}
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
	return &rc, nil
}
