package benchie

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/oiebench/oiebench/core/oie"
)

// Gold is a BenchIE gold file: sentences, each with its fact synsets.
type Gold struct {
	Path      string
	Sentences []*Sentence // in file order
	Warnings  []oie.Warning
	index     map[string]int
	units     unitArena   // the slots as the reader parsed them
	compiled  [2]compiled // parsed slots, made on first use (compile.go)
	// parent is set for a subset (Subset): the gold read from the file, of
	// which picks are the sentences kept, by position.
	parent *Gold
	picks  []int
	stats  struct {
		once    sync.Once
		counted atomic.Bool
		value   Stats
	}
}

// Sentence is a gold sentence with its synsets, in file order.
type Sentence struct {
	oie.Sentence
	Line    int
	Synsets []*Synset
}

// Synset is one fact synset ("cluster"): triples that state the same fact.
type Synset struct {
	Label   string // the header as written, e.g. "1--> Cluster 1:"
	Line    int
	Triples []GoldTriple
	// Junk lists the lines inside the synset that were not understood; the
	// reference keeps them as entries that never match.
	Junk []int
	// JunkText holds those lines' text, parallel to Junk (the reference
	// script reads their first characters as a triple; see junkTriple).
	JunkText []string
	// Implicit marks a synset the reader opened for triples that came
	// before any header (Label is then "(implicit)", for people).
	Implicit bool
	// text is the text the triples' slots are in (see GoldTriple).
	text *goldText
}

// Triple returns the slots of triple i as written: strings of the text the
// synset keeps, not copies. It panics when the triple is a place in
// another text (a GoldTriple appended from a synset of another gold).
func (s *Synset) Triple(i int) oie.Triple {
	t := &s.Triples[i]
	if s.text == nil || t.text != s.text.id {
		panic("benchie: a gold triple read through a synset that does not hold its text (copy it with Synset.Add)")
	}
	return oie.Triple{Subject: t.slotIn(s.text, 0), Relation: t.slotIn(s.text, 1), Object: t.slotIn(s.text, 2)}
}

// Add appends a triple made in memory, as if read on the given line. Its
// slots are copied to the end of a text the synset owns, which starts with
// the gold's text its triples read are in (so they stay where they are):
// copy a triple into another synset with Add, not by appending the
// GoldTriple, which is a place in its synset's text. The synset's copies
// made after its first Add share its text and add to it in turn: none may
// be read while one adds.
func (s *Synset) Add(tr oie.Triple, line int) {
	switch {
	case s.text == nil:
		s.text = &goldText{id: newTextID()}
	case !s.text.Owns(): // the gold's text, which its synsets share
		s.text = &goldText{Text: s.text.Text, id: s.text.id}
	}
	s.Triples = append(s.Triples, s.text.place(tr, line))
}

// GoldTriple is one annotated triple with optional units in brackets; read
// its slots with its synset's Triple.
//
// A GoldTriple holds no pointer, so that the collector does not read the
// millions of a large gold: its slots are a place in the text its synset
// keeps (the gold file's, where the reader found them, and after them the
// synset's own, see Synset.Add). It does not keep that text alive: a
// triple is read through its synset, which does.
type GoldTriple struct {
	Line int
	// off is where the subject starts in the synset's text; each slot is n
	// bytes, the next one len(SlotSeparator) bytes after it.
	off int64
	n   [3]uint32
	// text is the id of the synset's text (goldText.id), which for a gold's
	// text read is also its arena's. When units are kept (by the reader;
	// not for a triple made in memory), they locate the slots as the reader
	// parsed them (for the regular facet) in that arena, so that compiling
	// does not parse them again; see tripleUnits for opens. An id, not a
	// pointer: a triple kept longer than its gold does not keep the gold's
	// units alive, and a triple copied into another gold is parsed again
	// there.
	text  uint32
	units tripleUnits
}

