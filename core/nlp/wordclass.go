package nlp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// WordClass is the coarse class of a token that the annotation studio
// colours: the words a triple is usually built from (verbs for relations,
// names and nouns for arguments) stand out from the rest.
type WordClass string

// The word classes. ClassOther is every token the studio leaves plain.
const (
	ClassOther    WordClass = ""
	ClassVerb     WordClass = "verb"     // verbs, auxiliaries, modals
	ClassEntity   WordClass = "entity"   // proper nouns (names)
	ClassNoun     WordClass = "noun"     // common nouns
	ClassNumber   WordClass = "number"   // numbers
	ClassFunction WordClass = "function" // determiners, prepositions, pronouns, conjunctions, particles
	ClassPunct    WordClass = "punct"    // punctuation
)

// ClassSource says where classes came from, for the studio's legend.
type ClassSource string

// The sources of word classes.
const (
	ClassesFromTags     ClassSource = "tags"      // part-of-speech tags (prose/v3/tag, precomputed)
	ClassesFromWordList ClassSource = "wordlists" // word lists, capitalisation and endings: approximate
	ClassesNone         ClassSource = "none"      // no rules for the language
)

// WordClasses classes the white-space tokens of a sentence. English uses
// the precomputed part-of-speech tags when tags has the sentence, else word
// lists; German uses word lists and capitalisation; other languages
// (Chinese) get no classes. tags may be nil.
func WordClasses(tokens []string, text, lang string, tags *Tags) ([]WordClass, ClassSource) {
	switch lang {
	case "en":
		if tags != nil {
			if t, ok := AlignTags(tokens, text, tags); ok {
				return ClassesOfTags(tokens, t), ClassesFromTags
			}
		}
		return guessEnglish(tokens), ClassesFromWordList
	case "de":
		return guessGerman(tokens), ClassesFromWordList
	}
	return make([]WordClass, len(tokens)), ClassesNone
}

// AlignTags gives each white-space token the tag of the word it holds,
// from a Tags set keyed by Tokenize's finer tokens (which split
// punctuation off words): a token that Tokenize splits takes the tag of its
// first piece that is not punctuation.
func AlignTags(tokens []string, text string, t *Tags) ([]string, bool) {
	tags, ok := t.Lookup(text)
	if !ok {
		return nil, false
	}
	fine := Tokenize(text)
	if len(fine) != len(tags) {
		return nil, false
	}
	out := make([]string, len(tokens))
	j := 0
	for i, tok := range tokens {
		rest := tok
		for rest != "" && j < len(fine) && strings.HasPrefix(rest, fine[j]) {
			if out[i] == "" || (isPunctTag(out[i]) && !isPunctTag(tags[j])) {
				out[i] = tags[j]
			}
			rest = rest[len(fine[j]):]
			j++
		}
		if rest != "" {
			return nil, false // the two tokenisations disagree
		}
	}
	return out, j == len(fine)
}

func isPunctTag(tag string) bool {
	r, _ := utf8.DecodeRuneInString(tag)
	return tag == "" || !unicode.IsLetter(r)
}

// ClassesOfTags maps Penn Treebank tags to word classes.
func ClassesOfTags(tokens, tags []string) []WordClass {
	out := make([]WordClass, len(tags))
	for i, tag := range tags {
		switch {
		case strings.HasPrefix(tag, "VB"), tag == "MD":
			out[i] = ClassVerb
		case tag == "NNP", tag == "NNPS":
			out[i] = ClassEntity
		case tag == "NN", tag == "NNS":
			out[i] = ClassNoun
		case tag == "CD":
			out[i] = ClassNumber
		case pennFunction[tag]:
			out[i] = ClassFunction
		case isPunctTag(tag):
			out[i] = ClassPunct
		}
	}
	return out
}

var pennFunction = setOf("CC", "DT", "EX", "IN", "PDT", "POS", "PRP", "PRP$", "RP", "TO", "WDT", "WP", "WP$", "WRB")

// guessEnglish classes English tokens without a tagger: closed word lists
// first, then digits and punctuation, then capitalisation (a capitalised
// word that is not a known function word is a name; the first word of the
// sentence only when it is not a common word), then endings (-ed, -ing:
// verbs). Nouns are not told apart from other open-class words.
func guessEnglish(tokens []string) []WordClass {
	out := make([]WordClass, len(tokens))
	for i, tok := range tokens {
		w := strings.ToLower(tok)
		switch {
		case englishVerbs[w]:
			out[i] = ClassVerb
		case englishFunction[w]:
			out[i] = ClassFunction
		case isNumber(tok):
			out[i] = ClassNumber
		case allPunct(tok):
			out[i] = ClassPunct
		case startsUpper(tok) && i > 0:
			out[i] = ClassEntity
		case startsUpper(tok): // the first word: a name unless a common word
			if !englishCommon[w] && !englishSentenceStarts[w] {
				out[i] = ClassEntity
			}
		case len(w) > 4 && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")):
			out[i] = ClassVerb
		}
	}
	return out
}

