//go:build !(js && wasm)

package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/oiebench/oiebench/core/report"
)

// The gold's oddities the reference tolerates, as every command warns of
// them for benchie:en.
const enGoldWarning = `warning: benchie:en:2812:1: irregular synset header "78-->Cluster 6:"`

// stats, analyze and compare warn as score does: on stderr, never among the
// output, and not at all with --quiet.
func TestWarningsOnStderr(t *testing.T) {
	for _, args := range [][]string{
		{"stats", "--gold", "benchie:en"},
		{"stats", "--gold", "benchie:en", "--format", "json"},
		{"analyze", "--gold", "benchie:en", "--samples", "0", "--lang", "de", "benchie:en/clausie"},
		{"compare", "--gold", "benchie:en", "--samples", "10", "benchie:en/clausie", "benchie:en/minie"},
	} {
		out, stderr, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		if strings.Contains(out, "warning:") {
			t.Errorf("%q: a warning on stdout:\n%s", args, out)
		}
		if !strings.Contains(stderr, enGoldWarning) {
			t.Errorf("%q: stderr lacks the gold's warning:\n%s", args, stderr)
		}
		out, stderr, code = runCLI(t, append(args, "--quiet")...)
		if code != 0 || stderr != "" || out == "" {
			t.Errorf("%q --quiet: exit %d, stderr %q, %d bytes of output", args, code, stderr, len(out))
		}
	}
}

// Work that runs past progressAfter says how far it is on stderr; --quiet
// and the output stay as they were.
func TestProgressOnStderr(t *testing.T) {
	defer func(d time.Duration) { progressAfter = d }(progressAfter)
	progressAfter = 0
	args := []string{"score", "--gold", "benchie:en", "--format", "json", "benchie:en/clausie", "benchie:en/minie"}
	out, stderr, code := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "scored 6 of 6 (system, facet)") {
		t.Errorf("no progress line on stderr:\n%s", stderr)
	}
	if strings.Contains(out, "scored") {
		t.Error("progress on stdout")
	}
	quietOut, stderr, _ := runCLI(t, append(args, "--quiet")...)
	if stderr != "" || quietOut != out {
		t.Errorf("--quiet: stderr %q; the output changed: %v", stderr, quietOut != out)
	}
}

// convert reads a shipped name wherever a file goes, as score does.
func TestConvertTakesShippedNames(t *testing.T) {
	out, stderr, code := runCLI(t, "convert", "--to", "jsonl", "--quiet", "benchie:en/clausie")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if first := strings.SplitN(out, "\n", 2)[0]; !strings.Contains(first, `"sent_id":"1"`) && !strings.Contains(first, `"sent_id": "1"`) {
		t.Errorf("first line %q is not ClausIE's first extraction in JSON Lines", first)
	}
}

// unfolded joins the signature lines that a table folds at its fields to
// fit 120 columns, for tests that look for a run of fields.
func unfolded(out string) string {
	return regexp.MustCompile(`\|\n +`).ReplaceAllString(out, "|")
}

// analyze and compare fit 120 columns as score does; --wide keeps each
// line whole.
func TestAnalysesFitTheWidth(t *testing.T) {
	for _, args := range [][]string{
		{"analyze", "--gold", "benchie:en", "--samples", "10", "--quiet", "benchie:en/clausie", "benchie:en/minie"},
		{"compare", "--gold", "benchie:en", "--samples", "10", "--quiet", "benchie:en/clausie", "benchie:en/minie"},
	} {
		out, stderr, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > report.TableWidth {
				t.Errorf("%q: a line of %d columns: %q", args, n, line)
			}
		}
		wide, _, _ := runCLI(t, append(args, "--wide")...)
		if !strings.Contains(wide, "|gold:sha256:") || strings.Count(wide, "\n") >= strings.Count(out, "\n") {
			t.Errorf("%q --wide: the signature is not on one line", args)
		}
	}
}
