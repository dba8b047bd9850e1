package benchiefl

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// Judged is one row of a human match file (benchie-fl.md, section 13): an
// extraction string of a sentence and the synsets a person matched it to.
type Judged struct {
	Line     int
	Sentence int // 0-based position in the gold
	Text     string
	System   string
	Synsets  []int // 0-based; empty when the person matched nothing
}

// ReadMatches reads a human match file: a CSV whose header row is followed
// by rows "sentence index (0-based), extraction, synsets, system[, flag]",
// synsets being 0 (no match), k or a.b (1-based synsets of the gold).
func ReadMatches(path string, data []byte) ([]Judged, error) {
	if err := oie.CheckText(path, data, nil); err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(oie.TrimBOM(data)))
	r.FieldsPerRecord = -1
	// A row a line at most: one slice of its size, not one grown by doubling.
	out := make([]Judged, 0, bytes.Count(data, []byte("\n"))+1)
	for first := true; ; first = false {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &oie.ParseError{File: path, Line: pe.Line, Column: pe.Column, Msg: "expected CSV: " + pe.Err.Error(), Err: oie.ErrSyntax}
			}
			return nil, err
		}
		line, _ := r.FieldPos(0)
		if first {
			if len(rec) < 4 || rec[1] != "extraction" || rec[3] != "system" {
				return nil, &oie.ParseError{File: path, Line: line, Column: 1, Msg: "expected the header ,extraction,,system", Err: oie.ErrSyntax}
			}
			continue
		}
		at := func(k int, msg string) error {
			_, col := r.FieldPos(min(k, len(rec)-1))
			return &oie.ParseError{File: path, Line: line, Column: col, Msg: msg, Err: oie.ErrSyntax}
		}
		if len(rec) < 4 {
			return nil, at(len(rec), fmt.Sprintf("expected at least 4 columns (sentence, extraction, synsets, system), found %d", len(rec)))
		}
		j := Judged{Line: line, Text: rec[1], System: rec[3]}
		n, err := strconv.Atoi(rec[0])
		if err != nil || n < 0 {
			return nil, at(0, fmt.Sprintf("expected a 0-based sentence index, found %q", rec[0]))
		}
		j.Sentence = n
		if j.System == "" {
			return nil, at(3, "expected a system name")
		}
		if rec[2] != "0" {
			for _, p := range strings.Split(rec[2], ".") {
				k, err := strconv.Atoi(p)
				if err != nil || k < 1 {
					return nil, at(2, fmt.Sprintf("expected 0, a synset number or numbers joined by '.', found %q", rec[2]))
				}
				j.Synsets = append(j.Synsets, k-1)
			}
		}
		out = append(out, j)
	}
	if len(out) == 0 {
		return nil, &oie.ParseError{File: path, Line: 1, Msg: "no judged extraction: expected rows after the header", Err: oie.ErrNoContent}
	}
	return out, nil
}

