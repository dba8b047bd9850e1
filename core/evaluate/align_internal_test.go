package evaluate

import (
	"reflect"
	"testing"
)

// A gold's sentences are indexed once, however many system files are
// checked against it.
func TestSentenceNamesOnce(t *testing.T) {
	g, err := ReadGold(Input{Path: "g", Data: []byte("sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> slept --> x\n")}, false)
	if err != nil {
		t.Fatal(err)
	}
	a, b := g.sentenceNames(), g.sentenceNames()
	if reflect.ValueOf(a.texts).Pointer() != reflect.ValueOf(b.texts).Pointer() || a.texts["1"] != "He slept ." {
		t.Error("the gold's sentences were indexed twice")
	}
	if ka, kb := a.keys.get(), b.keys.get(); reflect.ValueOf(ka).Pointer() != reflect.ValueOf(kb).Pointer() || !ka["Heslept"] {
		t.Errorf("the gold's text keys were made twice, or wrong: %v", ka)
	}
	s, err := ReadSystem(Input{Path: "s", Data: []byte("2\tHe\tslept\tx\n")}, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckAligned(s, g, nil); err == nil {
		t.Error("a system of no gold sentence was taken")
	}
}
