package formats_test

import (
	"errors"
	"testing"

	"github.com/oiebench/oiebench/core/formats"
	"github.com/oiebench/oiebench/core/oie"
)

// FuzzRead: detection and every reader take any bytes without panicking;
// a file is read whole or refused with a positioned error, and a detected
// format reads what Read detects.
func FuzzRead(f *testing.F) {
	for _, s := range []string{openie4File, openie5File, clausieFile, propsFile, reverbFile, ollieFile, openie6File, cliFile,
		allenFile, imojieFile, tabbedFile, tsvFile, jsonlFile, carbGoldFile, oie2016GoldFile, conllFile, coreDefaultFile,
		coreIDFile, coreOllieFile, wire57File, triplesByID, triplesByText, hippoFile, grapheneDefaultFile, grapheneFlatFile,
		grapheneOldFlatFile, kgToolboxFile, kgToolboxPathIEFile, kgToolboxCSVFile, "", "\ufeff{", "1.0: (", "( ; )"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := formats.Detect(data)
		if d.Format != nil && len(d.Candidates) > 0 {
			t.Fatalf("a confident detection with candidates: %+v", d)
		}
		x, err := formats.Read(formats.Input{File: "f", Data: data}, nil)
		if err != nil {
			var pe *oie.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a ParseError", err)
			}
			if x != nil {
				t.Fatal("a result beside an error")
			}
		} else if (x.ByID == nil) == (x.ByText == nil) || x.Format != d.Format {
			t.Fatalf("read %+v, detected %+v", x, d)
		}
		for _, name := range formats.Readable() {
			x, err := formats.Read(formats.Input{File: "f", Data: data}, formats.MustLookup(name))
			if err == nil && (x.ByID == nil) == (x.ByText == nil) {
				t.Fatalf("%s: read neither or both", name)
			}
		}
	})
}
