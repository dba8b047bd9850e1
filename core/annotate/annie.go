package annotate

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// extKey is the field that carries, at each level of an AnnIE progress file,
// what AnnIE cannot express (package doc, "AnnIE progress JSON").
const extKey = "oiebench"

// The JSON written for AnnIE: its own fields in its order, plus the
// extension objects.
type (
	annieFile struct {
		Name     string         `json:"name"`
		TextFile annieTextFile  `json:"textFile"`
		Clusters []annieCluster `json:"clusters"`
		Ext      annieDocExt    `json:"oiebench"`
	}
	annieTextFile struct {
		Name      string          `json:"name"`
		Text      string          `json:"text"`
		Sentences []annieSentence `json:"sentences"`
	}
	annieSentence struct {
		Index int          `json:"index"`
		Text  string       `json:"text"`
		Words []annieToken `json:"words"`
		Ext   annieSentExt `json:"oiebench"`
	}
	annieToken struct {
		Text     string `json:"text"`
		PosLabel string `json:"posLabel"`
		Index    int    `json:"index"`
		Type     string `json:"type"`
		Optional bool   `json:"optional"`
	}
	annieCluster struct {
		SentenceNumber int              `json:"sentenceNumber"`
		ClusterNumber  int              `json:"clusterNumber"`
		Triples        []annieTriple    `json:"triples"`
		Ext            *annieClusterExt `json:"oiebench,omitempty"`
	}
	annieTriple struct {
		Subjects        []annieWord     `json:"subjects"`
		Predicates      []annieWord     `json:"predicates"`
		Objects         []annieWord     `json:"objects"`
		StartSeparators []annieSep      `json:"startSeparators"`
		EndSeparators   []annieSep      `json:"endSeparators"`
		Ext             *annieTripleExt `json:"oiebench,omitempty"`
	}
	annieWord struct {
		Text     string `json:"text"`
		PosLabel string `json:"posLabel"`
		Index    string `json:"index"` // "" for a typed word
		Type     string `json:"type"`
		Optional bool   `json:"optional"`
	}
	annieSep struct {
		State  string `json:"state"`
		Index1 int    `json:"index1"`
		Index2 int    `json:"index2"`
	}
	annieDocExt struct {
		Version        int      `json:"version"`
		Junk           []string `json:"junk,omitempty"`
		NoFinalNewline bool     `json:"noFinalNewline,omitempty"`
	}
	annieSentExt struct {
		ID   string   `json:"id"`
		Line string   `json:"line,omitempty"`
		Junk []string `json:"junk,omitempty"`
	}
	annieClusterExt struct {
		Header   string `json:"header,omitempty"`
		NoHeader bool   `json:"noHeader,omitempty"`
		Junk     []Junk `json:"junk,omitempty"`
	}
	annieTripleExt struct {
		Slots [3]string `json:"slots"` // as written to BenchIE
		Words [3][]Word `json:"words"` // exactly, in the snapshot's form
	}
)

// annieVersion is the version of the extension fields.
const annieVersion = 1

var slotTypes = [3]string{"subject", "predicate", "object"}

