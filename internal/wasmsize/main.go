// Command wasmsize breaks a Go WebAssembly binary down by package: the size
// of each package's function bodies (from the code section, named by the
// binary's name section) and the data segments as one line, so that the
// README can say honestly what the page's evaluator is made of.
//
//	go run ./internal/sitebuild wasm -names -o /tmp/app.wasm   (the page's flags, names kept)
//	go run ./internal/wasmsize [-top 25] [-brotli] /tmp/app.wasm
//
// With -brotli, each listed package's function bodies and the data segments
// are also brotli-compressed on their own (quality 11): what each would cost
// in the transfer if it were sent alone (the parts share less than the
// whole, so their sum is a little above the file's own brotli size).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/andybalholm/brotli"
)

func main() {
	top := flag.Int("top", 25, "packages listed before the rest are summed")
	flag.BoolVar(&withBrotli, "brotli", false, "also each listed part's size brotli-compressed on its own")
	flag.StringVar(&funcsOf, "funcs", "", "list the functions of this package instead, largest first (top of them)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-brotli] [-funcs PACKAGE] FILE.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		err = report(b, *top)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// sectionNames are the standard sections' names, by id.
var sectionNames = map[byte]string{1: "types", 3: "function signatures", 4: "tables", 5: "memory",
	6: "globals", 7: "exports", 8: "start", 9: "elements (indirect call table)", 12: "data count"}

// reader walks a wasm module's bytes.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) u32() int {
	var v uint64
	for shift := 0; ; shift += 7 {
		if r.off >= len(r.b) || shift > 35 {
			r.err = errors.New("truncated LEB128")
			return 0
		}
		c := r.b[r.off]
		r.off++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return int(v)
		}
	}
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || r.off+n > len(r.b) {
		r.err = errors.New("truncated section")
		return nil
	}
	s := r.b[r.off : r.off+n]
	r.off += n
	return s
}

// funcsOf, when set, names the package whose functions are listed.
var funcsOf string

// withBrotli adds a column: each part compressed on its own.
var withBrotli bool

// brotliSize is b's size at brotli's best (quality 11, 16 MB window), as
// internal/sitebuild packs the evaluator.
func brotliSize(b []byte) int {
	var c bytes.Buffer
	w := brotli.NewWriterOptions(&c, brotli.WriterOptions{Quality: 11, LGWin: 24})
	w.Write(b)
	w.Close()
	return c.Len()
}

