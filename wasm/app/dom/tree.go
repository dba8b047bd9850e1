// Package dom renders Vugu build results into the page's DOM and sends only
// what changed since the last render.
//
// Vugu's own renderer (domrender) sends every node, attribute and listener
// of the page to JavaScript on every render, so a render costs the size of
// the page. Here a Tree keeps what it last sent (per node: tag, attributes,
// text or innerHTML, listener keys, children) and each render walks the new
// VGNode tree against it in Go, writing a patch (a JSON list of operations)
// that navigates only to what differs and changes only that; an unchanged
// subtree costs a Go walk and nothing in JavaScript, and a subtree built
// from the very VGNodes last sent (a component that returned its previous
// output) costs not even the walk, unless it holds properties or
// components, which may have changed under the same node.
//
// Nodes are matched by position, as Vugu's renderer matches them: a child
// whose kind, tag, namespace or innerHTML-ness changed is replaced, and
// children beyond the old count are appended or cut. Properties (checked,
// selected) are sent on every render, as Vugu does, so a control shows the
// model's state after a person changed it. Listeners are identified by a
// number per element; an event finds the handler of the latest build
// (Handler).
//
// The first patch ("m") carries the whole tree; the script adopts what the
// mount point already holds (the first screen written at build time) node
// by node, keeping every node of the same kind and tag and building only
// the others, so the takeover costs a walk, not the page's nodes built
// again (window.oiebenchDOMAdopted counts them).
//
// The Renderer that applies patches and dispatches events is built for the
// browser only (renderer_js.go); Tree is plain Go, tested natively.
package dom

import (
	"errors"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/oiebench/oiebench/core/jsonwrite"
	"github.com/vugu/vugu"
)

// Tree is the DOM below the mount point as it was last sent.
type Tree struct {
	root   *node
	nextID int
	byID   map[int]*node // elements with listeners, by the number JavaScript calls back with

	out  []byte // the patch being written
	ops  int
	path []int // the node being compared, as child indexes from the mount point
	sent []int // where the patch's cursor is (the last navigation written)
	kids [][]*vugu.VGNode
	css  []string // the components' style and link tags in <head>, as HTML
}

// node is one DOM node as last sent.
type node struct {
	kind      vugu.VGNodeType
	data      string // an element's tag, a text's or comment's content
	ns        string // an element's namespace URI ("" for HTML)
	attrs     []vugu.VGAttribute
	inner     *string // innerHTML; then kids is empty
	listeners []listenerKey
	handlers  []vugu.DOMEventHandlerSpec // of the latest build
	id        int                        // listeners' number, 0 if none was ever added
	kids      []*node
	// src is the VGNode last sent here; fixed says its subtree holds no
	// properties and no components, so that the same src again means the
	// same subtree (a memoised component's output) and is not walked.
	src   *vugu.VGNode
	fixed bool
}

type listenerKey struct {
	typ              string
	capture, passive bool
}

// Patch compares the build's tree with what was last sent, records the
// build as sent, and returns the operations that bring the DOM there (nil
// when nothing changed). The first patch mounts the tree (adopting the
// mount point's nodes).
func (t *Tree) Patch(br *vugu.BuildResults) ([]byte, error) {
	if br == nil || br.Out == nil || len(br.Out.Out) != 1 {
		return nil, errors.New("dom: the build has no single root node")
	}
	css, err := styles(br, br.Out, nil)
	if err != nil {
		return nil, err
	}
	root, err := resolve(br, br.Out.Out[0])
	if err != nil {
		return nil, err
	}
	if root.Type != vugu.ElementNode || root.IsTemplate() {
		return nil, errors.New("dom: the root must be an element")
	}
	if t.byID == nil {
		t.byID = map[int]*node{}
	}
	t.out, t.ops, t.path, t.sent, t.kids = append(t.out[:0], '['), 0, t.path[:0], t.sent[:0], t.kids[:0]
	if !slices.Equal(t.css, css) {
		t.op("S")
		for i, c := range css {
			if i > 0 {
				t.out = append(t.out, ',')
			}
			t.str(c)
		}
		t.end()
		t.css = css
	}
	if t.root == nil || !sameKind(t.root, root) {
		if t.root != nil {
			t.forget(t.root)
		}
		t.root = &node{}
		t.op("m")
		if err := t.create(br, t.root, root); err != nil {
			t.root = nil
			return nil, err
		}
		t.end()
	} else if err := t.update(br, t.root, root); err != nil {
		t.root = nil // what the DOM holds is unknown: mount again next time
		return nil, err
	}
	if t.ops == 0 {
		return nil, nil
	}
	return append(t.out, ']'), nil
}

