// Package oie holds the model every oiebench scorer shares: sentences,
// triples, system extractions and the errors and warnings a reader reports,
// plus the readers for system extractions (BenchIE TSV and JSON Lines).
//
// Readers never leave half-built state: they return a complete value or an
// error. Errors are *ParseError values that carry the file, line and column
// of the problem, in the manner of encoding/csv, so a caller can point at the
// exact spot ("system.tsv:118:3: expected at least 4 tab-separated columns,
// found 3") and test the kind of failure with errors.Is.
//
// A system's extractions (Extractions) hold no pointers for Go's collector
// to follow, however many they are: each string is an offset and a length
// in a Text, the text the reader cut it from (the file's bytes themselves
// when read with SystemOptions.Shared, else one copy of them) followed by
// bytes the list owns for a string that is not in that text (an unescaped
// JSON string, an extraction made in memory). The list keeps that text
// alive; read Shared, the bytes must never change afterwards. Offsets are
// 32 bits: a reader refuses a file of more than 4 GiB (ErrTooLarge). A
// BenchIE gold's triples keep their slots in a Text too.
package oie
