package formats

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// Causes of detection and reading errors, for errors.Is.
var (
	// ErrAmbiguous: the file could be several formats; one must be chosen.
	ErrAmbiguous = errors.New("format not recognised with confidence")
	// ErrRefused: the file is in a format that cannot be scored.
	ErrRefused = errors.New("format cannot be scored")
)

// Detection is what Detect found.
type Detection struct {
	// Format is the format the file is in, when Detect is confident.
	Format *Format
	// Candidates are the formats the file could be when it is not.
	Candidates []*Format
	// Note says why the file is not recognised, or what in it was odd.
	Note string
	// JSON is set when the file starts like JSON (an object or an array).
	JSON bool
}

// SniffBytes is how much of a line-based file Detect looks at (a JSON
// document it reads whole).
const SniffBytes = 1 << 16

// sniffLines is how many non-blank lines Detect looks at.
const sniffLines = 200

// Detect recognises the format of a file. It looks at the first non-blank
// lines (a JSON document whole) and names a format only when every line it
// looked at fits that format and no other reading of the lines is as good;
// otherwise Format is nil and Candidates lists what the file could be.
func Detect(data []byte) Detection { return detect(data, nil) }

// detectPauseEvery is how many lines detect classifies between two calls of
// its pause: its 200 lines took 35-120 ms in the page's WebAssembly.
const detectPauseEvery = 16

// detect is Detect calling pause (when set) every detectPauseEvery lines
// it classifies.
func detect(data []byte, pause func()) Detection {
	lines := headLines(data)
	if len(lines) == 0 {
		return Detection{Note: "the file is empty"}
	}
	if c := lines[0][0]; c == '{' || c == '[' {
		d := detectJSON(data, lines)
		d.JSON = true
		return d
	}
	return detectLines(data, lines, pause)
}

// headLines returns the first non-blank lines of data, trimmed, without a
// byte order mark and without a line cut by the sniffing limit.
func headLines(data []byte) []string {
	head := oie.TrimBOM(data)
	// Blank lines before the first line of content do not count against
	// the window: a file that starts with 64 KiB of them is not empty.
	head = bytes.TrimLeft(head, " \t\r\n")
	cut := len(head) > SniffBytes
	head = head[:min(len(head), SniffBytes)]
	var out []string
	for len(head) > 0 && len(out) < sniffLines {
		line, rest, found := bytes.Cut(head, []byte("\n"))
		if !found && cut && len(out) > 0 {
			break // a line cut by the limit; a first line is kept cut
		}
		if t := oie.TrimSpace(string(line)); t != "" {
			out = append(out, t)
		}
		head = rest
	}
	return out
}

// SystemError is nil when the detection names a format Read can read, and
// otherwise the error that tells the user what the file could be.
func (d Detection) SystemError(file string) error {
	return d.ErrorChoosing(file, "choose one by name", Readable())
}

// ErrorChoosing is SystemError for a caller whose user chooses a format in
// words of its own (choose: the command line's convert says "give --from")
// among names of its own (listed when the file could be anything).
func (d Detection) ErrorChoosing(file, choose string, names []string) error {
	switch {
	case d.Format != nil && d.Format.Role == Refused:
		return &oie.ParseError{File: file, Line: 1, Msg: fmt.Sprintf("this looks like %s: %s", d.Format.Label, d.Format.Refusal), Err: ErrRefused}
	case d.Format != nil && d.Format.read == nil:
		return &oie.ParseError{File: file, Line: 1, Msg: fmt.Sprintf("this looks like a %s, not system extractions", d.Format.Label), Err: ErrRefused}
	case d.Format != nil:
		return nil
	}
	msg := "cannot tell the format of this file"
	if d.Note != "" {
		msg += " (" + d.Note + ")"
	}
	if len(d.Candidates) > 0 {
		msg += ": it could be " + labels(d.Candidates) + "; " + choose
	} else {
		msg += ": " + choose + ": " + strings.Join(names, ", ")
	}
	return &oie.ParseError{File: file, Line: 1, Msg: msg, Err: ErrAmbiguous}
}