// Handler returns the handler of the latest build for an event of type typ
// (in capture phase or not) on the element whose listeners are numbered id,
// or nil when that element is gone. An event reaches the evaluator Worker
// after the page acted on it, so a render made meanwhile may have replaced
// its element (a chip rebuilt, an ancestor swapped): then the element of
// the latest build with the same id attribute (elementID, "" if it had
// none) takes the event, as it would have on the page's thread, where the
// click lands on what is there.
func (t *Tree) Handler(id int, typ string, capture bool, elementID string) func(vugu.DOMEvent) {
	n := t.byID[id]
	if n == nil && elementID != "" {
		n = t.withID(t.root, elementID)
	}
	if n == nil {
		return nil
	}
	for _, h := range n.handlers {
		if h.EventType == typ && h.Capture == capture {
			return h.Func
		}
	}
	return nil
}

// withID finds the element below o whose id attribute is id and that has
// listeners: a walk, made only for an event whose element is gone.
func (t *Tree) withID(o *node, id string) *node {
	if o == nil {
		return nil
	}
	if o.id != 0 {
		for _, a := range o.attrs {
			if a.Key == "id" && a.Val == id {
				return o
			}
		}
	}
	for _, k := range o.kids {
		if n := t.withID(k, id); n != nil {
			return n
		}
	}
	return nil
}

// styles lists the distinct style and link tags of out and the components
// it holds, as HTML, in build order.
func styles(br *vugu.BuildResults, out *vugu.BuildOut, css []string) ([]string, error) {
	for _, n := range out.CSS {
		if n.Type != vugu.ElementNode || (n.Data != "style" && n.Data != "link") {
			return nil, errors.New("dom: a component's CSS is not a style or link tag")
		}
		var b strings.Builder
		b.WriteString("<" + n.Data)
		for _, a := range n.Attr {
			b.WriteString(" " + a.Key + `="` + html.EscapeString(a.Val) + `"`)
		}
		b.WriteString(">")
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != vugu.TextNode {
				return nil, errors.New("dom: a component's style tag holds more than text")
			}
			b.WriteString(c.Data) // raw text: a style element's content is not escaped
		}
		b.WriteString("</" + n.Data + ">")
		if !slices.Contains(css, b.String()) {
			css = append(css, b.String())
		}
	}
	for _, c := range out.Components {
		next := br.ResultFor(c)
		if next == nil {
			return nil, fmt.Errorf("dom: component %T was not built", c)
		}
		var err error
		if css, err = styles(br, next, css); err != nil {
			return nil, err
		}
	}
	return css, nil
}

// resolve replaces a component's node by its output's root.
func resolve(br *vugu.BuildResults, n *vugu.VGNode) (*vugu.VGNode, error) {
	for n.Component != nil {
		out := br.ResultFor(n.Component)
		if out == nil || len(out.Out) != 1 {
			return nil, fmt.Errorf("dom: component %T does not build exactly one node", n.Component)
		}
		n = out.Out[0]
	}
	return n, nil
}

// children lists n's children as the DOM holds them: components replaced by
// their output and templates by their children.
func children(br *vugu.BuildResults, n *vugu.VGNode, out []*vugu.VGNode) ([]*vugu.VGNode, error) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		c, err := resolve(br, c)
		if err != nil {
			return nil, err
		}
		if c.IsTemplate() {
			if out, err = children(br, c, out); err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, c)
	}
	return out, nil
}

