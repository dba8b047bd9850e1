package ui

import (
	"reflect"
	"testing"

	"github.com/vugu/vjson"
	"github.com/vugu/vugu"
)

// The helpers build the nodes vugugen's written-out statements build (the
// statements below are vugugen's, as internal/sitebuild's viewCalls read
// them): the same fields, in the same place among the parent's children.
func TestViewNodesAsVugugen(t *testing.T) {
	attr := func() []vugu.VGAttribute {
		return []vugu.VGAttribute{{Namespace: "", Key: "class", Val: "b"}, vugu.VGAttribute{Namespace: "", Key: "title", Val: "<x>"}}
	}
	want := &vugu.VGNode{Type: vugu.ElementNode, Data: "div"}
	{
		vgparent := want
		vgparent.AppendChild(&vugu.VGNode{Type: vugu.VGNodeType(1), Data: "first"})
		vgn := &vugu.VGNode{Type: vugu.VGNodeType(1), Data: "\n  a & b"}
		vgparent.AppendChild(vgn)
		vgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: "", Data: "p", Attr: []vugu.VGAttribute(nil)}
		vgparent.AppendChild(vgn)
		vgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: "", Data: "button", Attr: attr()}
		vgparent.AppendChild(vgn)
		b, err := vjson.Marshal(true)
		if err != nil {
			panic(err)
		}
		vgn.Prop = append(vgn.Prop, vugu.VGProperty{Key: "checked", JSONVal: vjson.RawMessage(b)})
		b, err = vjson.Marshal("a\"b")
		if err != nil {
			panic(err)
		}
		vgn.Prop = append(vgn.Prop, vugu.VGProperty{Key: "value", JSONVal: vjson.RawMessage(b)})
	}
	got := &vugu.VGNode{Type: vugu.ElementNode, Data: "div"}
	{
		vgparent := got
		vgparent.AppendChild(&vugu.VGNode{Type: vugu.VGNodeType(1), Data: "first"})
		vgn := textNode(vgparent, "\n  a & b")
		if vgn != vgparent.FirstChild.NextSibling {
			t.Error("textNode did not return the node it appended")
		}
		vgn = elementNode(vgparent, "p", []vugu.VGAttribute(nil))
		vgn = elementNode(vgparent, "button", attr())
		if vgn != vgparent.LastChild {
			t.Error("elementNode did not return the node it appended")
		}
		setProp(vgn, "checked", true)
		setProp(vgn, "value", "a\"b")
	}
	if !reflect.DeepEqual(got, want) {
		for g, w := got.FirstChild, want.FirstChild; g != nil || w != nil; g, w = g.NextSibling, w.NextSibling {
			if g == nil || w == nil {
				t.Fatalf("children: got %v, want %v", g, w)
			}
			t.Errorf("child: got %+v, want %+v", *g, *w)
		}
	}
}

// onEvent adds a handler for its event after those already there, and the
// page calls the one given.
func TestOnEvent(t *testing.T) {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: "button"}
	var called []string
	onEvent(n, "click", func(vugu.DOMEvent) { called = append(called, "click") })
	onEvent(n, "keydown", func(vugu.DOMEvent) { called = append(called, "keydown") })
	if len(n.DOMEventHandlerSpecList) != 2 {
		t.Fatalf("%d handlers, want 2", len(n.DOMEventHandlerSpecList))
	}
	for _, h := range n.DOMEventHandlerSpecList {
		h.Func(nil)
		if h.EventType != called[len(called)-1] || h.Capture || h.Passive {
			t.Errorf("handler %+v called %v", h, called)
		}
	}
}

// A property's value the page cannot write panics at once, as vugugen's
// statement did with jsonwrite.Marshal's error.
func TestSetPropRefuses(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("setProp took an int")
		}
	}()
	setProp(&vugu.VGNode{}, "value", 3)
}