func found(name string) Detection { return Detection{Format: MustLookup(name)} }

func ambiguous(note string, names ...string) Detection {
	d := Detection{Note: note}
	for _, n := range names {
		d.Candidates = append(d.Candidates, MustLookup(n))
	}
	return d
}

// lineKind is what one line looks like on its own.
type lineKind struct {
	tabs                                    []string
	openie6, cli, imojie                    bool // extraction lines of block formats
	plain                                   bool // no tab: a sentence line of a block format
	columnar, reverb, clausie, props, allen bool
	tabbed, carbGold, benchie               bool
	oie2016                                 bool // a gold line whose second column is one token
	headInPred                              bool // ... that is a word of the third column
	conll, confFirst, idConf                bool
	clausieBare                             bool // ClausIE's columns with a slot not in quotes
}

func classify(line string) lineKind {
	var k lineKind
	f := strings.Split(line, "\t")
	for i := range f {
		f[i] = oie.TrimSpace(f[i])
	}
	k.tabs = f
	if len(f) == 1 {
		k.plain = true
		_, k.openie6 = parseOpenIE6(line)
		_, k.cli = parseCLI(line)
		_, k.imojie = parseIMoJIE(line)
		return k
	}
	n := len(f)
	k.columnar = n >= 6 && isConf(f[0]) && strings.Contains(f[2], "Argument(") && strings.HasPrefix(f[3], "Relation(")
	k.reverb = n >= 13 && isInt(f[1]) && isConf(f[11]) && allInts(f[5:11])
	k.clausie = n == 5 && isInt(f[0]) && quoted(f[1]) && quoted(f[2]) && quoted(f[3]) && isConf(f[4])
	k.clausieBare = n == 5 && isInt(f[0]) && isConf(f[4]) && !k.clausie
	k.props = n >= 3 && n%2 == 1 && isConf(f[0]) && isSentence(f[1]) && labelsAt(f, 3)
	k.allen = (n == 2 || n == 3 && isConf(f[2])) && isSentence(f[0]) && (strings.Contains(f[1], "<arg1>") || strings.Contains(f[1], "<rel>"))
	k.tabbed = n >= 3 && isSentence(f[0]) && isConf(f[1])
	k.carbGold = !k.tabbed && !k.allen && isSentence(f[0]) && !isConf(f[1])
	k.oie2016 = k.carbGold && n >= 4 && f[1] != "" && !strings.Contains(f[1], " ")
	k.headInPred = k.oie2016 && isHead(f[1], f[2])
	k.benchie = n >= 4 && isID(f[0])
	// A CoNLL token line ends with its BIO tag, or (LSOIE's model output)
	// with the tag and then a confidence.
	k.conll = n >= 3 && isInt(f[0]) && !strings.Contains(f[1], " ") && (isBIO(f[n-1]) || n >= 4 && isBIO(f[n-2]) && isDecimal(f[n-1]))
	k.confFirst = n >= 4 && isDecimal(f[0]) && !k.columnar && !k.props
	k.idConf = n >= 5 && isID(f[0]) && isDecimal(f[1])
	return k
}

func isConf(s string) bool {
	_, ok := number(s)
	return ok
}

// isDecimal is a number written with a decimal point or an exponent: a
// confidence rather than an id.
func isDecimal(s string) bool { return isConf(s) && strings.ContainsAny(s, ".eE") }

// isInt reports whether strconv.Atoi reads s. A byte no int has answers
// without Atoi, whose error copies s: detecting a format asks this of
// columns of words.
func isInt(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '+' && s[i] != '-' {
			return false
		}
	}
	_, err := strconv.Atoi(s)
	return err == nil
}

func allInts(fs []string) bool {
	for _, f := range fs {
		if !isInt(f) {
			return false
		}
	}
	return true
}

