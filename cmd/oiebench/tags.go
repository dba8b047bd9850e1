//go:build !(js && wasm)

package main

import (
	"io"
	"strings"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/nlp/postag"
	"github.com/oiebench/oiebench/core/oie"
)

// runTags writes the POS tags of English sentences as a tags file (see
// nlp.Tags), so that the browser page can bucket the bundled sentences
// without the tagger. build.sh runs it on the bundled English gold.
func runTags(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tags", "[--gold GOLD]... [TEXT_FILE]...", stderr)
	var golds []string
	fs.Func("gold", "BenchIE gold file whose sentences are tagged (repeatable)", func(s string) error {
		golds = append(golds, s)
		return nil
	})
	strict := fs.Bool("strict", false, "reject gold oddities the reference tolerates, instead of warning")
	texts, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(golds)+len(texts) == 0 {
		return usageError{"give a gold file (--gold) or text files with one sentence a line"}
	}
	var sentences []string
	for _, path := range golds {
		in, err := readInput("", path)
		if err != nil {
			return err
		}
		g, err := evaluate.ReadGold(in, *strict)
		if err != nil {
			return err
		}
		for _, s := range g.Sentences {
			sentences = append(sentences, s.Text)
		}
	}
	for _, path := range texts {
		in, err := readInput("", path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(oie.TrimBOM(in.Data)), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				sentences = append(sentences, line)
			}
		}
	}
	ts, err := postag.TagSentences(sentences)
	if err != nil {
		return err
	}
	out, err := ts.Encode()
	if err != nil {
		return err
	}
	_, err = stdout.Write(out)
	return err
}
