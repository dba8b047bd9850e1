package ui

// ProblemBox shows one refused file of a list (the page's inputs, the
// studio's): the file, the message with the line at fault, what was kept,
// and a button that takes it off the list.
type ProblemBox struct {
	List *[]Problem
	At   int
	// Verb ends the heading: "bad.tsv was not added".
	Verb string
}

// P is the problem shown.
func (c *ProblemBox) P() Problem { return (*c.List)[c.At] }

// Dismiss takes the problem off its list.
func (c *ProblemBox) Dismiss() { *c.List = dismissed(*c.List, c.At) }

// dismissed is the list without its item i (unchanged when i is out of
// range); it never writes into the list it was given.
func dismissed(l []Problem, i int) []Problem {
	if i < 0 || i >= len(l) {
		return l
	}
	return append(l[:i:i], l[i+1:]...)
}
