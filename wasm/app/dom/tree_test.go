package dom

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/vugu/vugu"
)

// page is a component whose output is whatever tree a test gives it.
type page struct{ root *vugu.VGNode }

func (p *page) Build(*vugu.BuildIn) *vugu.BuildOut {
	return &vugu.BuildOut{Out: []*vugu.VGNode{p.root}}
}

// el makes an element with attributes (key, value pairs) and children.
func el(tag string, attrs []string, kids ...*vugu.VGNode) *vugu.VGNode {
	n := &vugu.VGNode{Type: vugu.ElementNode, Data: tag}
	for i := 0; i+1 < len(attrs); i += 2 {
		n.Attr = append(n.Attr, vugu.VGAttribute{Key: attrs[i], Val: attrs[i+1]})
	}
	for _, k := range kids {
		n.AppendChild(k)
	}
	return n
}

func text(s string) *vugu.VGNode { return &vugu.VGNode{Type: vugu.TextNode, Data: s} }

// fakeNode is the test's DOM: it applies patches as the script does.
type fakeNode struct {
	tag, text string // text for a text node (tag "")
	attrs     map[string]string
	props     map[string]string
	listeners map[string]int // "type|capture|passive" → number
	inner     *string
	kids      []*fakeNode
	styles    []string // in <head>, on the mount point
}

func (f *fakeNode) html() string {
	if f.tag == "" {
		return f.text
	}
	var b strings.Builder
	b.WriteString("<" + f.tag)
	var ks []string
	for k, v := range f.attrs {
		ks = append(ks, " "+k+"="+v)
	}
	for k, v := range f.props {
		ks = append(ks, " ."+k+"="+v)
	}
	for k, id := range f.listeners {
		ks = append(ks, " @"+k+"#"+string(rune('0'+id)))
	}
	sort.Strings(ks)
	b.WriteString(strings.Join(ks, "") + ">")
	if f.inner != nil {
		b.WriteString("{" + *f.inner + "}")
	}
	for _, k := range f.kids {
		b.WriteString(k.html())
	}
	return b.String() + "</" + f.tag + ">"
}

func build(spec any) *fakeNode {
	switch s := spec.(type) {
	case string:
		return &fakeNode{text: s}
	case map[string]any:
		if c, ok := s["!"]; ok {
			return &fakeNode{tag: "!--", text: c.(string)}
		}
		f := &fakeNode{tag: s["t"].(string)}
		fill(f, s)
		return f
	}
	panic("bad spec")
}

func fill(f *fakeNode, s map[string]any) {
	f.attrs, f.props, f.listeners = map[string]string{}, map[string]string{}, map[string]int{}
	a, _ := s["a"].([]any)
	for i := 0; i < len(a); i += 3 {
		f.attrs[a[i+1].(string)] = a[i+2].(string)
	}
	p, _ := s["p"].([]any)
	for i := 0; i < len(p); i += 2 {
		f.props[p[i].(string)] = p[i+1].(string)
	}
	if l, ok := s["l"].([]any); ok {
		for i := 1; i < len(l); i += 3 {
			f.listeners[listenerName(l[i:])] = int(l[0].(float64))
		}
	}
	if h, ok := s["h"].(string); ok {
		f.inner = &h
	}
	c, _ := s["c"].([]any)
	for _, k := range c {
		f.kids = append(f.kids, build(k))
	}
}

func listenerName(l []any) string {
	b, _ := json.Marshal(l[:3])
	return string(b)
}

// adopted counts what the last "m" kept, split, built and removed, as the
// script's window.oiebenchDOMAdopted does.
var adopted [4]int

