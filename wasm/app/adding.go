package main

import (
	"errors"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/ui"
)

// What the page does with a file added is decided in one place, decideAdd:
// the facts go in (what the page holds, what the file read as and how it
// fits the golds), a decision comes out (its role, where it is kept,
// whether the user is asked first, why it is refused, which file it
// replaces). addPicked gathers the facts and carries the decision out.

// addContext is what the page holds when a file of a pick is added.
type addContext struct {
	// Source is the gold the pick goes to (addTarget).
	Source string
	// AsEGold: the pick was made as the BenchIE-E gold.
	AsEGold bool
	// NewGold: a BenchIE gold is among the files of the pick (read).
	NewGold bool
	// Answer is the user's answer to the CaRB gold question while the gold
	// held back is added again, else "".
	Answer ui.CaRBAnswer
	// Held are the files the page holds, oldest first.
	Held []heldEntry
}

// heldEntry is a file the page holds, as decideAdd sees it.
type heldEntry struct {
	ID, Name string
	Role     ui.Role
	Source   string
	System   string // a system's name, else ""
}

// addFacts is what a file read as and how it fits the golds.
type addFacts struct {
	Name string
	// Err is why the file did not read (then nothing else is set).
	Err  error
	Kind evaluate.Kind
	// System is a system file's name as shown under Source (made unique
	// against the source's bundled systems).
	System string
	// Default is the name the file's path gives (evaluate.DefaultName):
	// when the file is refused, a system of that name added before stays.
	Default string
	// GoldKnown: the gold of Source is read (a bundled gold may still be
	// loading); Shared and Unaligned are measured against it.
	GoldKnown bool
	// Shared counts the sentences a CaRB gold shares with that gold.
	Shared int
	// Unaligned is why a system file names none of that gold's sentences
	// (evaluate.CheckAligned), or nil.
	Unaligned error
	// OwnAligned: an unaligned system file names sentences of the CaRB
	// gold of its own.
	OwnAligned bool
}

// addAction is what becomes of an added file.
type addAction int

const (
	addTake   addAction = iota // kept, in Role
	addRefuse                  // not added: Err, and Kept says what stays
	addAsk                     // held back until the user answers the CaRB gold question
)

// addDecision is decideAdd's answer.
type addDecision struct {
	Action addAction
	Role   ui.Role
	// Source is where a file taken is kept: the pick's source, or the place
	// of the files scored on their own under any gold.
	Source string
	Err    error
	Kept   string
	// Replaces is the ID of the held file a file taken replaces, or "".
	Replaces string
}

// addTarget is the source a pick goes to: a BenchIE gold among its files
// makes them the user's own source.
func addTarget(source string, asEGold, newGold bool) string {
	if !asEGold && newGold {
		return ui.CustomSource
	}
	return source
}

// decideAdd decides what becomes of one file of a pick. It is pure: every
// fact it needs is in c and f.
func decideAdd(c addContext, f addFacts) addDecision {
	refuse := func(err error, kept string) addDecision {
		return addDecision{Action: addRefuse, Err: err, Kept: kept}
	}
	if f.Err != nil {
		return refuse(f.Err, keptInstead(c, f.Default))
	}
	if c.AsEGold && f.Kind != evaluate.KindGold {
		return refuse(errors.New(f.Name+": expected a BenchIE gold file for BenchIE-E"), keptInstead(c, f.Default))
	}
	d := addDecision{Action: addTake, Role: ui.RoleSystem, Source: c.Source}
	switch {
	case c.AsEGold:
		d.Role = ui.RoleEGold
	case f.Kind == evaluate.KindGold:
		d.Role, d.Source = ui.RoleGold, ui.CustomSource
	case tokenLevelRole(f.Kind) != "":
		d.Role = tokenLevelRole(f.Kind)
	}
	switch {
	case d.Role == ui.RoleCaRBGold:
		// The CaRB gold of every row when it shares sentences with the
		// source's gold and the user says so (or a new gold of the user's
		// comes with it: no rows to change yet); a gold of its own when it
		// shares none, rather than CaRB columns of zeros.
		switch {
		case !f.GoldKnown || f.Shared == 0 || c.Answer == ui.CaRBOwn:
			d.Role = ui.RoleCaRBOwnGold
		case c.Answer != ui.CaRBUse && !c.NewGold:
			return addDecision{Action: addAsk, Role: ui.RoleCaRBGold, Source: c.Source}
		}
	case d.Role == ui.RoleSystem && f.GoldKnown && f.Unaligned != nil:
		// As on the command line, a file none of whose extractions names a
		// sentence of its gold is refused, not scored as zeros; one that
		// names sentences of a CaRB gold of its own is scored there.
		if !f.OwnAligned {
			return refuse(f.Unaligned, "It was not added.")
		}
		d.Role = ui.RoleCaRBOwn
	}
	switch {
	case isWiRe57Role(d.Role): // scored on their own, under any gold
		d.Source = wire57Source
	case isCaRBOwnRole(d.Role):
		d.Source = carbOwnSource
	}
	d.Replaces = replacedBy(c.Held, d, f.Name, f.System)
	return d
}

// replacedBy is the held file a new one replaces: the user's gold, the E
// gold of the source, a system of the same name in the same source, the
// token-level file of the same role and place (by name for system files).
func replacedBy(held []heldEntry, d addDecision, name, system string) string {
	for _, h := range held {
		same := false
		switch d.Role {
		case ui.RoleGold:
			same = h.Role == ui.RoleGold
		case ui.RoleEGold:
			same = h.Role == ui.RoleEGold && h.Source == d.Source
		case ui.RoleSystem:
			same = h.Role == ui.RoleSystem && h.Source == d.Source && h.System == system
		default:
			byName := d.Role == ui.RoleWiRe57 || d.Role == ui.RoleCaRBOwn
			same = h.Role == d.Role && h.Source == d.Source && (!byName || h.Name == name)
		}
		if same {
			return h.ID
		}
	}
	return ""
}

// keptInstead says what stays in place of a refused file: the E gold or
// the system of that name added before to the source, or nothing.
func keptInstead(c addContext, system string) string {
	for _, h := range c.Held {
		same := h.Source == c.Source && ((c.AsEGold && h.Role == ui.RoleEGold) || (!c.AsEGold && h.Role == ui.RoleSystem && h.System == system))
		if same {
			return "The " + h.Name + " you added before is kept; nothing changed."
		}
	}
	return "Nothing changed."
}