// slotIn returns slot k in the triple's text.
func (t *GoldTriple) slotIn(text *goldText, k int) string {
	at := t.off
	for j := range k {
		at += int64(t.n[j]) + int64(len(SlotSeparator))
	}
	return text.Slice(int(at), int(t.n[k]))
}

// tripleUnits locates in a unitArena the units of a triple's three slots,
// one slot's after another's in one block: 14 bytes, not three unitRefs'
// 36 (docs/reliability.md, "Memory"). opens, in its last byte (kept
// apart, it made a GoldTriple of strings 88 bytes, not 80), has bit k set
// when slot k holds a '[' (BenchIE-M changes only those), bit 3+k when
// that slot is clean (see appendUnits: its BenchIE-M slot is made from its
// units), and unitsKept when its units are kept (the bits above are read
// only then).
type tripleUnits struct {
	block, off int32
	n          [3]uint16
	opens      uint8
}

// unitsKept is the bit of tripleUnits.opens that says its units are kept.
const unitsKept = 1 << 6

// maxSlotUnits is the most units of a slot a tripleUnits locates; a triple
// with a larger slot keeps none (it is then read as a triple made in
// memory).
const maxSlotUnits = 1<<16 - 1

// unitsOf locates the units of slot k (the triple's units must be kept).
func (t *GoldTriple) unitsOf(k int) unitRef {
	off := t.units.off
	for j := range k {
		off += int32(t.units.n[j])
	}
	return unitRef{t.units.block, off, int32(t.units.n[k])}
}

// cleanSlot reports whether slot k was read clean (see appendUnits).
func (t *GoldTriple) cleanSlot(k int) bool {
	return t.units.opens&unitsKept != 0 && t.units.opens&(1<<(3+k)) != 0
}

// holdsOpen reports whether slot k (the slot as written) holds a '['.
func (t *GoldTriple) holdsOpen(k int, slot string) bool {
	if t.units.opens&unitsKept != 0 {
		return t.units.opens&(1<<k) != 0
	}
	return strings.Contains(slot, "[")
}

// readHere reports whether g's reader read t: its units are in g's arena.
func (g *Gold) readHere(t *GoldTriple) bool {
	return t.units.opens&unitsKept != 0 && t.text == g.units.id
}

// arenaOf returns the arena holding the units t was read with: g's, or for
// a subset the whole gold's; nil for a triple made in memory or copied
// from another gold (its slots are then parsed again, to the same units).
func (g *Gold) arenaOf(t *GoldTriple) *unitArena {
	for ; g != nil; g = g.parent {
		if g.readHere(t) {
			return &g.units
		}
	}
	return nil
}

// unitsRead appends the units of slot k of t as its reader read them:
// from their arena when g can find it, else parsed again (the reader
// parses with appendUnits too).
func (g *Gold) unitsRead(dst []Unit, t *GoldTriple, k int, slot string) []Unit {
	if a := g.arenaOf(t); a != nil {
		return a.appendOf(dst, t.unitsOf(k))
	}
	dst, _, _ = appendUnits(dst, slot)
	return dst
}

// unitRef locates the units of a slot in a unitArena; with block
// inlineUnit, it is the slot's one unit, packed: off and n are its
// packedUnit's.
type unitRef struct{ block, off, n int32 }

// inlineUnit is the block of a unitRef that holds its one unit itself.
const inlineUnit = -1

// unitArena keeps units in blocks, the units of one slot in one block, so
// that millions of slots are a few allocations and are found again by a
// unitRef, which holds no pointer. A unit is kept as 8 bytes (packedUnit):
// where its text is in base (the gold's text, of which nearly every unit is
// a substring), not a string of its own (24 bytes a unit were a fifth of
// a large gold's memory, docs/reliability.md "Memory").
type unitArena struct {
	base   string
	blocks []unitBlock
	// id is the id of the text read (goldText.id), which the triples read
	// into the arena hold (GoldTriple.text); a compilation's arena has
	// none (0).
	id uint32
}

