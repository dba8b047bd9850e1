//go:build !(js && wasm)

package main

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"runtime"
	"sync"
	"time"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/dist"
	"github.com/oiebench/oiebench/dist/singlefile"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
	"github.com/vugu/vugu/staticrender"
)

// visitor is a fresh visitor's browser: the site's files as package dist
// embeds them, and storage that holds nothing yet.
type visitor struct{}

func (visitor) Asset(path string) ([]byte, error) { return fs.ReadFile(dist.Site(), path) }
func (visitor) ReadFiles(js.Value) []pickedFile   { return nil }
func (visitor) LoadFiles() ([]storedFile, error)  { return nil, nil }
func (visitor) PutFile(storedFile) error          { return nil }
func (visitor) DeleteFile(string) error           { return nil }
func (visitor) LoadState() (savedState, bool)     { return savedState{}, false }
func (visitor) SaveState(savedState)              {}
func (visitor) Link() string                      { return "" }
func (visitor) SetLink(string)                    {}
func (visitor) Yield()                            { runtime.Gosched() }
func (visitor) Paint()                            { runtime.Gosched() }
func (visitor) Download(name, mime, text string)  {}
func (visitor) Gzip(data []byte) ([]byte, error)  { return singlefile.Gzip(data) }
func (visitor) Copy(string)                       {}
func (visitor) Unsaved(bool)                      {}
func (visitor) Mark(string)                       {}
func (visitor) FirstScreen() firstScreen          { return firstScreen{} }
func (visitor) Score([]byte) ([]byte, error)      { return nil, errNotOffered } // the jobs run in the build
func (visitor) Focus(string)                      {}
func (visitor) ScrollIntoView(string, string)     {}

// renderFirst renders the first view of a fresh visitor's page, settled,
// as HTML (with the record the page reads: the source and the report's
// digest).
func renderFirst() ([]byte, error) {
	a, err := startSettled()
	if err != nil {
		return nil, err
	}
	defer a.env.UnlockOnly()
	return renderScreen(a)
}

// startSettled starts the app as a fresh visitor's page does and returns
// it, locked, once it shows the first view settled.
func startSettled() (*app, error) {
	a := newApp(vugu.NewEventEnvImpl(&sync.RWMutex{}, make(chan bool, 1)), visitor{})
	source := benchmarks.BenchIE[0].Key
	go a.start()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		a.env.Lock()
		if a.m.Fatal != "" {
			a.env.UnlockOnly()
			return nil, errors.New(a.m.Fatal)
		}
		if a.firstSettled(source) && a.requested.Load() == a.scored.Load() {
			return a, nil
		}
		a.env.UnlockOnly()
	}
	return nil, errors.New("the page did not settle on its first view within 2 minutes")
}

// renderScreen renders the screen with its record (the lock is held).
func renderScreen(a *app) ([]byte, error) {
	digest, err := reportDigest(a.m)
	if err != nil {
		return nil, err
	}
	m := *a.m
	m.Prerendered = true
	m.ScoreTime = "" // the build machine's times are not this browser's
	m.Analyses.Took = ""
	env, err := vugu.NewBuildEnv()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	br := env.RunBuild(&ui.Root{M: &m})
	propsAsAttrs(br, br.Out)
	if err := staticrender.New(&b).Render(br); err != nil {
		return nil, err
	}
	page := bytes.TrimSpace(b.Bytes())
	if !bytes.HasPrefix(page, []byte(`<div id="app"`)) {
		return nil, fmt.Errorf("the rendered page is not #app: %.200q", page)
	}
	var out bytes.Buffer
	out.Write(page)
	fmt.Fprintf(&out, "\n<div id=\"first-screen\" hidden data-source=\"%s\" data-digest=\"%s\"></div>\n", html.EscapeString(a.source), digest)
	return out.Bytes(), nil
}

// propsAsAttrs writes the boolean properties the page sets on controls
// (a checked facet, a selected option, a disabled box) as the attributes
// that set them in HTML: the static renderer writes attributes only.
func propsAsAttrs(br *vugu.BuildResults, bo *vugu.BuildOut) {
	if bo == nil {
		return
	}
	var visit func(n *vugu.VGNode)
	visit = func(n *vugu.VGNode) {
		if n.Component != nil {
			propsAsAttrs(br, br.ResultFor(n.Component))
			return
		}
		for _, p := range n.Prop {
			if (p.Key == "checked" || p.Key == "selected" || p.Key == "disabled") && string(p.JSONVal) == "true" {
				n.Attr = append(n.Attr, vugu.VGAttribute{Key: p.Key})
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	for _, n := range bo.Out {
		visit(n)
	}
}
