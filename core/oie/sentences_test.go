package oie_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/oiebench/oiebench/core/oie"
)

func TestReadSentenceList(t *testing.T) {
	s, err := oie.ReadSentenceList("s.txt", []byte("First one .\r\n\n  Third .  \n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []oie.Sentence{{ID: "1", Text: "First one ."}, {ID: "3", Text: "Third ."}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got %v, want %v", s, want)
	}
	if _, err := oie.ReadSentenceList("s.txt", []byte("\n\n")); !errors.Is(err, oie.ErrNoContent) {
		t.Errorf("blank file: error %v", err)
	}
	if _, err := oie.ReadSentenceList("s.txt", []byte("a\n\xff")); err == nil || err.Error() != "s.txt:2:1: invalid UTF-8: expected UTF-8 text" {
		t.Errorf("invalid UTF-8: error %v", err)
	}
}
