package doctest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// block is one fenced block of a document, with what its conventions say.
type block struct {
	line     int    // of the opening fence, 1-based
	info     string // the fence's info string
	body     string
	notRun   bool
	exit     int
	output   *string // the output shown after it (a fenced output block)
	table    *string // or the Markdown table shown after it
	fileName string  // for a "text file=NAME" block
}

// commands returns the lines of a shell block that the test runs.
func (b block) commands() []string {
	var cmds []string
	lines := strings.Split(b.body, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimRight(strings.TrimSuffix(line, "\\"), " ") + " " + strings.TrimSpace(lines[i])
		}
		line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
		if !strings.HasPrefix(line, "oiebench ") && !strings.HasPrefix(line, "build/oiebench ") {
			continue
		}
		cmds = append(cmds, strings.TrimSpace(dropComment(line)))
	}
	return cmds
}

func (b block) shell() bool {
	switch strings.Fields(b.info + " x")[0] {
	case "sh", "bash", "console", "shell":
		return true
	}
	return false
}

// dropComment cuts a shell comment: a '#' after white space, outside quotes.
func dropComment(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && i > 0 && (line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

var (
	fence      = regexp.MustCompile("^(```+)(.*)$")
	exitMarker = regexp.MustCompile(`^<!-- exit (\d+) -->$`)
	fileInfo   = regexp.MustCompile(`^text file=(\S+)$`)
)

// parse finds the fenced blocks of a document and what follows each.
func parse(doc string) ([]block, error) {
	lines := strings.Split(doc, "\n")
	var blocks []block
	prev := "" // the last non-blank line before a block
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(strings.TrimSpace(lines[i]))
		if m == nil || strings.HasPrefix(lines[i], "    ") {
			if t := strings.TrimSpace(lines[i]); t != "" {
				prev = t
			}
			continue
		}
		b := block{line: i + 1, info: strings.TrimSpace(m[2])}
		end := i + 1
		for end < len(lines) && strings.TrimSpace(lines[end]) != m[1] {
			end++
		}
		if end == len(lines) {
			return nil, fmt.Errorf("line %d: the block is never closed", i+1)
		}
		b.body = strings.Join(lines[i+1:end], "\n")
		b.notRun = strings.HasPrefix(prev, "<!-- not run")
		if e := exitMarker.FindStringSubmatch(prev); e != nil {
			b.exit, _ = strconv.Atoi(e[1])
		}
		if f := fileInfo.FindStringSubmatch(b.info); f != nil {
			b.fileName = f[1]
		}
		if b.shell() {
			// What follows: the next non-blank line opens an output block or a table.
			next := end + 1
			for next < len(lines) && strings.TrimSpace(lines[next]) == "" {
				next++
			}
			if next < len(lines) {
				if om := fence.FindStringSubmatch(lines[next]); om != nil && strings.TrimSpace(om[2]) == "output" {
					oend := next + 1
					for oend < len(lines) && strings.TrimSpace(lines[oend]) != om[1] {
						oend++
					}
					out := strings.Join(lines[next+1:oend], "\n")
					b.output = &out
				} else if strings.HasPrefix(lines[next], "|") {
					tend := next
					for tend < len(lines) && strings.HasPrefix(lines[tend], "|") {
						tend++
					}
					table := strings.Join(lines[next:tend], "\n")
					b.table = &table
				}
			}
		}
		blocks = append(blocks, b)
		prev = ""
		i = end
	}
	return blocks, nil
}

var (
	buildOnce sync.Once
	binary    string
	version   string
	buildErr  error
)

// cli builds the command line from this tree, once per test run.
func cli(t *testing.T) (path, ver string) {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "doctest")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "oiebench")
		cmd := exec.Command("go", "build", "-o", binary, "./cmd/oiebench")
		cmd.Dir = root(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		out, err := exec.Command(binary, "version").Output()
		if err != nil {
			buildErr = err
			return
		}
		// "oiebench 0.1.0 (go1.26.8, linux/amd64)"
		if f := strings.Fields(string(out)); len(f) > 1 {
			version = f[1]
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary, version
}

func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// documents lists README.md and docs/ (the specification under docs/spec is
// the benchmarks' text, not oiebench's).
func documents(t *testing.T) []string {
	t.Helper()
	docs := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root(t), "docs"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "spec" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(root(t), path)
			docs = append(docs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

var signatureVersion = regexp.MustCompile(`oiebench:\d+\.\d+\.\d+`)

func TestDocumentedCommands(t *testing.T) {
	bin, ver := cli(t)
	ran := 0
	for _, doc := range documents(t) {
		t.Run(doc, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(root(t), doc))
			if err != nil {
				t.Fatal(err)
			}
			blocks, err := parse(string(data))
			if err != nil {
				t.Fatalf("%s:%v", doc, err)
			}
			work := t.TempDir()
			if err := os.MkdirAll(filepath.Join(work, "build"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(bin, filepath.Join(work, "build", "oiebench")); err != nil {
				t.Fatal(err)
			}
			for _, b := range blocks {
				if b.fileName != "" {
					if err := os.WriteFile(filepath.Join(work, b.fileName), []byte(b.body+"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if !b.shell() || b.notRun {
					continue
				}
				cmds := b.commands()
				if len(cmds) == 0 {
					continue // go build, ./build.sh, ...: what follows is not an oiebench output
				}
				failed := false
				var stdout, stderr bytes.Buffer
				for _, c := range cmds {
					if f := strings.Fields(c); len(f) > 1 && f[1] == "serve" {
						t.Errorf("%s:%d: %q serves until stopped: mark the block <!-- not run -->", doc, b.line, c)
						continue
					}
					ran++
					sh := exec.Command("bash", "-c", c)
					sh.Dir = work
					sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+work, "NO_COLOR=1")
					sh.Stdout, sh.Stderr = &stdout, &stderr
					err := sh.Run()
					status := 0
					var exit *exec.ExitError
					if errors.As(err, &exit) {
						status = exit.ExitCode()
					} else if err != nil {
						t.Fatal(err)
					}
					if status != b.exit {
						failed = true
						t.Errorf("%s:%d: %s\nexit status %d, the document says %d; standard error:\n%s", doc, b.line, c, status, b.exit, stderr.String())
					}
				}
				if failed {
					continue
				}
				printed := stdout.String()
				if b.exit != 0 {
					printed = stderr.String()
				}
				var want, got string
				switch {
				case b.output != nil:
					want, got = *b.output, printed
				case b.table != nil:
					want, got = *b.table, tableLines(printed)
				default:
					continue
				}
				want = signatureVersion.ReplaceAllString(want, "oiebench:"+ver)
				if strings.TrimRight(got, "\n") != strings.TrimRight(want, "\n") {
					t.Errorf("%s:%d: the output shown differs from what %q prints now\n--- shown\n%s\n--- printed\n%s", doc, b.line, cmds, want, got)
				}
			}
		})
	}
	if ran == 0 {
		t.Error("no documented command ran: the conventions do not find the examples")
	}
}

// tableLines keeps the Markdown table rows of an output.
func tableLines(out string) string {
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "|") {
			rows = append(rows, line)
		}
	}
	return strings.Join(rows, "\n")
}

func TestConventions(t *testing.T) {
	doc := "Intro\n\n" +
		"```text file=mine.tsv\n1\tHe\tserved\tas PM\n```\n\n" +
		"```sh\ngo build -o build/oiebench ./cmd/oiebench\nbuild/oiebench score --gold benchie:en \\\n    mine.tsv   # one file\noiebench stats --gold 'a # b'\n```\n\n" +
		"| a |\n|---|\n\n" +
		"<!-- not run: it serves -->\n```sh\noiebench serve\n```\n\n" +
		"<!-- exit 1 -->\n```console\n$ oiebench score --gold nothing.txt x\n```\n```output\nerror\n```\n"
	blocks, err := parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 5 {
		t.Fatalf("%d blocks, want 5 (the output block is one too)", len(blocks))
	}
	if blocks[0].fileName != "mine.tsv" || blocks[0].body != "1\tHe\tserved\tas PM" {
		t.Errorf("file block: %+v", blocks[0])
	}
	got := blocks[1].commands()
	want := []string{"build/oiebench score --gold benchie:en mine.tsv", "oiebench stats --gold 'a # b'"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("commands %q, want %q", got, want)
	}
	if blocks[1].table == nil || *blocks[1].table != "| a |\n|---|" {
		t.Errorf("the table after the block is not found: %v", blocks[1].table)
	}
	if !blocks[2].notRun || blocks[1].notRun {
		t.Error("not run marks the wrong block")
	}
	if blocks[3].exit != 1 || blocks[3].output == nil || *blocks[3].output != "error" {
		t.Errorf("exit and output: %+v", blocks[3])
	}
	if fmt.Sprint(blocks[3].commands()) != "[oiebench score --gold nothing.txt x]" {
		t.Errorf("console prompt not dropped: %q", blocks[3].commands())
	}
}