// adopt makes the existing element f what spec s says as the script does:
// every node of the same kind (and tag) is kept, a text that HTML joined is
// split, others are built anew.
func adopt(f *fakeNode, s map[string]any) {
	kids := f.kids
	*f = fakeNode{tag: f.tag, styles: f.styles}
	fill(f, s)
	adopted[0]++
	if f.inner != nil {
		return
	}
	spec, _ := s["c"].([]any)
	for i := range spec {
		var old *fakeNode
		if i < len(kids) {
			old = kids[i]
		}
		switch c := spec[i].(type) {
		case string:
			if old != nil && old.tag == "" {
				if _, next := at(spec, i+1).(string); next && len(old.text) > len(c) && strings.HasPrefix(old.text, c) {
					kids = slices.Insert(kids, i+1, &fakeNode{text: old.text[len(c):]})
					adopted[1]++
				}
				old.text = c
				f.kids[i] = old
				adopted[0]++
				continue
			}
			if old != nil {
				kids = slices.Insert(kids, i, f.kids[i])
				adopted[2]++
				continue
			}
		case map[string]any:
			if t, ok := c["t"].(string); ok && old != nil && old.tag == t {
				adopt(old, c)
				f.kids[i] = old
				continue
			} else if text, ok := c["!"].(string); ok && old != nil && old.tag == "!--" {
				old.text = text
				f.kids[i] = old
				adopted[0]++
				continue
			}
		}
		adopted[2]++
	}
	if len(kids) > len(f.kids) {
		adopted[3] += len(kids) - len(f.kids)
	}
}

func at(spec []any, i int) any {
	if i < len(spec) {
		return spec[i]
	}
	return nil
}

// apply runs a patch on the fake DOM rooted at mount.
func apply(t *testing.T, mount *fakeNode, patch []byte) {
	t.Helper()
	var ops [][]any
	if err := json.Unmarshal(patch, &ops); err != nil {
		t.Fatalf("patch is not JSON: %v\n%s", err, patch)
	}
	stack := []*fakeNode{mount}
	for _, o := range ops {
		cur := stack[len(stack)-1]
		switch o[0] {
		case "u":
			stack = stack[:len(stack)-int(o[1].(float64))]
		case "d":
			for _, i := range o[1:] {
				cur = cur.kids[int(i.(float64))]
				stack = append(stack, cur)
			}
		case "S":
			mount.styles = nil
			for _, h := range o[1:] {
				mount.styles = append(mount.styles, h.(string))
			}
		case "m":
			adopted = [4]int{}
			mount.tag = o[1].(map[string]any)["t"].(string) // the mount point takes the root's place
			adopt(mount, o[1].(map[string]any))
		case "a":
			cur.attrs[o[2].(string)] = o[3].(string)
		case "r":
			delete(cur.attrs, o[2].(string))
		case "p":
			for i := 1; i < len(o); i += 2 {
				cur.props[o[i].(string)] = o[i+1].(string)
			}
		case "l":
			cur.listeners[listenerName(o[2:])] = int(o[1].(float64))
		case "L":
			delete(cur.listeners, listenerName(o[2:]))
		case "h":
			h := o[1].(string)
			cur.inner = &h
		case "T":
			cur.text = o[1].(string)
		case "s":
			cur.kids[int(o[1].(float64))] = build(o[2])
		case "x":
			cur.kids = cur.kids[:int(o[1].(float64))]
		case "c":
			for _, s := range o[1:] {
				cur.kids = append(cur.kids, build(s))
			}
		default:
			t.Fatalf("unknown operation %v", o)
		}
	}
}

// renderer builds trees and patches a fake DOM with them.
type renderer struct {
	t     *testing.T
	env   *vugu.BuildEnv
	tree  Tree
	dom   fakeNode
	patch []byte
}

func newRenderer(t *testing.T) *renderer {
	env, err := vugu.NewBuildEnv(vugu.NewEventEnvImpl(&sync.RWMutex{}, nil))
	if err != nil {
		t.Fatal(err)
	}
	return &renderer{t: t, env: env}
}

