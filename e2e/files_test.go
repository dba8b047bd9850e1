//go:build e2e

package e2e

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/oiebench/oiebench/core/benchmarks"
)

// pick chooses files in a file input, as a user does with the picker.
func pick(p *page, input string, paths ...string) {
	p.t.Helper()
	p.do(chromedp.SetUploadFiles(chromedp.CSS(input), paths))
}

// A system file added through the picker is scored beside the bundled
// ones, kept across a reload, and a JSON Lines file is read as well.
func TestAddedSystemIsScored(t *testing.T) {
	minie := readData(t, "systems/minie_explicit.txt")
	p := newPage(t)
	p.open("")
	before := cells(p)

	pick(p, "#file-input", writeTemp(t, "my_system.tsv", minie))
	p.waitFor("the new row", `document.querySelector('#scores td[data-system="my_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	after := cells(p)
	if len(after) != len(before)+1 {
		t.Fatalf("%d systems after adding one, want %d", len(after), len(before)+1)
	}
	// The same extractions as MinIE: the same numbers, to the last digit.
	if !equalCells(after["my_system"], after["MinIE"]) {
		t.Errorf("my_system scores %v, MinIE %v", after["my_system"], after["MinIE"])
	}
	if got := eval[string](p, `document.querySelector('.files li[data-file="my_system.tsv"]').textContent`); !strings.Contains(got, "system") {
		t.Errorf("file list shows %q", got)
	}
	p.screenshot("added-system")

	// The same extractions as JSON Lines.
	var jsonl strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(string(minie)), "\n") {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		b, _ := json.Marshal(map[string]string{"sent_id": f[0], "subject": f[1], "relation": f[2], "object": strings.Join(f[3:], " ")})
		jsonl.Write(b)
		jsonl.WriteByte('\n')
	}
	pick(p, "#file-input", writeTemp(t, "as_jsonl.jsonl", []byte(jsonl.String())))
	p.waitFor("the JSONL row", `document.querySelector('#scores td[data-system="as_jsonl"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if c := cells(p); !equalCells(c["as_jsonl"], c["MinIE"]) {
		t.Errorf("as_jsonl scores %v, MinIE %v", c["as_jsonl"], c["MinIE"])
	}

	// Nothing the user made is lost on reload: files and options come back.
	p.do(chromedp.Click(chromedp.CSS(`input[data-facet="concat"]`)))
	p.waitFor("concat off", `document.querySelector('#scores td[data-facet="concat"]') === null && document.querySelector('#app[data-ready="table"]') !== null`)
	p.do(chromedp.Reload())
	p.waitReady()
	p.waitFor("restored files", `document.querySelector('#scores td[data-system="my_system"]') !== null && document.querySelector('#scores td[data-system="as_jsonl"]') !== null`)
	if n := eval[int](p, `document.querySelectorAll('#scores td[data-facet="concat"]').length`); n != 0 {
		t.Errorf("after reload the concat facet is back (%d cells): options were not kept", n)
	}
	if got := eval[bool](p, `document.querySelector('input[data-facet="concat"]').checked`); got {
		t.Error("after reload the concat box is checked again")
	}
}

func equalCells(a, b map[string]map[string]string) bool {
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for f, ms := range a {
		for m, v := range ms {
			if b[f][m] != v {
				return false
			}
		}
	}
	return true
}

// A malformed file is refused with its file:line:column and the line at
// fault, and everything on screen stays as it was, including an earlier
// good file of the same name.
func TestMalformedFileKeepsState(t *testing.T) {
	minie := readData(t, "systems/minie_explicit.txt")
	p := newPage(t)
	p.open("")
	pick(p, "#file-input", writeTemp(t, "my_system.tsv", minie))
	p.waitFor("the new row", `document.querySelector('#scores td[data-system="my_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	before := cells(p)
	signature := eval[string](p, `document.querySelector('#signature').textContent`)

	// Line 3 has three columns: the file is refused whole.
	lines := strings.SplitN(string(minie), "\n", 4)
	bad := lines[0] + "\n" + lines[1] + "\n1\tonly\tthree\n" + lines[3]
	pick(p, "#file-input", writeTemp(t, "my_system.tsv", []byte(bad)))
	p.waitFor("the error", `document.querySelector('.problem[data-problem="my_system.tsv"]') !== null`)
	msg := eval[string](p, `document.querySelector('.problem[data-problem="my_system.tsv"] .msg').textContent`)
	if !strings.HasPrefix(msg, "my_system.tsv:3:") || !strings.Contains(msg, "found 3") {
		t.Errorf("error message %q, want my_system.tsv:3:COLUMN: ... found 3", msg)
	}
	excerpt := eval[string](p, `document.querySelector('.problem[data-problem="my_system.tsv"] pre').textContent`)
	if !strings.Contains(excerpt, "1 only three") || !strings.Contains(excerpt, "^") {
		t.Errorf("excerpt %q does not show the line with a caret", excerpt)
	}
	kept := eval[string](p, `document.querySelector('.problem[data-problem="my_system.tsv"] .kept').textContent`)
	if !strings.Contains(kept, "kept") {
		t.Errorf("the message does not say the earlier file is kept: %q", kept)
	}
	p.screenshot("malformed-file")
	p.waitReady()
	if after := cells(p); !equalCellsAll(before, after) {
		t.Error("the table changed after a refused file")
	}
	if got := eval[string](p, `document.querySelector('#signature').textContent`); got != signature {
		t.Errorf("signature changed: %q", got)
	}

	// A broken gold (a repeated sentence id) is refused too; the source stays.
	gold := "sent_id:1\tHe slept .\n1--> Cluster 1:\nHe --> slept --> well\n\nsent_id:1\tAgain .\n"
	pick(p, "#file-input", writeTemp(t, "broken_gold.txt", []byte(gold)))
	p.waitFor("the gold error", `document.querySelector('.problem[data-problem="broken_gold.txt"]') !== null`)
	if msg := eval[string](p, `document.querySelector('.problem[data-problem="broken_gold.txt"] .msg').textContent`); !strings.HasPrefix(msg, "broken_gold.txt:5:") {
		t.Errorf("gold error %q, want broken_gold.txt:5:...", msg)
	}
	if src := eval[string](p, `document.querySelector('.sources button[aria-pressed="true"]').dataset.source`); src != "en" {
		t.Errorf("after a refused gold the source is %q, want en", src)
	}
	if n := eval[int](p, `document.querySelectorAll('.sources button').length`); n != len(benchmarks.OnPage()) {
		t.Errorf("%d sources after a refused gold, want the %d bundled ones", n, len(benchmarks.OnPage()))
	}

	// The refused file was not stored: a reload shows the good one.
	p.do(chromedp.Reload())
	p.waitReady()
	p.waitFor("restored files", `document.querySelector('#scores td[data-system="my_system"]') !== null`)
	if after := cells(p); !equalCellsAll(before, after) {
		t.Error("after reload the table differs from before the refused file")
	}
}

func equalCellsAll(a, b map[string]map[string]map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for s := range a {
		if !equalCells(a[s], b[s]) {
			return false
		}
	}
	return true
}

// A gold file of one's own opens a source of its own, with its systems.
func TestOwnGold(t *testing.T) {
	p := newPage(t)
	p.open("")
	gold := "sent_id:1\tHe served as the first Prime Minister of Australia .\n1--> Cluster 1:\nHe --> served as --> [the] [first] Prime Minister [of Australia]\n\nsent_id:2\tShe left .\n2--> Cluster 1:\nShe --> left --> [early]\n"
	system := "1\tHe\tserved as\tfirst Prime Minister\n1\tHe\tserved\tas Prime Minister\n2\tShe\tleft\tearly\n"
	pick(p, "#file-input", writeTemp(t, "tiny_gold.txt", []byte(gold)), writeTemp(t, "tiny_system.tsv", []byte(system)))
	p.waitFor("the user's source", `(document.querySelector('.sources button[aria-pressed="true"]') || {}).dataset.source === 'custom' && document.querySelector('#scores td[data-system="tiny_system"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	c := cells(p)
	// 2 synsets, both covered; 1 of 3 extractions incorrect.
	if got := c["tiny_system"]["regular"]; got["precision"] != "0.6666666666666666" || got["recall"] != "1" {
		t.Errorf("tiny_system regular = %v, want P 2/3, R 1", got)
	}
	p.screenshot("own-gold")
}

// Files dropped on the page are read like picked ones; the format can be
// chosen instead of sniffed, for new files and for a system already added.
func TestDropAndFormatOverride(t *testing.T) {
	p := newPage(t)
	p.open("")
	drop := func(name, text string) {
		p.do(chromedp.Evaluate[chromedp.Void](`(() => {
			const dt = new DataTransfer();
			dt.items.add(new File([` + strconv.Quote(text) + `], ` + strconv.Quote(name) + `));
			document.querySelector('#dropzone').dispatchEvent(new DragEvent('dragenter', {dataTransfer: dt, bubbles: true}));
			document.querySelector('#dropzone').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
		})()`))
	}
	drop("dropped.tsv", "1\tHe\tserved as\tthe first Prime Minister of Australia\n2\tGraner\thandcuffed\thim\n")
	p.waitFor("the dropped system", `document.querySelector('#scores td[data-system="dropped"]') !== null && document.querySelector('#app[data-ready="table"]') !== null`)
	if c := cells(p)["dropped"]["regular"]; c["precision"] != "1" {
		t.Errorf("dropped system regular %v, want precision 1 (both extractions correct)", c)
	}

	// Read as JSON Lines: the same TSV now fails at line 1.
	choose(p, "#read-as", "jsonl")
	pick(p, "#file-input", writeTemp(t, "forced.tsv", []byte("1\tHe\tserved as\tthe first Prime Minister of Australia\n")))
	p.waitFor("the error", `document.querySelector('.problem[data-problem="forced.tsv"]') !== null`)
	if msg := eval[string](p, `document.querySelector('.problem[data-problem="forced.tsv"] .msg').textContent`); !strings.HasPrefix(msg, "forced.tsv:1:") || !strings.Contains(msg, "JSON") {
		t.Errorf("forced JSON Lines: %q", msg)
	}
	choose(p, "#read-as", "")

	// The system already added, read again as JSON Lines: refused, still TSV.
	choose(p, `.files li[data-file="dropped.tsv"] select`, "jsonl")
	p.waitFor("the re-read error", `document.querySelectorAll('.problem[data-problem="dropped.tsv"]').length === 1`)
	if got := eval[string](p, `document.querySelector('.files li[data-file="dropped.tsv"] select').value`); got != "benchie-tsv" {
		t.Errorf("after a failed re-read the file is read as %q", got)
	}
	if _, ok := cells(p)["dropped"]; !ok {
		t.Error("a failed re-read removed the system")
	}
	p.screenshotView("format-override")
}

// A CaRB gold's format can be named on the page, as --gold-format names it
// on the command line: a one-line OIE2016 gold cannot be told from a CaRB
// gold and is refused with both names. Named with "read as" (OIE2016 gold,
// or CaRB gold), a gold that shares sentences with BenchIE English raises
// the question, and each answer does what it says with the file read as
// named: cancel changes nothing, "score it on its own" lists it as a gold of
// its own and leaves the table alone, "use it for every row" lists it as
// the rows' CaRB gold and the CaRB columns are those of oiebench score
// --carb-gold --gold-format. A CaRB gold with a two-column line, read
// again as OIE2016 from the menu beside it, is refused at that line and
// stays a CaRB gold.
func TestGoldFormatOnPage(t *testing.T) {
	p := newPage(t)
	p.open("")
	s := "He served as the first Prime Minister of Australia and became a founding justice of the High Court of Australia ."
	oneLine := s + "\tserved\tserved as\tHe\tthe first Prime Minister of Australia\n"
	pick(p, "#file-input", writeTemp(t, "one.oie", []byte(oneLine)))
	p.waitFor("the refusal", `document.querySelector('.problem[data-problem="one.oie"]') !== null`)
	if msg := eval[string](p, `document.querySelector('.problem[data-problem="one.oie"] .msg').textContent`); !strings.Contains(msg, "OIE2016 gold (oie2016-gold) or CaRB gold (carb-gold)") {
		t.Errorf("one-line OIE2016 gold: %q", msg)
	}
	p.do(chromedp.Click(chromedp.CSS(`.problem[data-problem="one.oie"] button`)))
	p.waitFor("the refusal dismissed", `document.querySelector('.problem') === null`)

	// The command line, given the bundled English gold and systems under
	// the page's names, and the same CaRB gold.
	cli := oiebenchCLI(t)
	d, _ := benchmarks.DatasetByKey("en")
	goldPath := writeTemp(t, "gold.txt", readCatalogue(t, d.Gold))
	var systems []string
	for _, sys := range d.Systems {
		systems = append(systems, sys.Label+"="+writeTemp(t, path.Base(sys.File), readCatalogue(t, sys.File)))
	}
	before := cells(p)
	golds := []struct{ format, name, data string }{
		{"oie2016-gold", "named.oie", oneLine + s + "\tbecame\tbecame\tHe\ta founding justice of the High Court of Australia\n"},
		{"carb-gold", "named_carb.txt", s + "\tserved as\tHe\tthe first Prime Minister of\tAustralia\n"},
	}
	for _, g := range golds {
		file := `.files li[data-file="` + g.name + `"]`
		ask := func(answer string) {
			t.Helper()
			choose(p, "#read-as", g.format)
			pick(p, "#file-input", writeTemp(t, g.name, []byte(g.data)))
			p.waitFor("the question on "+g.name, `document.querySelector('#carb-ask') !== null`)
			if q := eval[string](p, `document.querySelector('#carb-ask').textContent`); !strings.Contains(q, g.name) || !strings.Contains(q, "every row") {
				t.Errorf("%s: the question says %q", g.name, q)
			}
			choose(p, "#read-as", "")
			p.do(chromedp.Click(chromedp.CSS(`#carb-ask-` + answer)))
			p.waitFor("the question gone", `document.querySelector('#carb-ask') === null`)
		}

		ask("cancel")
		p.waitFor("the table", `document.querySelector('#app[data-ready="table"]') !== null`)
		if n := eval[int](p, `document.querySelectorAll('`+file+`, .problem').length`); n != 0 {
			t.Errorf("%s: cancelled, yet listed or refused (%d)", g.name, n)
		}
		if after := cells(p); !equalCells(after["ClausIE"], before["ClausIE"]) || len(after) != len(before) {
			t.Errorf("%s: cancelled, yet the table changed: ClausIE %v, was %v", g.name, after["ClausIE"], before["ClausIE"])
		}

		ask("own")
		p.waitFor("the gold of its own", `(document.querySelector('`+file+`') || {textContent: ''}).textContent.includes('CaRB gold of its own') && document.querySelector('#app[data-ready="table"]') !== null`)
		if after := cells(p); !equalCells(after["ClausIE"], before["ClausIE"]) {
			t.Errorf("%s: scored on its own, yet the table changed: ClausIE %v, was %v", g.name, after["ClausIE"], before["ClausIE"])
		}
		p.do(chromedp.Click(chromedp.CSS(file + ` button`)))
		p.waitFor("the gold of its own removed", `document.querySelector('`+file+`') === null && document.querySelector('#app[data-ready="table"]') !== null`)

		ask("use")
		menu := file + ` select`
		p.waitFor("the gold of every row", `document.querySelector('`+menu+`') !== null && document.querySelector('#app[data-ready="table"]') !== null && (document.querySelector('#carb-note') || {textContent: ''}).textContent.includes('`+g.name+`')`)
		if got := eval[string](p, `document.querySelector('`+menu+`').value`); got != g.format {
			t.Errorf("%s: listed as %q, want %s", g.name, got, g.format)
		}
		if n := eval[int](p, `document.querySelectorAll('.problem').length`); n != 0 {
			t.Errorf("%s: %d problems after the answer", g.name, n)
		}
		args := []string{"score", "--format", "json", "--quiet", "--scorer", "benchie,carb", "--gold", goldPath,
			"--carb-gold", writeTemp(t, g.name, []byte(g.data)), "--gold-format", g.format}
		var rep struct {
			Systems []struct {
				Name string
				CaRB struct{ Precision, Recall, F1 float64 }
			}
		}
		if err := json.Unmarshal([]byte(cli(append(args, systems...)...)), &rep); err != nil {
			t.Fatal(err)
		}
		got := cells(p)
		if len(rep.Systems) != len(got) {
			t.Errorf("%s: %d rows on the page, %d from the command line", g.name, len(got), len(rep.Systems))
		}
		for _, sys := range rep.Systems {
			for metric, want := range map[string]float64{"precision": sys.CaRB.Precision, "recall": sys.CaRB.Recall, "f1": sys.CaRB.F1} {
				if c := got[sys.Name]["carb"][metric]; c != formatFull(want) {
					t.Errorf("%s: %s CaRB %s = %s, the command line gives %v", g.name, sys.Name, metric, c, want)
				}
			}
		}
		p.do(chromedp.Click(chromedp.CSS(file + ` button`)))
		p.waitFor("the gold of every row removed", `document.querySelector('`+file+`') === null && document.querySelector('#app[data-ready="table"]') !== null`)
	}

	// A CaRB gold with a two-column line, read again as OIE2016: refused
	// at that line, and it stays a CaRB gold.
	choose(p, "#read-as", "carb-gold")
	pick(p, "#file-input", writeTemp(t, "short.tsv", []byte(s+"\tserved as\tHe\tthe first Prime Minister\n"+s+"\tbecame\n")))
	p.waitFor("the question on short.tsv", `document.querySelector('#carb-ask') !== null`)
	choose(p, "#read-as", "")
	p.do(chromedp.Click(chromedp.CSS(`#carb-ask-use`)))
	short := `.files li[data-file="short.tsv"] select`
	p.waitFor("the CaRB gold", `document.querySelector('`+short+`') !== null`)
	choose(p, short, "oie2016-gold")
	p.waitFor("the re-read error", `document.querySelector('.problem[data-problem="short.tsv"]') !== null`)
	if msg := eval[string](p, `document.querySelector('.problem[data-problem="short.tsv"] .msg').textContent`); !strings.Contains(msg, "short.tsv:2:") || !strings.Contains(msg, "head predicate") {
		t.Errorf("re-read as OIE2016: %q", msg)
	}
	if got := eval[string](p, `document.querySelector('`+short+`').value`); got != "carb-gold" {
		t.Errorf("after a failed re-read the gold is read as %q", got)
	}
}