// WriteAnnIE writes the document as an AnnIE progress file that AnnIE can
// load and that ReadAnnIE reads back into the same document.
func WriteAnnIE(d *Document) ([]byte, error) {
	// The source's file name only: an export never carries a folder of
	// the machine it was made on.
	f := annieFile{Name: d.Name, TextFile: annieTextFile{Name: baseName(d.Source), Sentences: make([]annieSentence, len(d.Sentences))},
		Clusters: []annieCluster{}, Ext: annieDocExt{Version: annieVersion, Junk: d.Junk, NoFinalNewline: d.NoFinalNewline}}
	texts := make([]string, len(d.Sentences))
	for si, s := range d.Sentences {
		texts[si] = s.Text
		as := annieSentence{Index: si, Text: s.Text, Words: []annieToken{}, Ext: annieSentExt{ID: s.ID, Line: s.Line, Junk: s.Junk}}
		// An untagged sentence without synsets is one AnnIE never opened.
		if s.Labels != nil || len(s.Synsets) > 0 || !slices.Equal(s.Tokens, Tokenize(s.Text)) {
			for i, t := range s.Tokens {
				as.Words = append(as.Words, annieToken{Text: t, PosLabel: s.label(i), Index: i + 1})
			}
		}
		f.TextFile.Sentences[si] = as
		for k, syn := range s.Synsets {
			c := annieCluster{SentenceNumber: si, ClusterNumber: k + 1, Triples: make([]annieTriple, len(syn.Triples))}
			if syn.Header != "" || syn.NoHeader || len(syn.Junk) > 0 {
				c.Ext = &annieClusterExt{Header: syn.Header, NoHeader: syn.NoHeader, Junk: syn.Junk}
			}
			for i, t := range syn.Triples {
				c.Triples[i] = s.annieTriple(t)
			}
			f.Clusters = append(f.Clusters, c)
		}
	}
	f.TextFile.Text = strings.Join(texts, "\n")
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (s *Sentence) label(i int) string {
	if i < len(s.Labels) {
		return s.Labels[i]
	}
	return ""
}

// annieTriple renders a triple in AnnIE's terms: words with 1-based string
// indices ("" for a typed word), optional flags, and bracket separators
// placed after token index1 (0: before the first token). A bracket on a
// typed word has no place in AnnIE's terms; the extension's words keep it.
func (s *Sentence) annieTriple(t Triple) annieTriple {
	at := annieTriple{StartSeparators: []annieSep{}, EndSeparators: []annieSep{}, Ext: &annieTripleExt{}}
	lists := [3]*[]annieWord{&at.Subjects, &at.Predicates, &at.Objects}
	for k, sl := range t.Slots {
		at.Ext.Slots[k] = s.SlotText(sl)
		at.Ext.Words[k] = sl.Words
		if at.Ext.Words[k] == nil {
			at.Ext.Words[k] = []Word{}
		}
		inUnit := unitMembers(sl.Words)
		*lists[k] = make([]annieWord, len(sl.Words))
		for j, w := range sl.Words {
			aw := annieWord{Text: s.WordText(w), Type: slotTypes[k], Optional: inUnit[j]}
			if !w.IsTyped() {
				aw.Index = strconv.Itoa(w.Token + 1)
				aw.PosLabel = s.label(w.Token)
			}
			(*lists[k])[j] = aw
			if w.IsTyped() || w.Open == w.Close {
				continue
			}
			if w.Open {
				at.StartSeparators = append(at.StartSeparators, annieSep{"sep-start", w.Token, w.Token + 1})
			} else {
				at.EndSeparators = append(at.EndSeparators, annieSep{"sep-end", w.Token + 1, w.Token + 2})
			}
		}
	}
	return at
}

// unitMembers marks the words that belong to an optional unit as the
// reference reads the slot: one-word units and the words of a '[' ... ']'
// span; a '[' never closed and a ']' outside a unit make no unit.
func unitMembers(words []Word) []bool {
	in := make([]bool, len(words))
	for j := 0; j < len(words); j++ {
		w := words[j]
		switch {
		case w.Open && w.Close:
			in[j] = true
		case w.Open:
			end := j + 1
			for end < len(words) && !words[end].Close {
				end++
			}
			if end < len(words) {
				for m := j; m <= end; m++ {
					in[m] = true
				}
				j = end
			}
		}
	}
	return in
}

// ReadAnnIE reads an AnnIE progress file (see the package doc). Sentence
// ids come from the extension when present, else they are the sentence's
// position from 1 (as in the BenchIE files). Errors are *oie.ParseError at
// the line and column of the offending JSON value; what is read anyway (a
// word that is not the token its index names, clusters with one number) is
// a warning, and an error when opt.Strict is set.
func ReadAnnIE(file string, data []byte, opt ReadOptions) (*Document, []oie.Warning, error) {
	if err := oie.CheckText(file, data, nil); err != nil { // encoding
		return nil, nil, err
	}
	data = oie.TrimBOM(data)
	r := newAnnieReader(file, data, "an AnnIE progress file")
	if err := r.validate(); err != nil {
		return nil, nil, err
	}
	doc, err := r.read(gjson.Parse(r.Text))
	if err != nil {
		return nil, nil, err
	}
	if opt.Strict && len(r.warnings) > 0 {
		w := r.warnings[0]
		return nil, nil, &oie.ParseError{File: w.File, Line: w.Line, Column: w.Column, Msg: w.Msg, Err: oie.ErrSyntax}
	}
	if r.dropped > 0 {
		r.warnings = append(r.warnings, oie.MoreWarnings(r.File, r.dropped))
	}
	return doc, r.warnings, nil
}

type annieReader struct {
	*oie.JSONDoc
	what     string // what the file should be, for syntax errors
	warnings []oie.Warning
	dropped  int // warnings past oie.MaxWarnings, counted only
}

// newAnnieReader reads data (without its byte order mark) through one copy
// of it, the document's text, which the JSON checker, the parser (whose
// strings share it) and positions in messages read.
func newAnnieReader(file string, data []byte, what string) *annieReader {
	return &annieReader{JSONDoc: oie.NewJSONDoc(file, string(data)), what: what}
}

// validate checks that the data is JSON, with the one positioned checker
// every JSON reader shares (depth bound, finite numbers).
func (r *annieReader) validate() error {
	if off, msg := oie.CheckJSON(r.Text); off >= 0 {
		line, col := r.Position(off)
		return &oie.ParseError{File: r.File, Line: line, Column: col, Msg: "invalid JSON: " + msg + " (expected " + r.what + ")", Err: oie.ErrSyntax}
	}
	return nil
}

// warnAt keeps a warning, or past oie.MaxWarnings only counts it: a
// hostile file holds one oddity per word.
func (r *annieReader) warnAt(v gjson.Result, format string, args ...any) {
	if len(r.warnings) >= oie.MaxWarnings {
		r.dropped++
		return
	}
	r.warnings = append(r.warnings, r.WarningAt(v, format, args...))
}

// wholeNumber is the type of an integer member: a number, or a string of
// digits (AnnIE writes both); the other types are oie's.
const wholeNumber oie.JSONType = "a whole number"

// get returns a member of an object, checking its JSON type; a missing (or
// null) member is an error when required, else the zero Result.
func (r *annieReader) get(obj gjson.Result, key string, t oie.JSONType, required bool) (gjson.Result, error) {
	v := obj.Get(gjson.Escape(key))
	if !v.Exists() || v.Type == gjson.Null {
		if required {
			return gjson.Result{}, r.ErrorAt(obj, oie.ErrEmptyField, "missing %q: expected %s", key, t)
		}
		return gjson.Result{}, nil
	}
	if t == wholeNumber && (v.Type == gjson.Number || v.Type == gjson.String) {
		return v, nil
	}
	return v, r.Expect(v, t, oie.ErrSyntax, strconv.Quote(key))
}

// integer reads a number or a string of digits.
func (r *annieReader) integer(v gjson.Result, key string) (int, error) {
	s := v.Raw
	if v.Type == gjson.String {
		s = strings.TrimSpace(v.Str)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < -1<<30 || n > 1<<30 {
		return 0, r.ErrorAt(v, oie.ErrSyntax, "%q must be a whole number, found %s", key, v.Raw)
	}
	return n, nil
}

// intField reads an integer member; ok is false when it is absent.
func (r *annieReader) intField(obj gjson.Result, key string, required bool) (n int, v gjson.Result, ok bool, err error) {
	if v, err = r.get(obj, key, wholeNumber, required); err != nil || !v.Exists() {
		return 0, v, false, err
	}
	n, err = r.integer(v, key)
	return n, v, err == nil, err
}

func (r *annieReader) str(obj gjson.Result, key string, required bool) (string, gjson.Result, error) {
	v, err := r.get(obj, key, oie.JSONString, required)
	return v.Str, v, err
}

func (r *annieReader) flag(obj gjson.Result, key string) (bool, error) {
	v, err := r.get(obj, key, oie.JSONBool, false)
	return v.Bool(), err
}

func (r *annieReader) array(obj gjson.Result, key string, required bool) ([]gjson.Result, error) {
	v, err := r.get(obj, key, oie.JSONArray, required)
	if err != nil || !v.Exists() {
		return nil, err
	}
	return v.Array(), nil
}

func (r *annieReader) object(obj gjson.Result, key string, required bool) (gjson.Result, error) {
	return r.get(obj, key, oie.JSONObject, required)
}

func (r *annieReader) strings(obj gjson.Result, key string) ([]string, error) {
	items, err := r.array(obj, key, false)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, it := range items {
		if it.Type != gjson.String {
			return nil, r.ErrorAt(it, oie.ErrSyntax, "%q must hold strings, found %s", key, oie.JSONKind(it))
		}
		out = append(out, it.Str)
	}
	return out, nil
}

// annieSentRef is a sentence being read, with its AnnIE word indices.
type annieSentRef struct {
	s     *Sentence
	byIdx map[int]int // AnnIE word index -> token
	words bool        // the file listed words for it
}

func (r *annieReader) read(root gjson.Result) (*Document, error) {
	if !root.IsObject() {
		return nil, r.ErrorAt(root, oie.ErrSyntax, "expected a JSON object with \"textFile\" and \"clusters\" (an AnnIE progress file)")
	}
	d := &Document{}
	var err error
	if d.Name, _, err = r.str(root, "name", false); err != nil {
		return nil, err
	}
	ext, err := r.object(root, extKey, false)
	if err != nil {
		return nil, err
	}
	if ext.Exists() {
		if d.Junk, err = r.strings(ext, "junk"); err != nil {
			return nil, err
		}
		if d.NoFinalNewline, err = r.flag(ext, "noFinalNewline"); err != nil {
			return nil, err
		}
	}
	tf, err := r.object(root, "textFile", true)
	if err != nil {
		return nil, err
	}
	if d.Source, _, err = r.str(tf, "name", false); err != nil {
		return nil, err
	}
	sents, err := r.array(tf, "sentences", true)
	if err != nil {
		return nil, err
	}
	refs := make([]*annieSentRef, len(sents))
	byNumber := map[int]int{}
	ids := map[string]bool{}
	for si, sv := range sents {
		ref, number, err := r.sentence(sv, si)
		if err != nil {
			return nil, err
		}
		if _, dup := byNumber[number]; dup {
			return nil, r.ErrorAt(sv.Get("index"), oie.ErrDuplicateID, "sentence index %d is repeated: expected unique indices", number)
		}
		byNumber[number] = si
		if ids[ref.s.ID] {
			return nil, r.ErrorAt(sv, oie.ErrDuplicateID, "sentence id %q is repeated: expected unique ids", ref.s.ID)
		}
		ids[ref.s.ID] = true
		refs[si] = ref
	}
	clusters, err := r.array(root, "clusters", false)
	if err != nil {
		return nil, err
	}
	type numbered struct {
		number int
		at     gjson.Result
		syn    Synset
	}
	per := make([][]numbered, len(refs))
	for _, cv := range clusters {
		if !cv.IsObject() {
			return nil, r.ErrorAt(cv, oie.ErrSyntax, "a cluster must be an object, found %s", oie.JSONKind(cv))
		}
		n, sn, _, err := r.intField(cv, "sentenceNumber", true)
		if err != nil {
			return nil, err
		}
		si, ok := byNumber[n]
		if !ok {
			return nil, r.ErrorAt(sn, oie.ErrSyntax, "sentenceNumber %d names no sentence: expected the index of a sentence (from 0)", n)
		}
		k, cn, _, err := r.intField(cv, "clusterNumber", true)
		if err != nil {
			return nil, err
		}
		syn, err := r.cluster(cv, refs[si])
		if err != nil {
			return nil, err
		}
		per[si] = append(per[si], numbered{k, cn, syn})
	}
	for si, ref := range refs {
		list := per[si]
		sort.SliceStable(list, func(a, b int) bool { return list[a].number < list[b].number })
		for i, c := range list {
			if i > 0 && c.number == list[i-1].number {
				// Two clusters with one number: one synset, as AnnIE shows them.
				r.warnAt(c.at, "cluster %d of sentence %q appears twice: its triples are merged into one synset", c.number, ref.s.ID)
				last := &ref.s.Synsets[len(ref.s.Synsets)-1]
				for _, j := range c.syn.Junk {
					j.After += len(last.Triples)
					last.Junk = append(last.Junk, j)
				}
				last.Triples = append(last.Triples, c.syn.Triples...)
				continue
			}
			ref.s.Synsets = append(ref.s.Synsets, c.syn)
		}
		d.Sentences = append(d.Sentences, ref.s)
	}
	return d, nil
}

// sentence reads one entry of textFile.sentences.
func (r *annieReader) sentence(sv gjson.Result, pos int) (*annieSentRef, int, error) {
	if !sv.IsObject() {
		return nil, 0, r.ErrorAt(sv, oie.ErrSyntax, "a sentence must be an object, found %s", oie.JSONKind(sv))
	}
	number, _, ok, err := r.intField(sv, "index", false)
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		number = pos
	}
	text, tv, err := r.str(sv, "text", true)
	if err != nil {
		return nil, 0, err
	}
	if strings.Contains(text, "\n") {
		return nil, 0, r.ErrorAt(tv, oie.ErrSyntax, "a sentence text holds a line break: expected one sentence")
	}
	s := NewSentence(strconv.Itoa(pos+1), text)
	ref := &annieSentRef{s: s}
	ext, err := r.object(sv, extKey, false)
	if err != nil {
		return nil, 0, err
	}
	if ext.Exists() {
		id, iv, err := r.str(ext, "id", false)
		if err != nil {
			return nil, 0, err
		}
		if iv.Exists() {
			if id = oie.TrimSpace(id); id == "" || strings.ContainsAny(id, "\t\n") {
				return nil, 0, r.ErrorAt(iv, oie.ErrEmptyField, "a sentence id must be non-empty, without tabs or line breaks")
			}
			s.ID = id
		}
		if s.Line, _, err = r.str(ext, "line", false); err != nil {
			return nil, 0, err
		}
		if s.Junk, err = r.strings(ext, "junk"); err != nil {
			return nil, 0, err
		}
	}
	words, err := r.array(sv, "words", false)
	if err != nil {
		return nil, 0, err
	}
	if len(words) > 0 {
		ref.words = true
		ref.byIdx = make(map[int]int, len(words))
		s.Tokens = make([]string, len(words))
		s.Labels = make([]string, len(words))
		tagged := false
		for i, wv := range words {
			if !wv.IsObject() {
				return nil, 0, r.ErrorAt(wv, oie.ErrSyntax, "a word must be an object, found %s", oie.JSONKind(wv))
			}
			t, tv, err := r.str(wv, "text", true)
			if err != nil {
				return nil, 0, err
			}
			if t == "" || strings.Contains(t, "\n") {
				return nil, 0, r.ErrorAt(tv, oie.ErrEmptyField, "a word of a sentence must be non-empty text on one line")
			}
			s.Tokens[i] = t
			if s.Labels[i], _, err = r.str(wv, "posLabel", false); err != nil {
				return nil, 0, err
			}
			tagged = tagged || s.Labels[i] != ""
			n, _, ok, err := r.intField(wv, "index", false)
			if err != nil {
				return nil, 0, err
			}
			if !ok {
				n = i + 1
			}
			if _, dup := ref.byIdx[n]; dup {
				return nil, 0, r.ErrorAt(wv, oie.ErrSyntax, "word index %d is repeated in this sentence", n)
			}
			ref.byIdx[n] = i
		}
		if !tagged {
			s.Labels = nil
		}
	}
	return ref, number, nil
}

// cluster reads one entry of clusters.
func (r *annieReader) cluster(cv gjson.Result, ref *annieSentRef) (Synset, error) {
	var syn Synset
	ext, err := r.object(cv, extKey, false)
	if err != nil {
		return syn, err
	}
	if ext.Exists() {
		if syn.Header, _, err = r.str(ext, "header", false); err != nil {
			return syn, err
		}
		if syn.NoHeader, err = r.flag(ext, "noHeader"); err != nil {
			return syn, err
		}
		junk, err := r.array(ext, "junk", false)
		if err != nil {
			return syn, err
		}
		for _, jv := range junk {
			if !jv.IsObject() {
				return syn, r.ErrorAt(jv, oie.ErrSyntax, "a junk line must be an object {\"after\", \"text\"}")
			}
			n, _, _, err := r.intField(jv, "after", true)
			if err != nil {
				return syn, err
			}
			text, _, err := r.str(jv, "text", true)
			if err != nil {
				return syn, err
			}
			syn.Junk = append(syn.Junk, Junk{After: max(n, 0), Text: text})
		}
	}
	triples, err := r.array(cv, "triples", false)
	if err != nil {
		return syn, err
	}
	for _, tv := range triples {
		t, err := r.triple(tv, ref)
		if err != nil {
			return syn, err
		}
		syn.Triples = append(syn.Triples, t)
	}
	return syn, nil
}

var slotKeys = [3]string{"subjects", "predicates", "objects"}

// triple reads one AnnIE triple. When its extension holds slot texts and the
// AnnIE fields are exactly what WriteAnnIE writes for them, the texts give
// the brackets and spacing, and the fields the tokens; otherwise (the triple
// was made or changed in AnnIE) the AnnIE fields alone are read.
func (r *annieReader) triple(tv gjson.Result, ref *annieSentRef) (Triple, error) {
	var t Triple
	if !tv.IsObject() {
		return t, r.ErrorAt(tv, oie.ErrSyntax, "a triple must be an object, found %s", oie.JSONKind(tv))
	}
	s := ref.s
	var got annieTriple
	lists := [3]*[]annieWord{&got.Subjects, &got.Predicates, &got.Objects}
	var slots [3][]Word
	for k, key := range slotKeys {
		items, err := r.array(tv, key, false)
		if err != nil {
			return t, err
		}
		for _, wv := range items {
			w, aw, err := r.tripleWord(wv, ref)
			if err != nil {
				return t, err
			}
			slots[k] = append(slots[k], w)
			*lists[k] = append(*lists[k], aw)
		}
	}
	seps := [2]*[]annieSep{&got.StartSeparators, &got.EndSeparators}
	sepAt := [2][]gjson.Result{}
	for i, key := range [2]string{"startSeparators", "endSeparators"} {
		items, err := r.array(tv, key, false)
		if err != nil {
			return t, err
		}
		for _, sv := range items {
			if !sv.IsObject() {
				return t, r.ErrorAt(sv, oie.ErrSyntax, "a separator must be an object {\"state\", \"index1\", \"index2\"}")
			}
			n, _, _, err := r.intField(sv, "index1", true)
			if err != nil {
				return t, err
			}
			*seps[i] = append(*seps[i], annieSep{Index1: n})
			sepAt[i] = append(sepAt[i], sv)
		}
	}
	ext, err := r.object(tv, extKey, false)
	if err != nil {
		return t, err
	}
	if ext.Exists() {
		if cand, ok := r.extTriple(ext, s); ok && sameAnnIE(s.annieTriple(cand), got) {
			return cand, nil
		}
		r.warnAt(ext, "triple changed outside oiebench (its AnnIE fields no longer match its %q words): read from the AnnIE fields", extKey)
	}
	// Brackets from separators: a start sits before the first word after
	// token index1, an end after the last word up to it.
	for i := range seps {
		for j, sep := range *seps[i] {
			k, at := placeSeparator(slots, sep.Index1, i == 0)
			if k < 0 {
				r.warnAt(sepAt[i][j], "separator after token %d is next to no word of the triple: ignored", sep.Index1)
				continue
			}
			if i == 0 {
				slots[k][at].Open = true
			} else {
				slots[k][at].Close = true
			}
		}
	}
	for k := range slots {
		in := unitMembers(slots[k])
		for j, aw := range *lists[k] {
			if aw.Optional && !in[j] {
				slots[k][j].Open, slots[k][j].Close = true, true
			}
		}
		t.Slots[k] = Slot{Words: slots[k]}
	}
	return t, nil
}

// tripleWord reads one word of a triple slot: a sentence token by its
// 1-based index (a string in AnnIE, a number accepted), or a typed word
// (index ""). A word whose text is not that of its token is kept as typed.
func (r *annieReader) tripleWord(wv gjson.Result, ref *annieSentRef) (Word, annieWord, error) {
	var aw annieWord
	if !wv.IsObject() {
		return Word{}, aw, r.ErrorAt(wv, oie.ErrSyntax, "a word must be an object, found %s", oie.JSONKind(wv))
	}
	text, tv, err := r.str(wv, "text", true)
	if err != nil {
		return Word{}, aw, err
	}
	if strings.Contains(text, "\n") {
		return Word{}, aw, r.ErrorAt(tv, oie.ErrSyntax, "a word holds a line break")
	}
	aw.Text = text
	if aw.Optional, err = r.flag(wv, "optional"); err != nil {
		return Word{}, aw, err
	}
	iv := wv.Get("index")
	if iv.Exists() && iv.Type != gjson.Null && !(iv.Type == gjson.String && strings.TrimSpace(iv.Str) == "") {
		n, err := r.integer(iv, "index")
		if err != nil {
			return Word{}, aw, err
		}
		aw.Index = strconv.Itoa(n)
		tok, ok := n-1, true
		if ref.words {
			tok, ok = ref.byIdx[n]
		}
		if ok && tok >= 0 && tok < len(ref.s.Tokens) && ref.s.Tokens[tok] == text {
			return Tok(tok), aw, nil
		}
		r.warnAt(iv, "word %q with index %d is not that token of sentence %q: kept as a typed word", text, n, ref.s.ID)
	}
	return Typed(text), aw, nil
}

// placeSeparator finds the word a separator belongs to: for a start after
// token index1 the word of token index1 (0-based), else the word with the
// smallest token after it; for an end the word of token index1-1, else the
// largest token before it. Slots are searched in order.
func placeSeparator(slots [3][]Word, index1 int, start bool) (slot, at int) {
	slot, at = -1, -1
	best := 0
	for k, words := range slots {
		for j, w := range words {
			if w.IsTyped() {
				continue
			}
			var ok bool
			if start {
				ok = w.Token >= index1 && (slot < 0 || w.Token < best)
			} else {
				ok = w.Token <= index1-1 && (slot < 0 || w.Token > best)
			}
			if ok {
				slot, at, best = k, j, w.Token
			}
		}
	}
	return slot, at
}

// extTriple reads a triple's extension: its words exactly, and each slot's
// BenchIE text, kept as read when it differs from the words' rendering. ok
// is false when the extension is not what WriteAnnIE writes.
func (r *annieReader) extTriple(ext gjson.Result, s *Sentence) (t Triple, ok bool) {
	texts, words := ext.Get("slots").Array(), ext.Get("words").Array()
	if len(texts) != 3 || len(words) != 3 {
		return t, false
	}
	for k := range 3 {
		if texts[k].Type != gjson.String || !words[k].IsArray() {
			return t, false
		}
		var ws []Word
		for _, wv := range words[k].Array() {
			w, ok := extWord(wv)
			if !ok || w.Token >= len(s.Tokens) || strings.Contains(w.Text, "\n") {
				return t, false
			}
			ws = append(ws, w)
		}
		t.Slots[k] = s.slotOf(ws, texts[k].Str)
	}
	return t, true
}

// extWord reads a word in the snapshot's form (Word.MarshalJSON).
func extWord(v gjson.Result) (Word, bool) {
	index := func(v gjson.Result) (int, bool) {
		n, err := strconv.Atoi(v.Raw)
		return n, v.Type == gjson.Number && err == nil && n >= 0
	}
	switch {
	case v.Type == gjson.Number:
		n, ok := index(v)
		return Tok(n), ok
	case v.Type == gjson.String:
		return Typed(v.Str), true
	case v.IsObject():
		w := Word{Token: NoToken}
		if tv := v.Get("token"); tv.Exists() {
			n, ok := index(tv)
			if !ok {
				return w, false
			}
			w.Token = n
		} else {
			tv := v.Get("text")
			if tv.Exists() && tv.Type != gjson.String {
				return w, false
			}
			w.Text = tv.Str
		}
		for _, f := range []struct {
			key string
			to  *bool
		}{{"open", &w.Open}, {"close", &w.Close}} {
			if fv := v.Get(f.key); fv.Exists() {
				if !fv.IsBool() {
					return w, false
				}
				*f.to = fv.Bool()
			}
		}
		return w, true
	}
	return Word{}, false
}

// sameAnnIE compares what WriteAnnIE writes for a triple with what a file
// holds, ignoring labels and word types, which AnnIE may set on its own.
func sameAnnIE(a, b annieTriple) bool {
	words := func(x, y []annieWord) bool {
		return slices.EqualFunc(x, y, func(p, q annieWord) bool {
			return p.Text == q.Text && p.Index == q.Index && p.Optional == q.Optional
		})
	}
	seps := func(x, y []annieSep) bool {
		return slices.EqualFunc(x, y, func(p, q annieSep) bool { return p.Index1 == q.Index1 })
	}
	return words(a.Subjects, b.Subjects) && words(a.Predicates, b.Predicates) && words(a.Objects, b.Objects) &&
		seps(a.StartSeparators, b.StartSeparators) && seps(a.EndSeparators, b.EndSeparators)
}