// render patches the fake DOM with root and checks it then equals root.
func (r *renderer) render(root *vugu.VGNode) {
	r.t.Helper()
	want := fakeOf(root)
	patch, err := r.tree.Patch(r.env.RunBuild(&page{root}))
	if err != nil {
		r.t.Fatal(err)
	}
	r.patch = patch
	if patch != nil {
		apply(r.t, &r.dom, patch)
	}
	if got := r.dom.html(); got != want {
		r.t.Errorf("DOM after the patch\n%s\nis\n%s\nwant\n%s", patch, got, want)
	}
}

// fakeOf is what the fake DOM holds for a tree, listener numbers aside
// (they are checked by the tests that use them).
func fakeOf(n *vugu.VGNode) string {
	var t Tree
	t.byID = map[int]*node{}
	t.out = t.out[:0]
	var root node
	if err := t.create(&vugu.BuildResults{}, &root, n); err != nil {
		panic(err)
	}
	var spec any
	if err := json.Unmarshal(t.out, &spec); err != nil {
		panic(err)
	}
	return build(spec).html()
}

func (r *renderer) wantPatch(want string) {
	r.t.Helper()
	if string(r.patch) != want {
		r.t.Errorf("patch\n%s\nwant\n%s", r.patch, want)
	}
}

func TestFirstRenderMounts(t *testing.T) {
	r := newRenderer(t)
	r.render(el("div", []string{"id", "app"}, el("p", nil, text("a \"quoted\"\n\x01 line")), text("tail")))
	r.wantPatch(`[["m",{"t":"div","a":["","id","app"],"c":[{"t":"p","c":["a \"quoted\"\n\u0001 line"]},"tail"]}]]`)
}

// prerendered fills the fake DOM with what a first screen written from
// root holds.
func (r *renderer) prerendered(root *vugu.VGNode) {
	var spec any
	if err := json.Unmarshal([]byte(r.specOf(root)), &spec); err != nil {
		r.t.Fatal(err)
	}
	r.dom = *build(spec)
	joinTexts(&r.dom)
}

// joinTexts joins adjacent texts and drops empty ones, as HTML written
// and parsed again does.
func joinTexts(f *fakeNode) {
	var kids []*fakeNode
	for _, k := range f.kids {
		if k.tag == "" && k.text == "" {
			continue
		}
		if n := len(kids); n > 0 && k.tag == "" && kids[n-1].tag == "" {
			kids[n-1].text += k.text
			continue
		}
		joinTexts(k)
		kids = append(kids, k)
	}
	f.kids = kids
}

func (r *renderer) specOf(n *vugu.VGNode) string {
	t := Tree{byID: map[int]*node{}}
	if err := t.create(&vugu.BuildResults{}, &node{}, n); err != nil {
		r.t.Fatal(err)
	}
	return string(t.out)
}

func TestFirstRenderAdoptsTheFirstScreen(t *testing.T) {
	r := newRenderer(t)
	r.prerendered(el("div", []string{"id", "app", "data-ready", "prerendered"},
		el("p", []string{"class", "a", "title", "t"}, text("first")),
		el("ul", nil, el("li", nil, text("1")), el("li", nil, text("2"))),
		el("span", nil, text("x")),
		text("surplus")))
	p, first, ul := r.dom.kids[0], r.dom.kids[0].kids[0], r.dom.kids[1]
	r.render(el("div", []string{"data-ready", "table", "id", "app"},
		el("p", []string{"class", "b"}, text("live")),
		el("ul", nil, el("li", nil, text("1")), el("li", nil, text("2"))),
		el("em", nil, text("x"))))
	if r.dom.kids[0] != p || p.kids[0] != first || r.dom.kids[1] != ul {
		t.Error("the first screen's nodes were built again")
	}
	if want := [4]int{8, 0, 1, 1}; adopted != want {
		t.Errorf("kept, split, built, removed %v, want %v", adopted, want)
	}
	r.render(el("div", []string{"data-ready", "table", "id", "app"},
		el("p", []string{"class", "b"}, text("live")),
		el("ul", nil, el("li", nil, text("1")), el("li", nil, text("3"))),
		el("em", nil, text("x"))))
	r.wantPatch(`[["d",1,1,0],["T","3"]]`)
}

