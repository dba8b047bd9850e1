// Package benchiefl is the BenchIE^FL scorer (Lamarche & Langlais,
// Findings of ACL 2024): the re-annotation's lenient matching of system
// extractions against BenchIE-format fact synsets, implemented from its
// published description (docs: benchie-fl.md), none of its code.
//
// An extraction is a candidate for a synset of its sentence by five routes
// (exact; exact after deleting a conjunct or appositive; exact without ASCII
// punctuation; a lenient case-, space- and slot-border-insensitive rule that
// also credits "more detailed" extractions; and that rule without
// punctuation). Candidates become a one-to-one greedy assignment per system
// and sentence, exact matches first. P is matched extractions over
// extractions, R credited synsets over synsets.
//
// Two modes are always computed. Reference reproduces the reference script's
// numbers with every accidental behaviour (Quirk); Corrected removes them.
// The one-to-one assignment, redundant matches counting as incorrect, "a
// later claimant wins" and word-wise optional expansion are the scorer as
// published and hold in both modes.
//
// The gold is read by this package's own reader (ReadGold), which follows the
// reference's reading: by position, word-wise optional words, phantom
// synsets. It never crashes on bad input: where the reference would crash,
// the triple or file is refused with its position, or kept as never matching
// with a warning.
package benchiefl