// unitBlock is one block of an arena: its units, and the texts of those
// that are not in the arena's base (a slot made in memory, a unit whose
// inner brackets were deleted, a BenchIE-M slot joined from pieces).
type unitBlock struct {
	units []packedUnit
	extra []string
}

// packedUnit is a Unit as an arena keeps it: its text is base[off:off+n],
// or, with the extra bit, the block's extra[off]; n also holds the
// optional bit.
type packedUnit struct{ off, n uint32 }

const (
	unitOptional = 1 << 31
	unitExtra    = 1 << 30
	unitLength   = unitExtra - 1
)

// open makes room for the units of a slot: add them to block b, then call
// ref(b, off).
func (a *unitArena) open() (b, off int) {
	if n := len(a.blocks); n == 0 || cap(a.blocks[n-1].units)-len(a.blocks[n-1].units) < 64 {
		a.blocks = append(a.blocks, unitBlock{units: make([]packedUnit, 0, 4096)})
	}
	b = len(a.blocks) - 1
	return b, len(a.blocks[b].units)
}

// add appends units to block b.
func (a *unitArena) add(b int, units []Unit) {
	a.blocks[b] = a.pack(a.blocks[b], units)
}

// pack appends units to blk, each as where its text is in a.base when it
// is there (found by address: the reader's units are substrings of it).
func (a *unitArena) pack(blk unitBlock, units []Unit) unitBlock {
	for _, u := range units {
		p, ok := a.packInBase(u)
		if !ok {
			p = packedUnit{uint32(len(blk.extra)), unitExtra | p.n}
			blk.extra = append(blk.extra, u.Text)
		}
		blk.units = append(blk.units, p)
	}
	return blk
}

// packInBase packs u as where its text is in a.base; when it is not there
// it returns false, and only u's optional bit.
func (a *unitArena) packInBase(u Unit) (packedUnit, bool) {
	var opt uint32
	if u.Optional {
		opt = unitOptional
	}
	if u.Text == "" {
		return packedUnit{0, opt}, true
	}
	if off, ok := oie.Within(a.base, u.Text); ok && uint64(off)+uint64(len(u.Text)) <= 1<<32-1 && len(u.Text) <= unitLength {
		return packedUnit{uint32(off), uint32(len(u.Text)) | opt}, true
	}
	return packedUnit{n: opt}, false
}

// keep adds units to the arena and returns their ref; a single unit whose
// text is in base is kept in the ref itself (see inlineUnit), not in a
// block: BenchIE-M's slots are mostly one unit (their optional material
// gone), and were a tenth of a large gold's memory with 12 bytes of ref
// and 8 of unit each.
func (a *unitArena) keep(units []Unit) unitRef {
	if len(units) == 1 {
		if p, ok := a.packInBase(units[0]); ok {
			return unitRef{inlineUnit, int32(p.off), int32(p.n)}
		}
	}
	b, off := a.open()
	a.add(b, units)
	return a.ref(b, off)
}

// ref locates the units added to block b since off.
func (a *unitArena) ref(b, off int) unitRef {
	return unitRef{int32(b), int32(off), int32(len(a.blocks[b].units) - off)}
}

// of returns the units a ref locates, unpacked into a new slice.
func (a *unitArena) of(r unitRef) []Unit { return a.appendOf(nil, r) }

// appendOf appends the units a ref locates to dst.
func (a *unitArena) appendOf(dst []Unit, r unitRef) []Unit {
	if r.block == inlineUnit {
		p := packedUnit{uint32(r.off), uint32(r.n)}
		return append(dst, Unit{Text: a.base[p.off : p.off+p.n&unitLength], Optional: p.n&unitOptional != 0})
	}
	blk := &a.blocks[r.block]
	for _, p := range blk.units[r.off : r.off+r.n] {
		u := Unit{Optional: p.n&unitOptional != 0}
		if p.n&unitExtra != 0 {
			u.Text = blk.extra[p.off]
		} else {
			u.Text = a.base[p.off : p.off+p.n&unitLength]
		}
		dst = append(dst, u)
	}
	return dst
}