// Agreement compares one matcher's decisions with the human judgements of
// a set of rows. A row is matched by the matcher when it gives the
// extraction a synset (BenchIE: the extraction equals a form of some triple
// of the sentence; BenchIE^FL: the assignment gives it a synset).
type Agreement struct {
	Matcher string `json:"matcher"`
	System  string `json:"system"` // "" for all systems together
	Rows    int    `json:"rows"`
	// TP: both matched; FP: the matcher only; FN: the person only; TN: neither.
	TP int `json:"tp"`
	FP int `json:"fp"`
	FN int `json:"fn"`
	TN int `json:"tn"`
	// Agreement is (TP+TN)/rows; Precision TP/(TP+FP) and Recall TP/(TP+FN)
	// treat the person as the gold; Kappa is Cohen's kappa of the two.
	Agreement float64 `json:"agreement"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	Kappa     float64 `json:"kappa"`
	// SameSynsets counts the TP rows where the matcher's synsets are
	// exactly the person's; SynsetAgreement is SameSynsets/TP.
	SameSynsets     int     `json:"same_synsets"`
	SynsetAgreement float64 `json:"synset_agreement"`
}

// Matchers names the matchers Judge compares, in order.
var Matchers = []string{"benchie", "benchie-fl reference", "benchie-fl corrected"}

// Judge scores the judged rows with each matcher and measures the agreement
// with the person, per matcher, for all systems and per system (in order of
// first appearance). gold is the FL reading of the gold the judgements
// refer to, bench the BenchIE reading of the same file (sentences are found
// by the FL entry's id).
func Judge(gold *Gold, bench *benchie.Gold, rows []Judged) ([]Agreement, error) {
	var systems []string
	bySystem := map[string][]int{}
	for i, j := range rows {
		if j.Sentence >= len(gold.Entries) {
			return nil, fmt.Errorf("line %d: sentence index %d: the gold has %d sentences", j.Line, j.Sentence, len(gold.Entries))
		}
		if _, ok := bySystem[j.System]; !ok {
			systems = append(systems, j.System)
		}
		bySystem[j.System] = append(bySystem[j.System], i)
	}
	// decided[m][i] are the synsets matcher m gives row i (nil: no match).
	decided := make([][][]int, len(Matchers))
	for m := range decided {
		decided[m] = make([][]int, len(rows))
	}
	comp := benchie.Compile(bench, benchie.Regular)
	for _, sys := range systems {
		idx := bySystem[sys]
		items := make([]Item, len(idx))
		ext := make([]oie.Extraction, len(idx))
		for k, i := range idx {
			j := rows[i]
			items[k] = Item{Sentence: j.Sentence, Text: j.Text}
			// The slots are not in the file: the first two " - " separate
			// them (a slot holding " - " itself cannot be told apart).
			p := strings.SplitN(j.Text, " - ", 3)
			for len(p) < 3 {
				p = append(p, "")
			}
			ext[k] = oie.Extraction{SentID: gold.Entries[j.Sentence].ID, Triple: oie.Triple{Subject: p[0], Relation: p[1], Object: p[2]}, Line: j.Line}
		}
		fl := gold.ScoreItems(items)
		be := comp.Score(&oie.System{Path: sys, Extractions: oie.ExtractionsOf(ext)}, benchie.Options{})
		for k, i := range idx {
			if v := be.Judgements[k]; v.Verdict == benchie.Correct || v.Verdict == benchie.Duplicate {
				decided[0][i] = []int{v.Synset}
			}
			for m, js := range [][]Judgement{fl.RefJudgements, fl.CorJudgements} {
				for _, x := range js[k].Matches {
					decided[1+m][i] = append(decided[1+m][i], x.Synset)
				}
			}
		}
	}
	var out []Agreement
	for m, name := range Matchers {
		out = append(out, agree(name, "", rows, decided[m], nil))
		for _, sys := range systems {
			out = append(out, agree(name, sys, rows, decided[m], bySystem[sys]))
		}
	}
	return out, nil
}

func agree(matcher, system string, rows []Judged, decided [][]int, idx []int) Agreement {
	a := Agreement{Matcher: matcher, System: system}
	if idx == nil {
		idx = make([]int, len(rows))
		for i := range idx {
			idx[i] = i
		}
	}
	for _, i := range idx {
		human, got := len(rows[i].Synsets) > 0, len(decided[i]) > 0
		switch {
		case human && got:
			a.TP++
			h, d := slices.Clone(rows[i].Synsets), slices.Clone(decided[i])
			slices.Sort(h)
			slices.Sort(d)
			if slices.Equal(h, d) {
				a.SameSynsets++
			}
		case got:
			a.FP++
		case human:
			a.FN++
		default:
			a.TN++
		}
	}
	a.Rows = len(idx)
	ratio := func(x, y int) float64 {
		if y == 0 {
			return 0
		}
		return float64(x) / float64(y)
	}
	a.Agreement = ratio(a.TP+a.TN, a.Rows)
	a.Precision = ratio(a.TP, a.TP+a.FP)
	a.Recall = ratio(a.TP, a.TP+a.FN)
	if a.Precision+a.Recall > 0 {
		a.F1 = 2 * a.Precision * a.Recall / (a.Precision + a.Recall)
	}
	a.SynsetAgreement = ratio(a.SameSynsets, a.TP)
	if n := float64(a.Rows); n > 0 {
		// Chance agreement from each side's rate of "matched".
		pm, ph := float64(a.TP+a.FP)/n, float64(a.TP+a.FN)/n
		pe := pm*ph + (1-pm)*(1-ph)
		if pe < 1 {
			a.Kappa = (a.Agreement - pe) / (1 - pe)
		}
	}
	return a
}

// JudgeReport is the output of `oiebench judge`: the agreement of each
// matcher with the human judgements, for all systems and per system.
type JudgeReport struct {
	Gold        string      `json:"gold"`
	GoldSHA256  string      `json:"gold_sha256"`
	Matches     string      `json:"matches"`
	Rows        int         `json:"rows"`
	Human       int         `json:"human_matched"`
	Agreements  []Agreement `json:"agreements"`
	Definitions []string    `json:"definitions"`
}

// judgeDefinitions say what each figure is, in every rendering.
var judgeDefinitions = []string{
	"matched: BenchIE, the extraction equals a surface form of a gold triple of its sentence; BenchIE^FL, the assignment gives it a synset",
	"agreement: rows where matcher and person agree on matched or not, over rows; kappa: Cohen's kappa of the two",
	"precision: rows both match over rows the matcher matches; recall: rows both match over rows the person matches",
	"synsets: rows both match with exactly the person's synsets, over rows both match",
}

// NewJudgeReport gathers the agreements of rows.
func NewJudgeReport(gold, goldSHA, matches string, rows []Judged, ags []Agreement) *JudgeReport {
	r := &JudgeReport{Gold: gold, GoldSHA256: goldSHA, Matches: matches, Rows: len(rows), Agreements: ags, Definitions: judgeDefinitions}
	for _, j := range rows {
		if len(j.Synsets) > 0 {
			r.Human++
		}
	}
	return r
}

// JudgeFormats lists the renderings of a JudgeReport.
var JudgeFormats = []string{"table", "json", "markdown"}

// Render writes the report as a table, JSON or Markdown.
func (r *JudgeReport) Render(format string) ([]byte, error) {
	var b strings.Builder
	switch format {
	case "json":
		out, err := json.MarshalIndent(r, "", "  ")
		return append(out, '\n'), err
	case "table", "":
		w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "matcher\tsystem\trows\tTP\tFP\tFN\tTN\tagreement\tprecision\trecall\tF1\tkappa\tsynsets\t")
		for _, a := range r.Agreements {
			fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t\n", a.Matcher, allOr(a.System), a.Rows,
				a.TP, a.FP, a.FN, a.TN, a.Agreement, a.Precision, a.Recall, a.F1, a.Kappa, a.SynsetAgreement)
		}
		w.Flush()
	case "markdown", "md":
		b.WriteString("| Matcher | System | Rows | Agreement | Precision | Recall | F1 | κ | Synsets |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, a := range r.Agreements {
			fmt.Fprintf(&b, "| %s | %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", a.Matcher, allOr(a.System), a.Rows,
				a.Agreement, a.Precision, a.Recall, a.F1, a.Kappa, a.SynsetAgreement)
		}
	default:
		return nil, fmt.Errorf("unknown format %q: expected one of %s", format, strings.Join(JudgeFormats, ", "))
	}
	fmt.Fprintf(&b, "\n%d judged extractions of %s (%d matched by the person) against %s\n", r.Rows, r.Matches, r.Human, r.Gold)
	for _, d := range r.Definitions {
		fmt.Fprintf(&b, "- %s\n", d)
	}
	return []byte(b.String()), nil
}

func allOr(s string) string {
	if s == "" {
		return "(all)"
	}
	return s
}
