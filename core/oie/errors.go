package oie

import (
	"errors"
	"fmt"
)

// Causes a ParseError can wrap; test for them with errors.Is.
var (
	ErrFieldCount  = errors.New("wrong number of fields")
	ErrEmptyField  = errors.New("empty field")
	ErrEncoding    = errors.New("not UTF-8 text")
	ErrSyntax      = errors.New("syntax error")
	ErrDuplicateID = errors.New("duplicate sentence id")
	ErrNoContent   = errors.New("no content")
	ErrTooLarge    = errors.New("too large") // more text than Extractions addresses (4 GiB)
)

// Position is a place in an input file. Line and Column are 1-based;
// Column counts characters (runes), not bytes. Zero means unknown.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// ParseError reports a problem in an input file at an exact position.
type ParseError struct {
	File   string // name shown to the user; may be empty
	Line   int    // 1-based line of the problem
	Column int    // 1-based character column; 0 if the whole line is at fault
	Msg    string // what was expected, in words
	Err    error  // the kind of failure (one of the Err* values above)
}

func (e *ParseError) Error() string {
	return formatPlace(e.File, e.Line, e.Column) + e.Msg
}

// Unwrap returns the kind of failure, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }

// Warning is something a reader or scorer accepted but the user should see.
type Warning struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Msg    string `json:"message"`
}

// MaxWarnings bounds the warnings a reader keeps for one file: a hostile
// file can hold a million oddities (500,000 CaRB gold warnings made 53 MB
// of JSON), and those beyond are only counted.
const MaxWarnings = 200

// MoreWarnings is the warning that stands for n warnings not kept.
func MoreWarnings(file string, n int) Warning {
	return Warning{File: file, Msg: fmt.Sprintf("%d more warnings not shown", n)}
}

// CapWarnings keeps the first MaxWarnings of ws and, when there were more,
// a MoreWarnings that counts them.
func CapWarnings(ws []Warning, file string) []Warning {
	if len(ws) <= MaxWarnings {
		return ws
	}
	return append(ws[:MaxWarnings:MaxWarnings], MoreWarnings(file, len(ws)-MaxWarnings))
}

func (w Warning) String() string { return formatPlace(w.File, w.Line, w.Column) + w.Msg }

func formatPlace(file string, line, col int) string {
	switch {
	case line > 0 && col > 0:
		return fmt.Sprintf("%s:%d:%d: ", file, line, col)
	case line > 0:
		return fmt.Sprintf("%s:%d: ", file, line)
	case file != "":
		return file + ": "
	}
	return ""
}
