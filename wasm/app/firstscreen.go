package main

import (
	"encoding/hex"
	"encoding/json"
	"slices"
	"sync/atomic"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/digest"
	"github.com/oiebench/oiebench/ui"
)

// The first screen. ./build.sh build runs this program natively
// (firstscreen_native.go): it starts the app as a fresh visitor's page
// does, with the bundled data, waits until the page is settled (BenchIE
// English, nine systems, three facets, the gold's statistics, CaRB's
// columns), and writes what Vugu renders of it into dist/index.html, with
// the digest of the report on screen. The browser shows it as soon as the
// HTML is parsed; the evaluator, once started, holds its own renders until
// its first table is ready, then takes over the same DOM, and when it has
// settled on the same view it compares its report's digest with the one
// written at build time: a difference is an error on screen.

// firstScreen is what the shell's first screen shows: its source and the
// digest of its report, or "" when the shell has none (a page built
// without it).
type firstScreen struct {
	Source string
	Digest string
}

// firstState follows the first screen in the page: hold is set while the
// evaluator must not render over it; due while its digest is still to be
// compared with the report on screen.
type firstState struct {
	want      firstScreen
	hold, due atomic.Bool
}

// reportDigest is the digest of the numbers on screen: the report's JSON
// (the CLI's contract) and the table's bootstrap intervals, the same bytes
// the build and the page compute.
func reportDigest(m *ui.Model) (string, error) {
	b, err := m.Eval.Report.Render("json")
	if err != nil {
		return "", err
	}
	iv, err := json.Marshal(m.Analyses.Intervals)
	if err != nil {
		return "", err
	}
	h := digest.New()
	h.Write(b)
	h.Write([]byte("\n"))
	h.Write(iv)
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// onFirstView tells whether the page shows the first screen's view of
// source: its gold, no file of the user, the default options (the lock is
// held).
func (a *app) onFirstView(source string) bool {
	if a.source != source || len(a.m.Files) > 0 || a.m.Fatal != "" {
		return false
	}
	o := a.options
	return !o.ReferenceCompat && !o.FL && slices.Equal(o.Facets, defaultOptions().Facets)
}

// firstSettled tells whether the screen shows a first screen's view of
// source, complete: the table final, the gold's statistics counted and the
// work after the table done (the lock is held).
func (a *app) firstSettled(source string) bool {
	return a.onFirstView(source) && a.firstLaidOut() && a.extrasIdle()
}

// firstLaidOut tells whether the screen has everything that takes room on
// the first screen: the final table (CaRB's columns included) and the
// gold's statistics (the lock is held).
func (a *app) firstLaidOut() bool {
	m := a.m
	return m.Eval != nil && m.Eval.Report.Gold.Stats != nil && (&ui.Root{M: m}).Ready() == "table"
}

// defaultOptions are a fresh visitor's options: every facet, the paper's rule.
func defaultOptions() ui.Options { return ui.Options{Facets: benchie.Facets} }

// initFirst reads the shell's first screen; the evaluator holds its
// renders while it is on screen.
func (a *app) initFirst(f firstScreen) {
	a.first.want = f
	a.first.hold.Store(f.Digest != "")
	a.first.due.Store(f.Digest != "")
}

// holding tells the render loop to leave the first screen as it is, and
// ends the hold once the page's own screen may replace it: when it has
// everything that takes room on the first screen, so that taking over
// moves nothing on the page (no layout shift), or when it shows another
// view than the first screen's (the lock is held, for reading at least).
// Input made meanwhile is queued by dist/loader.js, not lost.
func (a *app) holding() bool {
	if !a.first.hold.Load() {
		return false
	}
	if a.onFirstView(a.first.want.Source) && !a.firstLaidOut() {
		return true
	}
	a.first.hold.Store(false)
	return false
}

// release ends the hold: the evaluator's own screen is rendered from now on.
func (a *app) release() {
	if a.first.hold.Swap(false) {
		a.env.Lock()
		a.env.UnlockRender()
	}
}

// checkFirst compares, once, the report on screen with the first screen's
// digest, when the screen shows that view settled; a difference is shown
// as an error (the numbers on screen are then the page's own).
func (a *app) checkFirst() {
	if !a.first.due.Load() {
		return
	}
	a.env.Lock()
	if !a.firstSettled(a.first.want.Source) || !a.first.due.Swap(false) {
		a.env.UnlockOnly()
		return
	}
	got, err := reportDigest(a.m)
	a.br.Mark("oiebench-first-checked")
	if err == nil && got == a.first.want.Digest {
		a.env.UnlockOnly()
		return
	}
	if err != nil {
		got = err.Error()
	}
	a.m.FirstScreenDiffers = "The first table, computed when this page was built, differs from the one this browser computed (built " +
		a.first.want.Digest + ", computed here " + got + "): the table now shows this browser's numbers. Please report this."
	a.env.UnlockRender()
}