// HTML has no adjacent texts and no empty ones: the first screen holds the
// build's texts joined, and the takeover splits them again (an empty one
// too), or adds an empty one before an element it keeps.
func TestFirstRenderSplitsJoinedTexts(t *testing.T) {
	r := newRenderer(t)
	tree := func(last string) *vugu.VGNode {
		return el("div", []string{"id", "app"}, text("\n  "), text("\n  "), el("p", nil, text("a"), text(""), text("b"), el("br", nil), text(last)), text("\n"),
			el("b", nil, text(""), el("br", nil)))
	}
	r.prerendered(tree("c"))
	if len(r.dom.kids) != 4 || len(r.dom.kids[1].kids) != 3 || len(r.dom.kids[3].kids) != 1 {
		t.Fatalf("the first screen's texts are not joined: %s", r.dom.html())
	}
	p, br := r.dom.kids[1], r.dom.kids[1].kids[1]
	r.render(tree("c"))
	if r.dom.kids[2] != p || p.kids[3] != br {
		t.Error("the first screen's nodes were built again")
	}
	if want := [4]int{12, 3, 1, 0}; adopted != want {
		t.Errorf("kept, split, built, removed %v, want %v", adopted, want)
	}
	r.render(tree("d"))
	r.wantPatch(`[["d",2,4],["T","d"]]`)
}

func TestFirstRenderIntoAnEmptyElementBuildsAll(t *testing.T) {
	r := newRenderer(t)
	r.dom = fakeNode{tag: "div"}
	r.render(el("div", []string{"id", "app"}, el("p", nil, text("a")), text("b")))
	if want := [4]int{1, 0, 2, 0}; adopted != want {
		t.Errorf("kept, split, built, removed %v, want %v", adopted, want)
	}
}

func TestUnchangedSendsNothing(t *testing.T) {
	r := newRenderer(t)
	tree := func() *vugu.VGNode {
		return el("div", []string{"id", "app"}, el("ul", nil, el("li", []string{"class", "x"}, text("1")), el("li", nil, text("2"))))
	}
	r.render(tree())
	r.render(tree())
	r.wantPatch("")
}

func TestChangedAttributeAndText(t *testing.T) {
	r := newRenderer(t)
	tree := func(class, second string) *vugu.VGNode {
		return el("div", []string{"id", "app"},
			el("ul", nil, el("li", []string{"class", class, "title", "t"}, text("1")), el("li", nil, text(second))))
	}
	r.render(tree("x", "2"))
	r.render(tree("y", "2"))
	r.wantPatch(`[["d",0,0],["a","","class","y"]]`)
	r.render(tree("y", "3"))
	r.wantPatch(`[["d",0,1,0],["T","3"]]`)
	r.render(tree("z", "4")) // the cursor goes up to the common ancestor only
	r.wantPatch(`[["d",0,0],["a","","class","z"],["u",1],["d",1,0],["T","4"]]`)
}

func TestRemovedAttribute(t *testing.T) {
	r := newRenderer(t)
	r.render(el("div", []string{"id", "app", "hidden", ""}))
	r.render(el("div", []string{"id", "app"}))
	r.wantPatch(`[["r","","hidden"]]`)
}

func TestAddedAndRemovedChildren(t *testing.T) {
	r := newRenderer(t)
	list := func(items ...string) *vugu.VGNode {
		ul := el("ul", nil)
		for _, s := range items {
			ul.AppendChild(el("li", nil, text(s)))
		}
		return el("div", []string{"id", "app"}, ul)
	}
	r.render(list("a", "b"))
	r.render(list("a", "b", "c", "d"))
	r.wantPatch(`[["d",0],["c",{"t":"li","c":["c"]},{"t":"li","c":["d"]}]]`)
	r.render(list("a"))
	r.wantPatch(`[["d",0],["x",1]]`)
	r.render(list("b", "a")) // by position: the first item's text changes, the second is added
	r.wantPatch(`[["d",0,0,0],["T","b"],["u",2],["c",{"t":"li","c":["a"]}]]`)
}

