package suggest

import (
	"fmt"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
)

// Decision is what an annotator made of one suggestion.
type Decision string

// The decisions of the queue, one key each in a studio.
const (
	AcceptNew  Decision = "new"    // the cluster's triple becomes a new synset
	AcceptForm Decision = "form"   // it becomes a triple of an existing synset
	Reject     Decision = "reject" // not a fact of the sentence
	Skip       Decision = "skip"   // undecided; left for later
)

// QueueItem is one suggestion of the queue.
type QueueItem struct {
	Sentence *Sentence
	Rank     int // of the cluster within its sentence, from 0
	Cluster  *Cluster
}

type decided struct {
	item     int
	decision Decision
	entry    Erratum // for AcceptNew and AcceptForm
}

// Queue walks the top clusters of every sentence, in gold order and rank
// order, recording one decision per suggestion; Undo takes the last one
// back. The accepted ones make the errata (Errata).
type Queue struct {
	gold      *benchie.Gold
	items     []QueueItem
	decisions []decided
}

// NewQueue queues the top clusters per sentence (top <= 0: all) of
// suggestions made against gold.
func NewQueue(gold *benchie.Gold, s *Suggestions, top int) *Queue {
	q := &Queue{gold: gold}
	for i := range s.Sentences {
		sen := &s.Sentences[i]
		for r := range sen.Clusters {
			if top > 0 && r >= top {
				break
			}
			q.items = append(q.items, QueueItem{Sentence: sen, Rank: r, Cluster: &sen.Clusters[r]})
		}
	}
	return q
}

// Len is the number of suggestions queued; Done how many are decided.
func (q *Queue) Len() int  { return len(q.items) }
func (q *Queue) Done() int { return len(q.decisions) }

// Current is the next suggestion to decide; false when all are decided.
func (q *Queue) Current() (QueueItem, bool) {
	if len(q.decisions) == len(q.items) {
		return QueueItem{}, false
	}
	return q.items[len(q.decisions)], true
}

// Decide records a decision on the current suggestion. synset is the
// 1-based synset of the gold's sentence for AcceptForm and ignored
// otherwise; who and when sign an accepted one.
func (q *Queue) Decide(d Decision, synset int, who string, when time.Time) error {
	it, ok := q.Current()
	if !ok {
		return fmt.Errorf("every suggestion is decided")
	}
	rec := decided{item: len(q.decisions), decision: d}
	switch d {
	case AcceptNew, AcceptForm:
		if who == "" {
			return fmt.Errorf("an accepted suggestion needs who accepts it")
		}
		rec.entry = Erratum{Sentence: it.Sentence.ID, Triples: [][3]string{it.Cluster.Triple}, Who: who, When: rfc3339(when),
			Note: fmt.Sprintf("suggestion %d of sentence %s: %d systems, %d extractions", it.Rank+1, it.Sentence.ID, len(it.Cluster.Systems), len(it.Cluster.Members))}
		if d == AcceptForm {
			n := len(q.gold.Sentences[it.Sentence.Index].Synsets)
			if synset < 1 || synset > n {
				return fmt.Errorf("sentence %s has synsets 1 to %d, not %d", it.Sentence.ID, n, synset)
			}
			rec.entry.Synset = synset
		}
	case Reject, Skip:
	default:
		return fmt.Errorf("unknown decision %q", d)
	}
	q.decisions = append(q.decisions, rec)
	return nil
}

// Undo takes the last decision back; false when there is none.
func (q *Queue) Undo() bool {
	if len(q.decisions) == 0 {
		return false
	}
	q.decisions = q.decisions[:len(q.decisions)-1]
	return true
}

// Decisions lists the decisions made, parallel to the first Done items.
func (q *Queue) Decisions() []Decision {
	out := make([]Decision, len(q.decisions))
	for i, d := range q.decisions {
		out[i] = d.decision
	}
	return out
}

// Errata are the accepted suggestions as errata of the gold (name and
// checksum as the gold file was read).
func (q *Queue) Errata(goldName, goldSHA256 string) *Errata {
	e := &Errata{Version: ErrataVersion, Gold: goldName, GoldSHA256: goldSHA256, Entries: []Erratum{}}
	for _, d := range q.decisions {
		if d.decision == AcceptNew || d.decision == AcceptForm {
			e.Entries = append(e.Entries, d.entry)
		}
	}
	return e
}

// rfc3339 writes a time in UTC as time.RFC3339 does (seconds, "Z"), for
// years 0 to 9999, without time.Format: the page's evaluator runs the
// queue, and Format's layout machinery would cost it some 60 kB.
func rfc3339(t time.Time) string {
	t = t.UTC()
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	return fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", y, int(mo), d, h, mi, s)
}
