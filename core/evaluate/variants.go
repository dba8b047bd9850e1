package evaluate

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/oie16"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/core/wire57"
)

// CaRBColumns choose the scorers of a CaRB (or OIE2016) gold: the columns
// OpenIE6-lineage papers print (carb-variants.md).
type CaRBColumns struct {
	// CaRB is CaRB(s,m), CaRBSS CaRB(s,s), OIE16 OIE16-C and WiRe57
	// WiRe57-C, scored against the allennlp form of the same gold.
	CaRB, CaRBSS, OIE16, WiRe57 bool
	// Binary scores the CaRB columns in binary mode (section 4) instead:
	// members carb_binary and carb_ss_binary.
	Binary bool
	// Mode is reference (the scripts, accidents included; the default) or
	// corrected, for every column.
	Mode carb.Mode
	// Curve is the scikit-learn behaviour OIE16-C's curve follows.
	Curve oie16.Curve
	// Layout is the report's layout (report.LayoutOpenIE6 for the preset).
	Layout string
	// ConvertToAllenNLP scores a file not in the allennlp form as its
	// conversion to it in every column, as evaluate_all.sh needs (the
	// preset); otherwise CaRB and OIE16-C use the file's native reader.
	ConvertToAllenNLP bool
}

// OpenIE6Columns are the four columns of OpenIE6's evaluate_all.sh:
// CaRB(s,s), CaRB(s,m), OIE16-C and WiRe57-C, laid out as the papers print
// them (carb-variants.md 9).
func OpenIE6Columns() CaRBColumns {
	return CaRBColumns{CaRB: true, CaRBSS: true, OIE16: true, WiRe57: true, Layout: report.LayoutOpenIE6, ConvertToAllenNLP: true}
}

// scorers names the chosen columns as the command line does, in the
// papers' order.
func (c CaRBColumns) scorers() []string {
	var out []string
	if c.CaRBSS {
		out = append(out, ScorerCaRBSS)
	}
	if c.CaRB {
		out = append(out, ScorerCaRB)
	}
	if c.OIE16 {
		out = append(out, ScorerOIE16)
	}
	if c.WiRe57 {
		out = append(out, ScorerWiRe57)
	}
	return out
}

// signature names what the numbers depend on beyond the gold: the mode,
// binary mode, the scikit-learn behaviour of OIE16-C and the gold WiRe57-C
// reads.
func (c CaRBColumns) signature(goldFormat string) string {
	s := "|gold-format:" + goldFormat + "|carb-mode:" + c.Mode.String()
	if c.Binary {
		s += "|binary"
	}
	if c.OIE16 {
		s += "|oie16-curve:" + c.Curve.String()
	}
	if c.WiRe57 {
		s += "|wire57-gold:allennlp-form-of-gold"
	}
	return s
}

// CaRBColumnsOf reads back, from a report's scorers, layout and
// signature (CaRBColumns.signature), the columns a CaRB or OIE2016 gold
// was scored with alone and the format it was read as, so that a receipt
// is re-scored as it was made. ok is false for a report of another kind.
func CaRBColumnsOf(sc Scorers, layout, signature string) (cols CaRBColumns, goldFormat *formats.Format, ok bool, err error) {
	fields := map[string]string{}
	for _, part := range strings.Split(signature, "|") {
		k, v, _ := strings.Cut(part, ":")
		fields[k] = v
	}
	name, ok := fields["gold-format"]
	if !ok {
		return cols, nil, false, nil
	}
	if f, known := formats.Lookup(name); known && f.Role == formats.CaRBGold {
		goldFormat = f
	} else {
		return cols, nil, true, fmt.Errorf("the signature's gold format %q is not a CaRB or OIE2016 gold's", name)
	}
	if layout == report.LayoutOpenIE6 {
		cols = OpenIE6Columns()
	} else {
		cols = sc.Columns()
	}
	_, cols.Binary = fields["binary"]
	if cols.Mode, err = carb.ParseMode(fields["carb-mode"]); err != nil {
		return cols, goldFormat, true, fmt.Errorf("the signature's carb-mode: %v", err)
	}
	if cols.OIE16 {
		if cols.Curve, err = oie16.ParseCurve(fields["oie16-curve"]); err != nil {
			return cols, goldFormat, true, fmt.Errorf("the signature's oie16-curve: %v", err)
		}
	}
	return cols, goldFormat, true, nil
}

