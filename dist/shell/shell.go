// Package shell edits the regions of the page's shell (dist/index.html)
// that tools write: the first screen. It imports nothing of the site, so
// that the page itself can use it (making an exercise file) without the
// site's HTTP handler.
package shell

import (
	"bytes"
	"fmt"
)

// The shell's first screen, the bundled benchmark's table that a visitor
// sees before the evaluator has started, lies between these markers in
// index.html; ./build.sh build writes it (wasm/app's -first).
const (
	FirstScreenBegin = "<!-- first screen: written by ./build.sh build (go run ./wasm/app -first dist/index.html) -->\n"
	FirstScreenEnd   = "<!-- /first screen -->"
)

// bootScreen is what a page shows until its evaluator has started when it
// does not hold the first screen's benchmark.
const bootScreen = `<div id="app" class="app">
  <div class="boot">
    <h1>oiebench</h1>
    <p class="boot-status" role="status"><span class="spinner" aria-hidden="true"></span> Starting the evaluator…</p>
  </div>
</div>
`

// WithFirstScreen puts first between the shell's first-screen markers.
func WithFirstScreen(shell, first []byte) ([]byte, error) {
	i := bytes.Index(shell, []byte(FirstScreenBegin))
	j := bytes.Index(shell, []byte(FirstScreenEnd))
	if i < 0 || j < i {
		return nil, fmt.Errorf("the shell has no first-screen markers (%q … %q)", FirstScreenBegin, FirstScreenEnd)
	}
	var out bytes.Buffer
	out.Write(shell[:i+len(FirstScreenBegin)])
	out.Write(first)
	out.Write(shell[j:])
	return out.Bytes(), nil
}

// WithoutFirstScreen replaces the shell's first screen by a starting
// notice: for a page that does not embed the benchmark the first screen
// shows (an exercise file), which would otherwise show a table it does not
// hold until its evaluator replaced it.
func WithoutFirstScreen(shell []byte) ([]byte, error) {
	return WithFirstScreen(shell, []byte(bootScreen))
}
