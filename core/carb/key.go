package carb

import (
	"fmt"
	"slices"
	"strings"

	"github.com/oiebench/oiebench/core/oie"
)

// bracketEscapes undoes the Penn Treebank escapes tokenisers write for
// brackets, so that a sentence written with "-LRB-" and one written with "("
// get the same key.
var bracketEscapes = strings.NewReplacer(
	"-LRB-", "(", "-RRB-", ")",
	"-LSB-", "[", "-RSB-", "]",
	"-LCB-", "{", "-RCB-", "}",
)

// SentenceKey is the key that aligns system sentences with gold sentences:
// the sentence without spaces, with bracket escapes undone, without ASCII
// punctuation. It makes alignment immune to tokenisation differences
// ("U.S." vs "U.S ." vs "US").
//
// Only the space character is removed, as the reference does: other white
// space (tabs cannot occur inside a field) is kept.
func SentenceKey(sentence string) string {
	s := strings.ReplaceAll(sentence, " ", "")
	// Escapes must be undone before punctuation is removed: afterwards
	// "-LRB-" would be left as the letters "LRB" in the key.
	s = bracketEscapes.Replace(s)
	return strings.Map(func(r rune) rune {
		if isASCIIPunct(r) {
			return -1
		}
		return r
	}, s)
}

// isASCIIPunct reports whether r is one of the 32 ASCII punctuation
// characters !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~.
func isASCIIPunct(r rune) bool {
	return r >= '!' && r <= '/' || r >= ':' && r <= '@' || r >= '[' && r <= '`' || r >= '{' && r <= '~'
}

// keyedAsCaRB returns the predictions as CaRB keys them: the first line's
// sentence with the file's byte order marks (Predictions.LeadingBOM), and,
// of the predictions on sentences a file spells two ways (two raw texts
// with one SentenceKey), only those of the spelling CaRB keeps: it groups
// predictions by raw text, in the order each text first appears, and then
// keys the groups, so the group of the text that appeared last replaces the
// others. The dropped predictions count nowhere; each sentence that loses
// some gets a warning. preds is not changed.
func keyedAsCaRB(preds *Predictions) ([]Prediction, []oie.Warning) {
	exts := preds.Extractions
	if preds.LeadingBOM != "" && len(exts) > 0 && exts[0].Line == 1 {
		// CaRB's text of the first line holds the byte order mark.
		exts = slices.Clone(exts)
		exts[0].Sentence = preds.LeadingBOM + exts[0].Sentence
	}
	kept := map[string]string{} // key -> the raw text that first appeared last
	seen := map[string]bool{}   // raw texts
	spellings := 0
	for _, p := range exts {
		if seen[p.Sentence] {
			continue
		}
		seen[p.Sentence] = true
		k := SentenceKey(p.Sentence)
		if _, ok := kept[k]; ok {
			spellings++
		}
		kept[k] = p.Sentence
	}
	if spellings == 0 {
		return exts, nil
	}
	out := make([]Prediction, 0, len(exts))
	dropped := map[string]int{}
	var order []string
	for _, p := range exts {
		k := SentenceKey(p.Sentence)
		if kept[k] == p.Sentence {
			out = append(out, p)
			continue
		}
		if dropped[k] == 0 {
			order = append(order, k)
		}
		dropped[k]++
	}
	ws := make([]oie.Warning, len(order))
	for i, k := range order {
		ws[i] = oie.Warning{File: preds.Path, Msg: fmt.Sprintf("%d extractions of sentence %q were dropped because the file spells that sentence two ways; CaRB does the same",
			dropped[k], abbreviate(kept[k]))}
	}
	return out, ws
}