// RunCaRB scores system files with CaRB alone, against a CaRB (or OIE2016) gold
// alone, as CaRB's own script does: the systems must name sentences by
// text (CaRB tabbed, OpenIE 4/5, ClausIE, OpenIE6, ...), since the gold
// has no sentence ids.
//
// gold.GoldFormat, when set, names the gold's format instead of detection.
func RunCaRB(gold Input, systems []Input, format oie.Format) (*report.Report, error) {
	return RunCaRBColumns(gold, systems, format, CaRBColumns{CaRB: true})
}

// RunCaRBColumns scores system files against a CaRB (or OIE2016) gold with
// the chosen columns. Each system is read once, in its format (format, or
// detected); a file in the allennlp form is read as the reference scripts
// read it (carb.ReadAllenNLP, wire57.ReadAllenNLP), any other is scored by
// its native reader, and WiRe57-C, which reads only the allennlp form,
// scores its conversion (the allennlp writer of oiebench convert, as
// OpenIE6's oie_to_allennlp does). The report says which reader each column used.
//
// gold.GoldFormat, when set, names the gold's format instead of detection.
func RunCaRBColumns(gold Input, systems []Input, format oie.Format, cols CaRBColumns) (*report.Report, error) {
	if !cols.CaRB && !cols.CaRBSS && !cols.OIE16 && !cols.WiRe57 {
		return nil, fmt.Errorf("no scorer chosen for the CaRB gold %s", gold.Path)
	}
	cg, err := ReadCaRBGoldAs(gold, gold.GoldFormat)
	if err != nil {
		return nil, err
	}
	opts := report.Options{Scorers: cols.scorers(), Facets: []string{}, Layout: cols.Layout}
	r := &report.Report{
		Signature: report.Signature(opts, cg.SHA256, "") + cols.signature(cg.Format),
		Version:   report.Version,
		Options:   opts,
		Gold: report.Gold{Path: cg.Path, SHA256: cg.SHA256, Sentences: len(cg.Sentences), Extractions: cg.TupleCount(),
			Warnings: warningStrings(cg.Warnings)},
		Systems: []report.System{},
	}
	var wireGold *wire57.AllenNLP
	if cols.WiRe57 {
		wireGold = wire57.AllenNLPFromCaRB(cg.Gold)
	}
	sentences := make([]oie.Sentence, len(cg.Sentences))
	for i, s := range cg.Sentences {
		sentences[i] = oie.Sentence{Text: s.Text}
	}
	names := namesOf(sentences)
	seen := map[string]bool{}
	for _, in := range systems {
		s, err := ReadSystem(in, format)
		if err != nil {
			return nil, err
		}
		if s.ByText == nil {
			return nil, &oie.ParseError{File: in.Path, Err: ErrNotAligned, Msg: fmt.Sprintf(
				"read as %s, which names sentences by id, while a CaRB gold names them by text: score it with a BenchIE gold (--gold BENCHIE_GOLD --carb-gold CARB_GOLD --scorer benchie,carb), or convert it to carb-tabbed with the sentences", s.Format)}
		}
		if err := checkAligned(s, names, cg.Path, in); err != nil {
			return nil, err
		}
		if seen[s.Name] {
			return nil, fmt.Errorf("%s: two systems are named %q: name them with NAME=FILE", in.Path, s.Name)
		}
		seen[s.Name] = true
		src, err := readVariantInput(in, s, cols)
		if err != nil {
			return nil, err
		}
		preds := src.preds
		sys := report.System{Name: s.Name, Path: in.Path, Format: string(s.Format), SHA256: s.SHA256, Extractions: len(preds.Extractions),
			Reader: src.reader, Warnings: warningStrings(preds.Warnings)}
		warn := func(ws ...string) {
			for _, w := range ws {
				if !slices.Contains(sys.Warnings, w) { // each column sees the same file
					sys.Warnings = append(sys.Warnings, w)
				}
			}
		}
		for _, v := range []struct {
			on   bool
			opt  carb.Options
			into **report.CaRB
		}{
			{cols.CaRBSS, carb.Options{Matching: carb.OneToOne, Binary: cols.Binary, Mode: cols.Mode}, carbMember(&sys, carb.OneToOne, cols.Binary)},
			{cols.CaRB, carb.Options{Matching: carb.ManyToOne, Binary: cols.Binary, Mode: cols.Mode}, carbMember(&sys, carb.ManyToOne, cols.Binary)},
		} {
			if !v.on {
				continue
			}
			res := carb.ScoreWith(cg.Gold, preds, v.opt)
			*v.into = carbReport(res)
			sys.Ignored = res.PredictionsWithoutGold
			warn(warningStrings(res.Warnings)...)
			warn(failureWarning(res.Failure)...)
			if f := carb.ReaderFailure(src.format, in.Path, v.opt); f != nil && res.Failure == nil {
				// oiebench reads the file; only the script's reader cannot
				// (a failure the reading recorded is named above already)
				warn(f.Error() + "; the number shown is oiebench's reading of it")
			}
		}
		if cols.OIE16 {
			res := oie16.Score(cg.Gold, preds, oie16.Options{Mode: cols.Mode, Curve: cols.Curve})
			if f := oie16.ReaderFailure(src.format, in.Path); f != nil && cols.Mode == carb.Reference && res.Failure == nil {
				res.Failure = f
			}
			sys.OIE16 = oie16Report(res, src.reader)
			sys.Ignored = res.PredictionsWithoutGold
			warn(warningStrings(res.Warnings)...)
			warn(failureWarning(res.Failure)...)
		}
		if cols.WiRe57 {
			if sys.WiRe57, err = scoreWiRe57C(wireGold, src, cols.Mode); err != nil {
				return nil, err
			}
		}
		r.Systems = append(r.Systems, sys)
	}
	r.Signature = report.WithSystems(r.Signature, r.Systems)
	return r, nil
}

