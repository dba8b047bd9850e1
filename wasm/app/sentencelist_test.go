package main

import (
	"slices"
	"testing"

	"github.com/oiebench/oiebench/ui"
)

// The Sentences view's list is computed after the table, while the Scores
// view is shown: the view's first render finds it made.
func TestSentenceListAhead(t *testing.T) {
	a := boot(t, newFakeBrowser())
	a.waitUntil(t, "the sentence list computed ahead", func(m *ui.Model) bool { return !m.SentenceListDue() })
	a.env.Lock()
	defer a.env.UnlockOnly()
	m := a.m
	if m.Prefs.View == ui.ViewSentences {
		t.Fatal("the Sentences view is shown: its render, not the work after the table, may have listed the sentences")
	}
	if got, want := (&ui.SentencesView{M: m}).List(), m.Explorer.Sentences(m.SentenceFilter()); len(got) != 300 || !slices.Equal(got, want) {
		t.Errorf("the list computed ahead has %d sentences, not the %d of the filter", len(got), len(want))
	}
}