// sameKind: o can be updated into n in place (else it is replaced).
func sameKind(o *node, n *vugu.VGNode) bool {
	return o.kind == n.Type && (n.Type != vugu.ElementNode ||
		o.data == n.Data && o.ns == namespaceURI(n.Namespace) && (o.inner != nil) == (n.InnerHTML != nil))
}

// create writes n's subtree as a spec for JavaScript to build, and records
// it in o.
func (t *Tree) create(br *vugu.BuildResults, o *node, n *vugu.VGNode) error {
	o.kind, o.data, o.src, o.fixed = n.Type, n.Data, n, n.Type != vugu.ElementNode
	switch n.Type {
	case vugu.TextNode:
		t.str(n.Data)
		return nil
	case vugu.CommentNode:
		t.out = append(t.out, `{"!":`...)
		t.str(n.Data)
		t.out = append(t.out, '}')
		return nil
	case vugu.ElementNode:
	default:
		return fmt.Errorf("dom: node type %d cannot be rendered", n.Type)
	}
	if n.JSCreateHandler != nil || n.JSPopulateHandler != nil {
		return errors.New("dom: vg-js-create and vg-js-populate are not supported")
	}
	o.ns, o.attrs, o.inner = namespaceURI(n.Namespace), n.Attr, nil
	t.out = append(t.out, `{"t":`...)
	t.str(n.Data)
	if o.ns != "" {
		t.out = append(t.out, `,"n":`...)
		t.str(o.ns)
	}
	if len(n.Attr) > 0 {
		t.out = append(t.out, `,"a":[`...)
		for i, a := range n.Attr {
			if i > 0 {
				t.out = append(t.out, ',')
			}
			t.str(namespaceURI(a.Namespace))
			t.out = append(t.out, ',')
			t.str(a.Key)
			t.out = append(t.out, ',')
			t.str(a.Val)
		}
		t.out = append(t.out, ']')
	}
	if len(n.Prop) > 0 {
		t.out = append(t.out, `,"p":[`...)
		t.props(n)
		t.out = append(t.out, ']')
	}
	o.handlers, o.listeners = n.DOMEventHandlerSpecList, keys(n.DOMEventHandlerSpecList)
	if len(o.listeners) > 0 {
		t.number(o)
		t.out = append(t.out, `,"l":[`...)
		t.num(o.id)
		for _, k := range o.listeners {
			t.out = append(t.out, ',')
			t.listener(k)
		}
		t.out = append(t.out, ']')
	}
	if n.InnerHTML != nil {
		inner := *n.InnerHTML
		o.inner = &inner
		o.fixed = len(n.Prop) == 0
		t.out = append(t.out, `,"h":`...)
		t.str(inner)
		t.out = append(t.out, '}')
		return nil
	}
	kids, err := children(br, n, nil)
	if err != nil {
		return err
	}
	fixed := len(n.Prop) == 0 && !holdsComponent(n)
	if len(kids) > 0 {
		t.out = append(t.out, `,"c":[`...)
		o.kids = make([]*node, len(kids))
		for i, k := range kids {
			if i > 0 {
				t.out = append(t.out, ',')
			}
			o.kids[i] = &node{}
			if err := t.create(br, o.kids[i], k); err != nil {
				return err
			}
			fixed = fixed && o.kids[i].fixed
		}
		t.out = append(t.out, ']')
	}
	o.fixed = fixed
	t.out = append(t.out, '}')
	return nil
}

