package main

import (
	"strings"
	"testing"
)

func TestReplaceSectionKeepsTheRest(t *testing.T) {
	doc := "# Performance\n\nContext written by hand.\n\n" + BeginMarker + "\nold figures\n" + EndMarker + "\n\n## Earlier\n\nhand log\n"
	out, err := replaceSection([]byte(doc), section("./build.sh bench cli", "2026-11-26, 2 cores", []byte("== command line (load: 1.0 0.9 0.8)\nmedian 29.1 ms\n")))
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		"# Performance\n\nContext written by hand.\n\n" + BeginMarker + "\nProduced by `./build.sh bench cli` (2026-11-26, 2 cores)",
		"```text\n== command line (load: 1.0 0.9 0.8)\nmedian 29.1 ms\n```\n" + EndMarker + "\n\n## Earlier\n\nhand log\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "old figures") {
		t.Errorf("the old section is kept:\n%s", got)
	}
	// Written twice, the file is the same: the section is replaced, not added.
	again, err := replaceSection(out, section("./build.sh bench cli", "2026-11-26, 2 cores", []byte("== command line (load: 1.0 0.9 0.8)\nmedian 29.1 ms\n")))
	if err != nil || string(again) != got {
		t.Errorf("a second write changed the file (%v)", err)
	}
}

func TestReplaceSectionRefusesAFileWithoutMarkers(t *testing.T) {
	for name, doc := range map[string]string{
		"no markers": "# Performance\n",
		"no end":     BeginMarker + "\nfigures\n",
		"two":        BeginMarker + "\n" + EndMarker + "\n" + BeginMarker + "\n" + EndMarker + "\n",
	} {
		if _, err := replaceSection([]byte(doc), "x\n"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestALogWithAFenceIsFencedLonger(t *testing.T) {
	s := section("c", "", []byte("```\nx\n"))
	if !strings.HasPrefix(strings.SplitN(s, "\n", 3)[2], "````text\n") || !strings.HasSuffix(s, "\n````\n") {
		t.Errorf("fence not lengthened:\n%s", s)
	}
}
