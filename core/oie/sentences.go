package oie

import "strconv"

// ReadSentenceList reads a plain sentence list such as BenchIE's
// sample300_en.txt: one sentence a line, line N being the sentence with id
// "N". Blank lines hold no sentence but still count, so that ids stay line
// numbers whoever reads the file (a CaRB conversion, the studio).
// Sentences are trimmed. It is the one reader of such lists.
func ReadSentenceList(file string, data []byte) ([]Sentence, error) {
	lines, err := SplitLines(file, data)
	if err != nil {
		return nil, err
	}
	var out []Sentence
	for _, l := range lines {
		if t := TrimSpace(l.Text); t != "" {
			out = append(out, Sentence{ID: strconv.Itoa(l.Num), Text: t})
		}
	}
	if len(out) == 0 {
		return nil, &ParseError{File: file, Line: max(1, len(lines)), Msg: "no sentences: expected one sentence a line", Err: ErrNoContent}
	}
	return out, nil
}
