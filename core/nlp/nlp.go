// Package nlp gives the sentence features the BenchIE analyses bucket
// sentences by (paper Fig. 3): length in tokens, coordinating conjunctions
// and case markers.
//
// The paper read conjunctions and case markers off a dependency parse. With
// no parser here, both are approximations, and every report labels them so:
//
//   - English: rules over Penn Treebank part-of-speech tags (see
//     EnglishMarkers). The tags come from github.com/jdkato/prose/v3/tag,
//     through the sub-package postag, or from a Tags file computed ahead of
//     time, so that the browser page need not load the tagger (about 1 MB)
//     for the bundled sentences.
//   - German: word lists (see GermanMarkers); no tagger is involved.
//   - Other languages: length only; the two counts are unknown.
//
// This package does not import the tagger, so the WebAssembly build can use
// it without carrying the tagger's model.
//
// Tokens are what Tokenize returns: the text split on white space, with
// sentence punctuation split off words (BenchIE's English sentences are
// already tokenized that way, so for them this is a plain split). Text
// without spaces between words (Chinese, Japanese) is counted in runes.
package nlp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Features are what the sentence buckets look at.
type Features struct {
	// Tokens is the sentence length: the number of tokens, punctuation
	// included.
	Tokens int
	// Conjunctions and CaseMarkers count coordinating conjunctions and case
	// markers (prepositions, postpositions and possessive markers); both are
	// -1 when the language has no rule or the sentence has no tags.
	Conjunctions int
	CaseMarkers  int
}

// HasMarkers reports whether the conjunction and case-marker counts are known.
func (f Features) HasMarkers() bool { return f.Conjunctions >= 0 && f.CaseMarkers >= 0 }

// Source says where a sentence's conjunction and case-marker counts came from.
type Source string

// The sources of features.
const (
	SourceNone     Source = "none"     // length only
	SourceTags     Source = "tags"     // precomputed POS tags (a Tags file)
	SourceTagger   Source = "tagger"   // POS tags computed on the spot
	SourceWordList Source = "wordlist" // the language's word lists
)

// Featurizer computes the features of sentences in one language.
type Featurizer struct {
	// Lang is an ISO 639-1 code: "en" and "de" have rules; any other
	// language gets lengths only.
	Lang string
	// Tags holds English tags computed ahead of time, looked up by sentence
	// text; it is consulted before Tagger.
	Tags *Tags
	// Tagger tags English tokens that Tags does not cover (nil: such
	// sentences get lengths only). postag.English gives one.
	Tagger func(tokens []string) []string
	// TaggerName names the tagger for reports (postag.Name).
	TaggerName string
}

// Features returns the features of one sentence and where the marker
// counts came from.
func (f *Featurizer) Features(text string) (Features, Source) {
	toks := Tokenize(text)
	ft := Features{Tokens: len(toks), Conjunctions: -1, CaseMarkers: -1}
	switch f.Lang {
	case "en":
		tags, src := f.englishTags(text, toks)
		if tags == nil {
			return ft, SourceNone
		}
		ft.Conjunctions, ft.CaseMarkers = EnglishMarkers(toks, tags)
		return ft, src
	case "de":
		ft.Conjunctions, ft.CaseMarkers = GermanMarkers(toks)
		return ft, SourceWordList
	}
	return ft, SourceNone
}

func (f *Featurizer) englishTags(text string, toks []string) ([]string, Source) {
	if f.Tags != nil {
		if tags, ok := f.Tags.Lookup(text); ok && len(tags) == len(toks) {
			return tags, SourceTags
		}
	}
	if f.Tagger != nil {
		if tags := f.Tagger(toks); len(tags) == len(toks) {
			return tags, SourceTagger
		}
	}
	return nil, SourceNone
}

// Describe names the rules and tagger that find conjunctions and case
// markers, for reports: "none" when the language has no rules.
func (f *Featurizer) Describe() string {
	switch f.Lang {
	case "en":
		tagger := f.TaggerName
		if tagger == "" && f.Tags != nil {
			tagger = f.Tags.Tagger
		}
		if tagger == "" {
			tagger = "none"
		}
		return "en-pos-rules-v1 (approximation; tags: " + tagger + ")"
	case "de":
		return "de-wordlists-v1 (approximation)"
	}
	return "none"
}

// leading and trailing are the punctuation characters split off words.
// The apostrophe is not among them: "'s" is a token of its own in
// tokenized English and must stay whole.
const (
	leading  = "\"“„‚«([{¿¡"
	trailing = ",;:!?\"”“’»)]}"
)

// Tokenize splits a sentence into tokens. Words are separated by white
// space; leading and trailing punctuation is split off each word; a final
// period is split off the last word only, so that abbreviations such as
// "U.S." inside the sentence stay whole. A word that holds Han, Hiragana or
// Katakana characters is split into its runes, as the BenchIE Chinese files
// are.
func Tokenize(text string) []string {
	words := strings.Fields(text)
	out := make([]string, 0, len(words)+4)
	for i, w := range words {
		if isIdeographic(w) {
			for _, r := range w {
				out = append(out, string(r))
			}
			continue
		}
		last := i == len(words)-1
		var head, tail []string
		for !allPunct(w) { // an empty or all-punctuation word stays whole
			if c, size := utf8.DecodeRuneInString(w); strings.ContainsRune(leading, c) {
				head, w = append(head, w[:size]), w[size:]
				continue
			}
			c, size := utf8.DecodeLastRuneInString(w)
			if strings.ContainsRune(trailing, c) || (c == '.' && last && !strings.Contains(w[:len(w)-size], ".")) {
				tail, w = append(tail, w[len(w)-size:]), w[:len(w)-size]
				continue
			}
			break
		}
		out = append(out, head...)
		if w != "" {
			out = append(out, w)
		}
		for k := len(tail) - 1; k >= 0; k-- {
			out = append(out, tail[k])
		}
	}
	return out
}

func allPunct(w string) bool {
	for _, r := range w {
		if !unicode.IsPunct(r) && !unicode.IsSymbol(r) {
			return false
		}
	}
	return true
}

// isIdeographic reports whether a word holds Han, Hiragana or Katakana
// characters: such text is counted in characters, as the BenchIE Chinese
// files are spaced.
func isIdeographic(w string) bool {
	for _, r := range w {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

// DetectLanguage guesses the language of sentences: "zh" when most letters
// are Han characters, else "en" or "de" by their commonest function words,
// else "". It reads enough to tell the bundled BenchIE files apart and is
// meant for defaults only; a user can always name the language.
func DetectLanguage(texts []string) string {
	han, letters, en, de := 0, 0, 0, 0
	for _, t := range texts {
		for _, r := range t {
			if unicode.IsLetter(r) {
				letters++
				if unicode.Is(unicode.Han, r) {
					han++
				}
			}
		}
		for _, w := range strings.Fields(strings.ToLower(t)) {
			if englishCommon[w] {
				en++
			}
			if germanCommon[w] {
				de++
			}
		}
	}
	switch {
	case letters > 0 && 2*han > letters:
		return "zh"
	case en > de:
		return "en"
	case de > en:
		return "de"
	}
	return ""
}

// The commonest function words that the other language lacks.
var (
	englishCommon = setOf("the", "of", "and", "to", "a", "is", "was", "for", "that", "with", "by", "on", "he", "it", "as", "his", "from", "at")
	germanCommon  = setOf("der", "die", "das", "und", "von", "zu", "den", "ist", "mit", "des", "sich", "ein", "eine", "auf", "dem", "wurde", "nicht", "er")
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