// update writes the operations that turn o (at t.path) into n, of the same
// kind, and records n in o.
func (t *Tree) update(br *vugu.BuildResults, o *node, n *vugu.VGNode) error {
	if o.src == n && o.fixed {
		return nil // sent from these very nodes, which hold nothing that changes under them
	}
	o.src, o.fixed = n, n.Type != vugu.ElementNode
	if n.Type != vugu.ElementNode {
		if o.data != n.Data {
			t.op("T")
			t.str(n.Data)
			t.end()
			o.data = n.Data
		}
		return nil
	}
	if n.JSCreateHandler != nil || n.JSPopulateHandler != nil {
		return errors.New("dom: vg-js-create and vg-js-populate are not supported")
	}
	t.updateAttrs(o, n.Attr)
	if len(n.Prop) > 0 { // sent every time: the person may have changed them
		t.op("p")
		t.props(n)
		t.end()
	}
	o.handlers = n.DOMEventHandlerSpecList
	if ks := keys(n.DOMEventHandlerSpecList); !sameKeys(o.listeners, ks) {
		t.number(o)
		for _, k := range o.listeners {
			if !slices.Contains(ks, k) {
				t.op("L")
				t.num(o.id)
				t.out = append(t.out, ',')
				t.listener(k)
				t.end()
			}
		}
		for _, k := range ks {
			if !slices.Contains(o.listeners, k) {
				t.op("l")
				t.num(o.id)
				t.out = append(t.out, ',')
				t.listener(k)
				t.end()
			}
		}
		o.listeners = ks
	}
	if n.InnerHTML != nil {
		if *o.inner != *n.InnerHTML {
			t.op("h")
			t.str(*n.InnerHTML)
			t.end()
			inner := *n.InnerHTML
			o.inner = &inner
		}
		o.fixed = len(n.Prop) == 0
		return nil
	}
	depth := len(t.kids)
	if depth == cap(t.kids) {
		t.kids = append(t.kids, nil)
	}
	t.kids = t.kids[:depth+1]
	kids, err := children(br, n, t.kids[depth][:0])
	t.kids[depth] = kids
	if err != nil {
		return err
	}
	fixed := len(n.Prop) == 0 && !holdsComponent(n)
	common := min(len(kids), len(o.kids))
	for i := 0; i < common; i++ {
		t.path = append(t.path, i)
		if sameKind(o.kids[i], kids[i]) {
			err = t.update(br, o.kids[i], kids[i])
			t.path = t.path[:len(t.path)-1]
		} else {
			t.path = t.path[:len(t.path)-1]
			t.forget(o.kids[i])
			o.kids[i] = &node{}
			t.op("s")
			t.num(i)
			t.out = append(t.out, ',')
			err = t.create(br, o.kids[i], kids[i])
			t.end()
		}
		if err != nil {
			return err
		}
		fixed = fixed && o.kids[i].fixed
	}
	if len(o.kids) > len(kids) {
		for _, k := range o.kids[len(kids):] {
			t.forget(k)
		}
		t.op("x")
		t.num(len(kids))
		t.end()
		o.kids = o.kids[:len(kids)]
	}
	if len(kids) > len(o.kids) {
		t.op("c")
		for i, from := len(o.kids), len(o.kids); i < len(kids); i++ {
			if i > from {
				t.out = append(t.out, ',')
			}
			k := &node{}
			o.kids = append(o.kids, k)
			if err := t.create(br, k, kids[i]); err != nil {
				return err
			}
			fixed = fixed && k.fixed
		}
		t.end()
	}
	o.fixed = fixed
	t.kids = t.kids[:depth]
	return nil
}

// holdsComponent tells whether a component stands among n's children (in
// templates too): its output may change while n stays the same node.
func holdsComponent(n *vugu.VGNode) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Component != nil || c.IsTemplate() && holdsComponent(c) {
			return true
		}
	}
	return false
}

// updateAttrs sets the attributes whose value changed and removes those
// gone; their order does not matter to the DOM.
func (t *Tree) updateAttrs(o *node, attrs []vugu.VGAttribute) {
	if slices.Equal(o.attrs, attrs) {
		o.attrs = attrs
		return
	}
	for _, a := range attrs {
		if v, ok := attr(o.attrs, a.Namespace, a.Key); !ok || v != a.Val {
			t.op("a")
			t.str(namespaceURI(a.Namespace))
			t.out = append(t.out, ',')
			t.str(a.Key)
			t.out = append(t.out, ',')
			t.str(a.Val)
			t.end()
		}
	}
	for _, a := range o.attrs {
		if _, ok := attr(attrs, a.Namespace, a.Key); !ok {
			t.op("r")
			t.str(namespaceURI(a.Namespace))
			t.out = append(t.out, ',')
			t.str(a.Key)
			t.end()
		}
	}
	o.attrs = attrs
}

