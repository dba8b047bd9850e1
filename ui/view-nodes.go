package ui

import (
	"github.com/oiebench/oiebench/core/jsonwrite"
	"github.com/vugu/vugu"
)

// The generated views (ui/0_components_gen.go) build their nodes through
// these helpers: internal/sitebuild's views command rewrites vugugen's
// written-out statements as calls to them (viewCalls there), each node the
// same, for the page's size (one call in place of a composite literal, an
// append or an error check at each of 2,096 places: 29 KB brotli).

// textNode appends a text node holding data to parent and returns it.
func textNode(parent *vugu.VGNode, data string) *vugu.VGNode {
	n := &vugu.VGNode{Type: vugu.TextNode, Data: data}
	parent.AppendChild(n)
	return n
}

// elementNode appends an element tag with the attributes attr to parent
// and returns it.
func elementNode(parent *vugu.VGNode, tag string, attr []vugu.VGAttribute) *vugu.VGNode {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: tag, Attr: attr}
	parent.AppendChild(n)
	return n
}

// onEvent has handle called on n's DOM events of the type event.
func onEvent(n *vugu.VGNode, event string, handle func(vugu.DOMEvent)) {
	n.DOMEventHandlerSpecList = append(n.DOMEventHandlerSpecList, vugu.DOMEventHandlerSpec{EventType: event, Func: handle})
}

// setProp sets n's JavaScript property key to v, written as JSON by
// core/jsonwrite (a bool or a string: any other type panics, as a view
// with a value the page cannot write should).
func setProp(n *vugu.VGNode, key string, v any) {
	b, err := jsonwrite.Marshal(v)
	if err != nil {
		panic(err)
	}
	n.Prop = append(n.Prop, vugu.VGProperty{Key: key, JSONVal: b})
}
