package benchiefl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// tableSize is the reference's fixed table of sentences (section 3).
const tableSize = 300

// readReference reads a system file as the script does (section 3): every
// line, split on tabs, the id through int(), columns 2-4, the last
// character of column 4 cut. crash says why the script would stop.
func readReference(data string, gold []goldSentence) (items []extraction, crash string) {
	if strings.HasPrefix(data, "\ufeff") {
		crash = "a byte-order mark: int() fails on the first id"
	}
	for num, line := range pyLines(data) {
		cols := strings.Split(line, "\t")
		if len(cols) < 4 {
			if crash == "" {
				crash = fmt.Sprintf("line %d has %d column(s): IndexError", num+1, len(cols))
			}
			continue
		}
		id, ok := pyInt(cols[0])
		switch {
		case !ok:
			if crash == "" {
				crash = fmt.Sprintf("line %d: int() cannot read the id %q", num+1, cols[0])
			}
			continue
		case id > tableSize || id < 1-tableSize:
			if crash == "" {
				crash = fmt.Sprintf("line %d: id %d is outside the table of %d sentences", num+1, id, tableSize)
			}
			continue
		}
		pos := id - 1
		if id <= 0 {
			pos = tableSize + id - 1
		}
		if pos >= len(gold) {
			continue // no sentence there (oiebench leaves it out)
		}
		obj := cutRunes(cols[3], 1)
		items = append(items, extraction{sent: pos, text: cols[1] + " - " + cols[2] + " - " + obj, line: num + 1})
	}
	if len(pyLines(data)) == 0 && crash == "" {
		crash = "no extraction: division by zero"
	}
	return items, crash
}

// readCorrected reads a system file as oiebench's corrected mode does
// (README, "BenchIE^FL"): byte-order marks and blank lines skipped, the
// sentence found by its id, columns after the 4th joined to the object
// unless every line ends in a number (a confidence, dropped).
func readCorrected(data string, gold []goldSentence) []extraction {
	for strings.HasPrefix(data, "\ufeff") {
		data = data[len("\ufeff"):]
	}
	type row struct {
		id, s, r, o string
		extra       []string
		line        int
	}
	var rows []row
	allConf := true
	for num, line := range pyLines(data) {
		line = strings.TrimSuffix(line, "\n")
		if strings.TrimFunc(line, pyIsSpace) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 4 {
			continue // oiebench refuses the file; the generator never writes one
		}
		rw := row{id: strings.TrimFunc(cols[0], pyIsSpace), s: cols[1], r: cols[2], o: cols[3], extra: cols[4:], line: num + 1}
		if len(rw.extra) == 0 {
			allConf = false
		} else if _, err := strconv.ParseFloat(strings.TrimFunc(rw.extra[len(rw.extra)-1], pyIsSpace), 64); err != nil {
			allConf = false
		}
		rows = append(rows, rw)
	}
	byID := map[string]int{} // a repeated id names its first sentence
	for i, e := range gold {
		if _, ok := byID[e.id]; !ok && e.id != "" {
			byID[e.id] = i
		}
	}
	var items []extraction
	for _, rw := range rows {
		extra := rw.extra
		if allConf && len(rows) > 0 {
			extra = extra[:len(extra)-1]
		}
		obj := rw.o
		if len(extra) > 0 {
			obj += " " + strings.Join(extra, " ")
		}
		sent, ok := byID[rw.id]
		if !ok {
			continue // not in the gold: left out
		}
		items = append(items, extraction{sent: sent, text: rw.s + " - " + rw.r + " - " + obj, line: rw.line})
	}
	return items
}

// Evaluate scores a system file against a gold in both modes.
func Evaluate(gold, system []byte) Result {
	entries, crash := readGold(string(gold))
	sents := make([]*sentence, len(entries))
	for i, e := range entries {
		sents[i] = newSentence(e)
	}
	var res Result
	refItems, refCrash := readReference(string(system), entries)
	if crash == "" {
		crash = refCrash
	}
	var mergedCrash bool
	res.Reference, res.RefMatches, mergedCrash = score(sents, entries, refItems, true)
	if crash == "" && mergedCrash {
		crash = "identical adjacent extractions merged into one unit whose second copy claims a synset: IndexError"
	}
	res.Corrected, res.CorMatches, _ = score(sents, entries, readCorrected(string(system), entries), false)
	res.Crash = crash
	return res
}

// score runs sections 8 and 9 in one mode.
func score(sents []*sentence, entries []goldSentence, items []extraction, ref bool) (Score, map[int]Matches, bool) {
	// L: by sentence, then file order.
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return items[order[a]].sent < items[order[b]].sent })
	got := make([][]int, len(items))
	crash := false
	for lo := 0; lo < len(order); {
		hi := lo
		for hi < len(order) && items[order[hi]].sent == items[order[lo]].sent {
			hi++
		}
		s := sents[items[order[lo]].sent]
		if !s.skip {
			var block []string
			for _, i := range order[lo:hi] {
				block = append(block, items[i].text)
			}
			pos, c := s.assign(block, ref)
			crash = crash || c
			for k, i := range order[lo:hi] {
				got[i] = pos[k]
			}
		}
		lo = hi
	}
	byLine := map[int]Matches{}
	for i, it := range items {
		ss := append([]int(nil), got[i]...)
		sort.Ints(ss)
		byLine[it.line] = Matches{Sentence: it.sent, Synsets: ss}
	}
	var sc Score
	sc.Extractions = len(items)
	if ref {
		rows := map[string]int{}
		pooled := map[string][]int{}
		var firsts []int
		for _, i := range order {
			t := items[i].text
			if _, ok := pooled[t]; !ok {
				pooled[t] = []int{}
				firsts = append(firsts, i)
			}
			s := sents[items[i].sent]
			if s.skip {
				continue
			}
			for _, c := range got[i] {
				pooled[t] = append(pooled[t], rows[t]+c+1)
			}
			rows[t] += len(s.forms)
		}
		for _, i := range firsts {
			ps := pooled[items[i].text]
			sort.Ints(ps)
			switch {
			case len(ps) == 0:
			case len(ps) == 1 || ps[len(ps)-1]%10 == 0:
				sc.Matched++
				sc.Credited++
			default:
				sc.Matched++
				sc.Credited += 2
			}
		}
		for _, e := range entries {
			sc.Synsets += len(e.synsets)
		}
	} else {
		for _, i := range order {
			if len(got[i]) > 0 {
				sc.Matched++
				sc.Credited += len(got[i])
			}
		}
		for _, e := range entries {
			for _, syn := range e.synsets {
				if e.id != "" && len(syn) > 0 {
					sc.Synsets++
				}
			}
		}
	}
	if sc.Extractions > 0 {
		sc.Precision = float64(sc.Matched) / float64(sc.Extractions)
	}
	if sc.Synsets > 0 {
		sc.Recall = float64(sc.Credited) / float64(sc.Synsets)
	}
	if sc.Precision+sc.Recall > 0 {
		sc.F1 = 2 * sc.Precision * sc.Recall / (sc.Precision + sc.Recall)
	}
	return sc, byLine, crash
}
