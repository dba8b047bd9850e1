package evaluate

import (
	"github.com/oiebench/oiebench/core/benchiefl"
	"github.com/oiebench/oiebench/core/report"
)

// FLGold is a gold read the way the BenchIE^FL reference reads it, with its
// checksum (the same file as the BenchIE gold, read by the FL reader).
type FLGold struct {
	*benchiefl.Gold
	SHA256 string
}

// ReadFLGold reads a BenchIE-format gold for the BenchIE^FL scorer; strict
// refuses what the reference cannot score instead of warning, and a gold
// whose surface forms are past the budget's is refused before any is
// expanded.
func ReadFLGold(in Input, strict bool, budget benchiefl.Budget) (*FLGold, error) {
	// The forms budget is checked while reading: a gold past it is
	// refused without being kept.
	g, err := benchiefl.ReadGold(in.Path, in.Data, benchiefl.GoldOptions{Strict: strict, Shared: in.Shared, Budget: &budget})
	if err != nil {
		return nil, err
	}
	sum := in.SHA256
	if sum == "" {
		sum = checksumPaused(in.Data, in.Pause)
	}
	return &FLGold{Gold: g, SHA256: sum}, nil
}

// FLModeName names the mode shown first.
func FLModeName(corrected bool) string {
	if corrected {
		return "corrected"
	}
	return "reference"
}

// scoreFL scores every system with BenchIE^FL.
func (ev *Evaluation) scoreFL(step, pause func()) {
	ev.FL = nil
	for _, s := range ev.Systems {
		ev.FL = append(ev.FL, ev.FLGold.Score(s.System, benchiefl.Options{Pause: pause}))
		if step != nil {
			step()
		}
	}
}

// flReport is one system's BenchIE^FL score in the chosen mode, with the
// other mode when it differs, and the difference to BenchIE's regular score.
func flReport(res *benchiefl.Result, corrected bool, regular *report.Score) *report.BenchIEFL {
	main, _ := res.Mode(corrected)
	out := flScore(main, FLModeName(corrected))
	out.ReferenceCannotScore = res.Unscorable
	if res.Differ {
		other, _ := res.Mode(!corrected)
		out.Other = flScore(other, FLModeName(!corrected))
		for _, q := range res.MovedBy {
			out.Other.MovedBy = append(out.Other.MovedBy, q.String())
		}
	}
	if regular != nil {
		out.Delta = &report.Delta{Precision: out.Precision - regular.Precision, Recall: out.Recall - regular.Recall, F1: out.F1 - regular.F1}
	}
	return out
}

func flScore(s benchiefl.Score, mode string) *report.BenchIEFL {
	r := s.Routes
	return &report.BenchIEFL{
		Precision: s.Precision, Recall: s.Recall, F1: s.F1,
		Extractions: s.Extractions, MatchedExtractions: s.Matched, CreditedSynsets: s.Credited, Synsets: s.Synsets,
		Routes: report.FLRoutes{Exact: r[benchiefl.RouteExact], Variant: r[benchiefl.RouteVariant], Lenient: r[benchiefl.RouteLenient],
			ExactNoPunct: r[benchiefl.RouteExactNoPunct], LenientNoPunct: r[benchiefl.RouteLenientNoPunct]},
		Mode: mode,
	}
}

// flGoldInfo describes the FL reading of the gold.
func flGoldInfo(g *FLGold) *report.Gold {
	triples := 0
	for _, e := range g.Entries {
		for _, s := range e.Synsets {
			triples += len(s.Triples)
		}
	}
	return &report.Gold{Path: g.Path, SHA256: g.SHA256, Sentences: len(g.Entries), Synsets: g.SynsetCount(true),
		Extractions: triples, Warnings: warningStrings(g.Warnings)}
}
