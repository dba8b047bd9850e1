// Package carb scores Open IE extractions the way the CaRB benchmark does
// (Bhardwaj et al., 2019, default matcher): token overlap between each
// predicted tuple and each gold tuple of a sentence, aggregated per
// confidence threshold. It exists so that oiebench can put CaRB's numbers
// beside the fact-level BenchIE numbers on the same files; the rules follow
// the measured behaviour of the reference scorer, including its quirks
// (recall above 1, the "be" and "said" rules), described in docs/spec/carb.md.
//
// # Formats
//
// Gold (ReadGold): one tuple a line, tab-separated,
//
//	sentence<TAB>relation<TAB>arg1<TAB>arg2<TAB>...
//
// The line and then each part are trimmed. Arguments containing "C: " are
// context annotations and are dropped (kept in GoldTuple.Context). Lines of
// the same sentence are grouped; sentences keep the order of their first
// line.
//
// System, "tabbed" form (ReadTabbed, WriteTabbed):
//
//	sentence<TAB>confidence<TAB>relation<TAB>arg1<TAB>arg2<TAB>...
//
// Fields are kept as written (not trimmed). A BenchIE system file
// (sent_id<TAB>subject<TAB>relation<TAB>object, read with oie.ReadSystem) is
// turned into this form by FromBenchIE with a sentence list such as
// sample300_en.txt (ReadSentences: line N is sentence N); extractions without
// a confidence get 1.0. ToBenchIE goes the other way.
//
// # Sentence alignment
//
// Predictions and gold are aligned by SentenceKey: spaces removed, Penn
// Treebank bracket escapes (-LRB-, -RRB-, -LSB-, -RSB-, -LCB-, -RCB-) turned
// back into brackets, ASCII punctuation removed. Predictions whose key has no
// gold sentence are ignored and counted (Result.PredictionsWithoutGold). Two
// different gold sentences with the same key cannot both be scored: the later
// one (by first line) replaces the earlier one, with a warning.
//
// # Scoring
//
// PairScore gives the [precision, recall] of one prediction against one gold
// tuple; Score aggregates them per confidence threshold and reports the
// threshold with the best F1, the precision-recall curve and its area.
//
// # Variants
//
// ScoreWith computes the CaRB columns OpenIE6-lineage papers print
// (docs/spec/carb-variants.md): CaRB(s,m) (Score), CaRB(s,s) (one-to-one
// recall, Options.Matching = OneToOne) and binary CaRB (Options.Binary),
// each in Reference mode (the default: OpenIE6's scripts with every
// accident of section 10) or Corrected mode (section 12.1's fixes).
// ReadAllenNLP reads the allennlp form those scripts take; OIE16-C is
// core/oie16 and WiRe57-C core/wire57 (ScoreCaRBGold). A reference that
// stops on an input (a crash, an undefined AUC) is Result.Failure, an
// *oie.ReferenceFailure, never an invented number.
package carb