func TestReplacedKind(t *testing.T) {
	r := newRenderer(t)
	r.render(el("div", nil, el("p", nil, text("x")), text("y")))
	r.render(el("div", nil, el("span", nil, text("x")), el("b", nil)))
	r.wantPatch(`[["s",0,{"t":"span","c":["x"]}],["s",1,{"t":"b"}]]`)
}

func TestInnerHTML(t *testing.T) {
	r := newRenderer(t)
	inner := func(h string) *vugu.VGNode {
		n := el("div", nil, el("svg", nil))
		n.FirstChild.Namespace = "svg"
		n.FirstChild.SetInnerHTML(vugu.HTML(h))
		return n
	}
	r.render(inner("<path/>"))
	r.render(inner("<path/>"))
	r.wantPatch("")
	r.render(inner("<circle/>"))
	r.wantPatch(`[["d",0],["h","<circle/>"]]`)
	r.render(el("div", nil, el("svg", nil, text("t")))) // innerHTML gone: replaced
	r.wantPatch(`[["s",0,{"t":"svg","c":["t"]}]]`)
}

func TestPropertiesSentEveryRender(t *testing.T) {
	r := newRenderer(t)
	box := func(checked string) *vugu.VGNode {
		in := el("input", []string{"type", "checkbox"})
		in.Prop = []vugu.VGProperty{{Key: "checked", JSONVal: []byte(checked)}}
		return el("div", nil, in)
	}
	r.render(box("true"))
	r.render(box("true")) // the person may have unchecked it meanwhile
	r.wantPatch(`[["d",0],["p","checked","true"]]`)
}

// Listeners are sent when their keys change, and an event finds the handler
// of the latest build.
func TestListenersAndLatestHandler(t *testing.T) {
	r := newRenderer(t)
	var got string
	button := func(name string, events ...string) *vugu.VGNode {
		b := el("button", nil)
		for _, e := range events {
			b.DOMEventHandlerSpecList = append(b.DOMEventHandlerSpecList,
				vugu.DOMEventHandlerSpec{EventType: e, Func: func(vugu.DOMEvent) { got = name }})
		}
		return el("div", nil, text("x"), b)
	}
	r.render(button("first", "click"))
	r.wantPatch(`[["m",{"t":"div","c":["x",{"t":"button","l":[1,"click",false,false]}]}]]`)
	r.render(button("second", "click"))
	r.wantPatch("")
	r.tree.Handler(1, "click", false, "")(nil)
	if got != "second" {
		t.Errorf("the click ran the %s build's handler, want the second's", got)
	}
	if r.tree.Handler(1, "click", true, "") != nil || r.tree.Handler(1, "keydown", false, "") != nil {
		t.Error("a handler was found for an event the element does not listen to")
	}
	r.render(button("third", "keydown"))
	r.wantPatch(`[["d",1],["L",1,"click",false,false],["l",1,"keydown",false,false]]`)
	r.render(el("div", nil, text("x")))
	if r.tree.Handler(1, "keydown", false, "") != nil {
		t.Error("the removed button's handler is still found")
	}
}

