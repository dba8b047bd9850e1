package ui

import "strconv"

// The page writes numbers in three ways: a score in a table with a fixed
// number of decimals, and every number in a data attribute exactly (the
// e2e suite and scripts read those, to the last bit).

// Fixed writes a score with two decimals.
func Fixed(v float64) string { return decimals(v, 2) }

// decimals writes v with n decimals (as fmt's %.nf does).
func decimals(v float64, n int) string { return strconv.FormatFloat(v, 'f', n, 64) }

// Exact is a number's shortest exact form, for data-value and its kin.
func Exact(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
