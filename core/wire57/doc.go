// Package wire57 scores Open IE extractions as the WiRe57 benchmark does
// (Lechelle et al., 2019): token overlap between predicted and gold tuples,
// with a greedy one-to-one matching per sentence (docs/spec/carb.md, "WiRe57").
//
// The WiRe57 data has no licence, so nothing of it is bundled: users bring
// their own copy, and the tests use small hand-written files in its format.
//
// # Formats
//
// Gold (ReadGold): a JSON object from document name to a list of sentences
//
//	{"id": "TO 1", "sent": "...", "tokens": [...], "tuples": [tuple, ...]}
//
// where a tuple has "arg1", "rel" and "arg2" slots, "arg3+" (a list of
// further argument slots) and "attrib/spec?" ("" or "x"). A slot is
//
//	{"text": "...", "words": [...], "words_indexes": [...], ...}
//
// and a words_indexes entry is a token index (an integer), the string "inf"
// for a word that is not in the sentence (inferred), or an [index, float]
// pair, which is a real word. Anaphora-resolved forms (dc_text,
// decorefed_words, decorefed_indexes) are accepted and ignored, as the
// scorer does not use them.
//
// System (ReadSystem): a JSON object from sentence id to a list of
//
//	{"arg1": "...", "rel": "...", "arg2": "...", "arg3+": ["...", ...],
//	 "extractor": "name", "score": 0.9}
//
// A file may hold several systems, told apart by "extractor"; ReadSystem
// returns one System per extractor. The score is kept but not used.
//
// Readers return the whole content or a *oie.ParseError that names the
// line and column of the offending JSON value.
//
// # Scores
//
// Score reports micro-averaged precision and recall over matched pairs
// (Precision = PrecNum/PrecDen with PrecDen the number of predictions on
// gold sentences, Recall = RecNum/RecDen with RecDen the number of gold
// tuples) and, separately, exact matches: ExactPrec is the number of
// predictions equal to some gold tuple of their sentence over the number of
// predictions, ExactRec the number of gold tuples equal to some prediction
// over the number of gold tuples. Exact matching is not one-to-one: two
// identical predictions of the same gold tuple both count.
//
// # WiRe57-C
//
// ScoreCaRBGold is the WiRe57 column of OpenIE6-lineage papers
// (docs/spec/carb-variants.md section 7): the same matcher and greedy
// assignment, on a CaRB gold in the allennlp form (AllenNLPFromCaRB, or a
// file read with ReadAllenNLP) and a system in that form, sentences keyed
// by their exact text, with that variant's rules (no inferred words, no
// arg3+, an unmatched slot fails even against an empty gold slot, a zero
// denominator fails). Reference mode keeps the script's tag stripping and
// last-run grouping; Corrected mode cuts tags exactly and keeps every run.
package wire57