// Sentence returns the gold sentence with the given ID.
func (g *Gold) Sentence(id string) (*Sentence, bool) {
	i, ok := g.index[id]
	if !ok {
		return nil, false
	}
	return g.Sentences[i], true
}

// SentenceIndex returns the position of the sentence with the given ID.
func (g *Gold) SentenceIndex(id string) (int, bool) {
	i, ok := g.index[id]
	return i, ok
}

// SynsetCount is the number of synsets in the gold: the recall denominator.
func (g *Gold) SynsetCount() int {
	n := 0
	for _, s := range g.Sentences {
		n += len(s.Synsets)
	}
	return n
}

// GoldOptions tune ReadGold.
type GoldOptions struct {
	// Strict turns every oddity the reference tolerates (irregular synset
	// headers, lines that are not understood, bracket slips, empty slots or
	// synsets) into an error. Lenient reading, the default, accepts them with
	// a warning each, exactly as the published files need.
	Strict bool
	// Pause, when set, is called every oie.PauseEvery lines (and between
	// megabytes while the text is checked): the page yields to the browser.
	Pause func()
	// Shared lets the gold share data's memory instead of a copy: data must
	// then never change (see oie.TextOf).
	Shared bool
}

// ReadGold reads a BenchIE gold file. It returns the whole gold or an error
// that names file:line:column; it never returns a partly read gold.
// Natively (no Pause), a large gold is read in parts on every core, cut at
// sentence lines, and the parts joined: the same gold, warnings and errors
// as reading it in one go.
func ReadGold(file string, data []byte, opt GoldOptions) (*Gold, error) {
	parts := 1
	if oie.ManyCores && opt.Pause == nil {
		parts = runtime.GOMAXPROCS(0)
	}
	return readGold(file, data, opt, parts, minPart)
}

// minPart is the fewest bytes of a gold read as a part of its own: a part
// costs a goroutine and the joining of its sentences, a few microseconds.
const minPart = 64 << 10

// readGold reads the gold in at most parts parts of at least minBytes each.
func readGold(file string, data []byte, opt GoldOptions, parts, minBytes int) (*Gold, error) {
	if err := oie.CheckText(file, data, opt.Pause); err != nil {
		return nil, err
	}
	s := oie.TextOf(data, opt.Shared)
	text := &goldText{Text: oie.KeepText(s), id: newTextID()}
	var r *goldReader
	var err error
	if oie.ManyCores && parts > 1 {
		r, err = readInParts(file, text, cutAtSentences(s, parts, minBytes), opt)
	} else {
		r, err = readPart(file, text, part{s, 1}, opt.Strict, opt.Pause)
	}
	if err != nil {
		return nil, err
	}
	if len(r.gold.Sentences) == 0 { // then there is one part: parts start at sentences
		return nil, &oie.ParseError{File: file, Line: max(1, r.last), Msg: "no sentences: expected lines of the form sent_id:ID<TAB>SENTENCE", Err: oie.ErrNoContent}
	}
	if r.unreported > 0 {
		r.gold.Warnings = append(r.gold.Warnings, oie.MoreWarnings(file, r.unreported))
	}
	return r.gold, nil
}

