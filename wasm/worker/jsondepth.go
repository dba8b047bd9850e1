package main

import (
	"fmt"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// maxJSONDepth bounds the nesting of a JSON Lines system file; a real one
// needs 2 (an object holding an "arguments" array).
const maxJSONDepth = 100

// checkJSONDepth rejects a JSON Lines system file whose lines nest deeper
// than maxJSONDepth. The core's reader validates each line with
// gjson.Valid, which recurses once per level: under js/wasm some ten
// thousand levels hang the Worker, which then answers 500. This check goes
// once core/oie's readJSONL bounds the depth itself.
func checkJSONDepth(in evaluate.Input, format oie.Format) error {
	if format == oie.FormatAuto {
		format = oie.SniffSystem(in.Data)
	}
	if format != oie.FormatJSONL {
		return nil
	}
	line, lineStart := 1, 0
	depth := 0
	inString, escaped := false, false
	for i, c := range in.Data {
		switch {
		case c == '\n':
			line, lineStart, depth, inString, escaped = line+1, i+1, 0, false, false
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > maxJSONDepth {
				return &oie.ParseError{
					File: in.Path, Line: line, Column: 1 + utf8.RuneCount(in.Data[lineStart:i]),
					Msg: fmt.Sprintf("invalid JSON: nested more than %d levels deep", maxJSONDepth), Err: oie.ErrSyntax,
				}
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}
