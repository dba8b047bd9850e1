// Package oie holds the model every oiebench scorer shares: sentences,
// triples, system extractions and the errors and warnings a reader reports,
// plus the readers for system extractions (BenchIE TSV and JSON Lines).
//
// Readers never leave half-built state: they return a complete value or an
// error. Errors are *ParseError values that carry the file, line and column
// of the problem, in the manner of encoding/csv, so a caller can point at the
// exact spot ("system.tsv:118:3: expected at least 4 tab-separated columns,
// found 3") and test the kind of failure with errors.Is.
package oie
