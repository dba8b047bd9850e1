// Package exercise is a class exercise: a few sentences of a BenchIE gold
// for students to extract facts from by hand, the gold restricted to them,
// the students' submissions, and the class table a teacher gets from many
// submissions. The page (ui, wasm/app) and the command line (oiebench
// exercise) both build on it.
//
// A submission is a JSON Lines system file (core/oie's form) whose every
// line also names the exercise and the student: `oiebench score` reads it as
// it is, and the class table is exactly what `oiebench score --gold` on the
// exercise's gold reports for the submissions.
package exercise

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/digest"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/tidwall/gjson"
)

// Version is the version of the spec's JSON form.
const Version = 1

// Spec is an exercise as embedded in its page.
type Spec struct {
	Version int    `json:"version"`
	Title   string `json:"title"`
	// ID is the hex SHA-256 of Gold: submissions name it, so that a
	// submission is never scored against another exercise.
	ID string `json:"id"`
	// ShowGold shows the gold's facts to students. Hidden, the gold is
	// still inside the file: not shown, not secret.
	ShowGold  bool           `json:"show_gold"`
	Sentences []oie.Sentence `json:"sentences"`
	// Gold is the BenchIE gold restricted to the sentences, as
	// benchie.WriteGold writes it.
	Gold string `json:"gold"`
}

// sentenceJSON gives oie.Sentence its JSON names.
type sentenceJSON struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// MarshalJSON writes the spec with sentences as {"id", "text"}.
func (s Spec) MarshalJSON() ([]byte, error) {
	type plain Spec
	out := struct {
		plain
		Sentences []sentenceJSON `json:"sentences"`
	}{plain: plain(s)}
	for _, x := range s.Sentences {
		out.Sentences = append(out.Sentences, sentenceJSON{x.ID, x.Text})
	}
	return json.Marshal(out)
}

// New makes the exercise of the sentences of gold g that sentences names,
// in the syntax of scoring's --sentences (evaluate.ParseSentences: ids and
// ranges such as 1-5,9), in the gold's order: the same sentences make the
// same exercise, whatever order they were listed in.
func New(g *benchie.Gold, sentences, title string, showGold bool) (Spec, error) {
	spec, err := evaluate.ParseSentences(sentences)
	if err != nil {
		return Spec{}, err
	}
	if spec.IsAll() || spec.Covered {
		return Spec{}, fmt.Errorf("sentences %q: an exercise needs its sentences named by id, such as 1-5,9", sentences)
	}
	picks, err := spec.Select(g, nil)
	if err != nil {
		return Spec{}, err
	}
	r, err := g.Subset(picks)
	if err != nil {
		return Spec{}, err
	}
	var text bytes.Buffer
	if err := benchie.WriteGold(&text, r); err != nil {
		return Spec{}, err
	}
	if title == "" {
		title = "Open Information Extraction exercise"
	}
	sp := Spec{Version: Version, Title: title, ID: checksum(text.Bytes()), ShowGold: showGold, Gold: text.String()}
	for _, s := range r.Sentences {
		sp.Sentences = append(sp.Sentences, s.Sentence)
	}
	return sp, nil
}

func checksum(b []byte) string {
	sum := digest.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Parse reads a spec's JSON form (file names the input in errors) and
// checks that its ID is its gold's checksum and that its gold reads.
func Parse(file string, data []byte) (Spec, error) {
	doc, v, err := oie.ParseJSON(file, data, "an exercise (version, title, id, show_gold, sentences, gold)")
	if err != nil {
		return Spec{}, err
	}
	if !v.IsObject() {
		return Spec{}, doc.ErrorAt(v, oie.ErrSyntax, "expected an exercise object (version, title, id, show_gold, sentences, gold), found %s", oie.JSONKind(v))
	}
	sp := Spec{Title: v.Get("title").String(), ShowGold: v.Get("show_gold").Bool()}
	if ver := v.Get("version"); ver.Int() != Version {
		return Spec{}, doc.ErrorAt(ver, oie.ErrSyntax, "expected exercise version %d, found %s", Version, orMissing(ver))
	}
	sp.Version = Version
	gold := v.Get("gold")
	if gold.Type != gjson.String {
		return Spec{}, doc.ErrorAt(gold, oie.ErrSyntax, `expected "gold", the exercise's BenchIE gold as a string, found %s`, orMissing(gold))
	}
	sp.Gold = gold.String()
	id := v.Get("id")
	if id.String() != checksum([]byte(sp.Gold)) {
		return Spec{}, doc.ErrorAt(id, oie.ErrSyntax, `expected "id" to be the SHA-256 of the exercise's gold: the file was changed`)
	}
	sp.ID = id.String()
	sens := v.Get("sentences")
	if !sens.IsArray() {
		return Spec{}, doc.ErrorAt(sens, oie.ErrSyntax, `expected "sentences", an array of {"id", "text"}, found %s`, orMissing(sens))
	}
	for _, s := range sens.Array() {
		if s.Get("id").Type != gjson.String || s.Get("text").Type != gjson.String {
			return Spec{}, doc.ErrorAt(s, oie.ErrSyntax, `expected a sentence {"id": string, "text": string}`)
		}
		sp.Sentences = append(sp.Sentences, oie.Sentence{ID: s.Get("id").String(), Text: s.Get("text").String()})
	}
	g, err := sp.ReadGold()
	if err != nil {
		return Spec{}, err
	}
	for _, s := range sp.Sentences {
		if _, ok := g.Sentence(s.ID); !ok {
			return Spec{}, doc.ErrorAt(sens, oie.ErrSyntax, "expected sentences of the exercise's gold, found %q", s.ID)
		}
	}
	return sp, nil
}

func orMissing(v gjson.Result) string {
	if !v.Exists() {
		return "nothing"
	}
	return oie.JSONKind(v)
}

// GoldName is the file name of the exercise's gold, in messages and
// downloads.
const GoldName = "exercise-gold.txt"

// ReadGold reads the exercise's gold.
func (s Spec) ReadGold() (*evaluate.Gold, error) {
	return evaluate.ReadGold(evaluate.Input{Path: GoldName, Data: []byte(s.Gold)}, false)
}

// AssetPath is the path the exercise is embedded under in its page: the
// page opens on the exercise when it finds it.
const AssetPath = "exercise.json"
