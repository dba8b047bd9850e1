package benchie_test

import (
	"fmt"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/oie"
)

// Compile a gold once, then score any number of systems against it.
func Example() {
	gold, err := benchie.ReadGold("gold.txt", []byte(
		"sent_id:1\tHe served as the first Prime Minister of Australia .\n"+
			"1--> Cluster 1:\n"+
			"He --> served as --> [the] [first] Prime Minister [of Australia]\n"), benchie.GoldOptions{})
	if err != nil {
		panic(err)
	}
	sys, err := oie.ReadSystem("system.tsv", []byte(
		"1\tHe\tserved as\tthe Prime Minister\n"+
			"1\tHe\tserved as\tPrime Minister of Australia\n"+
			"1\tHe\tserved\tas Prime Minister\n"), oie.SystemOptions{Format: oie.FormatTSV})
	if err != nil {
		panic(err)
	}
	res := benchie.Compile(gold, benchie.Regular).Score(sys, benchie.Options{})
	fmt.Printf("P %.2f R %.2f F1 %.2f (TP %d, FP %d, FN %d)\n", res.Precision, res.Recall, res.F1, res.TP, res.FP, res.FN)
	for i, j := range res.Judgements {
		fmt.Println(sys.Extractions.At(i).Object, "->", j.Verdict)
	}
	// Output:
	// P 0.50 R 1.00 F1 0.67 (TP 1, FP 1, FN 0)
	// the Prime Minister -> correct
	// Prime Minister of Australia -> duplicate
	// as Prime Minister -> incorrect
}