func attr(attrs []vugu.VGAttribute, ns, key string) (string, bool) {
	for _, a := range attrs {
		if a.Key == key && a.Namespace == ns {
			return a.Val, true
		}
	}
	return "", false
}

func keys(specs []vugu.DOMEventHandlerSpec) []listenerKey {
	var ks []listenerKey
	for _, s := range specs {
		if k := (listenerKey{s.EventType, s.Capture, s.Passive}); !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	return ks
}

func sameKeys(a, b []listenerKey) bool {
	if len(a) != len(b) {
		return false
	}
	for _, k := range a {
		if !slices.Contains(b, k) {
			return false
		}
	}
	return true
}

// number gives o's listeners a number JavaScript calls back with.
func (t *Tree) number(o *node) {
	if o.id == 0 {
		t.nextID++
		o.id = t.nextID
		t.byID[o.id] = o
	}
}

// forget drops a removed subtree's listener numbers.
func (t *Tree) forget(o *node) {
	if o.id != 0 {
		delete(t.byID, o.id)
	}
	for _, k := range o.kids {
		t.forget(k)
	}
}

// op starts an operation on the node at t.path, navigating the patch's
// cursor there first (up to the common ancestor, then down).
func (t *Tree) op(code string) {
	common := 0
	for common < len(t.sent) && common < len(t.path) && t.sent[common] == t.path[common] {
		common++
	}
	if up := len(t.sent) - common; up > 0 {
		t.begin("u")
		t.num(up)
		t.out = append(t.out, ']')
	}
	if common < len(t.path) {
		t.begin("d")
		for i, c := range t.path[common:] {
			if i > 0 {
				t.out = append(t.out, ',')
			}
			t.num(c)
		}
		t.out = append(t.out, ']')
	}
	t.sent = append(t.sent[:0], t.path...)
	t.begin(code)
	t.out = append(t.out, ',')
}

func (t *Tree) begin(code string) {
	if t.ops > 0 {
		t.out = append(t.out, ',')
	}
	t.ops++
	t.out = append(t.out, `["`...)
	t.out = append(t.out, code...)
	t.out = append(t.out, '"')
	if code == "u" || code == "d" {
		t.out = append(t.out, ',')
	}
}

func (t *Tree) end() {
	if t.out[len(t.out)-1] == ',' { // an operation without arguments
		t.out = t.out[:len(t.out)-1]
	}
	t.out = append(t.out, ']')
}

func (t *Tree) num(i int) { t.out = strconv.AppendInt(t.out, int64(i), 10) }

func (t *Tree) listener(k listenerKey) {
	t.str(k.typ)
	t.out = append(t.out, ',')
	t.out = strconv.AppendBool(t.out, k.capture)
	t.out = append(t.out, ',')
	t.out = strconv.AppendBool(t.out, k.passive)
}

// props writes key, JSON value pairs.
func (t *Tree) props(n *vugu.VGNode) {
	for i, p := range n.Prop {
		if i > 0 {
			t.out = append(t.out, ',')
		}
		t.str(p.Key)
		t.out = append(t.out, ',')
		t.str(string(p.JSONVal))
	}
}

// str writes s as a JSON string, as every JSON writer of the project does
// (invalid UTF-8 as U+FFFD, which JavaScript would show there anyway).
func (t *Tree) str(s string) { t.out = jsonwrite.AppendString(t.out, s) }

// namespaceURI is the URI of a namespace Vugu's parser names.
func namespaceURI(ns string) string {
	switch ns {
	case "svg":
		return "http://www.w3.org/2000/svg"
	case "math":
		return "http://www.w3.org/1998/Math/MathML"
	case "xlink":
		return "http://www.w3.org/1999/xlink"
	case "xml":
		return "http://www.w3.org/XML/1998/namespace"
	case "xmlns":
		return "http://www.w3.org/2000/xmlns/"
	}
	return ""
}

// Nodes counts the nodes last sent (a render's Go walk visits as many).
func (t *Tree) Nodes() int {
	var count func(*node) int
	count = func(n *node) int {
		c := 1
		for _, k := range n.kids {
			c += count(k)
		}
		return c
	}
	if t.root == nil {
		return 0
	}
	return count(t.root)
}
