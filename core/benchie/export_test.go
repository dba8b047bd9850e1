package benchie

// ReadGoldInParts reads a gold in at most parts parts, however small, as
// ReadGold reads a large gold natively.
func ReadGoldInParts(file string, data []byte, opt GoldOptions, parts int) (*Gold, error) {
	return readGold(file, data, opt, parts, 1)
}
