//go:build !(js && wasm)

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sync"

	"github.com/oiebench/oiebench/core/benchmarks"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/dist"
)

// writeReceipt writes a report's receipt (core/receipt) to path.
func writeReceipt(r *report.Report, systemFormat, path string) error {
	rc, err := receipt.Make(r, systemFormat)
	if err != nil {
		return err
	}
	return writeOutput(path, rc.JSON())
}

// errNotVerified is verify's exit status 1 when the receipt's numbers do
// not reproduce (the lines have said why).
type errNotVerified struct{ summary string }

func (e errNotVerified) Error() string { return e.summary }

func runVerify(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("verify", "RECEIPT [SYSTEM_FILES...]", stderr)
	quiet := fs.Bool("quiet", false, "print only what differs and the summary")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError{"no receipt given"}
	}
	res, err := verifyFiles(pos[0], pos[1:])
	if err != nil {
		return err
	}
	for _, l := range res.Lines {
		if !*quiet || !l.OK {
			fmt.Fprintln(stdout, l)
		}
	}
	fmt.Fprintln(stdout, res.Summary())
	if !res.OK() {
		return errNotVerified{res.Summary()}
	}
	return nil
}

// verifyFiles reads a receipt and the files given and verifies it; the
// files the receipt names as shipped are read from the binary when no
// given file matches them.
func verifyFiles(receiptPath string, files []string) (*receipt.Result, error) {
	data, err := readFile(receiptPath)
	if err != nil {
		return nil, err
	}
	rc, err := receipt.Parse(receiptPath, data)
	if err != nil {
		return nil, err
	}
	var given []evaluate.Input
	for _, p := range files {
		in, err := readInput("", p)
		if err != nil {
			return nil, err
		}
		given = append(given, in)
	}
	return receipt.Verify(rc, receipt.Source{Given: given, Shipped: readShipped}), nil
}

// readShipped reads a shipped file by name, or else by checksum, for
// receipt.Source.
func readShipped(name, sha string) (evaluate.Input, bool) {
	if name == "" {
		name = shippedSums()[sha]
	}
	if _, ok := benchmarks.Lookup(name); !ok {
		return evaluate.Input{}, false
	}
	in, err := readInput("", name)
	return in, err == nil
}

// shippedSums names the shipped files by their SHA-256.
var shippedSums = sync.OnceValue(func() map[string]string {
	sums := map[string]string{}
	for _, e := range benchmarks.Entries() {
		if data, err := dist.ReadData(e.Path); err == nil {
			sum := sha256.Sum256(data)
			sums[hex.EncodeToString(sum[:])] = e.Name
		}
	}
	return sums
})
