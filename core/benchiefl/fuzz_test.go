package benchiefl

import (
	"errors"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

// FuzzReadGold: any gold either loads whole or is refused with a positioned
// error; a loaded gold scores any system without a panic, and the corrected
// mode never counts more synsets than the reference.
func FuzzReadGold(f *testing.F) {
	f.Add(sentence1, "1\tHe\tbecame\ta founding justice of the High Court of Australia\n1\tThey\tcan be\t380V , 1000V")
	f.Add("sent_id:1\tS\n\n\nsent_id:2\tT\nA --> [b --> c]\r\n1--> Cluster 1:\nx --> is --> [y] z\n", "2\tx y\tis\tz\textra\n0\ta\tb\tc\n")
	f.Add("\ufeffsent_id:1\tS\nA --> b\n1--> Cluster", "1\tA - b\tc - d\te\n")
	f.Fuzz(func(t *testing.T, gold, sys string) {
		for _, strict := range []bool{false, true} {
			g, err := ReadGold("g", []byte(gold), GoldOptions{Strict: strict})
			if err != nil {
				var pe *oie.ParseError
				if !errors.As(err, &pe) || pe.Line < 1 {
					t.Fatalf("error without a position: %v", err)
				}
				continue
			}
			s, err := oie.ReadSystem("s", []byte(sys), oie.SystemOptions{Format: oie.FormatTSV})
			if err != nil {
				continue
			}
			res := g.Score(s, Options{})
			if res.Corrected.Synsets > res.Reference.Synsets || len(res.RefJudgements) != s.Extractions.Len() {
				t.Fatalf("%+v", res)
			}
		}
	})
}

// FuzzReadMatches: a match file loads or is refused with a position.
func FuzzReadMatches(f *testing.F) {
	f.Add(",extraction,,system,\n0,A - b - c,1.2,reverb,1\n")
	f.Add(",extraction,,system\n\"0\",\"x\"\"y\",0,s\n")
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := ReadMatches("m", []byte(text)); err != nil {
			var pe *oie.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without a position: %v", err)
			}
		}
	})
}
