package report

import (
	"strings"
	"unicode/utf8"
)

// FoldLine breaks a line of text output that is wider than width columns
// (runes) into lines that fit, as the score table folds its signature: a
// signature ("… signature: a|b|c") breaks after a '|' and continues under
// its first field; other text breaks at a space and continues indented by
// two. A part with no place to break stays whole, however wide.
func FoldLine(line string, width int) string {
	if utf8.RuneCountInString(line) <= width {
		return line
	}
	indent, breakAfter := "  ", " "
	if i := strings.Index(line, "signature: "); i >= 0 && !strings.Contains(line[:i], "|") {
		indent, breakAfter = strings.Repeat(" ", utf8.RuneCountInString(line[:i])+len("signature: ")), "|"
	}
	var out strings.Builder
	for utf8.RuneCountInString(line) > width {
		cut := lastBreak(line, width, breakAfter)
		if cut <= len(indent) {
			break // nothing to break at within the width
		}
		out.WriteString(strings.TrimRight(line[:cut], " ") + "\n")
		line = indent + strings.TrimLeft(line[cut:], " ")
	}
	out.WriteString(line)
	return out.String()
}

// lastBreak returns the byte offset just after the last sep in the first
// width runes of line, or 0.
func lastBreak(line string, width int, sep string) int {
	cut, runes := 0, 0
	for i := range line {
		if runes == width {
			break
		}
		runes++
		if strings.HasPrefix(line[i:], sep) {
			cut = i + len(sep)
		}
	}
	return cut
}
