// Command wheel writes the Python package (python/oiebench) and a built
// oiebench binary into a platform wheel, without any Python build backend:
// a wheel is a zip with the package, its .dist-info (METADATA, WHEEL,
// RECORD with sha256 digests) and a tag naming the platform
// (PEP 427, PEP 491). ./build.sh wheel runs it once per platform.
//
//	go run ./internal/wheel -version 0.1.0 -platform manylinux2014_x86_64 \
//	    -binary build/wheel/linux-amd64/oiebench -package python/oiebench -out build/wheel
//
// The wheel is reproducible: entries in a fixed order, with a fixed time.
package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Platforms are the wheel platform tags, by GOOS/GOARCH, of the platforms
// a release ships.
var Platforms = map[string]string{
	"linux/amd64":   "manylinux2014_x86_64",
	"linux/arm64":   "manylinux2014_aarch64",
	"darwin/amd64":  "macosx_11_0_x86_64",
	"darwin/arm64":  "macosx_11_0_arm64",
	"windows/amd64": "win_amd64",
	"windows/arm64": "win_arm64",
}

// entry is one file of the wheel.
type entry struct {
	name string
	data []byte
	exec bool
}

// zipTime is every entry's time: zip's earliest, so that two builds of
// the same sources are the same bytes.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// versionPattern is the versions a release takes: N.N.N with an optional
// pre-release suffix PEP 440 accepts as written (a1, b2, rc1).
var versionPattern = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+((a|b|rc)[0-9]+)?$`)

func main() {
	version := flag.String("version", "", "the version (oiebench version prints it)")
	platform := flag.String("platform", "", "the wheel platform tag, or GOOS/GOARCH: "+platformList())
	binary := flag.String("binary", "", "the oiebench binary built for that platform")
	pkg := flag.String("package", "python/oiebench", "the Python package folder")
	licence := flag.String("license", "LICENSE", "the licence file")
	out := flag.String("out", "build/wheel", "the folder the wheel goes to")
	flag.Parse()
	name, err := build(*version, *platform, *binary, *pkg, *licence, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wheel:", err)
		os.Exit(1)
	}
	fmt.Println(name)
}

func platformList() string {
	var l []string
	for k, v := range Platforms {
		l = append(l, k+" ("+v+")")
	}
	sort.Strings(l)
	return strings.Join(l, ", ")
}

// build writes the wheel and returns its path.
func build(version, platform, binary, pkg, licence, out string) (string, error) {
	if !versionPattern.MatchString(version) {
		return "", fmt.Errorf("-version %q: expected N.N.N (with an optional a1, b1 or rc1)", version)
	}
	if tag, ok := Platforms[platform]; ok {
		platform = tag
	}
	exe := ""
	switch {
	case strings.HasPrefix(platform, "win_"):
		exe = ".exe"
	case strings.HasPrefix(platform, "manylinux"), strings.HasPrefix(platform, "macosx_"):
	default:
		return "", fmt.Errorf("-platform %q: expected one of %s", platform, platformList())
	}
	bin, err := os.ReadFile(binary)
	if err != nil {
		return "", err
	}
	var files []entry
	err = filepath.WalkDir(pkg, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".py") {
			return err
		}
		rel, err := filepath.Rel(pkg, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		files = append(files, entry{name: path.Join("oiebench", filepath.ToSlash(rel)), data: b})
		return err
	})
	if err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", fmt.Errorf("%s: no Python files", pkg)
	}
	files = append(files, entry{name: "oiebench/bin/oiebench" + exe, data: bin, exec: true})
	lic, err := os.ReadFile(licence)
	if err != nil {
		return "", err
	}
	info := fmt.Sprintf("oiebench-%s.dist-info", version)
	files = append(files,
		entry{name: info + "/METADATA", data: []byte(metadata(version))},
		entry{name: info + "/WHEEL", data: []byte(wheelFile(platform))},
		entry{name: info + "/LICENSE", data: lic},
	)
	sort.SliceStable(files, func(i, j int) bool { return files[i].name < files[j].name })
	files = append(files, entry{name: info + "/RECORD", data: record(files, info+"/RECORD")})

	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: zipTime}
		mode := fs.FileMode(0o644)
		if f.exec {
			mode = 0o755 // pip keeps the executable bit of an entry that has it
		}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return "", err
		}
		if _, err := w.Write(f.data); err != nil {
			return "", err
		}
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	name := filepath.Join(out, fmt.Sprintf("oiebench-%s-py3-none-%s.whl", version, platform))
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return "", err
	}
	return name, nil
}

// metadata is the wheel's METADATA (core metadata 2.1).
func metadata(version string) string {
	return "Metadata-Version: 2.1\n" +
		"Name: oiebench\n" +
		"Version: " + version + "\n" +
		"Summary: Fact-level evaluation of Open Information Extraction: BenchIE, BenchIE^FL, CaRB, WiRe57\n" +
		"Home-page: https://github.com/oiebench/oiebench\n" +
		"License: MIT\n" +
		"Requires-Python: >=3.8\n" +
		"Provides-Extra: pandas\n" +
		"Requires-Dist: pandas; extra == \"pandas\"\n" +
		"Description-Content-Type: text/markdown\n" +
		"\n" +
		"oiebench scores Open Information Extraction systems exactly as BenchIE, BenchIE^FL, CaRB and WiRe57 do.\n" +
		"This wheel holds the native oiebench command line; `import oiebench` runs it (docs/python.md).\n"
}

// wheelFile is the wheel's WHEEL: not pure Python (it holds a binary),
// for any Python 3 on one platform.
func wheelFile(platform string) string {
	return "Wheel-Version: 1.0\n" +
		"Generator: oiebench internal/wheel\n" +
		"Root-Is-Purelib: false\n" +
		"Tag: py3-none-" + platform + "\n"
}

// record is RECORD: every file with its sha256 (urlsafe base64, no
// padding) and size, then RECORD itself without either.
func record(files []entry, self string) []byte {
	var b strings.Builder
	for _, f := range files {
		s := sha256.Sum256(f.data)
		fmt.Fprintf(&b, "%s,sha256=%s,%d\n", csvField(f.name), base64.RawURLEncoding.EncodeToString(s[:]), len(f.data))
	}
	fmt.Fprintf(&b, "%s,,\n", self)
	return []byte(b.String())
}

// csvField quotes a RECORD path that holds a comma or a quote; the
// package's paths never do, but RECORD is CSV.
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
