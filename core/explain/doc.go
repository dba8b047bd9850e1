// Package explain computes what the browser page shows beyond the report:
// which bundled files make up the BenchIE data sets, what kind of file a user
// dropped, the report's rows in the order the user sorted them, and the
// explanation of every number (per-sentence verdicts, the closest gold
// triples of an incorrect extraction with the differing tokens marked slot by
// slot, synsets no extraction covered, and the sentences where two systems
// differ).
//
// It is pure Go: the page (ui, wasm/app) renders what this package computes
// and computes nothing itself, and this package knows nothing of the browser.
package explain