// carbMember is where a CaRB variant's result goes in a system's report.
func carbMember(s *report.System, m carb.Matching, binary bool) **report.CaRB {
	switch {
	case m == carb.OneToOne && binary:
		return &s.CaRBSSBinary
	case m == carb.OneToOne:
		return &s.CaRBSS
	case binary:
		return &s.CaRBBinary
	}
	return &s.CaRB
}

// failureWarning says, among a system's warnings, that the reference stops
// on its input: its numbers are then left out of the tables.
func failureWarning(f *oie.ReferenceFailure) []string {
	if f == nil {
		return nil
	}
	return []string{f.Error()}
}

// variantInput is a system file as the columns read it.
type variantInput struct {
	preds *carb.Predictions // as carb.py and oie16.py read it
	// path and allennlp are the file in the allennlp form, for WiRe57-C:
	// as given, or its conversion (nil until asked for).
	path     string
	allennlp func() ([]byte, error)
	format   string // the reader the CaRB and OIE16-C columns used
	reader   string // in words, for the report
	// wireReader is how WiRe57-C read it: "allennlp" or "F, converted to
	// allennlp".
	wireReader string
}

// readVariantInput reads a system for the CaRB-gold columns. A file in the
// allennlp form is read by the scripts' reader (untrimmed slots,
// carb-variants.md 1.2). Any other is read by its native reader, or, when
// cols.ConvertToAllenNLP (the openie6 preset: evaluate_all.sh takes only
// that form), converted to the allennlp form first as OpenIE6's
// oie_to_allennlp does and read back; WiRe57-C always reads that form.
func readVariantInput(in Input, s *System, cols CaRBColumns) (*variantInput, error) {
	v := &variantInput{preds: s.ByText, path: in.Path, format: string(s.Format), reader: string(s.Format) + " (native reader)",
		wireReader: string(s.Format) + ", converted to allennlp"}
	if s.Format == formats.NameAllenNLP {
		v.reader, v.wireReader = "allennlp", "allennlp"
		v.allennlp = func() ([]byte, error) { return in.Data, nil }
	} else {
		v.path = in.Path + " (converted to allennlp)"
		v.allennlp = sync.OnceValues(func() ([]byte, error) {
			var buf bytes.Buffer
			allen := formats.MustLookup(formats.NameAllenNLP)
			if err := formats.Write(&buf, allen, &formats.Extractions{Format: allen, ByText: s.ByText}); err != nil {
				return nil, fmt.Errorf("%s: the allennlp form cannot hold this file: %w", in.Path, err)
			}
			return buf.Bytes(), nil
		})
		if !cols.ConvertToAllenNLP {
			return v, nil
		}
		v.format, v.reader = formats.NameAllenNLP, string(s.Format)+", converted to allennlp"
	}
	data, err := v.allennlp()
	if err != nil {
		return nil, err
	}
	if v.preds, err = carb.ReadAllenNLP(v.path, data); err != nil {
		return nil, err
	}
	return v, nil
}