// readInParts reads the parts at once, the first on this goroutine (with
// the pause), and joins them in order into the first part's reader.
func readInParts(file string, text *goldText, cuts []part, opt GoldOptions) (*goldReader, error) {
	readers := make([]*goldReader, len(cuts))
	errs := make([]error, len(cuts))
	var wg sync.WaitGroup
	for i := 1; i < len(cuts); i++ {
		wg.Go(func() { readers[i], errs[i] = readPart(file, text, cuts[i], opt.Strict, nil) })
	}
	r, err := readPart(file, text, cuts[0], opt.Strict, opt.Pause)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	for i := 1; i < len(cuts); i++ {
		if err := r.join(readers[i], cuts[i], errs[i]); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// part is a piece of a gold's text and the number of its first line.
type part struct {
	text  string
	first int
}

// cutAtSentences cuts text into at most n parts, all but the last of at
// least minBytes, every part after the first starting with a sentence line
// ("sent_id:" at the start of a line): there a reader keeps nothing of the
// lines before but the sentence ids (see join).
func cutAtSentences(text string, n, minBytes int) []part {
	minBytes = max(1, minBytes)
	n = max(1, min(n, len(text)/minBytes))
	parts := make([]part, 0, n)
	from, first := 0, 1
	for k := 1; k < n; k++ {
		at := max(from+minBytes, len(text)*k/n)
		if at >= len(text) {
			break
		}
		i := strings.Index(text[at-1:], "\n"+SentencePrefix)
		if i < 0 {
			break
		}
		cut := at + i
		parts = append(parts, part{text[from:cut], first})
		first += strings.Count(text[from:cut], "\n")
		from = cut
	}
	return append(parts, part{text[from:], first})
}

// readPart reads the lines of one part of text (the whole gold's: its
// triples and units are kept as places in it) into a reader of its own;
// the reader holds what it read also when it stops at an error.
func readPart(file string, text *goldText, p part, strict bool, pause func()) (*goldReader, error) {
	r := &goldReader{file: file, strict: strict, text: text, gold: &Gold{Path: file, index: map[string]int{}, units: unitArena{base: text.Kept(), id: text.id}}}
	num := p.first - 1
	for line, rest, ok := oie.NextLine(p.text); ok; line, rest, ok = oie.NextLine(rest) {
		num++
		if err := r.line(num, line); err != nil {
			return r, err
		}
		if pause != nil && num%oie.PauseEvery == 0 {
			pause()
		}
	}
	r.last = num
	err := r.checkSynset()
	r.flushUnits()
	return r, err
}

// join appends the gold q read from the part p that follows r's, which
// stopped at qErr (or nil); it fails as reading in one go would have, at
// the first sentence id q repeats from r, or else with qErr.
func (r *goldReader) join(q *goldReader, p part, qErr error) error {
	g := r.gold
	shift := int32(len(g.units.blocks))
	g.units.blocks = append(g.units.blocks, q.gold.units.blocks...)
	for _, s := range q.gold.Sentences {
		if _, dup := g.index[s.ID]; dup {
			return r.repeated(s.Line, p)
		}
		g.index[s.ID] = len(g.Sentences)
		g.Sentences = append(g.Sentences, s)
		for _, syn := range s.Synsets {
			for i := range syn.Triples {
				if t := &syn.Triples[i]; t.units.opens&unitsKept != 0 {
					t.units.block += shift
				}
			}
		}
	}
	if qErr != nil {
		return qErr
	}
	for _, w := range q.gold.Warnings {
		if len(g.Warnings) < maxWarnings {
			g.Warnings = append(g.Warnings, w)
		} else {
			r.unreported++
		}
	}
	r.unreported += q.unreported
	r.last = q.last
	return nil
}

// repeated is the error of the sentence line num of part p, whose id r
// has read before: that line read again by a reader holding r's sentences.
func (r *goldReader) repeated(num int, p part) error {
	line, rest, _ := oie.NextLine(p.text)
	for n := p.first; n < num; n++ {
		line, rest, _ = oie.NextLine(rest)
	}
	again := goldReader{file: r.file, strict: r.strict, gold: &Gold{Path: r.file, Sentences: r.gold.Sentences, index: r.gold.index}}
	return again.line(num, line)
}

type goldReader struct {
	file       string
	strict     bool
	unreported int       // warnings beyond maxWarnings
	last       int       // the number of the last line read
	text       *goldText // the gold's text, which its triples are places in
	gold       *Gold
	sent       *Sentence
	synset     *Synset
	// The parsed slots of every triple are carved out of blocks (the gold's
	// units; block is the one being filled, the arena's next), so that a
	// large gold is not millions of small allocations; so
	// are the triples of the synsets, the synsets and the sentences: the
	// triples of the open synset gather in pending until it closes.
	block      unitBlock
	slot       []Unit // the units of one slot, before they are packed into block
	pending    []GoldTriple
	tripleArea []GoldTriple
	synsets    []Synset
	sentences  []Sentence
}

// closeSynset moves the triples of the open synset into their block.
func (r *goldReader) closeSynset() {
	if r.synset == nil || len(r.pending) == 0 {
		return
	}
	if cap(r.tripleArea)-len(r.tripleArea) < len(r.pending) {
		r.tripleArea = make([]GoldTriple, 0, max(1024, len(r.pending)))
	}
	n := len(r.tripleArea)
	r.tripleArea = append(r.tripleArea, r.pending...)
	r.synset.Triples = r.tripleArea[n:len(r.tripleArea):len(r.tripleArea)]
	r.pending = r.pending[:0]
}

// newSynset opens a synset of the current sentence.
func (r *goldReader) newSynset(label string, line int) {
	if len(r.synsets) == cap(r.synsets) {
		r.synsets = make([]Synset, 0, 256)
	}
	r.synsets = append(r.synsets, Synset{Label: label, Line: line, text: r.text})
	r.synset = &r.synsets[len(r.synsets)-1]
	r.sent.Synsets = append(r.sent.Synsets, r.synset)
}

// maxWarnings bounds the warnings kept for one file (see oie.MaxWarnings);
// the rest are only counted as they come.
const maxWarnings = oie.MaxWarnings

// at is a place on a line; its column (in characters) is counted only when
// it is reported: counting characters up to each of a million oddities on
// one long line would be quadratic.
type at struct {
	line string // as written
	off  int    // byte offset in line
}

func (p at) column() int { return oie.Column(p.line, p.off) }

// oddity is an error in strict mode and a warning otherwise.
func (r *goldReader) oddity(line int, pos at, msg string, kind error) error {
	if r.strict {
		return &oie.ParseError{File: r.file, Line: line, Column: pos.column(), Msg: msg, Err: kind}
	}
	if len(r.gold.Warnings) >= maxWarnings {
		r.unreported++
		return nil
	}
	r.gold.Warnings = append(r.gold.Warnings, oie.Warning{File: r.file, Line: line, Column: pos.column(), Msg: msg})
	return nil
}

func (r *goldReader) line(num int, raw string) error {
	text := oie.TrimSpace(raw)
	// Columns refer to the line as written, before trimming.
	lead := 0
	if len(text) != len(raw) {
		lead = strings.Index(raw, text)
	}
	pos := func(off int) at { return at{raw, lead + off} }
	switch {
	case text == "":
		return nil
	case strings.HasPrefix(text, SentencePrefix):
		return r.sentence(num, text, pos)
	case r.sent == nil:
		return r.oddity(num, pos(0), "expected sent_id:ID<TAB>SENTENCE before any synset or triple; line skipped", oie.ErrSyntax)
	}
	if l, ok := splitTriple(text); ok {
		return r.triple(num, l, pos)
	}
	if strings.Contains(text, "Cluster") {
		return r.header(num, text, pos)
	}
	if err := r.oddity(num, pos(0), "line not understood: expected a synset header (ID--> Cluster K:), a triple (subject --> relation --> object), a sent_id line or a blank line; skipped, the current synset goes on", oie.ErrSyntax); err != nil {
		return err
	}
	if r.synset != nil {
		r.synset.Junk = append(r.synset.Junk, num)
		r.synset.JunkText = append(r.synset.JunkText, text)
	}
	return nil
}

// tripleLine is a line split at its separators, "subject --> relation -->
// object", with what each slot holds.
type tripleLine struct {
	parts [3]string
	// brackets and opens have bit k set when slot k holds a bracket, and a
	// '[' (one pass over the line finds them with the separators).
	brackets, opens uint8
}

// splitTriple splits a line at its separators, leftmost first; a line with
// more or fewer than two is not a triple.
func splitTriple(text string) (tripleLine, bool) {
	var l tripleLine
	k, from := 0, 0
	for i := 0; i < len(text); i++ {
		c := slotBytes[text[i]]
		if c == 0 { // most bytes (see slotBytes)
			continue
		}
		switch c {
		case ' ':
			if strings.HasPrefix(text[i:], SlotSeparator) {
				if k == 2 {
					return tripleLine{}, false
				}
				l.parts[k] = text[from:i]
				k++
				i += len(SlotSeparator) - 1
				from = i + 1
			}
		case '[':
			l.opens |= 1 << k
			l.brackets |= 1 << k
		case ']':
			l.brackets |= 1 << k
		}
	}
	if k != 2 {
		return tripleLine{}, false
	}
	l.parts[2] = text[from:]
	return l, true
}

// slotBytes maps the bytes a slot's readers look at (space, brackets,
// parentheses) to themselves and every other byte to 0, so that a loop over
// a line skips an ordinary byte with one table load and one test instead of
// a switch's comparisons (in WebAssembly, before V8 has optimised the loop,
// they are paid byte by byte).
var slotBytes = [256]byte{' ': ' ', '[': '[', ']': ']', '(': '(', ')': ')'}

// parseHeader reads a regular synset header, "<id>--> Cluster <k>:" with k
// made of ASCII digits, and returns the id it names.
func parseHeader(text string) (string, bool) {
	rest, ok := strings.CutSuffix(text, ":")
	if !ok {
		return "", false
	}
	i := len(rest)
	for i > 0 && rest[i-1] >= '0' && rest[i-1] <= '9' {
		i--
	}
	if i == len(rest) {
		return "", false
	}
	return strings.CutSuffix(rest[:i], clusterSep)
}

func (r *goldReader) sentence(num int, text string, pos func(int) at) error {
	if err := r.checkSynset(); err != nil {
		return err
	}
	rest := text[len(SentencePrefix):]
	id, sentence, hasTab := strings.Cut(rest, "\t")
	id = oie.TrimSpace(id)
	if id == "" {
		return &oie.ParseError{File: r.file, Line: num, Column: pos(len(SentencePrefix)).column(), Msg: "empty sentence id: expected sent_id:ID<TAB>SENTENCE", Err: oie.ErrEmptyField}
	}
	if !hasTab {
		if err := r.oddity(num, pos(len(text)), "expected a tab and the sentence after the id", oie.ErrFieldCount); err != nil {
			return err
		}
	}
	if prev, dup := r.gold.index[id]; dup {
		return &oie.ParseError{File: r.file, Line: num, Column: pos(len(SentencePrefix)).column(),
			Msg: fmt.Sprintf("sentence id %q is repeated (first on line %d): expected unique ids", id, r.gold.Sentences[prev].Line), Err: oie.ErrDuplicateID}
	}
	if len(r.sentences) == cap(r.sentences) {
		r.sentences = make([]Sentence, 0, 256)
	}
	r.sentences = append(r.sentences, Sentence{Sentence: oie.Sentence{ID: id, Text: oie.TrimSpace(sentence)}, Line: num})
	r.sent = &r.sentences[len(r.sentences)-1]
	r.synset = nil
	r.gold.index[id] = len(r.gold.Sentences)
	r.gold.Sentences = append(r.gold.Sentences, r.sent)
	return nil
}

func (r *goldReader) header(num int, text string, pos func(int) at) error {
	if err := r.checkSynset(); err != nil {
		return err
	}
	id, ok := parseHeader(text)
	switch {
	case !ok:
		if err := r.oddity(num, pos(0), fmt.Sprintf("irregular synset header %q: expected %q; read as a header, as the reference does", text, r.sent.ID+"--> Cluster K:"), oie.ErrSyntax); err != nil {
			return err
		}
	case id != r.sent.ID:
		if err := r.oddity(num, pos(0), fmt.Sprintf("synset header names sentence %q inside sentence %q", id, r.sent.ID), oie.ErrSyntax); err != nil {
			return err
		}
	}
	r.newSynset(text, num)
	return nil
}

func (r *goldReader) triple(num int, l tripleLine, pos func(int) at) error {
	parts := l.parts
	if r.synset == nil {
		if err := r.oddity(num, pos(0), "triple before any synset header: expected ID--> Cluster K: first; a synset is opened for it", oie.ErrSyntax); err != nil {
			return err
		}
		r.newSynset("(implicit)", num)
		r.synset.Implicit = true
	}
	var counts [3]int
	r.slot = r.slot[:0] // the units of the three slots, one after another
	off := 0
	for i, slot := range parts {
		if oie.TrimSpace(slot) == "" {
			if err := r.oddity(num, pos(off), fmt.Sprintf("empty %s slot", slotNames[i]), oie.ErrEmptyField); err != nil {
				return err
			}
		}
		var issues []slotIssue
		n := len(r.slot)
		// The slot as written, not trimmed: the reference makes its forms so
		// (white space at an edge stays in them), and matching strips forms.
		if l.brackets&(1<<i) == 0 {
			r.slot = append(r.slot, Unit{slot, false})
		} else {
			var clean bool
			if r.slot, issues, clean = appendUnits(r.slot, slot); clean {
				l.opens |= 1 << (3 + i)
			}
		}
		counts[i] = len(r.slot) - n
		for _, is := range issues {
			if err := r.oddity(num, pos(off+is.offset), is.msg, oie.ErrSyntax); err != nil {
				return err
			}
		}
		off += len(slot) + len(SlotSeparator)
	}
	t, ok := r.text.placeRead(parts, num)
	if !ok {
		return &oie.ParseError{File: r.file, Line: num, Msg: "triple not kept: a slot is over 4 GiB", Err: oie.ErrSyntax}
	}
	t.units = tripleUnits{opens: l.opens}
	if counts[0] <= maxSlotUnits && counts[1] <= maxSlotUnits && counts[2] <= maxSlotUnits {
		if r.block.units == nil || cap(r.block.units)-len(r.block.units) < len(r.slot) {
			r.flushUnits()
			r.block = unitBlock{units: make([]packedUnit, 0, max(4096, len(r.slot)))}
		}
		start := len(r.block.units)
		r.block = r.gold.units.pack(r.block, r.slot)
		t.units = tripleUnits{int32(len(r.gold.units.blocks)), int32(start), [3]uint16{uint16(counts[0]), uint16(counts[1]), uint16(counts[2])}, l.opens | unitsKept}
	} // else the triple is as one made in memory: its slots are parsed again when compiled
	r.pending = append(r.pending, t)
	return nil
}

// flushUnits puts the block of units being filled into the gold's arena
// (it is filled in the reader: no write to the gold for every slot).
func (r *goldReader) flushUnits() {
	if r.block.units != nil {
		r.gold.units.blocks = append(r.gold.units.blocks, r.block)
		r.block = unitBlock{}
	}
}

// checkSynset runs when a synset ends: an empty one is an oddity.
func (r *goldReader) checkSynset() error {
	r.closeSynset()
	if r.synset != nil && len(r.synset.Triples) == 0 {
		return r.oddity(r.synset.Line, at{}, "synset has no triples: it counts in the recall denominator but can never be matched", oie.ErrNoContent)
	}
	return nil
}

var slotNames = [3]string{"subject", "relation", "object"}
