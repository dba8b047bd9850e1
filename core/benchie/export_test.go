package benchie

// ReadGoldInParts reads a gold in at most parts parts, however small, as
// ReadGold reads a large gold natively.
func ReadGoldInParts(file string, data []byte, opt GoldOptions, parts int) (*Gold, error) {
	return readGold(file, data, opt, parts, 1)
}

// Scored is r without the compiled gold it was scored on, whose triples
// name their gold's arena by an id no other gold read has.
func Scored(r *Result) Result {
	s := *r
	s.compiled = nil
	return s
}