func report(b []byte, top int) error {
	if !bytes.HasPrefix(b, []byte("\x00asm")) || len(b) < 8 {
		return errors.New("not a wasm module")
	}
	r := &reader{b: b, off: 8}
	var bodies [][]byte // code by defined function
	var data []byte     // the data section
	imported := 0
	names := map[int]string{}
	sections := map[string]int{}
	for r.off < len(b) && r.err == nil {
		id := b[r.off]
		r.off++
		size := r.u32()
		body := &reader{b: r.bytes(size)}
		switch id {
		case 2: // imports: functions among them come first in the index space
			for n := body.u32(); n > 0 && body.err == nil; n-- {
				body.bytes(body.u32())
				body.bytes(body.u32())
				kind := body.bytes(1)
				switch {
				case len(kind) == 0:
				case kind[0] == 0:
					imported++
					body.u32()
				case kind[0] == 1:
					body.bytes(1)
					if flags := body.bytes(1); len(flags) > 0 && flags[0]&1 == 1 {
						body.u32()
					}
					body.u32()
				case kind[0] == 2:
					if flags := body.bytes(1); len(flags) > 0 && flags[0]&1 == 1 {
						body.u32()
					}
					body.u32()
				case kind[0] == 3:
					body.bytes(2)
				}
			}
			sections["imports"] += size
		case 10:
			for n := body.u32(); n > 0 && body.err == nil; n-- {
				bodies = append(bodies, body.bytes(body.u32()))
			}
		case 11:
			sections["data (strings, tables, static values)"] += size
			data = body.b
		case 0:
			name := string(body.bytes(body.u32()))
			if name == "name" {
				for body.off < len(body.b) && body.err == nil {
					sub := body.bytes(1)
					sub2 := &reader{b: body.bytes(body.u32())}
					if len(sub) == 1 && sub[0] == 1 {
						for n := sub2.u32(); n > 0 && sub2.err == nil; n-- {
							idx := sub2.u32()
							names[idx] = string(sub2.bytes(sub2.u32()))
						}
					}
				}
			}
			sections["custom: "+name] += size
		default:
			sections[sectionNames[id]] += size
		}
		if body.err != nil {
			return body.err
		}
	}
	if r.err != nil {
		return r.err
	}
	if len(names) == 0 {
		return errors.New("no name section: build without -ldflags=-s")
	}
	if funcsOf != "" {
		listFuncs(bodies, names, imported, funcsOf, top)
		return nil
	}
	byPkg := map[string]int{}
	codeOf := map[string][]byte{}
	code := 0
	for i, fn := range bodies {
		p := pkgOf(names[imported+i])
		byPkg[p] += len(fn)
		code += len(fn)
		if withBrotli {
			codeOf[p] = append(codeOf[p], fn...)
		}
	}
	// br is a part's brotli column, empty without -brotli.
	br := func(b []byte) string {
		if !withBrotli {
			return ""
		}
		return fmt.Sprintf(" %10d", brotliSize(b))
	}
	type row struct {
		name string
		size int
	}
	var rows []row
	for p, sz := range byPkg {
		rows = append(rows, row{p, sz})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].size > rows[j].size })
	head := ""
	if withBrotli {
		head = fmt.Sprintf(" %10s", "brotli")
	}
	fmt.Printf("%-60s %10s %6s%s\n", "package (function bodies)", "bytes", "share", head)
	rest := 0
	for i, rw := range rows {
		if i < top {
			fmt.Printf("%-60s %10d %5.1f%%%s\n", rw.name, rw.size, 100*float64(rw.size)/float64(len(b)), br(codeOf[rw.name]))
		} else {
			rest += rw.size
		}
	}
	fmt.Printf("%-60s %10d %5.1f%%\n", fmt.Sprintf("%d other packages", max(0, len(rows)-top)), rest, 100*float64(rest)/float64(len(b)))
	fmt.Printf("%-60s %10d %5.1f%%\n", "all code", code, 100*float64(code)/float64(len(b)))
	var other []string
	for s := range sections {
		other = append(other, s)
	}
	sort.Strings(other)
	for _, s := range other {
		extra := ""
		if strings.HasPrefix(s, "data ") {
			extra = br(data)
		}
		fmt.Printf("%-60s %10d %5.1f%%%s\n", s, sections[s], 100*float64(sections[s])/float64(len(b)), extra)
	}
	fmt.Printf("%-60s %10d\n", "file", len(b))
	return nil
}

// pkgOf is a Go symbol's package. The name section writes a package path
// with '_' for '/': "github.com_tidwall_gjson.Result.String" is
// github.com/tidwall/gjson, "internal_abi.TypeOf" internal/abi (a '_' that was
// in the path itself is shown as '/' too).
func pkgOf(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	host := ""
	if u := strings.IndexByte(sym, '_'); u > 0 && isHost(sym[:u]) {
		host, sym = sym[:u], sym[u:] // a module path starts with a host
	}
	if dot := strings.IndexByte(sym, '.'); dot >= 0 {
		sym = sym[:dot]
	}
	if host == "" && (sym == "type_" || sym == "type:") {
		return "type: (generated equality and hash functions)"
	}
	return host + strings.ReplaceAll(sym, "_", "/")
}

// isHost tells a module path's host ("github.com") from a symbol that
// happens to hold a dot before its first '_' ("runtime.main_func1").
func isHost(s string) bool {
	for _, tld := range []string{".com", ".org", ".net", ".io", ".in", ".dev"} {
		if strings.HasSuffix(s, tld) && !strings.ContainsAny(s, "()*") {
			return true
		}
	}
	return false
}

// listFuncs prints pkg's largest functions, to find what to cut when the
// evaluator outgrows its bound.
func listFuncs(bodies [][]byte, names map[int]string, imported int, pkg string, top int) {
	type fn struct {
		name string
		size int
	}
	var fns []fn
	total := 0
	for i, b := range bodies {
		if name := names[imported+i]; pkgOf(name) == pkg {
			fns = append(fns, fn{name, len(b)})
			total += len(b)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].size > fns[j].size })
	fmt.Printf("%-80s %10s\n", pkg+": function", "bytes")
	for i, f := range fns {
		if i == top {
			break
		}
		fmt.Printf("%-80s %10d\n", f.name, f.size)
	}
	fmt.Printf("%-80s %10d\n", fmt.Sprintf("%d functions", len(fns)), total)
}
