package main

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
)

// unusedLog is what vugugen writes so that its generated code compiles
// whether a component logs or not: an import of package log, used by a
// blank variable of each component. The page's views never log, and that
// import alone links log's default logger into the evaluator, and with it
// time's formatting: 10 KB brotli (README, What the page's evaluator is
// made of). internal/layers' TestPageLeavesOut fails if log comes back.
var unusedLog = []string{`import "log"`, `var _ log.Logger`}

// jsonwriteImport is the import an earlier rewrite gave the views for their
// properties' values, which package ui's setProp writes now.
const jsonwriteImport = `import "github.com/oiebench/oiebench/core/jsonwrite"`

// viewCalls are the generated views' most repeated statements, each with the
// call to package ui's helper (ui/view-nodes.go) that builds the same node:
// a text node (1,107 of them in the views), an HTML element (774; SVG's
// keep vugugen's form), an event handler (168), a property (47). Go's
// WebAssembly code for a composite literal, an append or an error check,
// written out at each one, made most of the views' 869 KB of code; as
// calls, 575 KB, and the evaluator packs 29 KB smaller (brotli). A property's value is written by core/jsonwrite, not by
// vjson.Marshal (encoding/json, by reflection): the views set only bools and
// strings, which it writes (it refuses any other type, which the view then
// panics on).
var viewCalls = []struct {
	statement *regexp.Regexp
	call      string
}{
	{regexp.MustCompile(`vgn = &vugu\.VGNode\{Type: vugu\.VGNodeType\(1\), Data: ("(?:[^"\\\n]|\\.)*")\}\n\t*vgparent\.AppendChild\(vgn\)`),
		`vgn = textNode(vgparent, ${1})`},
	{regexp.MustCompile(`vgn = &vugu\.VGNode\{Type: vugu\.VGNodeType\(3\), Namespace: "", Data: ("[^"\\\n]*"), Attr: (\[\]vugu\.VGAttribute(?:\(nil\)|\{[^\n]*\}))\}\n\t*vgparent\.AppendChild\(vgn\)`),
		`vgn = elementNode(vgparent, ${1}, ${2})`},
	{regexp.MustCompile(`vgn\.DOMEventHandlerSpecList = append\(vgn\.DOMEventHandlerSpecList, vugu\.DOMEventHandlerSpec\{\n\t*EventType:\t("[^"\\\n]*"),\n\t*Func:\t\t(func\(event vugu\.DOMEvent\) \{[^\n]*\}),\n\t*// TODO: implement capture, etc\. mostly need to decide syntax\n\t*\}\)`),
		`onEvent(vgn, ${1}, ${2})`},
	{regexp.MustCompile(`\{\n\t*b, err := (?:vjson|jsonwrite)\.Marshal\(([^\n]*)\)\n\t*if err != nil \{\n\t*panic\(err\)\n\t*\}\n\t*vgn\.Prop = append\(vgn\.Prop, vugu\.VGProperty\{Key: ("[^"\\\n]*"), JSONVal: vjson\.RawMessage\(b\)\}\)\n\t*\}`),
		`setProp(vgn, ${2}, ${1})`},
}

// marshals are the calls a property's value written out by vugugen makes;
// none may be left after viewCalls.
var marshals = []string{"vjson.Marshal(", "jsonwrite.Marshal("}

// rewriteViews rewrites a generated file in place: unusedLog's lines (and
// jsonwriteImport) out, viewCalls' statements as calls. It fails, writing
// nothing, if a property's value is set in a form viewCalls does not know
// (vugugen's output changed). Running it twice changes nothing more.
func rewriteViews(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var kept []string
	for _, line := range strings.SplitAfter(string(b), "\n") {
		bare := strings.TrimRight(line, "\r\n")
		if slices.Contains(unusedLog, bare) || bare == jsonwriteImport {
			continue
		}
		kept = append(kept, line)
	}
	out := strings.Join(kept, "")
	for _, v := range viewCalls {
		out = v.statement.ReplaceAllString(out, v.call)
	}
	for _, m := range marshals {
		if i := strings.Index(out, m); i >= 0 {
			line := strings.Count(out[:i], "\n") + 1
			return fmt.Errorf("%s:%d (after the rewrite): %s in a statement views does not know; expected vugugen's property statement (viewCalls)", path, line, m)
		}
	}
	return os.WriteFile(path, []byte(out), 0o644)
}
