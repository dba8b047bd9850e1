package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// vugugenViews is vugugen's output in each form rewriteViews knows (tabs
// and line breaks as vugugen writes them), and forms it must keep: an SVG
// element, a style's text, a logging line.
const vugugenViews = "package ui\n\nimport \"fmt\"\nimport \"log\"\nimport \"github.com/vugu/vjson\"\n" +
	"import \"github.com/oiebench/oiebench/core/jsonwrite\"\n\nvar _ fmt.Stringer\nvar _ log.Logger\n" +
	"func f() {\n" +
	"\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(1), Data: \"\\n  say \\\"hi\\\"\"}\n\t\tvgparent.AppendChild(vgn)\n" +
	"\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"p\", Attr: []vugu.VGAttribute(nil)}\n\t\tvgparent.AppendChild(vgn)\n" +
	"\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"\", Data: \"button\", Attr: []vugu.VGAttribute{{Namespace: \"\", Key: \"title\", Val: \"{a}\"}, vugu.VGAttribute{Namespace: \"\", Key: \"class\", Val: \"b\"}}}\n\t\tvgparent.AppendChild(vgn)\n" +
	"\t\tvgn.DOMEventHandlerSpecList = append(vgn.DOMEventHandlerSpecList, vugu.DOMEventHandlerSpec{\n" +
	"\t\t\tEventType:\t\"click\",\n\t\t\tFunc:\t\tfunc(event vugu.DOMEvent) { c.Go(event, `}`) },\n" +
	"\t\t\t// TODO: implement capture, etc. mostly need to decide syntax\n\t\t})\n" +
	"\t\t{\n\t\t\tb, err := vjson.Marshal(c.On(x) == `)`)\n\t\t\tif err != nil {\n\t\t\t\tpanic(err)\n\t\t\t}\n" +
	"\t\t\tvgn.Prop = append(vgn.Prop, vugu.VGProperty{Key: \"checked\", JSONVal: vjson.RawMessage(b)})\n\t\t}\n" +
	"\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"svg\", Data: \"svg\", Attr: []vugu.VGAttribute(nil)}\n\t\tvgparent.AppendChild(vgn)\n" +
	"\t\tvgn.AppendChild(&vugu.VGNode{Type: vugu.VGNodeType(1), Data: \"\\n.a { b: c; }\\n\", Attr: []vugu.VGAttribute(nil)})\n" +
	"\t\tlog.Print(1)\n}\nvar _ log.Logger"

const rewrittenViews = "package ui\n\nimport \"fmt\"\nimport \"github.com/vugu/vjson\"\n\nvar _ fmt.Stringer\n" +
	"func f() {\n" +
	"\t\tvgn = textNode(vgparent, \"\\n  say \\\"hi\\\"\")\n" +
	"\t\tvgn = elementNode(vgparent, \"p\", []vugu.VGAttribute(nil))\n" +
	"\t\tvgn = elementNode(vgparent, \"button\", []vugu.VGAttribute{{Namespace: \"\", Key: \"title\", Val: \"{a}\"}, vugu.VGAttribute{Namespace: \"\", Key: \"class\", Val: \"b\"}})\n" +
	"\t\tonEvent(vgn, \"click\", func(event vugu.DOMEvent) { c.Go(event, `}`) })\n" +
	"\t\tsetProp(vgn, \"checked\", c.On(x) == `)`)\n" +
	"\t\tvgn = &vugu.VGNode{Type: vugu.VGNodeType(3), Namespace: \"svg\", Data: \"svg\", Attr: []vugu.VGAttribute(nil)}\n\t\tvgparent.AppendChild(vgn)\n" +
	"\t\tvgn.AppendChild(&vugu.VGNode{Type: vugu.VGNodeType(1), Data: \"\\n.a { b: c; }\\n\", Attr: []vugu.VGAttribute(nil)})\n" +
	"\t\tlog.Print(1)\n}\n"

// The generated views lose exactly vugugen's unused import of log, its blank
// uses and an earlier rewrite's import of jsonwrite; each statement of
// viewCalls becomes its call, and nothing else changes; a second run
// changes nothing.
func TestRewriteViews(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gen.go")
	if err := os.WriteFile(path, []byte(vugugenViews), 0o644); err != nil {
		t.Fatal(err)
	}
	for run := 1; run <= 2; run++ {
		if err := rewriteViews(path); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != rewrittenViews {
			t.Errorf("run %d: got\n%s\nwant\n%s", run, got, rewrittenViews)
		}
	}
}

// A property's value set in a form viewCalls does not know fails the
// rewrite, naming its line, and leaves the file as it was.
func TestRewriteViewsUnknownProperty(t *testing.T) {
	in := strings.Replace(vugugenViews, "JSONVal: vjson.RawMessage(b)", "JSONVal: b", 1)
	path := filepath.Join(t.TempDir(), "gen.go")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	err := rewriteViews(path)
	if err == nil || !strings.Contains(err.Error(), path+":13 ") || !strings.Contains(err.Error(), "vjson.Marshal(") {
		t.Errorf("got %v, want an error at %s:13 naming vjson.Marshal(", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != in {
		t.Error("the file changed")
	}
}

// The committed views went through sitebuild views: none of viewCalls'
// statements, nor a Marshal of encoding/json, is left in them.
func TestViewsRewritten(t *testing.T) {
	b, err := os.ReadFile("../../ui/0_components_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range viewCalls {
		if loc := v.statement.FindIndex(b); loc != nil {
			t.Errorf("ui/0_components_gen.go still has %q: run ./build.sh site (sitebuild views)", b[loc[0]:loc[1]])
		}
	}
	for _, m := range marshals {
		if strings.Contains(string(b), m) {
			t.Errorf("ui/0_components_gen.go still calls %s: run ./build.sh site (sitebuild views)", m)
		}
	}
}