// An event whose element a later render replaced goes to the element of
// the latest build with the same id attribute; with no id, or none that
// listens, it goes nowhere.
func TestHandlerOfReplacedElementByID(t *testing.T) {
	r := newRenderer(t)
	var got string
	view := func(tag, name string) *vugu.VGNode {
		b := el(tag, []string{"id", "tab-scores"})
		b.DOMEventHandlerSpecList = []vugu.DOMEventHandlerSpec{{EventType: "click", Func: func(vugu.DOMEvent) { got = name }}}
		other := el("span", []string{"id", "quiet"})
		return el("div", nil, other, b)
	}
	r.render(view("button", "first"))
	// Another tag: the element is replaced, its number is gone (patched
	// without render's check, whose fresh DOM would number it 1).
	if _, err := r.tree.Patch(r.env.RunBuild(&page{view("a", "second")})); err != nil {
		t.Fatal(err)
	}
	if h := r.tree.Handler(1, "click", false, ""); h != nil {
		t.Fatal("the replaced element's number still finds a handler")
	}
	h := r.tree.Handler(1, "click", false, "tab-scores")
	if h == nil {
		t.Fatal("the event of the replaced element found no element with its id")
	}
	h(nil)
	if got != "second" {
		t.Errorf("the click ran the %s build's handler, want the second's", got)
	}
	if r.tree.Handler(1, "keydown", false, "tab-scores") != nil {
		t.Error("a handler was found for an event the element with the id does not listen to")
	}
	if r.tree.Handler(1, "click", false, "quiet") != nil || r.tree.Handler(1, "click", false, "nowhere") != nil {
		t.Error("an element without listeners, or no element, took the event")
	}
}

// Components and templates are replaced by what they hold.
func TestComponentsAndTemplates(t *testing.T) {
	r := newRenderer(t)
	inner := &page{el("em", nil, text("in"))}
	root := el("div", nil, el("", nil, text("a"), text("b")), &vugu.VGNode{Type: vugu.ElementNode, Component: inner})
	out := &vugu.BuildOut{Out: []*vugu.VGNode{root}, Components: []vugu.Builder{inner}}
	patch, err := r.tree.Patch(r.env.RunBuild(&built{out}))
	if err != nil {
		t.Fatal(err)
	}
	if want := `[["m",{"t":"div","c":["a","b",{"t":"em","c":["in"]}]}]]`; string(patch) != want {
		t.Errorf("patch\n%s\nwant\n%s", patch, want)
	}
}

type built struct{ out *vugu.BuildOut }

func (b *built) Build(*vugu.BuildIn) *vugu.BuildOut { return b.out }

// A larger page: random edits, each checked against a fresh render.
func TestManyEdits(t *testing.T) {
	r := newRenderer(t)
	table := func(rows int, mark int, word string) *vugu.VGNode {
		tb := el("tbody", nil)
		for i := 0; i < rows; i++ {
			cls := "row"
			if i == mark {
				cls = "row mark"
			}
			tb.AppendChild(el("tr", []string{"class", cls}, el("td", nil, text(word)), el("td", nil, text(string(rune('a'+i%26))))))
		}
		return el("div", []string{"id", "app"}, el("table", nil, tb), text(word))
	}
	for i, step := range []struct {
		rows, mark int
		word       string
	}{{10, 0, "x"}, {10, 3, "x"}, {12, 3, "y"}, {4, 9, "y"}, {0, 0, ""}, {5, 1, "z"}} {
		r.render(table(step.rows, step.mark, step.word))
		if i == 1 && strings.Count(string(r.patch), `["a"`) != 2 {
			t.Errorf("moving the mark sent %s, want two class changes", r.patch)
		}
	}
}

