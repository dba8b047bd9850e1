// Package annotate is the core of the annotation studio: an editable
// BenchIE gold, the operations a UI applies to it one user action at a
// time, undo and redo, validation, inter-annotator agreement, and lossless
// conversion between BenchIE gold, AnnIE progress JSON and plain sentences.
// It has no UI code; a UI holds an Editor, applies Ops, shows Validate's
// issues beside the triples they name, and autosaves SaveSnapshot's JSON.
//
// # Model
//
// A Document holds Sentences; a Sentence holds its text, its tokens and its
// Synsets; a Synset holds Triples; a Triple holds three Slots (subject,
// relation, object); a Slot holds Words. A Word is a token of the sentence,
// by index, or a typed word: text that is not a token of the sentence
// (re-tokenised hyphens, inflected German verbs, resolved pronouns: a fifth
// of the English and more than two fifths of the German published triples
// have some). A sentence's tokens are its white-space tokens, so indices are
// stable and pre-tokenised text keeps its tokens.
//
// Optional units are brackets on words: Open ('[' before the word) and Close
// (']' after it). A word with both is a one-word unit; Open on one word and
// Close on a later word of the slot make one unit of the words between. The
// forms of a slot are those of its BenchIE text (benchie.md, section 2), so
// unpaired brackets are allowed in the model (a UI places them one at a
// time) and reported by Validate, and they mean what the reference makes of
// them.
//
// Sentences are immutable values once in a document: an operation computes
// a new sentence and swaps it in. That makes every Op one undoable step
// (the step keeps the sentence before and after), and makes a refused or
// failed operation leave no trace.
//
// # Reading BenchIE gold
//
// ReadBenchIE reads a file with benchie.ReadGold, so a file is accepted,
// warned about or rejected exactly as the scorer would, and then maps each
// slot to words. A slot's text is trimmed and split on single spaces, as
// the reference splits it; each piece is one word, its brackets turned into
// Open and Close as the reference reads them (a piece with '[' opens a unit
// that the next piece with ']' closes; other bracket characters inside a
// piece are deleted, as they are from the forms). Each word is then matched
// to a sentence token by this rule, applied slot by slot in the order
// subject, relation, object: at the first unmatched word, among the tokens
// with its text, take the one that starts the longest run of consecutive
// words equal to consecutive tokens; among equal runs, the one that ends
// closest before a token of the word after the run ("[of cell window]" takes
// the "of" nearest "cell"); then the first at or after the end of the
// previous run (the previous slot's included); then the first. Match the
// whole run and go on after it. A word no token matches is a typed word.
//
// Whatever the model cannot regenerate is kept as read: a slot's text when
// it differs from the rendering of its words (Slot.Raw: odd spacing,
// brackets inside a word such as "[eine]Petition"), a sentence line or a
// synset header that is not canonical (Sentence.Line, Synset.Header: the
// published files have headers such as "78-->Cluster 6:" and numbers that
// skip), lines that were not understood (Junk, where they were), a synset
// the reader opened for triples before any header (Synset.NoHeader), and a
// missing final line ending (Document.NoFinalNewline). Editing a slot
// forgets its text as read; renumbering synsets (deleting, merging, moving)
// forgets the headers as read from the first renumbered synset on; renaming
// a sentence forgets its line and headers.
//
// # Canonical files
//
// WriteBenchIE writes, joined by line feeds: the junk lines before the
// first sentence; then per sentence, with one empty line between
// sentences, the sentence line ("sent_id:ID<TAB>TEXT", as read if read),
// the sentence's junk lines, and per synset its header ("ID--> Cluster K:"
// with K its position from 1, or as read) and its triples
// ("subject --> relation --> object", each slot as read while unedited)
// with its junk lines where they were; then a final line feed unless the
// file read had none.
//
// A BenchIE gold file is canonical when it is UTF-8 without a byte order
// mark, every line ends in a line feed (CR LF is not canonical) except that
// the last one may have none, no line has white space at its start or end,
// no line before the first sentence line is empty, exactly one empty line
// separates consecutive sentences, and no other line is empty. ReadBenchIE
// followed by WriteBenchIE gives a canonical file back byte for byte,
// oddities included (the three published golds are canonical); any other
// file comes back canonical, with the same sentences, synsets, triples and
// scores.
//
// # AnnIE progress JSON
//
// ReadAnnIE reads AnnIE's progress file (annie.md) with its quirks: word
// indices are 1-based numbers in a sentence's words and strings in triples
// (either is accepted in both places), sentenceNumber is the 0-based index
// of a sentence, clusterNumber the 1-based number of a cluster within it,
// an unvisited sentence has no words (its tokens are then its white-space
// tokens), and a separator {state, index1, index2} sits after token index1
// (0: before the first token). A sentence with words keeps AnnIE's words as
// its tokens (AnnIE's tokeniser splits "Biden," in two), with their labels.
// A start separator is put on the word of token index1+1 (1-based), else on
// the word with the smallest token after it; an end separator on the word of
// token index1, else the largest token before it; index2 is not read (it is
// written as index1+1). Slot words are taken in the file's order (AnnIE's
// click or sentence order, as its user set it). A word marked optional that
// no separator pair encloses is a one-word unit. Clusters are ordered by
// number; two clusters with one number are merged, with a warning. Without
// ids, sentence i (from 0) gets id i+1, as in the BenchIE files.
//
// AnnIE has no typed words, no sentence ids, and no place for what is kept
// as read. WriteAnnIE writes everything AnnIE understands as AnnIE writes
// it, a typed word as a word with index "" (the type AnnIE uses for
// indices, and no token), and adds an "oiebench" object at four levels: the
// file ({"version", "junk", "noFinalNewline"}), each sentence ({"id",
// "line", "junk"}), a cluster when needed ({"header", "noHeader", "junk"})
// and each triple ({"slots": [subject, relation, object], "words": [...]}:
// the slots' BenchIE text and their words in the snapshot's form). On
// reading, a triple is taken from its extension only when its AnnIE fields
// are exactly what WriteAnnIE writes for it; a triple made or changed in
// AnnIE since is read from its AnnIE fields alone, with a warning. So a
// document written by WriteAnnIE reads back equal, and its BenchIE export
// is byte for byte the same.
//
// # Snapshots
//
// SaveSnapshot writes the editing state as versioned JSON ({"format":
// "oiebench-annotation", "version": 1, "document", "undo", "redo"}): the
// whole document and the most recent undo and redo steps, each with its
// operation and one side of its change (an undo step the sentences it
// replaced, a redo step those it brings back; the other side is what the
// document holds there, rebuilt on loading). LoadSnapshot refuses anything
// it cannot trust (not JSON, another format, a newer version, a token index
// outside its sentence, a repeated id) with line and column, and drops a
// history that does not fit the saved document, keeping the document.
//
// # Agreement
//
// Agree computes the BenchIE paper's inter-annotator agreement of two golds
// (the mean of each gold's recall when its surface triples are scored as a
// system against the other's synsets), per sentence and overall, and lists
// the synsets that share no surface triple with the other gold. It scores
// with benchie's scorer, but only the surface triples the two golds share,
// which it finds on automata without listing either gold's 2^k forms; the
// result is exact unless a budget is reached, and then it is a range.
package annotate