func quoted(s string) bool { return len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' }

// isSentence is text with words: at least two spaces.
func isSentence(s string) bool { return strings.Count(s, " ") >= 2 }

// isID is what a sentence id looks like: one token that is not a decimal
// number (a confidence) nor a path.
func isID(s string) bool {
	return s != "" && !strings.ContainsAny(s, " /\\") && !isDecimal(s)
}

// labelsAt: PropS's argument labels (subj, dobj, prep_of, ...) at every
// other field from i.
func labelsAt(f []string, i int) bool {
	for ; i < len(f); i += 2 {
		if f[i] == "" || strings.ContainsAny(f[i], " ") || len(f[i]) > 20 {
			return false
		}
	}
	return true
}

// isHead: OIE2016's head predicate, one word of the full predicate (or its
// lemma: the same first three letters, "make" in "were made up of").
func isHead(head, full string) bool {
	if head == "" || strings.Contains(head, " ") {
		return false
	}
	for _, w := range strings.Fields(full) {
		if w == head || len(head) >= 3 && len(w) >= 3 && strings.EqualFold(w[:3], head[:3]) {
			return true
		}
	}
	return false
}

// isBIO is a CoNLL tag: O, B-X, I-X, X-B, X-I.
func isBIO(s string) bool {
	if s == "O" {
		return true
	}
	a, b, ok := strings.Cut(s, "-")
	return ok && a != "" && b != "" && (a == "B" || a == "I" || b == "B" || b == "I")
}

// detectLines recognises line-based formats.
func detectLines(data []byte, lines []string, pause func()) Detection {
	first := lines[0]
	if strings.HasPrefix(first, "sent_id:") && strings.Count(first, "\t") <= 1 {
		return found(NameBenchIEGold)
	}
	if f := strings.Split(strings.ToLower(first), "\t"); len(f) >= 4 && f[0] == "confidence" && f[1] == "arg1" {
		return found("ollie")
	}
	if _, ok := kgToolboxHeader(first); ok {
		return found("kgextractiontoolbox")
	}
	if _, _, ok := kgToolboxCSVHeader(first); ok {
		return found("kgextractiontoolbox-csv")
	}
	ks := make([]lineKind, len(lines))
	for i, l := range lines {
		ks[i] = classify(l)
		if pause != nil && i%detectPauseEvery == detectPauseEvery-1 {
			pause()
		}
	}
	all := func(pred func(k lineKind) bool) bool {
		for _, k := range ks {
			if !pred(k) {
				return false
			}
		}
		return true
	}
	count := func(pred func(k lineKind) bool) int {
		n := 0
		for _, k := range ks {
			if pred(k) {
				n++
			}
		}
		return n
	}
	// Token files first: their integer first column passes for an id.
	if count(func(k lineKind) bool { return k.conll }) > len(ks)/2 {
		return found("conll")
	}
	// Graphene's RDFNL: 32-digit identifiers, "# sentence" and context lines.
	if all(isGrapheneLine) && count(func(k lineKind) bool { return grapheneTuple(k.tabs) >= 0 }) > 0 {
		return found("graphene")
	}
	// Block formats: sentence lines and extraction lines.
	blocks := []struct {
		name string
		ext  func(k lineKind) bool
	}{
		{"openie6", func(k lineKind) bool { return k.openie6 }},
		{"openie-cli", func(k lineKind) bool { return k.cli }},
		{"imojie", func(k lineKind) bool { return k.imojie }},
	}
	if all(func(k lineKind) bool { return k.plain }) {
		for _, b := range blocks {
			exts := count(b.ext)
			if exts == 0 {
				continue
			}
			if exts == len(ks) {
				if b.name == "openie6" {
					// Lines of extractions and no sentence: CoreNLP's ollie form.
					return found("corenlp-ollie")
				}
				return Detection{Note: "extraction lines without any sentence line: the extractions cannot be aligned with a gold", Candidates: []*Format{MustLookup(b.name)}}
			}
			return found(b.name)
		}
		// Lines without tabs and no extraction line: a list of sentences
		// (BenchIE's sample300), never guessed as any extraction format;
		// one line is too little to tell (a header of its own, say).
		if len(ks) >= 2 {
			return Detection{Format: MustLookup(NameSentenceList), Note: "lines without tabs and no extraction line"}
		}
		return Detection{Note: "lines without tabs and no extraction line: a list of sentences?"}
	}
	// ClausIE mixes sentence lines with 5-column extractions (and skips
	// other lines, so a few odd ones are allowed).
	bare := count(func(k lineKind) bool { return k.clausieBare })
	if ks[0].plain && bare == 0 && count(func(k lineKind) bool { return k.clausie }) > 0 &&
		count(func(k lineKind) bool { return k.plain || k.clausie }) >= len(ks)*9/10 {
		return found("clausie")
	}
	// ClausIE's layout with slots not in quotes: CaRB's reader would cut a
	// character off each end of every slot; the reader warns, but it is
	// not guessed.
	if ks[0].plain && bare > 0 &&
		count(func(k lineKind) bool { return k.plain || k.clausie || k.clausieBare }) >= len(ks)*9/10 {
		return Detection{Note: "sentence lines and lines of id, subject, relation, object, confidence whose slots are not in quotes, as ClausIE writes them; CaRB's ClausIE reader would cut the first and last character of each slot",
			Candidates: []*Format{MustLookup("clausie")}}
	}
	// Tab-separated formats: the format that most lines fit, the first
	// line included, wins; a file whose other lines do not fit is then read
	// in that format, whose reader says where and what is wrong.
	tabbed := []struct {
		name string
		fits func(k lineKind) bool
	}{
		{"openie4", func(k lineKind) bool { return k.columnar }},
		{"reverb", func(k lineKind) bool { return k.reverb }},
		{"allennlp", func(k lineKind) bool { return k.allen }},
		{"props", func(k lineKind) bool { return k.props }},
		{NameCaRBTabbed, func(k lineKind) bool { return k.tabbed }},
		{NameCaRBGold, func(k lineKind) bool { return k.carbGold }},
		{"corenlp-default-id", func(k lineKind) bool { return k.idConf && !k.reverb }},
		{"corenlp-default", func(k lineKind) bool { return k.confFirst }},
		{NameBenchIETSV, func(k lineKind) bool { return k.benchie }},
	}
	fit := map[string]int{}
	best := 0
	for _, t := range tabbed {
		if t.fits(ks[0]) {
			fit[t.name] = count(t.fits)
			best = max(best, fit[t.name])
		}
	}
	top := map[string]bool{}
	for name, n := range fit {
		if n == best && best*2 > len(ks) {
			top[name] = true
		}
	}
	// Readings that fit the same lines: the more specific one wins.
	if top["openie4"] {
		// OpenIE 5 joins several arguments in column 5, and writes
		// List(null) offsets: look for either in the whole file.
		if bytes.Contains(data, []byte("))); ")) && bytes.Contains(data, []byte("Argument(")) || bytes.Contains(data, []byte("List(null)")) {
			return found("openie5")
		}
		return found("openie4")
	}
	if top["reverb"] {
		if all(func(k lineKind) bool { return len(k.tabs) > 14 && allBIO(k.tabs[14]) }) {
			return found("reverb")
		}
		if all(func(k lineKind) bool { return len(k.tabs) >= 15 }) {
			return found("corenlp-reverb")
		}
		return found("reverb") // both read alike
	}
	if top["allennlp"] {
		return found("allennlp")
	}
	if top["props"] && top[NameCaRBTabbed] {
		return ambiguous("every line reads as both", NameCaRBTabbed, "props")
	}
	for _, name := range []string{"props", NameCaRBTabbed} {
		if top[name] {
			return found(name)
		}
	}
	if top[NameCaRBGold] {
		return goldByEvidence(ks)
	}
	if top["corenlp-default-id"] {
		return found("corenlp-default-id")
	}
	if top["corenlp-default"] {
		if all(func(k lineKind) bool { return len(k.tabs) == 4 }) {
			return Detection{Format: MustLookup("corenlp-default"), Note: "the first column holds confidences, not sentence ids"}
		}
		return Detection{Note: "the first column holds numbers with a decimal point, which are confidences rather than sentence ids (BenchIE TSV starts with the sentence id)",
			Candidates: []*Format{MustLookup("corenlp-default-id"), MustLookup(NameBenchIETSV)}}
	}
	if top[NameBenchIETSV] || len(ks[0].tabs) > 1 && isID(ks[0].tabs[0]) && len(fit) <= 1 {
		// BenchIE TSV is also the reading of a file that starts like one
		// and fits nothing else: its reader says what is wrong where.
		return found(NameBenchIETSV)
	}
	return describeMix(ks)
}

// goldByEvidence tells an OIE2016 gold (sentence, head predicate, full
// predicate, arguments) from a CaRB gold (sentence, relation, arguments),
// whose lines look alike, by two proportions over the gold lines: of lines
// whose second column is one token (an OIE2016 head always is; a CaRB
// relation often has several words), and of lines whose second column is a
// word of the third (the head is a word of the full predicate, but not on
// every real line: "selling" for "being sold"; a CaRB relation is almost
// never a word of arg1). Split evidence is not guessed at.
func goldByEvidence(ks []lineKind) Detection {
	var lines, oneToken, headIn int
	for _, k := range ks {
		if !k.carbGold {
			continue
		}
		lines++
		if k.oie2016 {
			oneToken++
		}
		if k.headInPred {
			headIn++
		}
	}
	token, head := float64(oneToken)/float64(lines), float64(headIn)/float64(lines)
	switch {
	case token < goldOneTokenCaRB || head < goldHeadInCaRB:
		return found(NameCaRBGold)
	case lines < 3:
		return ambiguous("too few lines to tell a head predicate column from a relation", NameOIE2016Gold, NameCaRBGold)
	case token >= goldOneTokenOIE2016 && head >= goldHeadInOIE2016:
		return found(NameOIE2016Gold)
	}
	return ambiguous(fmt.Sprintf("the evidence is split: the second column is one token on %d of %d lines and a word of the third column on %d (an OIE2016 gold: nearly all and most; a CaRB gold: fewer)",
		oneToken, lines, headIn), NameOIE2016Gold, NameCaRBGold)
}

// The proportions goldByEvidence decides by. The real OIE2016 golds
// (oie-benchmark test.oie, train.oie) have one-token heads on every line and
// heads in the full predicate on 98.8%; CaRB's test gold has one-token
// relations on 31% of its lines and a relation in arg1 on none.
const (
	goldOneTokenOIE2016 = 0.95
	goldHeadInOIE2016   = 0.75
	goldOneTokenCaRB    = 0.8
	goldHeadInCaRB      = 0.25
)

// isSentenceRecord is a JSON object that holds a sentence and no
// extraction: a line of a sentence list such as LSOIE's *_sent.jsonl.
func isSentenceRecord(o gjson.Result) bool {
	if !o.IsObject() {
		return false
	}
	for _, k := range []string{"subject", "relation", "object", "arg1", "rel", "extractions", "triples", "tuples"} {
		if o.Get(k).Exists() {
			return false
		}
	}
	for _, k := range []string{"sentence", "sent", "text", "tokens"} {
		if o.Get(k).Exists() {
			return true
		}
	}
	return false
}

func allBIO(s string) bool {
	for _, t := range strings.Fields(s) {
		if !isBIO(t) {
			return false
		}
	}
	return s != ""
}

// describeMix explains a file whose lines fit no single format: the formats
// that most of its lines fit are the candidates.
func describeMix(ks []lineKind) Detection {
	counts := []struct {
		name string
		n    int
	}{}
	add := func(name string, pred func(k lineKind) bool) {
		n := 0
		for _, k := range ks {
			if pred(k) {
				n++
			}
		}
		if n > 0 {
			counts = append(counts, struct {
				name string
				n    int
			}{name, n})
		}
	}
	add(NameBenchIETSV, func(k lineKind) bool { return k.benchie })
	add(NameCaRBTabbed, func(k lineKind) bool { return k.tabbed })
	add("openie4", func(k lineKind) bool { return k.columnar })
	add("props", func(k lineKind) bool { return k.props })
	add("reverb", func(k lineKind) bool { return k.reverb })
	add("allennlp", func(k lineKind) bool { return k.allen })
	add(NameCaRBGold, func(k lineKind) bool { return k.carbGold })
	d := Detection{Note: fmt.Sprintf("its first %d lines do not all fit one format", len(ks))}
	for _, c := range counts {
		if c.n*2 >= len(ks) {
			d.Candidates = append(d.Candidates, MustLookup(c.name))
		}
	}
	return d
}

// detectJSON recognises JSON formats: JSON Lines, WiRe57's gold and system
// files, AnnIE, JSON triples, passage JSON.
func detectJSON(data []byte, lines []string) Detection {
	text := oie.TextOf(data, true)
	if off, why := oie.CheckJSON(text); off >= 0 {
		// Not one JSON document: JSON Lines when the first line is an
		// object of its own.
		if o, _ := oie.CheckJSON(lines[0]); o < 0 && strings.HasPrefix(lines[0], "{") {
			if isSentenceRecord(gjson.Parse(lines[0])) {
				return found(NameSentenceList)
			}
			if gjson.Get(lines[0], "sent_id").Exists() {
				return found(NameJSONL)
			}
			return Detection{Note: `one JSON object a line, without "sent_id"`, Candidates: []*Format{MustLookup(NameJSONL)}}
		}
		// A broken document: tell it by its keys, so that the error is
		// reported by the right reader.
		switch {
		case strings.Contains(text, `"arg0"`) && strings.Contains(text, `"pred"`):
			return found(NameReOIE2016Gold)
		case strings.Contains(text, `"extracted_triples"`):
			return found("llm-passages") // HippoRAG's files hold a bare NaN
		case strings.Contains(text, `"tuples"`):
			return found(NameWiRe57Gold)
		case strings.Contains(text, `"textFile"`):
			return found(NameAnnIE)
		case strings.Contains(text, `"arg1"`):
			return found(NameWiRe57System)
		}
		line, col := oie.NewOffsets(text).Position(off)
		return Detection{Note: fmt.Sprintf("invalid JSON at %d:%d: %s", line, col, why), Candidates: []*Format{MustLookup(NameJSONL), MustLookup("json-triples")}}
	}
	root := gjson.Parse(text)
	if !root.IsObject() {
		return Detection{Note: "a JSON document that is not an object"}
	}
	if isSentenceRecord(root) {
		return found(NameSentenceList)
	}
	if len(lines) > 1 && root.Get("sent_id").Exists() && !strings.HasSuffix(lines[0], ",") {
		return found(NameJSONL) // a one-line file of JSON Lines
	}
	switch {
	case root.Get("sent_id").Exists():
		return found(NameJSONL)
	case root.Get("textFile").Exists() || root.Get("clusters").Exists():
		return found(NameAnnIE)
	case root.Get("docs").IsArray():
		return found("llm-passages")
	}
	var kind string
	arrays := true
	root.ForEach(func(_, v gjson.Result) bool {
		if v.Type == gjson.Null {
			return true
		}
		if !v.IsArray() {
			arrays = false
			return false
		}
		el := v.Get("0")
		switch {
		case !el.Exists():
			return true
		case el.IsObject() && el.Get("tuples").Exists():
			kind = NameWiRe57Gold
		case el.IsObject() && el.Get("arg0").Exists() && el.Get("pred").Exists():
			kind = NameReOIE2016Gold // keyed by sentence text, tuples of arg0, pred, arg1...
		case el.IsObject() && (el.Get("arg1").Exists() || el.Get("rel").Exists()):
			kind = NameWiRe57System
		case el.IsArray():
			kind = "json-triples"
		default:
			arrays = false
		}
		return false
	})
	if arrays && kind != "" {
		return found(kind)
	}
	return Detection{Note: "a JSON object of no known shape", Candidates: []*Format{MustLookup("json-triples"), MustLookup(NameWiRe57System)}}
}
