//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/oiebench/oiebench/core/formats"
)

// runFormats lists the file formats oiebench knows (the registry, as the
// page's API and the Worker list them): their names for --system-format,
// role, and whether they are read.
func runFormats(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("formats", "[--format table|json]", stderr)
	format := fs.String("format", "table", "output: table or json")
	if rest, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"formats takes no arguments"}
	}
	infos := formats.Infos()
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(infos)
	case "table", "":
	default:
		return usageError{fmt.Sprintf("unknown format %q: expected table or json", *format)}
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "name\trole\tread\tlabel")
	for _, f := range infos {
		read := "yes"
		if !f.Readable {
			read = "no"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", f.Name, f.Role, read, f.Label)
	}
	return w.Flush()
}
