package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
	"github.com/vugu/vugu/js"
)

// browser is what the app needs from the page around it. The methods that
// wait (assets, files, storage, yielding) must be called from a goroutine of
// their own, never from an event handler and never under the EventEnv lock:
// they wait for the browser's event loop.
type browser interface {
	// Asset returns a file of the site (data/...), fetched or embedded.
	Asset(path string) ([]byte, error)
	// ReadFiles reads the File objects of an array (see app.AddFiles).
	ReadFiles(files js.Value) []pickedFile
	// LoadFiles returns the user's stored files; an error means no storage.
	LoadFiles() ([]storedFile, error)
	PutFile(f storedFile) error
	DeleteFile(id string) error
	// LoadState and SaveState keep the options and view state (synchronous).
	LoadState() (savedState, bool)
	SaveState(s savedState)
	// Link reads the address's fragment (ui.Link); SetLink replaces it
	// without a new history entry.
	Link() string
	SetLink(fragment string)
	// Yield lets the browser handle events before work goes on.
	Yield()
	// Paint waits until the browser has painted what was rendered.
	Paint()
	Download(name, mime, text string)
	// Gzip compresses data as gzip does, for the exercise files the page
	// makes (singlefile.BundleWith).
	Gzip(data []byte) ([]byte, error)
	Copy(text string)
	// Unsaved tells whether the studio has changes not yet stored: while it
	// has, closing or leaving the page asks first (loader.js).
	Unsaved(pending bool)
	// Mark records a moment in the page's performance timeline (bench).
	Mark(name string)
	// FirstScreen is the first screen the shell shows (firstscreen.go).
	FirstScreen() firstScreen
	// Score posts a scorer job (scorerjob.go's bytes) to the scorer Web
	// Worker and returns its reply; an error means no Worker answered (none
	// started, or it stopped): the page then runs the job itself.
	Score(job []byte) ([]byte, error)

	// The page effects (effects_js.go, through remote_js.go's effect):
	// each is a name and plain arguments and asks nothing back, so that the
	// page never has to answer Go at once, and the evaluator Worker posts
	// them as they are.
	//
	// Focus moves focus to the element id: at once, or if it is not on
	// the page yet, after the render that follows; with later, in a task after the render, unless focus moved
	// meanwhile (ui.StudioApp.Focus).
	Focus(id string, later bool)
	// ScrollIntoView scrolls the element a CSS selector names into view,
	// to its nearest edge or its center (block: "nearest", "center").
	ScrollIntoView(selector, block string)
	// StudioKeys gives the page the studio's shortcuts (ui.Studio.KeyRule),
	// by which it prevents a key's default action without asking Go.
	StudioKeys(rule string)
	// KeyDone tells the page that the studio has handled the key it
	// numbered seq: the keys it held meanwhile land where focus is now.
	KeyDone(seq int)
	// SavePNG draws an SVG document scale times its size and downloads it
	// as a PNG file.
	SavePNG(name, svg string, scale float64)
	// ShowReport gives window.oiebench the report on screen: a JSON object
	// of its exports by format (shownReport), or "" when there is none.
	ShowReport(exports string)
}

// noEffects is a browser's page effects where no page shows them (the
// first screen's build).
type noEffects struct{}

func (noEffects) Focus(string, bool)              {}
func (noEffects) ScrollIntoView(string, string)   {}
func (noEffects) StudioKeys(string)               {}
func (noEffects) KeyDone(int)                     {}
func (noEffects) SavePNG(string, string, float64) {}
func (noEffects) ShowReport(string)               {}

// maxFileSize bounds a file the page reads and maxHeldSize all the files it
// holds, checked before a file is read: the WebAssembly memory needed grows
// with the files, about 7.5 MB for each MB of BenchIE gold and systems
// (README, Scale), and a page has at most 4 GB. BenchIE English, its gold
// and nine systems, are 1.4 MB; 100 times over, 139 MB (the gold 77 MB).
const (
	maxFileSize = 200 << 20
	maxHeldSize = 200 << 20
)

// pickedFile is a file the user chose, as read from the browser.
type pickedFile struct {
	Name   string
	Data   []byte
	SHA256 string // of Data, when the browser hashed it (a large gold), or ""
	Err    error  // could not be read
}

// storedFile is a user's file as kept in the browser's storage.
type storedFile struct {
	ID     string        `json:"id"`
	Source string        `json:"source"` // the source it belongs to
	Role   ui.Role       `json:"role"`
	Name   string        `json:"name"`
	Kind   evaluate.Kind `json:"kind"` // chosen by the user; "" = sniffed
	Data   []byte        `json:"-"`
	Added  int64         `json:"added"` // Unix milliseconds, for the order
}

// savedState is what survives a reload besides the files.
type savedState struct {
	Source  string        `json:"source"`
	Options ui.Options    `json:"options"`
	ReadAs  evaluate.Kind `json:"read_as"`
	Prefs   ui.Prefs      `json:"prefs"`
	// Pending is set while the user's stored files are being read and
	// scored for the first time, and cleared once that is done: found set
	// at the next start, the evaluator stopped on them (out of memory, a
	// crash), so they are not opened again without asking (app.start).
	Pending bool `json:"pending,omitempty"`
}

// errNotOffered is the error of a browser call on something the browser
// does not have (syscall/js panics so on a call of undefined).
var errNotOffered = errors.New("this browser does not offer it")

// panicError is the error of a panic caught around a browser call (catch):
// syscall/js's own panics (a call on undefined, a property that is not a
// function) mean the browser lacks what was asked for; any other panic is
// a bug in oiebench, and says so.
func panicError(r any) error {
	msg := fmt.Sprint(r)
	if e, ok := r.(error); ok {
		msg = e.Error()
	}
	if strings.HasPrefix(msg, "syscall/js: ") {
		return errNotOffered
	}
	return fmt.Errorf("internal error: this is a bug in oiebench, please report it (%s)", msg)
}
