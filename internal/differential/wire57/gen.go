package wire57

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Spaces are what the generator puts between and around predicted words:
// every white space kind Python's split knows, and U+200B, which it does
// not.
var Spaces = []string{" ", "  ", "\t", "\u00a0", "\u2003", "\u3000", "\u001c", "\u001f", "\u0085", "\u200b", "\u2028"}

var vocab = []string{"Obama", "was", "born", "in", "Hawaii", "the", "US", "president", "of", "1961", "he", "is", "a", "state"}

// Generate writes a gold and a system JSON file from seed: small
// sentences whose tuples have inferred words, empty slots and extra
// arguments, and predictions made from the gold's own words, perturbed
// (white space of every kind inside and around slots, extra arguments
// added, dropped or reordered, words moved across slots, case, repeated
// and missing words, duplicates, unknown sentence ids).
func Generate(seed uint64) (gold, system []byte) {
	r := rand.New(rand.NewPCG(seed, 57))
	slot := func(allowEmpty bool) goldSlot {
		n := 1 + r.IntN(3)
		if allowEmpty && r.IntN(6) == 0 {
			n = 0
		}
		s := goldSlot{Words: []string{}, WordsIndexes: []any{}}
		for i := 0; i < n; i++ {
			s.Words = append(s.Words, vocab[r.IntN(len(vocab))])
			switch r.IntN(6) {
			case 0:
				s.WordsIndexes = append(s.WordsIndexes, "inf")
			case 1:
				s.WordsIndexes = append(s.WordsIndexes, []any{float64(i), 0.5})
			default:
				s.WordsIndexes = append(s.WordsIndexes, float64(i))
			}
		}
		return s
	}
	docs := map[string][]goldSentence{}
	sys := map[string][]prediction{}
	for d := 0; d < 1+r.IntN(2); d++ {
		doc := "D" + strconv.Itoa(d)
		for si := 0; si < 1+r.IntN(3); si++ {
			s := goldSentence{ID: doc + " " + strconv.Itoa(si)}
			for t := 0; t < 1+r.IntN(4); t++ {
				gt := goldTuple{Arg1: slot(false), Rel: slot(false), Arg2: slot(true), Arg3: []goldSlot{}}
				for a := 0; a < r.IntN(3)-1; a++ {
					gt.Arg3 = append(gt.Arg3, slot(false))
				}
				s.Tuples = append(s.Tuples, gt)
			}
			docs[doc] = append(docs[doc], s)
			for _, gt := range s.Tuples {
				for n := 0; n < r.IntN(3); n++ {
					sys[s.ID] = append(sys[s.ID], perturb(r, gt))
				}
			}
			if r.IntN(3) == 0 { // words of the sentence, at random
				sys[s.ID] = append(sys[s.ID], prediction{Arg1: vocab[r.IntN(len(vocab))], Rel: vocab[r.IntN(len(vocab))], Arg2: vocab[r.IntN(len(vocab))]})
			}
		}
	}
	if r.IntN(4) == 0 {
		sys["no such sentence"] = []prediction{{Arg1: "a", Rel: "b", Arg2: "c"}}
	}
	type sentJSON struct {
		ID     string      `json:"id"`
		Sent   string      `json:"sent"`
		Tuples []goldTuple `json:"tuples"`
	}
	out := map[string][]sentJSON{}
	for doc, ss := range docs {
		for _, s := range ss {
			out[doc] = append(out[doc], sentJSON{s.ID, strings.Join(vocab, " "), s.Tuples})
		}
	}
	gold, _ = json.Marshal(out)
	system, _ = json.Marshal(sys)
	return gold, system
}

func perturb(r *rand.Rand, gt goldTuple) prediction {
	sp := func() string { return Spaces[r.IntN(len(Spaces))] }
	join := func(s goldSlot) string { return strings.Join(s.Words, " ") }
	p := prediction{Arg1: join(gt.Arg1), Rel: join(gt.Rel), Arg2: join(gt.Arg2)}
	for _, a := range gt.Arg3 {
		p.Arg3 = append(p.Arg3, join(a))
	}
	slots := []*string{&p.Arg1, &p.Rel, &p.Arg2}
	switch r.IntN(12) {
	case 0: // white space at an edge
		s := slots[r.IntN(3)]
		*s = sp() + *s
	case 1: // white space inside
		s := slots[r.IntN(3)]
		*s = strings.Replace(*s, " ", sp(), 1)
	case 2: // an extra argument added
		p.Arg3 = append(p.Arg3, vocab[r.IntN(len(vocab))])
	case 3: // the extra arguments dropped
		p.Arg3 = nil
	case 4: // an extra argument first
		p.Arg3 = append([]string{"in 1961"}, p.Arg3...)
	case 5: // a word moved across slots
		if w := strings.Fields(p.Arg1); len(w) > 1 {
			p.Arg1, p.Rel = w[0], strings.Join(w[1:], " ")+" "+p.Rel
		}
	case 6: // case
		p.Rel = strings.ToUpper(p.Rel)
	case 7: // a word repeated
		p.Arg2 = p.Arg2 + " " + p.Arg2
	case 8: // a slot emptied
		*slots[r.IntN(3)] = ""
	case 9: // a word dropped (an inferred one, maybe)
		if w := strings.Fields(p.Rel); len(w) > 1 {
			p.Rel = strings.Join(w[1:], " ")
		}
	case 10: // white space at the end of an extra argument
		if len(p.Arg3) > 0 {
			p.Arg3[0] += sp()
		}
	}
	return p
}
