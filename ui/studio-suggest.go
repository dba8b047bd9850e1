package ui

import (
	"strings"
)

// The suggestion queue of the studio: system extractions that no synset of
// the open work accepts, clustered and ranked by core/suggest, decided one
// at a time with one key each (docs/suggest.md). wasm/app keeps the
// suggest.Queue; the model holds what is on screen.

// The decisions, as SuggestApp.DecideSuggestion takes them (the values of
// suggest.Decision).
const (
	SuggestAcceptNew  = "new"
	SuggestAcceptForm = "form"
	SuggestReject     = "reject"
	SuggestSkip       = "skip"
)

// SuggestApp is what the queue asks of wasm/app.
type SuggestApp interface {
	// OpenSuggestions shows the queue's panel for the open work, listing
	// the systems it can pool.
	OpenSuggestions()
	// StartSuggestions builds the queue from the systems chosen, against
	// the open work as it is now.
	StartSuggestions()
	// DecideSuggestion decides the current suggestion; synset is the
	// 1-based synset for SuggestAcceptForm. An accepted one changes the
	// work as one undoable step.
	DecideSuggestion(decision string, synset int)
	// UndoSuggestion takes the last decision back, and its change to the
	// work.
	UndoSuggestion()
	// ExportErrata downloads the accepted suggestions as an errata file.
	ExportErrata()
	// EndSuggestions forgets the queue (what was accepted stays in the work).
	EndSuggestions()
}

// SuggestSystem is a system the queue can pool.
type SuggestSystem struct {
	Key    string // a shipped system ("en/0": data set key / index) or "file:ID"
	Label  string
	Chosen bool
}

// SuggestItem is the suggestion on screen.
type SuggestItem struct {
	SentenceID string
	Text       string
	Rank, Of   int // its rank (from 1) among the sentence's queued clusters
	Triple     [3]string
	Systems    []string
	Members    int // extractions in its cluster
	Closest    int // the closest synset, from 1; 0: the sentence has none
	// Synsets are the triples of each synset of the sentence in the gold
	// the queue was made on: the synsets it can become a form of.
	Synsets [][]string
}

// SuggestQueue is the queue's state in the model.
type SuggestQueue struct {
	Open     bool // the panel is on screen (its keys come first)
	Systems  []SuggestSystem
	Top      int    // clusters per sentence
	Who      string // signs accepted suggestions
	Running  bool   // a queue is made
	Busy     string
	Err      string
	Item     *SuggestItem // nil when every suggestion is decided
	Done     int
	Len      int
	Accepted int
	Target   int // the synset the arrows chose, from 1
	Said     string
}

// SetTarget moves the synset chosen for "accept as a form of" by dir,
// within the synsets of the suggestion's sentence.
func (q *SuggestQueue) SetTarget(dir int) {
	if q.Item == nil || len(q.Item.Synsets) == 0 {
		return
	}
	q.Target = min(max(q.Target+dir, 1), len(q.Item.Synsets))
}

// queueShortcut reports whether a key is one of the queue's while its
// panel is open and, when run is set, runs it.
func (s *Studio) queueShortcut(k KeyPress, run bool) bool {
	q := &s.Suggest
	if k.Key == "Escape" {
		if run {
			q.Open = false
		}
		return true
	}
	if k.InField || k.Alt {
		return false
	}
	app := s.App
	if !q.Running { // the form: Enter starts, wherever focus is
		if k.Key == "Enter" && !(k.Ctrl || k.Meta) {
			if run {
				app.StartSuggestions()
			}
			return true
		}
		return false
	}
	cmd := k.Ctrl || k.Meta
	switch {
	case cmd && strings.EqualFold(k.Key, "z"), !cmd && (k.Key == "u" || k.Key == "Backspace"):
		if run {
			app.UndoSuggestion()
		}
	case cmd:
		return false
	case k.Key == "e":
		if run {
			app.ExportErrata()
		}
	case q.Item == nil:
		return false
	case k.Key == "a":
		if run {
			app.DecideSuggestion(SuggestAcceptNew, 0)
		}
	case len(k.Key) == 1 && k.Key[0] >= '1' && k.Key[0] <= '9':
		if run {
			app.DecideSuggestion(SuggestAcceptForm, int(k.Key[0]-'0')) // a synset it lacks is refused, and said
		}
	case k.Key == "ArrowLeft", k.Key == "ArrowUp":
		if run {
			q.SetTarget(-1)
		}
	case k.Key == "ArrowRight", k.Key == "ArrowDown":
		if run {
			q.SetTarget(1)
		}
	case k.Key == "f", k.Key == "Enter" && !k.OnButton:
		if run && q.Target >= 1 && q.Target <= len(q.Item.Synsets) {
			app.DecideSuggestion(SuggestAcceptForm, q.Target)
		}
	case k.Key == "r":
		if run {
			app.DecideSuggestion(SuggestReject, 0)
		}
	case k.Key == "s":
		if run {
			app.DecideSuggestion(SuggestSkip, 0)
		}
	default:
		return false
	}
	return true
}

// QueuePref is a queue kept across visits: what it was made from and the
// decisions made, replayed on the same gold after a reload.
type QueuePref struct {
	Work    string   `json:"work"`
	Systems []string `json:"systems"`
	Top     int      `json:"top"`
	Who     string   `json:"who"`
	// GoldName and GoldSHA256 name the gold the queue was made on (the
	// work as it was then); Gold is its text, left out when it is the
	// shipped gold GoldName.
	GoldName   string          `json:"gold_name"`
	GoldSHA256 string          `json:"gold_sha256"`
	Gold       string          `json:"gold,omitempty"`
	Decisions  []QueueDecision `json:"decisions"`
}

// QueueDecision is one decision of a kept queue.
type QueueDecision struct {
	Decision string `json:"decision"`
	Synset   int    `json:"synset,omitempty"`
	When     int64  `json:"when"` // Unix seconds (time.Parse would cost the page 60 kB)
}
