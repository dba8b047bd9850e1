package benchie_test

import (
	"errors"
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

// A gold compiled once per facet scores any number of systems. System A's
// second extraction moves "as" into the object: wrong for the regular facet,
// a duplicate of the first for BenchIE-C, which joins the slots.
func ExampleCompiled_Score() {
	gold, err := benchie.ReadGold("gold.txt", []byte(
		"sent_id:1\tHe served as the first Prime Minister of Australia .\n"+
			"1--> Cluster 1:\n"+
			"He --> served as --> [the] [first] Prime Minister [of Australia]\n"+
			"1--> Cluster 2:\n"+
			"He --> was --> [the] first Prime Minister [of Australia]\n"), benchie.GoldOptions{})
	if err != nil {
		panic(err)
	}
	systems := map[string]string{
		"A": "1\tHe\tserved as\tPrime Minister\n" +
			"1\tHe\tserved\tas Prime Minister\n",
		"B": "1\tHe\tserved as\tthe first Prime Minister\n" +
			"1\tHe\twas\tfirst Prime Minister of Australia\n",
	}
	for _, facet := range []benchie.Facet{benchie.Regular, benchie.Concat} {
		compiled := benchie.Compile(gold, facet)
		for _, name := range []string{"A", "B"} {
			sys, err := oie.ReadSystem(name+".tsv", []byte(systems[name]), oie.SystemOptions{Format: oie.FormatTSV})
			if err != nil {
				panic(err)
			}
			res := compiled.Score(sys, benchie.Options{})
			fmt.Printf("%-7s %s: P %.2f R %.2f F1 %.2f\n", facet, name, res.Precision, res.Recall, res.F1)
		}
	}
	// Output:
	// regular A: P 0.50 R 0.50 F1 0.50
	// regular B: P 1.00 R 1.00 F1 1.00
	// concat  A: P 1.00 R 0.50 F1 0.67
	// concat  B: P 1.00 R 1.00 F1 1.00
}

// A file that is not what its reader expects is refused whole, with an
// *oie.ParseError that says where and what was expected; errors.Is tells
// the kind of failure.
func Example_parseError() {
	_, err := oie.ReadSystem("system.tsv", []byte(
		"1\tHe\tserved as\tPrime Minister\n"+
			"2\tShe\twrote\n"), oie.SystemOptions{Format: oie.FormatTSV})
	var pe *oie.ParseError
	if errors.As(err, &pe) {
		fmt.Println("file:", pe.File)
		fmt.Println("line:", pe.Line, "column:", pe.Column)
		fmt.Println("expected:", pe.Msg)
		fmt.Println("field count:", errors.Is(err, oie.ErrFieldCount))
	}
	fmt.Println(err)
	// Output:
	// file: system.tsv
	// line: 2 column: 12
	// expected: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3
	// field count: true
	// system.tsv:2:12: expected at least 4 tab-separated columns (sent_id, subject, relation, object), found 3
}

// Detect names a file's format only when its lines fit that format and no
// other; otherwise it lists the candidates and a caller asks the user.
func Example_detectFormat() {
	for _, data := range []string{
		"1\tHe\tserved as\tPrime Minister\n",
		`{"sent_id": "1", "subject": "He", "relation": "served as", "object": "Prime Minister"}` + "\n",
		"sent_id:1\tHe served .\n1--> Cluster 1:\nHe --> served --> [as PM]\n",
		"He served as Prime Minister .\n",
	} {
		d := formats.Detect([]byte(data))
		if d.Format != nil {
			fmt.Println("format:", d.Format.Name)
			continue
		}
		fmt.Println("not recognised:", d.Note)
	}
	// Output:
	// format: benchie-tsv
	// format: jsonl
	// format: benchie-gold
	// not recognised: lines without tabs and no extraction line: a list of sentences?
}
