package main

import (
	"errors"
	"testing"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// Every branch of the page's "add a file" decision, one case each.
func TestDecideAdd(t *testing.T) {
	held := []heldEntry{
		{ID: "gold", Name: "g.txt", Role: ui.RoleGold, Source: ui.CustomSource},
		{ID: "e-en", Name: "e.txt", Role: ui.RoleEGold, Source: "en"},
		{ID: "e-de", Name: "e_de.txt", Role: ui.RoleEGold, Source: "de"},
		{ID: "sys-en", Name: "mine.tsv", Role: ui.RoleSystem, Source: "en", System: "mine"},
		{ID: "sys-de", Name: "other.tsv", Role: ui.RoleSystem, Source: "de", System: "other"},
		{ID: "carb-en", Name: "c.txt", Role: ui.RoleCaRBGold, Source: "en"},
		{ID: "carb-own", Name: "own.txt", Role: ui.RoleCaRBOwnGold, Source: carbOwnSource},
		{ID: "carb-own-sys", Name: "x.txt", Role: ui.RoleCaRBOwn, Source: carbOwnSource, System: "x"},
		{ID: "w-gold", Name: "w.json", Role: ui.RoleWiRe57Gold, Source: wire57Source},
		{ID: "w-sys", Name: "ws.json", Role: ui.RoleWiRe57, Source: wire57Source},
	}
	en := addContext{Source: "en", Held: held}
	with := func(f func(*addContext)) addContext { c := en; f(&c); return c }
	bad := errors.New("x.tsv:1:1: not a format")
	unaligned := errors.New("none of the sentences")
	sys := func(name string) addFacts {
		return addFacts{Name: name + ".tsv", Kind: evaluate.KindTSV, System: name, Default: name, GoldKnown: true}
	}
	carbGold := addFacts{Name: "new.txt", Kind: evaluate.KindCaRBGold, GoldKnown: true, Shared: 3}
	cases := []struct {
		name string
		c    addContext
		f    addFacts
		want addDecision
	}{
		{"unreadable", en, addFacts{Name: "x.tsv", Err: bad, Default: "x"},
			addDecision{Action: addRefuse, Err: bad, Kept: "Nothing changed."}},
		{"unreadable, a system of its name kept", en, addFacts{Name: "mine.tsv", Err: bad, Default: "mine"},
			addDecision{Action: addRefuse, Err: bad, Kept: "The mine.tsv you added before is kept; nothing changed."}},
		{"unreadable, the system of its name on another gold", with(func(c *addContext) { c.Source = "de" }), addFacts{Name: "mine.tsv", Err: bad, Default: "mine"},
			addDecision{Action: addRefuse, Err: bad, Kept: "Nothing changed."}},
		{"an E gold that is none", with(func(c *addContext) { c.AsEGold = true }), sys("s"),
			addDecision{Action: addRefuse, Err: errors.New("s.tsv: expected a BenchIE gold file for BenchIE-E"), Kept: "The e.txt you added before is kept; nothing changed."}},
		{"an E gold", with(func(c *addContext) { c.AsEGold = true }), addFacts{Name: "e2.txt", Kind: evaluate.KindGold},
			addDecision{Action: addTake, Role: ui.RoleEGold, Source: "en", Replaces: "e-en"}},
		{"a gold", with(func(c *addContext) { c.Source, c.NewGold = ui.CustomSource, true }), addFacts{Name: "g2.txt", Kind: evaluate.KindGold},
			addDecision{Action: addTake, Role: ui.RoleGold, Source: ui.CustomSource, Replaces: "gold"}},
		{"a system", en, sys("s"),
			addDecision{Action: addTake, Role: ui.RoleSystem, Source: "en"}},
		{"a system replacing its name's", en, sys("mine"),
			addDecision{Action: addTake, Role: ui.RoleSystem, Source: "en", Replaces: "sys-en"}},
		{"a system of a name taken on another gold", en, sys("other"),
			addDecision{Action: addTake, Role: ui.RoleSystem, Source: "en"}},
		{"a system before its gold is read", en, addFacts{Name: "s.tsv", Kind: evaluate.KindJSONL, System: "s"},
			addDecision{Action: addTake, Role: ui.RoleSystem, Source: "en"}},
		{"a system that names no sentence", en, func() addFacts { f := sys("s"); f.Unaligned = unaligned; return f }(),
			addDecision{Action: addRefuse, Err: unaligned, Kept: "It was not added."}},
		{"a system of the CaRB gold of its own", en, func() addFacts { f := sys("x"); f.Unaligned, f.OwnAligned = unaligned, true; return f }(),
			addDecision{Action: addTake, Role: ui.RoleCaRBOwn, Source: carbOwnSource}},
		{"a system of the CaRB gold of its own, same file name", en, func() addFacts {
			f := sys("x")
			f.Name, f.Unaligned, f.OwnAligned = "x.txt", unaligned, true
			return f
		}(), addDecision{Action: addTake, Role: ui.RoleCaRBOwn, Source: carbOwnSource, Replaces: "carb-own-sys"}},
		{"a CaRB gold sharing sentences: asked", en, carbGold,
			addDecision{Action: addAsk, Role: ui.RoleCaRBGold, Source: "en"}},
		{"an OIE2016 gold sharing sentences: asked", en, addFacts{Name: "o.oie", Kind: evaluate.KindOIE2016, GoldKnown: true, Shared: 1},
			addDecision{Action: addAsk, Role: ui.RoleCaRBGold, Source: "en"}},
		{"a CaRB gold, answered: every row", with(func(c *addContext) { c.Answer = ui.CaRBUse }), carbGold,
			addDecision{Action: addTake, Role: ui.RoleCaRBGold, Source: "en", Replaces: "carb-en"}},
		{"a CaRB gold on another gold, answered: every row", with(func(c *addContext) { c.Source, c.Answer = "de", ui.CaRBUse }), carbGold,
			addDecision{Action: addTake, Role: ui.RoleCaRBGold, Source: "de"}},
		{"a CaRB gold, answered: on its own", with(func(c *addContext) { c.Answer = ui.CaRBOwn }), carbGold,
			addDecision{Action: addTake, Role: ui.RoleCaRBOwnGold, Source: carbOwnSource, Replaces: "carb-own"}},
		{"a CaRB gold with a new gold of the user's", with(func(c *addContext) { c.Source, c.NewGold = ui.CustomSource, true }), carbGold,
			addDecision{Action: addTake, Role: ui.RoleCaRBGold, Source: ui.CustomSource}},
		{"a CaRB gold sharing no sentence", en, addFacts{Name: "lsoie.txt", Kind: evaluate.KindCaRBGold, GoldKnown: true},
			addDecision{Action: addTake, Role: ui.RoleCaRBOwnGold, Source: carbOwnSource, Replaces: "carb-own"}},
		{"a CaRB gold before the gold is read", en, addFacts{Name: "c2.txt", Kind: evaluate.KindCaRBGold, Shared: 0},
			addDecision{Action: addTake, Role: ui.RoleCaRBOwnGold, Source: carbOwnSource, Replaces: "carb-own"}},
		{"a WiRe57 gold", en, addFacts{Name: "w2.json", Kind: evaluate.KindWiRe57Gold},
			addDecision{Action: addTake, Role: ui.RoleWiRe57Gold, Source: wire57Source, Replaces: "w-gold"}},
		{"WiRe57 extractions", en, addFacts{Name: "ws2.json", Kind: evaluate.KindWiRe57},
			addDecision{Action: addTake, Role: ui.RoleWiRe57, Source: wire57Source}},
		{"WiRe57 extractions of the same file name", en, addFacts{Name: "ws.json", Kind: evaluate.KindWiRe57},
			addDecision{Action: addTake, Role: ui.RoleWiRe57, Source: wire57Source, Replaces: "w-sys"}},
	}
	for _, tc := range cases {
		got := decideAdd(tc.c, tc.f)
		gotErr, wantErr := "", ""
		if got.Err != nil {
			gotErr = got.Err.Error()
		}
		if tc.want.Err != nil {
			wantErr = tc.want.Err.Error()
		}
		got.Err, tc.want.Err = nil, nil
		if got != tc.want || gotErr != wantErr {
			t.Errorf("%s:\n got %+v (error %q)\nwant %+v (error %q)", tc.name, got, gotErr, tc.want, wantErr)
		}
	}
}

// A pick goes to the user's own source when it brings a BenchIE gold,
// unless it is the E gold's.
func TestAddTarget(t *testing.T) {
	for _, tc := range []struct {
		asEGold, newGold bool
		want             string
	}{
		{false, false, "en"},
		{false, true, ui.CustomSource},
		{true, true, "en"},
		{true, false, "en"},
	} {
		if got := addTarget("en", tc.asEGold, tc.newGold); got != tc.want {
			t.Errorf("addTarget(en, E gold %v, new gold %v) = %q, want %q", tc.asEGold, tc.newGold, got, tc.want)
		}
	}
}
