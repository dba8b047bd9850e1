package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// events is go test -json's stream for a package p whose TestB was running
// when -timeout killed it; TestC never started.
const timedOut = `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"run","Package":"p","Test":"TestB"}
{"Action":"output","Package":"p","Test":"TestB","Output":"panic: test timed out after 1s\n"}
{"Action":"output","Package":"p","Output":"FAIL\tp\t1.007s\n"}
{"Action":"fail","Package":"p"}
`

func TestCutShortCountsUnrunTests(t *testing.T) {
	list := func(pkg string) ([]string, error) {
		if pkg != "p" {
			t.Fatalf("listed %q", pkg)
		}
		return []string{"TestA", "TestB", "TestC", "ExampleD"}, nil
	}
	var out strings.Builder
	c := read(strings.NewReader(timedOut), &out, list)
	if c.passed != 1 || c.failed != 3 || c.notRun != 3 || c.broken != 0 {
		t.Errorf("counts %+v, want 1 passed, 3 failed (3 not run), 0 broken", c)
	}
	if !strings.Contains(out.String(), "p: cut short: 3 tests did not finish (counted as failed): ExampleD TestB TestC") {
		t.Errorf("output does not name the unrun tests:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "panic: test timed out") {
		t.Errorf("the running test's output is not shown:\n%s", out.String())
	}
}

func TestWithoutAListAKilledPackageIsOneFailure(t *testing.T) {
	c := read(strings.NewReader(timedOut), &strings.Builder{}, nil)
	if c.passed != 1 || c.failed != 0 || c.broken != 1 {
		t.Errorf("counts %+v, want 1 passed, 1 package failure", c)
	}
}

func TestFinishedPackageListsNothingMissing(t *testing.T) {
	events := `{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"fail","Package":"p","Test":"TestA"}
{"Action":"run","Package":"p","Test":"TestB"}
{"Action":"skip","Package":"p","Test":"TestB"}
{"Action":"fail","Package":"p"}
`
	list := func(string) ([]string, error) { return []string{"TestA", "TestB"}, nil }
	c := read(strings.NewReader(events), &strings.Builder{}, list)
	if c.failed != 1 || c.skipped != 1 || c.notRun != 0 || c.broken != 0 {
		t.Errorf("counts %+v, want 1 failed, 1 skipped, none unrun", c)
	}
}

func TestFlagValue(t *testing.T) {
	args := []string{"-count=1", "-tags", "e2e", "--run=^TestX$", "-timeout", "45m", "./e2e"}
	for name, want := range map[string]string{"tags": "e2e", "run": "^TestX$", "timeout": "45m", "count": "1", "fuzz": "", "skip": ""} {
		if got := flagValue(args, name); got != want {
			t.Errorf("flagValue(%s) = %q, want %q", name, got, want)
		}
	}
	if goTestLister([]string{"-fuzz", "^FuzzX$", "./core/oie"}) != nil {
		t.Error("a fuzzing run is given a lister: it runs one target, not the package's tests")
	}
}

func TestSummaryAddsPartsAndWallTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.tsv")
	rows := "unit\t10\t0\t1\t0\t0\t12.5\n" +
		"e2e\t16\t24\t0\t1\t24\t600.0\n" +
		"fuzz\t1\t0\t0\t0\t0\t3.0\n" +
		"fuzz\t1\t0\t0\t0\t0\t4.0\n"
	if err := os.WriteFile(path, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if status := printSummary(path, &out); status != 1 {
		t.Errorf("status %d with failures, want 1", status)
	}
	got := out.String()
	for _, want := range []string{
		"e2e   40      16      24                24        0                 1  10m0s",
		"fuzz    2       2       0                 0        0                 0     7s",
		"28 passed, 25 failed, 1 skipped in 10m20s",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
}