// Components' style tags go to <head> once each, and again only when they
// change.
func TestStyles(t *testing.T) {
	r := newRenderer(t)
	style := func(css string) *vugu.VGNode { return el("style", []string{"media", "screen"}, text(css)) }
	page := func(css string) *built {
		a := &built{&vugu.BuildOut{Out: []*vugu.VGNode{el("b", nil)}, CSS: []*vugu.VGNode{style(css)}}}
		b := &built{&vugu.BuildOut{Out: []*vugu.VGNode{el("i", nil)}, CSS: []*vugu.VGNode{style(css)}}}
		root := el("div", nil, &vugu.VGNode{Type: vugu.ElementNode, Component: a}, &vugu.VGNode{Type: vugu.ElementNode, Component: b})
		return &built{&vugu.BuildOut{Out: []*vugu.VGNode{root}, Components: []vugu.Builder{a, b}}}
	}
	for _, step := range []struct{ css, want string }{
		{"p{color:red}", `[["S","<style media=\"screen\">p{color:red}</style>"],["m",{"t":"div","c":[{"t":"b"},{"t":"i"}]}]]`},
		{"p{color:red}", ``},
		{"p>a{}", `[["S","<style media=\"screen\">p>a{}</style>"]]`},
	} {
		patch, err := r.tree.Patch(r.env.RunBuild(page(step.css)))
		if err != nil {
			t.Fatal(err)
		}
		if string(patch) != step.want {
			t.Errorf("patch\n%s\nwant\n%s", patch, step.want)
		}
	}
}

// Strings reach JavaScript's JSON.parse as they are.
func TestStringsRoundTrip(t *testing.T) {
	for _, s := range []string{"", "plain", `"q" \ back`, "tab\tnl\ncr\r\x00\x1f", "ü → 😀 \u2028\u2029", "</script>"} {
		var tr Tree
		tr.str(s)
		var got string
		if err := json.Unmarshal(tr.out, &got); err != nil || got != s {
			t.Errorf("%q was written %s, read back %q (%v)", s, tr.out, got, err)
		}
	}
}

// A subtree built from the very nodes last sent (a memoised component's
// output) is trusted and not walked; one holding properties or a component
// is walked still, since those may change under the same node.
func TestSameNodesNotWalked(t *testing.T) {
	r := newRenderer(t)
	kept := el("li", []string{"class", "kept"}, text("1"))
	checkbox := el("input", []string{"type", "checkbox"})
	checkbox.Prop = []vugu.VGProperty{{Key: "checked", JSONVal: []byte("true")}}
	withProp := el("li", nil, checkbox)
	r.render(el("ul", nil, kept, withProp))
	kept.FirstChild.Data = "changed in place" // no build does this: it shows the walk is skipped
	patch, err := r.tree.Patch(r.env.RunBuild(&page{el("ul", nil, again(kept), again(withProp))}))
	if err != nil {
		t.Fatal(err)
	}
	if want := `[["d",1,0],["p","checked","true"]]`; string(patch) != want {
		t.Errorf("the same nodes again sent\n%s\nwant\n%s", patch, want)
	}
	apply(t, &r.dom, patch)
	kept.FirstChild.Data = "1"
	r.render(el("ul", nil, el("li", []string{"class", "kept"}, text("2")), again(withProp))) // new nodes: compared
	r.wantPatch(`[["d",0,0],["T","2"],["u",2],["d",1,0],["p","checked","true"]]`)

	inner := &page{el("em", nil, text("in"))}
	holder := el("p", nil, &vugu.VGNode{Type: vugu.ElementNode, Component: inner})
	out := &vugu.BuildOut{Out: []*vugu.VGNode{el("div", nil, holder)}, Components: []vugu.Builder{inner}}
	var tree Tree
	if _, err := tree.Patch(r.env.RunBuild(&built{out})); err != nil {
		t.Fatal(err)
	}
	inner.root = el("em", nil, text("out"))
	out.Out = []*vugu.VGNode{el("div", nil, again(holder))}
	if patch, err = tree.Patch(r.env.RunBuild(&built{out})); err != nil {
		t.Fatal(err)
	}
	if want := `[["d",0,0,0],["T","out"]]`; string(patch) != want {
		t.Errorf("a component's new output under the same node sent\n%s\nwant\n%s", patch, want)
	}
}

// again takes n out of its parent, to be placed in another build's tree.
func again(n *vugu.VGNode) *vugu.VGNode {
	n.Parent, n.PrevSibling, n.NextSibling = nil, nil, nil
	return n
}
