package ui

// SignatureLine shows the signature of the numbers above it (the line that
// names the gold, the options and the version they came from), under a
// score table or the analyses.
type SignatureLine struct {
	Label string // "Signature", "Signature of these analyses"
	ID    string // the code element's id, by which tests and scripts read it
	Value string
	// Copy, when set, adds a Copy button (the score table's signature,
	// the page's one copy button) and CopyStatus its live region.
	Copy       func()
	CopyStatus string
}
