// Package explain explains every number of a report: per-sentence verdicts,
// the closest gold triples of an incorrect extraction with the differing
// tokens marked slot by slot, synsets no extraction covered, the units of a
// slot, the sentences where two systems differ, and the excerpt of a file at
// an error's position.
//
// It explains only: reading files is package evaluate's (Load, the
// Workspace), detecting their format the registry's (core/formats), the
// order of a report's rows package report's (Order). It is pure Go: the page
// (ui, wasm/app) renders what this package computes, and this package knows
// nothing of the browser.
package explain
