package main

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A wheel holds the package, the binary (executable) and its dist-info,
// and RECORD lists every other file with its sha256 and size, as pip
// checks them on install.
func TestWheel(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "pkg")
	os.MkdirAll(pkg, 0o755)
	os.WriteFile(filepath.Join(pkg, "__init__.py"), []byte("x = 1\n"), 0o644)
	os.WriteFile(filepath.Join(pkg, "notes.txt"), []byte("not packaged"), 0o644)
	bin := filepath.Join(dir, "oiebench.exe")
	os.WriteFile(bin, []byte("MZ binary"), 0o755)
	lic := filepath.Join(dir, "LICENSE")
	os.WriteFile(lic, []byte("MIT"), 0o644)

	name, err := build("1.2.3", "windows/arm64", bin, pkg, lic, filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(name) != "oiebench-1.2.3-py3-none-win_arm64.whl" {
		t.Fatalf("wheel named %s", name)
	}
	zr, err := zip.OpenReader(name)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files := map[string][]byte{}
	var names []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = b
		names = append(names, f.Name)
		if f.Name == "oiebench/bin/oiebench.exe" && f.Mode()&0o111 == 0 {
			t.Error("the binary is not executable in the wheel")
		}
	}
	want := []string{"oiebench-1.2.3.dist-info/LICENSE", "oiebench-1.2.3.dist-info/METADATA", "oiebench-1.2.3.dist-info/WHEEL",
		"oiebench/__init__.py", "oiebench/bin/oiebench.exe", "oiebench-1.2.3.dist-info/RECORD"}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Fatalf("entries %v, want %v", names, want)
	}
	if w := string(files["oiebench-1.2.3.dist-info/WHEEL"]); !strings.Contains(w, "Tag: py3-none-win_arm64\n") || !strings.Contains(w, "Root-Is-Purelib: false\n") {
		t.Errorf("WHEEL:\n%s", w)
	}
	if m := string(files["oiebench-1.2.3.dist-info/METADATA"]); !strings.Contains(m, "Name: oiebench\nVersion: 1.2.3\n") {
		t.Errorf("METADATA:\n%s", m)
	}
	rec := strings.Split(strings.TrimSpace(string(files["oiebench-1.2.3.dist-info/RECORD"])), "\n")
	if len(rec) != len(want) || rec[len(rec)-1] != "oiebench-1.2.3.dist-info/RECORD,," {
		t.Fatalf("RECORD:\n%s", strings.Join(rec, "\n"))
	}
	for _, line := range rec[:len(rec)-1] {
		parts := strings.Split(line, ",")
		s := sha256.Sum256(files[parts[0]])
		if want := fmt.Sprintf("%s,sha256=%s,%d", parts[0], base64.RawURLEncoding.EncodeToString(s[:]), len(files[parts[0]])); line != want {
			t.Errorf("RECORD line %q, want %q", line, want)
		}
	}
	// The same inputs make the same bytes.
	again, err := build("1.2.3", "win_arm64", bin, pkg, lic, filepath.Join(dir, "again"))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(name)
	b, _ := os.ReadFile(again)
	if string(a) != string(b) {
		t.Error("two builds of one wheel differ")
	}
}

// A version or platform a wheel cannot carry is refused, never guessed.
func TestWheelRefuses(t *testing.T) {
	for _, c := range []struct{ version, platform, want string }{
		{"v1.0", "linux/amd64", "expected N.N.N"},
		{"1.0.0", "plan9/386", "expected one of"},
		{"1.0.0-dev", "linux/amd64", "expected N.N.N"},
	} {
		if _, err := build(c.version, c.platform, "x", "y", "z", t.TempDir()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want %q", c.version, c.platform, err, c.want)
		}
	}
}
