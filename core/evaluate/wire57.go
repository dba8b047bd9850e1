package evaluate

import (
	"fmt"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/core/wire57"
)

// RunWiRe57 scores WiRe57 system files against a WiRe57 gold. A system file
// that holds several extractors yields one system per extractor, named after
// it (prefixed with the input's name when one was given).
func RunWiRe57(gold Input, systems []Input) (*report.Report, error) {
	g, err := wire57.ReadGold(gold.Path, gold.Data)
	if err != nil {
		return nil, err
	}
	opts := report.Options{Scorers: []string{ScorerWiRe57}, Facets: []string{}}
	sha := checksum(gold.Data)
	r := &report.Report{
		Signature: report.Signature(opts, sha, ""),
		Version:   report.Version,
		Options:   opts,
		Gold: report.Gold{Path: g.Path, SHA256: sha, Sentences: len(g.Sentences), Extractions: g.TupleCount(),
			Warnings: warningStrings(g.Warnings)},
		Systems: []report.System{},
	}
	seen := map[string]bool{}
	for _, in := range systems {
		read, err := readWiRe57System(in, g)
		if err != nil {
			return nil, err
		}
		sum := checksum(in.Data)
		for _, s := range read.systems {
			name := s.Name
			switch {
			case in.Name != "" && len(read.systems) == 1:
				name = in.Name
			case in.Name != "":
				name = in.Name + "/" + s.Name
			case name == "":
				name = DefaultName(in)
			}
			if seen[name] {
				return nil, fmt.Errorf("%s: two systems are named %q: name them with NAME=FILE", in.Path, name)
			}
			seen[name] = true
			res := wire57.Score(g, s)
			r.Systems = append(r.Systems, report.System{
				Name: name, Path: in.Path, Format: read.format, SHA256: sum, Extractions: len(s.Extractions),
				Ignored: res.PredictionsWithoutGold, Warnings: warningStrings(append(s.Warnings, res.Warnings...)),
				WiRe57: &report.WiRe57{Precision: res.Precision, Recall: res.Recall, F1: res.F1,
					PrecNum: res.PrecNum, PrecDen: res.PrecDen, RecNum: res.RecNum, RecDen: res.RecDen,
					Matches: res.Matches, ExactPrec: res.ExactPrec, ExactRec: res.ExactRec},
			})
		}
	}
	r.Signature = report.WithSystems(r.Signature, r.Systems)
	return r, nil
}

// wire57Read is a system file read for the WiRe57 scorer.
type wire57Read struct {
	systems []*wire57.System
	format  string
}

// readWiRe57System reads a system file for the WiRe57 scorer: WiRe57's
// own JSON, or any other format of the registry, whose extractions are
// aligned with the gold's sentences by id or, for formats that name
// sentences by text, by the sentence text (carb.SentenceKey).
func readWiRe57System(in Input, g *wire57.Gold) (wire57Read, error) {
	if d := formats.Detect(in.Data); d.Format != nil && d.Format.Name == formats.NameWiRe57System {
		read, err := wire57.ReadSystem(in.Path, in.Data)
		return wire57Read{read, formats.NameWiRe57System}, err
	}
	s, err := ReadSystem(in, oie.FormatAuto)
	if err != nil {
		return wire57Read{}, err
	}
	sentences := make([]oie.Sentence, len(g.Sentences))
	for i, gs := range g.Sentences {
		sentences[i] = oie.Sentence{ID: gs.ID, Text: gs.Text}
	}
	if err := checkAligned(s, namesOf(sentences), g.Path, in); err != nil {
		return wire57Read{}, err
	}
	sys := s.System
	if s.ByText != nil {
		sys = carb.ToBenchIE(s.ByText, sentences)
	}
	out := &wire57.System{Path: in.Path, Warnings: sys.Warnings}
	for k := range sys.Extractions.Len() {
		e := sys.Extractions.At(k)
		out.Extractions = append(out.Extractions, wire57.Extraction{SentID: e.SentID, Arg1: e.Subject, Rel: e.Relation, Arg2: e.Object,
			Arg3: e.Extra, Score: e.Confidence, HasScore: e.HasConfidence, Line: e.Line})
	}
	return wire57Read{[]*wire57.System{out}, string(s.Format)}, nil
}
