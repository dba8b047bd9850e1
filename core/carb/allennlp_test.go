package carb_test

import (
	"math"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/carb"
	"github.com/oiebench/oiebench/internal/hostile"
)

// TestReadAllenNLP: slots are cut at the first tags and not trimmed, a
// missing tag is an empty slot, a line is dropped only when all three
// slots are empty, fields after the third are ignored, NaN and infinities
// are confidences.
func TestReadAllenNLP(t *testing.T) {
	p, err := carb.ReadAllenNLP("s.txt", []byte(
		"  S\t<arg1> he </arg1> <rel> left </rel> <arg2>  </arg2>\t0.5\textra\n"+
			"S\t<arg1>he</arg1> <arg1> x </arg1> <rel>left</rel>\tnan\n"+
			"S\tno tags at all\t1\n"+
			"S\t<arg1> </arg1>\t-inf\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Extractions) != 3 || len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Msg, "1 line(s)") {
		t.Fatalf("%d extractions, warnings %v", len(p.Extractions), p.Warnings)
	}
	e := p.Extractions
	if e[0].Sentence != "S" || e[0].Relation != " left " || e[0].Args[0] != " he " || e[0].Args[1] != "  " || e[0].Confidence != 0.5 {
		t.Errorf("line 1: %+v", e[0])
	}
	if e[1].Args[0] != "he" || e[1].Relation != "left" || e[1].Args[1] != "" || !math.IsNaN(e[1].Confidence) || e[1].Line != 2 {
		t.Errorf("line 2: %+v", e[1])
	}
	if e[2].Args[0] != " " || !math.IsInf(e[2].Confidence, -1) || e[2].Line != 4 {
		t.Errorf("line 4: %+v", e[2])
	}
	for _, bad := range []struct{ in, want string }{
		{"S\t<arg1> a </arg1>\n", "s.txt:1:19: expected 3 tab-separated fields"},
		{"S\t<arg1> a </arg1>\t1\n\nT\t<rel> r </rel>\t1\n", "s.txt:2:1: expected 3 tab-separated fields"},
		{"S\t<arg1> a </arg1>\tsure\n", "s.txt:1:20: expected a confidence in field 3, found \"sure\""},
	} {
		if _, err := carb.ReadAllenNLP("s.txt", []byte(bad.in)); err == nil || !strings.HasPrefix(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %s", bad.in, err, bad.want)
		}
	}
}

// FuzzReadAllenNLP: the reader returns every extraction or a positioned
// *oie.ParseError, each extraction has two arguments, and every variant
// scores what was read: numbers without failure are finite and not
// negative.
func FuzzReadAllenNLP(f *testing.F) {
	for _, s := range []string{
		"S\t<arg1> he </arg1> <rel> left </rel> <arg2>  </arg2>\t0.5\n",
		"He left .\t<arg1>He</arg1><rel>left</rel>\tinf\textra\nHe left.\t<rel> left </rel>\tnan\n",
		"He left .\t<arg1> He </arg1> <rel> left </rel> <arg2> Paris </arg2>\t1\n\n",
		"S\tno tags\t1\n",
	} {
		f.Add([]byte(s))
	}
	gold, err := carb.ReadGold("gold.txt", []byte("He left .\tleft\tHe\tParis\tC: he said\tat noon\nS\tis\tit\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer hostile.Watch(t, len(data))()
		p, err := carb.ReadAllenNLP("fuzz.txt", data)
		if err != nil {
			if p != nil {
				t.Fatal("predictions returned with an error")
			}
			checkParseError(t, err)
			return
		}
		for _, e := range p.Extractions {
			if len(e.Args) != 2 || e.Line < 1 {
				t.Fatalf("extraction %+v", e)
			}
		}
		for _, m := range carb.Modes {
			for _, opt := range variants {
				opt.Mode = m
				if res := carb.ScoreWith(gold, p, opt); res.Failure == nil && opt.Matching == carb.ManyToOne {
					checkScore(t, res)
				}
			}
		}
	})
}
