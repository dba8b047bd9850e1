package oie

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// generatedSystem is a file written from a list of extractions, the list
// a reader must read back from it.
type generatedSystem struct {
	name string
	data []byte
	opt  SystemOptions
	want []Extraction
}

// generateSystems writes files of both readers in every edge class: TSV
// with and without a confidence column (and one read as arguments), n-ary
// arguments, empty slots, indented lines and spaced ids, blank lines, a
// byte order mark, CRLF and lone CR line ends (the latter read from a
// copy), JSON Lines with escapes, numeric ids and null fields, each read
// shared and not.
func generateSystems(r *rand.Rand) []generatedSystem {
	words := []string{"a", "Paris", "in 1950", "ça", "€", "  spaced  ", "x\"y", `back\slash`, "日本", "0.5", "-", "🙂", "<b>&amp;"}
	slot := func() string {
		if r.IntN(6) == 0 {
			return ""
		}
		var parts []string
		for range 1 + r.IntN(3) {
			parts = append(parts, words[r.IntN(len(words))])
		}
		return strings.Join(parts, " ")
	}
	word := func() string { // an argument that is never a number
		for {
			if w := slot(); !isNumber(w) {
				return w
			}
		}
	}
	var out []generatedSystem
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		for _, bom := range []bool{false, true} {
			for _, conf := range []ConfidenceMode{ConfidenceAuto, ConfidenceNone} {
				for _, shared := range []bool{false, true} {
					var b strings.Builder
					if bom {
						b.WriteString("\ufeff")
					}
					var want []Extraction
					withConf := conf == ConfidenceAuto && r.IntN(2) == 0
					line := 0
					for k := range 40 {
						if r.IntN(5) == 0 { // a blank line
							b.WriteString([]string{"", " ", "\t "}[r.IntN(3)] + nl)
							line++
						}
						line++
						e := Extraction{SentID: "s" + strconv.Itoa(k/3), Triple: Triple{slot(), slot(), slot()}, Line: line}
						indent := []string{"", " ", "\t", " \t "}[r.IntN(4)]
						e.Indented = indent != ""
						space := []string{"", "", " ", "  "}[r.IntN(4)]
						e.IDSpaced = space != ""
						cols := []string{indent + e.SentID + space, e.Subject, e.Relation, e.Object}
						for range r.IntN(3) {
							e.Extra = append(e.Extra, word())
						}
						cols = append(cols, e.Extra...)
						if withConf {
							e.Confidence, e.HasConfidence = float64(r.IntN(1000))/997, true
							cols = append(cols, strconv.FormatFloat(e.Confidence, 'g', -1, 64))
						} else if conf == ConfidenceNone && r.IntN(2) == 0 { // a number read as an argument
							e.Extra = append(e.Extra, "0.25")
							cols = append(cols, "0.25")
						}
						b.WriteString(strings.Join(cols, "\t") + nl)
						want = append(want, e)
					}
					out = append(out, generatedSystem{fmt.Sprintf("tsv nl=%q bom=%v conf=%v/%v shared=%v", nl, bom, conf, withConf, shared),
						[]byte(b.String()), SystemOptions{Format: FormatTSV, Confidence: conf, Shared: shared}, want})
				}
			}
			for _, shared := range []bool{false, true} {
				var b strings.Builder
				if bom {
					b.WriteString("\ufeff")
				}
				var want []Extraction
				withConf := r.IntN(2) == 0
				line := 0
				for k := range 40 {
					if r.IntN(5) == 0 {
						b.WriteString(" " + nl)
						line++
					}
					line++
					e := Extraction{SentID: "s" + strconv.Itoa(k/3), Triple: Triple{slot(), slot(), slot()}, Line: line}
					obj := map[string]any{"sent_id": "  " + e.SentID, "subject": e.Subject, "relation": e.Relation, "object": e.Object}
					if r.IntN(3) == 0 {
						e.SentID = strconv.Itoa(k)
						obj["sent_id"] = k
					}
					switch r.IntN(3) {
					case 0:
						obj["arguments"] = nil
					case 1:
						for range 1 + r.IntN(2) {
							e.Extra = append(e.Extra, slot())
						}
						obj["arguments"] = e.Extra
					}
					if withConf {
						e.Confidence, e.HasConfidence = float64(r.IntN(1000))/997, true
						obj["confidence"] = e.Confidence
					}
					j, err := json.Marshal(obj) // escapes ", \ and <, >, & as \u003c...
					if err != nil {
						panic(err)
					}
					b.Write(j)
					b.WriteString(nl)
					want = append(want, e)
				}
				out = append(out, generatedSystem{fmt.Sprintf("jsonl nl=%q bom=%v conf=%v shared=%v", nl, bom, withConf, shared),
					[]byte(b.String()), SystemOptions{Format: FormatJSONL, Shared: shared}, want})
			}
		}
	}
	return out
}

