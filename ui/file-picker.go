package ui

import (
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// FilePicker is a file input styled as a button (span.filepick): the
// hidden input and the label that opens it. It hands the chosen FileList
// to Take (as an array) and empties the input, so that choosing the same file again
// fires again.
type FilePicker struct {
	ID       string // the input's id, which the label names
	Label    string
	Title    string // a tooltip on the whole picker; none when empty
	Accept   string // the input's accept list; none when empty
	Multiple bool
	Take     func(files js.Value)
}

// pick hands the chosen files on, as an array: emptying the input empties
// its FileList, and some readers read after the handler returns.
func (c *FilePicker) pick(e vugu.DOMEvent) {
	input := e.JSEventTarget()
	c.Take(js.Global().Get("Array").Call("from", input.Get("files")))
	input.Set("value", "")
}

// optionalAttr leaves an attribute out when its value is empty (vugu
// omits a nil attribute but writes an empty string as attr="").
func optionalAttr(v string) any {
	if v == "" {
		return nil
	}
	return v
}

// flagAttr writes a boolean attribute as the markup does (multiple="")
// when set, and leaves it out otherwise.
func flagAttr(set bool) any {
	if set {
		return ""
	}
	return nil
}