// guessGerman classes German tokens with word lists and capitalisation:
// German capitalises every noun, so a capitalised word inside the sentence
// is a noun or a name (the two cannot be told apart: both are classed as
// names, ClassEntity); auxiliaries and modals, past participles (ge-...-t,
// ge-...-en) and -ieren verbs are verbs; prepositions, articles, pronouns
// and conjunctions are function words.
func guessGerman(tokens []string) []WordClass {
	out := make([]WordClass, len(tokens))
	for i, tok := range tokens {
		w := tok
		if i == 0 {
			w = strings.ToLower(tok)
		}
		switch {
		case germanVerbs[w]:
			out[i] = ClassVerb
		case germanPrepositions[w], germanConjunctions[w], germanFunction[w]:
			out[i] = ClassFunction
		case isNumber(tok):
			out[i] = ClassNumber
		case allPunct(tok):
			out[i] = ClassPunct
		case startsUpper(w):
			out[i] = ClassEntity
		case len(w) > 5 && strings.HasPrefix(w, "ge") && (strings.HasSuffix(w, "t") || strings.HasSuffix(w, "en")),
			strings.HasSuffix(w, "ieren"), strings.HasSuffix(w, "iert"):
			out[i] = ClassVerb
		}
	}
	return out
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// isNumber reports whether a token is a number: digits with separators.
func isNumber(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digits++
		case strings.ContainsRune(".,:/%-–", r):
		default:
			return false
		}
	}
	return digits > 0
}

var (
	englishVerbs = setOf("is", "are", "was", "were", "be", "been", "being", "am", "'s", "'re", "'m",
		"has", "have", "had", "having", "'ve", "'d", "do", "does", "did", "done",
		"will", "would", "shall", "should", "can", "could", "may", "might", "must", "'ll",
		"said", "says", "say", "made", "make", "makes", "became", "become", "becomes", "took", "take", "takes",
		"gave", "give", "gives", "went", "go", "goes", "came", "come", "comes", "got", "get", "gets",
		"left", "won", "wrote", "held", "led", "began", "known", "born", "found", "built", "told", "saw", "seen")
	englishFunction = setOf("a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every", "no",
		"all", "both", "either", "neither", "another", "such",
		"of", "in", "on", "at", "by", "for", "with", "from", "to", "into", "onto", "about", "over", "under",
		"between", "among", "through", "during", "before", "after", "since", "until", "against", "without",
		"within", "along", "across", "behind", "beyond", "near", "off", "out", "up", "down", "as", "than",
		"via", "per", "upon", "toward", "towards", "despite", "including",
		"and", "or", "but", "nor", "so", "yet", "if", "because", "while", "although", "though", "whether", "unless",
		"i", "you", "he", "she", "it", "we", "they", "me", "him", "her", "us", "them",
		"my", "your", "his", "its", "our", "their", "mine", "yours", "hers", "ours", "theirs",
		"who", "whom", "whose", "which", "what", "where", "when", "why", "how", "there", "here",
		"not", "n't", "also", "then", "very", "too", "only", "just")
	// englishSentenceStarts are capitalised first words that are seldom names.
	englishSentenceStarts = setOf("in", "on", "at", "after", "before", "during", "since", "however", "although",
		"while", "when", "today", "yesterday", "many", "most", "some", "several", "other", "one", "two", "three")

	germanVerbs = setOf("ist", "sind", "war", "waren", "sein", "gewesen", "bin", "bist", "seid", "wäre", "wären",
		"wird", "werden", "wurde", "wurden", "worden", "geworden", "würde", "würden", "werde", "wirst",
		"hat", "haben", "hatte", "hatten", "habe", "hast", "hätte", "hätten", "gehabt",
		"kann", "können", "konnte", "konnten", "muss", "müssen", "musste", "mussten",
		"soll", "sollen", "sollte", "sollten", "will", "wollen", "wollte", "wollten",
		"darf", "dürfen", "durfte", "mag", "mögen", "möchte", "lässt", "ließ", "gibt", "gab", "gilt", "galt",
		"liegt", "lag", "steht", "stand", "heißt", "hieß", "kam", "kommt", "ging", "geht", "bleibt", "blieb")
	germanFunction = setOf("der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "eines", "einem", "einen",
		"er", "sie", "es", "wir", "ihr", "ich", "du", "ihn", "ihm", "ihnen", "sich", "uns", "euch", "mich", "dich",
		"sein", "seine", "seiner", "seinen", "seinem", "seines", "ihre", "ihrer", "ihren", "ihrem", "ihres",
		"dieser", "diese", "dieses", "diesen", "diesem", "jener", "jene", "welche", "welcher", "welches",
		"dass", "weil", "wenn", "ob", "als", "wie", "obwohl", "während", "nachdem", "bevor", "damit",
		"nicht", "auch", "noch", "nur", "schon", "sehr", "dort", "hier", "zu")
)
