package oie_test

import (
	"testing"

	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

func TestOffsets(t *testing.T) {
	text := "{\n  \"ä\": [1,\n  x]\n}"
	o := oie.NewOffsets(text)
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {1, 1, 2}, {2, 2, 1}, {4, 2, 3}, {9, 2, 7}, {15, 3, 2}, {16, 3, 3}, {100, 4, 2}, {-3, 1, 1},
	} {
		if l, col := o.Position(c.off); l != c.line || col != c.col {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", c.off, l, col, c.line, c.col)
		}
	}
	for v, want := range map[string]string{`null`: "null", `true`: "a boolean", `1.5`: "a number", `"x"`: "a string", `[]`: "an array", `{}`: "an object"} {
		if got := oie.JSONKind(gjson.Parse(v)); got != want {
			t.Errorf("JSONKind(%s) = %q, want %q", v, got, want)
		}
	}
}
