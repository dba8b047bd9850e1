package ui

import (
	"slices"
	"testing"
)

// The queue's keys reach the app only while its panel is open and a queue
// runs; the arrows
// choose the synset f accepts into (a digit beyond the sentence's synsets
// is the app's to refuse); keys in a text field stay there.
func TestQueueKeys(t *testing.T) {
	s, f := studio(t, "He served as the first Prime Minister .\n")
	press := func(keys ...string) {
		for _, k := range keys {
			s.Key(KeyPress{Key: k})
		}
	}
	press("q")
	if !slices.Equal(f.calls, []string{"suggestions"}) {
		t.Fatalf("q: calls %q", f.calls)
	}
	f.calls = nil
	s.Suggest.Open = true
	press("a", "Enter") // the form: a is not the queue's key, Enter starts
	if !slices.Equal(f.calls, []string{"start queue"}) {
		t.Fatalf("a, Enter before the queue runs: calls %q", f.calls)
	}
	f.calls = nil
	s.Suggest.Running = true
	s.Suggest.Item = &SuggestItem{SentenceID: "1", Synsets: [][]string{{"x"}, {"y"}}, Closest: 2}
	press("a", "2", "3", "r", "s", "u", "e", "ArrowRight", "ArrowRight", "ArrowRight", "f", "ArrowLeft", "Enter")
	s.Key(KeyPress{Key: "z", Ctrl: true})
	s.Key(KeyPress{Key: "r", InField: true})
	want := []string{"new 0", "form 2", "form 3", "reject 0", "skip 0", "undo queue", "errata", "form 2", "form 1", "undo queue"}
	if !slices.Equal(f.calls, want) {
		t.Fatalf("calls %q, want %q", f.calls, want)
	}
	press("Escape")
	if s.Suggest.Open {
		t.Error("Escape left the queue open")
	}
	f.calls = nil
	press("r")
	if len(f.calls) != 0 {
		t.Errorf("a closed queue took r: %q", f.calls)
	}
}
