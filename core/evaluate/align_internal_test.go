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

// CheckAlignedPaced finds what CheckAligned finds (errors and warnings)
// and pauses every alignPauseEvery extractions.
func TestCheckAlignedPaced(t *testing.T) {
	g, err := ReadGold(Input{Path: "g", Data: []byte("sent_id:1\tHe slept in the big house .\n1--> Cluster 1:\nHe --> slept in --> the big house\n")}, false)
	if err != nil {
		t.Fatal(err)
	}
	system := func(line string) *System {
		var data []byte
		for range 1000 {
			data = append(data, line...)
		}
		s, err := ReadSystem(Input{Path: "s", Data: data}, "")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, line := range []string{
		"1\tHe\tslept in\tthe big house\n", // every word in the sentence
		"1\tShe\twalked\tthe big house\n",  // 3 words of 5: a warning
		"1\tWe\tate\tcake\n",               // none: refused
	} {
		plain, paced := system(line), system(line)
		pauses := 0
		errPlain, errPaced := CheckAligned(plain, g, nil), CheckAlignedPaced(paced, g, nil, func() { pauses++ })
		if (errPlain == nil) != (errPaced == nil) || errPlain != nil && errPlain.Error() != errPaced.Error() || !reflect.DeepEqual(plain.System.Warnings, paced.System.Warnings) {
			t.Errorf("%q: paced %v %v, plain %v %v", line, errPaced, paced.System.Warnings, errPlain, plain.System.Warnings)
		}
		if want := 1000 / alignPauseEvery; pauses != want {
			t.Errorf("%q: %d pauses over 1000 extractions, want %d", line, pauses, want)
		}
	}
}