// scoreWiRe57C scores a system with WiRe57-C, which reads only the
// allennlp form.
func scoreWiRe57C(gold *wire57.AllenNLP, src *variantInput, mode carb.Mode) (*report.WiRe57, error) {
	data, err := src.allennlp()
	if err != nil {
		return nil, err
	}
	sys, err := wire57.ReadAllenNLP(src.path, data)
	if err != nil {
		return nil, err
	}
	res := wire57.ScoreCaRBGold(gold, sys, mode)
	w := &report.WiRe57{Precision: res.Precision, Recall: res.Recall, F1: res.F1,
		PrecNum: res.PrecNum, PrecDen: res.PrecDen, RecNum: res.RecNum, RecDen: res.RecDen, Matches: res.Matches,
		Variant: "WiRe57-C", Mode: mode.String(), Reader: src.wireReader}
	if res.Failure != nil {
		w.Failure = res.Failure.Error()
	}
	return w, nil
}

// oie16Report is an OIE16-C result as the report shows it.
func oie16Report(res *oie16.Result, reader string) *report.OIE16 {
	o := &report.OIE16{Precision: res.Precision, Recall: res.Recall, F1: res.F1, AUC: res.AUC,
		OptimalThreshold: res.OptimalThreshold, Curve: make([]report.Point, len(res.Curve)),
		Matched: res.Matched, GoldTuples: res.GoldTuples, Mode: res.Options.Mode.String(),
		Sklearn: res.Options.Curve.String(), Reader: reader}
	for i, p := range res.Curve {
		o.Curve[i] = reportPoint(p)
	}
	if len(res.Curve) > 0 {
		z := reportPoint(res.ZeroConf)
		o.ZeroConf = &z
	}
	if res.Degenerate {
		o.Failure = "no gold tuple is matched: the curve is undefined"
	}
	if res.Failure != nil {
		o.Failure = res.Failure.Error()
	}
	return o
}

func reportPoint(p carb.Point) report.Point {
	return report.Point{Precision: p.Precision, Recall: p.Recall, F1: p.F1, Threshold: p.Threshold}
}

// SharedSentences counts the sentences of a BenchIE gold that a CaRB gold
// also holds (by sentence key): the sentences its CaRB and Δ columns would
// be computed on. The page asks before a CaRB gold sharing some takes over
// those columns, and scores one sharing none on its own.
func SharedSentences(cg *CaRBGold, g *Gold) int {
	in, _ := commonSentences(g.Gold, cg.Gold)
	n := 0
	for _, ok := range in {
		if ok {
			n++
		}
	}
	return n
}

// CheckAlignedCaRB is CheckAligned against a CaRB gold: an error when the
// system names sentences by id, or when none of its extractions names a
// sentence of the gold.
func CheckAlignedCaRB(s *System, cg *CaRBGold, data []byte) error {
	if s.ByText == nil {
		return &oie.ParseError{File: s.Path, Err: ErrNotAligned, Msg: fmt.Sprintf("read as %s, which names sentences by id, while a CaRB gold names them by text", s.Format)}
	}
	sentences := make([]oie.Sentence, len(cg.Sentences))
	for i, x := range cg.Sentences {
		sentences[i] = oie.Sentence{Text: x.Text}
	}
	return checkAligned(s, namesOf(sentences), cg.Path, Input{Path: s.Path, Data: data})
}