// TestExtractionsAsWritten: every extraction read from a generated file
// is, field for field, the one the file was written from; so is every one
// of the list made of those values in memory (ExtractionsOf).
func TestExtractionsAsWritten(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 30))
	for round := range 20 {
		for _, g := range generateSystems(r) {
			sys, err := ReadSystem("f", g.data, g.opt)
			if err != nil {
				t.Fatalf("round %d, %s: %v\n%s", round, g.name, err, g.data)
			}
			for name, got := range map[string]Extractions{"read": sys.Extractions, "in memory": ExtractionsOf(g.want)} {
				if got.Len() != len(g.want) {
					t.Fatalf("round %d, %s, %s: %d extractions, want %d", round, g.name, name, got.Len(), len(g.want))
				}
				n := 0
				for i, e := range got.All() {
					if !reflect.DeepEqual(e, g.want[i]) || !reflect.DeepEqual(got.At(i), e) {
						t.Fatalf("round %d, %s, %s, extraction %d:\n got %#v\nwant %#v", round, g.name, name, i, e, g.want[i])
					}
					n++
				}
				if n != len(g.want) {
					t.Fatalf("round %d, %s, %s: All yielded %d", round, g.name, name, n)
				}
			}
		}
	}
}

// TestExtractionsShareTheirText: a shared read keeps its strings in the
// file's bytes, and At makes nothing but the arguments' slice.
func TestExtractionsShareTheirText(t *testing.T) {
	data := []byte("1\tHe\tleft\tParis\n2\tShe\tcame\there\tin 1950\n")
	sys, err := ReadSystem("f", data, SystemOptions{Format: FormatTSV, Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	x := sys.Extractions
	if len(x.text.own) != 0 {
		t.Errorf("%d bytes copied", len(x.text.own))
	}
	start := uintptr(unsafe.Pointer(&data[0]))
	for _, s := range x.At(1).Slots() {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); p < start || p >= start+uintptr(len(data)) {
			t.Errorf("%q is a copy, not the file's bytes", s)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = x.At(0) }); n != 0 {
		t.Errorf("At of an extraction without arguments allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = x.At(1) }); n != 1 {
		t.Errorf("At of an extraction with arguments allocates %v times, want 1 (Extra)", n)
	}
}

// TestExtractionsHoldNoPointers: the arrays a list grows with, one element
// an extraction or an argument, hold no pointer for the collector to follow.
func TestExtractionsHoldNoPointers(t *testing.T) {
	var pointerFree func(reflect.Type) bool
	pointerFree = func(ty reflect.Type) bool {
		switch ty.Kind() {
		case reflect.Struct:
			for i := range ty.NumField() {
				if !pointerFree(ty.Field(i).Type) {
					return false
				}
			}
			return true
		case reflect.Array:
			return pointerFree(ty.Elem())
		case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
			reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint, reflect.Float32, reflect.Float64:
			return true
		}
		return false
	}
	for _, ty := range []reflect.Type{reflect.TypeFor[extractionRow](), reflect.TypeFor[textSpan]()} {
		if !pointerFree(ty) {
			t.Errorf("%v holds a pointer", ty)
		}
	}
}

// TestAppendRefusesLines: a line number is kept in 32 bits; Append refuses
// one that is not, rather than keep another.
func TestAppendRefusesLines(t *testing.T) {
	for _, line := range []int{-1, 1 << 32} {
		var x Extractions
		if err := x.add(Extraction{SentID: "1", Line: line}); err == nil || x.Len() != 0 {
			t.Errorf("line %d: kept (%v)", line, err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Append of line -1 did not panic")
		}
	}()
	var x Extractions
	x.Append(Extraction{Line: -1})
}
