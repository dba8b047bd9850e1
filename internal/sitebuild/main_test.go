package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// pageDeps are the packages the js/wasm build of the page compiles.
func pageDeps(t *testing.T) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", mainPackage)
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	return strings.Fields(string(out))
}

// Every package kept inlined is one the page compiles: a package renamed
// or moved would otherwise lose its inlining without a word.
func TestInlinedPackagesArePagePackages(t *testing.T) {
	t.Chdir("../..")
	deps := pageDeps(t)
	for _, p := range inlined {
		found := slices.ContainsFunc(deps, func(d string) bool {
			if prefix, ok := strings.CutSuffix(p, "/..."); ok {
				return d == prefix || strings.HasPrefix(d, prefix+"/")
			}
			return d == p
		})
		if !found {
			t.Errorf("inlined names %s, which the page does not compile", p)
		}
	}
	f := buildFlags(false)
	if f[1] != "-buildvcs=false" || f[2] != "-gcflags=all=-l" || !slices.Contains(f, "-gcflags=github.com/oiebench/oiebench/core/benchie=") || !slices.Contains(f, "-ldflags=-s -w -buildid=") {
		t.Errorf("build flags %q", f)
	}
	if named := buildFlags(true); slices.Contains(named, "-ldflags=-s -w -buildid=") || !slices.Contains(named, "-ldflags=-buildid=") {
		t.Errorf("-names build flags %q: the name section stripped, or a build ID kept", named)
	}
}

// The build flags and the step after the link are part of the record:
// changing them makes the committed evaluator stale, as changing a source
// does.
func TestFlagsAreInTheRecord(t *testing.T) {
	t.Chdir("../..")
	a, err := sourcesWith(buildFlags(false))
	if err != nil {
		t.Fatal(err)
	}
	b, err := sourcesWith(buildFlags(true))
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Error("two sets of build flags give one record")
	}
	c, err := sources()
	if err != nil {
		t.Fatal(err)
	}
	if c == a {
		t.Error("the step after the link (joining data segments) is not in the record")
	}
	if d, _ := sourcesWith(buildSteps()); c != d {
		t.Error("sources is not sourcesWith(buildSteps())")
	}
}

func TestPackedEvaluatorSize(t *testing.T) {
	t.Chdir("../..")
	if err := withinBound(); err != nil {
		t.Error(err)
	}
}
