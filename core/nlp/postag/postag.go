// Package postag tags English tokens with the averaged perceptron of
// github.com/jdkato/prose/v3/tag (Penn Treebank tags). It is kept apart
// from package nlp because the tagger's model weighs about 1 MB in a
// WebAssembly build: the command line imports it, the browser page loads
// precomputed tags for the bundled sentences instead.
package postag

import (
	"github.com/jdkato/prose/v3/tag"

	"github.com/oiebench/oiebench/core/nlp"
)

// Name identifies the tagger and its version in tags files and reports.
// Keep it in step with go.mod (a test checks).
const Name = "github.com/jdkato/prose/v3/tag@v3.2.3 perceptron"

// English returns a function that tags English tokens, for nlp.Featurizer.
// The model is loaded once per process and the function is safe for
// concurrent use.
func English() (func(tokens []string) []string, error) {
	t, err := tag.New()
	if err != nil {
		return nil, err
	}
	return func(tokens []string) []string {
		toks := t.Tag(tokens)
		tags := make([]string, len(toks))
		for i, tk := range toks {
			tags[i] = tk.Tag
		}
		return tags
	}, nil
}

// TagSentences tags English sentences (tokenized by nlp.Tokenize) into a
// tags file.
func TagSentences(texts []string) (*nlp.Tags, error) {
	tagger, err := English()
	if err != nil {
		return nil, err
	}
	ts := nlp.NewTags(Name, "en")
	for _, s := range texts {
		ts.Add(s, tagger(nlp.Tokenize(s)))
	}
	return ts, nil
}
