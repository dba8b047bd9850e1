//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Receipts of the shipped systems verify from an empty directory: the
// files are the binary's own.
func TestReceiptsOfShippedSystemsVerify(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"benchie", []string{"score", "--gold", "benchie:en", "--receipt", "benchie.json", "benchie:en/clausie", "benchie:en/minie", "benchie:en/openie6"}},
		{"carb", []string{"score", "--gold", "benchie:en", "--scorer", "benchie,carb", "--carb-gold", "benchie:en/carb-gold", "--receipt", "carb.json", "benchie:en/clausie"}},
		{"fl", []string{"score", "--gold", "benchie-fl:en", "--scorer", "benchie-fl", "--fl-mode", "corrected", "--receipt", "fl.json", "benchie-fl:en/imojie"}},
		{"subset", []string{"score", "--gold", "benchie:en", "--reference-compat", "--sentences", "1-20,40", "--receipt", "subset.json", "benchie:en/stanford"}},
		{"openie6", []string{"score", "--scorer", "openie6", "--gold", "carb:test", "--receipt", "openie6.json", "carb:test/openie4"}},
		{"carb-binary-corrected", []string{"score", "--gold", "carb:test", "--scorer", "carb,carb-ss", "--binary", "--carb-mode", "corrected", "--receipt", "carb-binary-corrected.json", "carb:test/openie5"}},
		{"oie16-curve", []string{"score", "--gold", "carb:test", "--scorer", "oie16", "--oie16-curve", "sklearn-0.23.1", "--receipt", "oie16-curve.json", "carb:test/clausie"}},
		{"gold-format", []string{"score", "--gold", "carb:test", "--gold-format", "carb-gold", "--scorer", "wire57", "--receipt", "gold-format.json", "carb:test/reverb"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, append(c.args, "--quiet", "--format", "json")...)
			if code != 0 {
				t.Fatalf("score: %d %s", code, stderr)
			}
			empty := t.TempDir()
			receipt := filepath.Join(dir, c.name+".json")
			t.Chdir(empty)
			out, stderr, code := runCLI(t, "verify", receipt)
			t.Chdir(dir)
			if code != 0 || !strings.HasPrefix(lastLine(out), "verified: ") || strings.Contains(out, "DIFFERS") {
				t.Fatalf("verify: %d\n%s%s", code, out, stderr)
			}
		})
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// A system file given beside the receipt, one byte changed, is named and
// verify exits 1; the receipt's JSON report agrees with score's.
func TestVerifyNamesATamperedFile(t *testing.T) {
	data, err := os.ReadFile(data(t, "systems/clausie_explicit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	report, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "--receipt", "r.json", "--format", "json", "--quiet", "ClausIE=benchie:en/clausie")
	if code != 0 {
		t.Fatal(stderr)
	}
	var rep struct {
		Systems []struct {
			SHA256 string `json:"sha256"`
		} `json:"systems"`
	}
	rc, err := os.ReadFile("r.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(report), &rep); err != nil || len(rep.Systems) != 1 || !strings.Contains(string(rc), rep.Systems[0].SHA256) {
		t.Fatalf("the report's systems[].sha256 is not the receipt's: %v %+v", err, rep)
	}
	data[strings.IndexByte(string(data), '\t')+1] ^= 0x20
	if err := os.WriteFile("clausie_explicit.txt", data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCLI(t, "verify", "--quiet", "r.json", "clausie_explicit.txt")
	if code != 1 || !strings.Contains(out, "DIFFERS systems[ClausIE] clausie_explicit.txt: sha256 differs: receipt "+rep.Systems[0].SHA256+", file ") ||
		lastLine(out) == "" || !strings.HasPrefix(lastLine(out), "NOT verified: ") || strings.Contains(out, "ok ") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// not a receipt: a JSON report
	if err := os.WriteFile("report.json", []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, "verify", "report.json"); code != 1 || !strings.Contains(stderr, `report.json:1:1: expected an oiebench receipt: a member "receipt": "oiebench/1"`) {
		t.Fatalf("a report read as a receipt: %d %s", code, stderr)
	}
}

// A receipt that names the shipped files by base name only (the page's)
// finds them by checksum.
func TestReceiptFindsShippedFilesByChecksum(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, stderr, code := runCLI(t, "score", "--gold", "benchie:en", "--receipt", "r.json", "--quiet", "benchie:en/graphene"); code != 0 {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile("r.json")
	if err != nil {
		t.Fatal(err)
	}
	var rc map[string]any
	if err := json.Unmarshal(data, &rc); err != nil {
		t.Fatal(err)
	}
	delete(rc["gold"].(map[string]any), "shipped")
	delete(rc["systems"].([]any)[0].(map[string]any), "shipped")
	data, _ = json.Marshal(rc)
	if strings.Contains(string(data), "benchie:en") {
		t.Fatal("a shipped name is left")
	}
	if err := os.WriteFile("r.json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCLI(t, "verify", "r.json")
	if code != 0 || !strings.Contains(out, "ok      systems[Graphene] benchie:en/graphene (shipped): sha256 ") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}

// A WiRe57 file holds two extractors, two systems: its receipt verifies
// against the file under another name.
func TestWiRe57Receipt(t *testing.T) {
	gold, err := filepath.Abs(filepath.Join("..", "..", "core", "wire57", "testdata", "gold.json"))
	if err != nil {
		t.Fatal(err)
	}
	sys, err := os.ReadFile(filepath.Join("..", "..", "core", "wire57", "testdata", "system.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("extractions.json", sys, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, "score", "--scorer", "wire57", "--gold", gold, "--receipt", "r.json", "--quiet", "extractions.json"); code != 0 {
		t.Fatal(stderr)
	}
	if err := os.Rename("extractions.json", "renamed.json"); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCLI(t, "verify", "r.json", gold, "renamed.json")
	if code != 0 || !strings.Contains(out, "systems[sysA].wire57.f1 = ") || !strings.Contains(out, "systems[sysB].wire57.f1 = ") {
		t.Fatalf("exit %d\n%s", code, out)
	}
}
