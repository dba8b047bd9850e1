package explain

// DiffSlot aligns the words of an extraction slot with a gold slot and marks
// the difference: gold tokens come back Same, Missing or Dropped (an optional
// unit left out, which is allowed), extraction tokens Same or Extra. The
// alignment has the fewest Missing and Extra marks; an optional unit is kept
// or dropped as a whole when that is cheapest, as the scorer reads it.
func DiffSlot(gold, ext []Token) (g, e []Token) {
	n, m := len(gold), len(ext)
	const inf = 1 << 30
	type cell struct {
		cost int
		op   op
		from int // the gold index the step came from (drops jump over a unit)
	}
	tab := make([][]cell, n+1)
	for i := range tab {
		tab[i] = make([]cell, m+1)
		for j := range tab[i] {
			tab[i][j].cost = inf
		}
	}
	tab[0][0].cost = 0
	relax := func(i, j, cost int, o op, from int) {
		if c := &tab[i][j]; cost < c.cost {
			*c = cell{cost, o, from}
		}
	}
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			c := tab[i][j].cost
			if c == inf {
				continue
			}
			if i < n && j < m && gold[i].Text == ext[j].Text {
				relax(i+1, j+1, c, opSame, i)
			}
			if i < n && gold[i].Optional && (i == 0 || gold[i-1].Unit != gold[i].Unit) {
				end := i + 1
				for end < n && gold[end].Unit == gold[i].Unit {
					end++
				}
				relax(end, j, c, opDrop, i)
			}
			if i < n {
				relax(i+1, j, c+1, opMissing, i)
			}
			if j < m {
				relax(i, j+1, c+1, opExtra, i)
			}
		}
	}
	g = append([]Token(nil), gold...)
	e = append([]Token(nil), ext...)
	for i, j := n, m; i > 0 || j > 0; {
		c := tab[i][j]
		switch c.op {
		case opSame:
			i, j = i-1, j-1
			g[i].Mark, e[j].Mark = Same, Same
		case opDrop:
			for k := c.from; k < i; k++ {
				g[k].Mark = Dropped
			}
			i = c.from
		case opMissing:
			i--
			g[i].Mark = Missing
		case opExtra:
			j--
			e[j].Mark = Extra
		}
	}
	return g, e
}

type op uint8

const (
	opSame op = iota
	opDrop
	opMissing
	opExtra
)

// cost counts the tokens marked Missing or Extra.
func cost(toks ...[]Token) int {
	n := 0
	for _, ts := range toks {
		for _, t := range ts {
			if t.Mark == Missing || t.Mark == Extra {
				n++
			}
		}
	}
	return n
}
