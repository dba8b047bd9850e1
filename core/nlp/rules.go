package nlp

import "strings"

// EnglishMarkers counts coordinating conjunctions and case markers from Penn
// Treebank tags (parallel to tokens). The rules stand in for the Universal
// Dependencies relations the paper counted (cc between conjuncts; case):
//
//   - a conjunction is a token tagged CC, except at the start of the sentence
//     (a discourse "But ..." coordinates nothing inside it) and except the
//     first halves of correlative pairs (both, either, neither);
//   - a case marker is a token tagged POS (possessive 's), a token tagged IN
//     that is not a pure subordinator (that, because, if, whether, although,
//     though, whereas, unless, while: those mark clauses, not nouns), or "to"
//     tagged TO that is not followed, after any adverbs, by a verb (so "to the
//     bars" counts and "to go" does not).
//
// Words that are prepositions or subordinators by context (after, before,
// since, until, as) count as case markers: a tagger cannot tell them apart.
func EnglishMarkers(tokens, tags []string) (conjunctions, caseMarkers int) {
	for i, tag := range tags {
		w := strings.ToLower(tokens[i])
		switch tag {
		case "CC":
			if i > 0 && !preconjunctions[w] {
				conjunctions++
			}
		case "POS":
			caseMarkers++
		case "IN":
			if !subordinators[w] {
				caseMarkers++
			}
		case "TO":
			j := i + 1
			for j < len(tags) && strings.HasPrefix(tags[j], "RB") {
				j++
			}
			if j == len(tags) || !strings.HasPrefix(tags[j], "VB") {
				caseMarkers++
			}
		}
	}
	return conjunctions, caseMarkers
}

var (
	preconjunctions = setOf("both", "either", "neither")
	subordinators   = setOf("that", "because", "if", "whether", "although", "though", "whereas", "unless", "while")
)

// GermanMarkers counts coordinating conjunctions and case markers in German
// tokens with word lists, as no German tagger is at hand:
//
//   - a conjunction is one of und, oder, aber, sondern, sowie, denn,
//     beziehungsweise, bzw. (lower case), not at the start of the sentence;
//   - a case marker is a preposition or a preposition fused with an article
//     (im, zum, vom, ...). Inside the sentence only lower-case words count:
//     German capitalises nouns, so "Dank" or "Laut" there are nouns, not the
//     prepositions dank and laut. The first word counts in any case.
//
// German marks the genitive by inflection, not by a separate word, so it goes
// uncounted; bis, seit and während count even where they join clauses.
func GermanMarkers(tokens []string) (conjunctions, caseMarkers int) {
	for i, t := range tokens {
		w := t
		if i == 0 {
			w = strings.ToLower(t)
		}
		switch {
		case germanConjunctions[w]:
			if i > 0 {
				conjunctions++
			}
		case germanPrepositions[w]:
			caseMarkers++
		}
	}
	return conjunctions, caseMarkers
}

var germanConjunctions = setOf("und", "oder", "aber", "sondern", "sowie", "denn", "beziehungsweise", "bzw.")

var germanPrepositions = setOf(
	// prepositions
	"ab", "abseits", "abzüglich", "an", "angesichts", "anhand", "anlässlich", "anstatt", "anstelle",
	"auf", "aufgrund", "aus", "ausgenommen", "außer", "außerhalb", "bei", "beiderseits", "betreffs",
	"bezüglich", "binnen", "bis", "dank", "diesseits", "durch", "einschließlich", "entgegen", "entlang",
	"entsprechend", "exklusive", "fern", "für", "gegen", "gegenüber", "gemäß", "hinsichtlich", "hinter",
	"in", "infolge", "inklusive", "inmitten", "innerhalb", "jenseits", "kraft", "laut", "längs",
	"mangels", "mit", "mithilfe", "mittels", "nach", "nahe", "neben", "nebst", "oberhalb", "ohne",
	"per", "pro", "samt", "seit", "seitens", "statt", "trotz", "über", "um", "ungeachtet", "unter",
	"unterhalb", "unweit", "von", "vor", "während", "wegen", "wider", "zu", "zufolge", "zugunsten",
	"zuliebe", "zuzüglich", "zwecks", "zwischen",
	// prepositions fused with an article
	"am", "ans", "aufs", "beim", "durchs", "fürs", "hinterm", "hinters", "im", "ins", "übers", "überm",
	"ums", "unterm", "unters", "vom", "vorm", "vors", "zum", "zur",
)
