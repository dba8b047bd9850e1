package ui

// Count writes a number and its noun, singular for exactly one: "1 synset",
// "2 synsets", "12 000 sentences" (Thousands groups the digits). Every noun the page counts takes -s.
func Count(n int, noun string) string {
	if n == 1 || n == -1 {
		return Thousands(n) + " " + noun
	}
	return Thousands(n) + " " + noun + "s"
}
