package suggest

import (
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
)

// TestQueue decides every suggestion with one call each, undoes one, and
// applies the accepted ones: the systems' extractions they came from are
// then correct.
func TestQueue(t *testing.T) {
	ev := evaluation(t, smallGold,
		"1\tAlice\tmet Bob\tParis\n1\tAlice\tmet Bob in\t2001\n2\tNothing\tis\there\n",
		"1\tAlice\tmet Bob\tParis\n1\tX\tis\tY\n")
	q := NewQueue(ev.Gold.Gold, Suggest(ev), 0)
	if q.Len() != 4 {
		t.Fatalf("%d suggestions queued, want 4", q.Len())
	}
	when := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	it, _ := q.Current()
	if it.Cluster.Triple != [3]string{"Alice", "met Bob", "Paris"} {
		t.Fatalf("first suggestion %v", it.Cluster.Triple)
	}
	if err := q.Decide(AcceptForm, 3, "ann", when); err == nil {
		t.Error("accepted as a form of synset 3 of a sentence with 2")
	}
	if err := q.Decide(AcceptNew, 0, "", when); err == nil {
		t.Error("accepted without who")
	}
	steps := []struct {
		d      Decision
		synset int
	}{{AcceptNew, 0}, {AcceptNew, 0}, {Reject, 0}}
	for _, s := range steps {
		if err := q.Decide(s.d, s.synset, "ann", when); err != nil {
			t.Fatal(err)
		}
	}
	// The first was a form of synset 2, not a new synset: undo three, redo.
	for range 3 {
		if !q.Undo() {
			t.Fatal("nothing to undo")
		}
	}
	if q.Undo() {
		t.Error("undid more than was decided")
	}
	for _, s := range []struct {
		d      Decision
		synset int
	}{{AcceptForm, 2}, {AcceptNew, 0}, {Reject, 0}, {Skip, 0}} {
		if err := q.Decide(s.d, s.synset, "ann", when); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := q.Current(); ok || q.Done() != 4 {
		t.Fatalf("queue not done: %d of %d", q.Done(), q.Len())
	}
	if err := q.Decide(Skip, 0, "", when); err == nil {
		t.Error("decided past the end")
	}
	e := q.Errata("gold.txt", ev.Gold.SHA256)
	if len(e.Entries) != 2 || e.Entries[0].Synset != 2 || e.Entries[1].Synset != 0 || e.Entries[1].When != "2026-11-26T10:00:00Z" {
		t.Fatalf("errata %+v", e.Entries)
	}
	data, err := e.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if e, err = ParseErrata("e.json", data); err != nil {
		t.Fatal(err)
	}
	out, err := e.Apply(ev.Gold)
	if err != nil {
		t.Fatal(err)
	}
	ev2 := evaluation(t, string(out),
		"1\tAlice\tmet Bob\tParis\n1\tAlice\tmet Bob in\t2001\n2\tNothing\tis\there\n")
	if c := ev2.Results[0][string(benchie.Regular)].Counts; c.TP != 2 || c.FP != 1 {
		t.Errorf("after the errata: %+v, want 2 correct and the rejected one incorrect", c)
	}
}

// rfc3339 writes what time.Format(time.RFC3339) writes for UTC times.
func TestRFC3339(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(2026, 11, 26, 10, 41, 4, 999, time.UTC),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 0, time.FixedZone("x", -7*3600)),
		time.Unix(1700000000, 0),
	} {
		if got, want := rfc3339(tm), tm.UTC().Format(time.RFC3339); got != want {
			t.Errorf("rfc3339(%v) = %q, want %q", tm, got, want)
		}
	}
}
