package receipt

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
	"github.com/oiebench/oiebench/core/report"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/tidwall/gjson"
)

// files are the English gold and two systems, as a user would have them.
func files(t *testing.T) (gold evaluate.Input, systems []evaluate.Input) {
	t.Helper()
	read := func(name string) []byte {
		data, err := dataset.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	gold = evaluate.Input{Path: "/home/someone/benchie_gold_annotations_en.txt", Data: read("benchie_gold_annotations_en.txt")}
	systems = []evaluate.Input{
		{Name: "ClausIE", Path: "/home/someone/clausie_explicit.txt", Data: read("systems/clausie_explicit.txt")},
		{Path: "/home/someone/minie_explicit.txt", Data: read("systems/minie_explicit.txt")},
	}
	return gold, systems
}

// scored makes the receipt of the files scored on two facets.
func scored(t *testing.T, gold evaluate.Input, systems []evaluate.Input, compat bool) *Receipt {
	t.Helper()
	req := evaluate.Request{Gold: gold, Systems: systems}
	req.Facets = []benchie.Facet{benchie.Regular, benchie.Minimal}
	req.ReferenceCompat = compat
	ev, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := Make(&ev.Report, "")
	if err != nil {
		t.Fatal(err)
	}
	// what a reader gets: the receipt's file, read back
	back, err := Parse("r.json", rc.JSON())
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func given(gold evaluate.Input, systems []evaluate.Input) Source {
	return Source{Given: append([]evaluate.Input{gold}, systems...)}
}

// failing lists the lines that are not OK.
func failing(res *Result) []string {
	var out []string
	for _, l := range res.Lines {
		if !l.OK {
			out = append(out, l.Text)
		}
	}
	return out
}

func hasLine(lines []string, parts ...string) bool {
	for _, l := range lines {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(l, p)
		}
		if ok {
			return true
		}
	}
	return false
}

func TestRoundTrip(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	text := string(rc.JSON())
	if strings.Contains(text, "/home/someone") || !strings.Contains(text, `"receipt": "oiebench/1"`) {
		t.Fatalf("a path leaks, or the format is not named:\n%s", text)
	}
	if rc.Systems[1].Name != "minie_explicit" || rc.Systems[1].Base != "minie_explicit.txt" || len(rc.Gold.SHA256) != 64 {
		t.Fatalf("files: %+v %+v", rc.Gold, rc.Systems)
	}
	res := Verify(rc, given(gold, systems))
	if !res.OK() || res.Numbers != 2*(2+2*8) {
		t.Fatalf("%d numbers, %v", res.Numbers, failing(res))
	}
	if !hasLine(lineTexts(res), "systems[ClausIE].benchie.regular.f1 = 0.33889980353634575") {
		t.Fatalf("no line for ClausIE's F1:\n%s", strings.Join(lineTexts(res), "\n"))
	}
	// renamed files are found by their checksum, in any order
	renamed := []evaluate.Input{{Path: "b.tsv", Data: systems[1].Data}, {Path: "a.tsv", Data: systems[0].Data}, {Path: "g", Data: gold.Data}}
	if res := Verify(rc, Source{Given: renamed}); !res.OK() {
		t.Fatalf("renamed files: %v", failing(res))
	}
}

func lineTexts(res *Result) []string {
	var out []string
	for _, l := range res.Lines {
		out = append(out, l.Text)
	}
	return out
}

// changeByte writes to over the first from and what follows it.
func changeByte(data []byte, from, to string) []byte {
	out := bytes.Clone(data)
	i := bytes.Index(out, []byte(from))
	copy(out[i:], to)
	return out
}

func TestTamperedSystemFile(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	// the first letter of the first subject changes case
	tampered := bytes.Clone(systems[0].Data)
	tampered[bytes.IndexByte(tampered, '\t')+1] ^= 0x20
	systems[0].Data = tampered
	res := Verify(rc, given(gold, systems))
	bad := failing(res)
	if res.OK() || !hasLine(bad, "systems[ClausIE] clausie_explicit.txt: sha256 differs: receipt "+rc.Systems[0].SHA256+", file ") ||
		!hasLine(bad, "signature systems:") {
		t.Fatalf("not named: %v", bad)
	}
}

func TestTamperedGold(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	// one byte of the first gold triple: the first letter of its relation
	gold.Data = changeByte(gold.Data, " --> ", " --> x")
	res := Verify(rc, given(gold, systems))
	bad := failing(res)
	if res.OK() || !hasLine(bad, "gold benchie_gold_annotations_en.txt: sha256 differs: receipt "+rc.Gold.SHA256) ||
		!hasLine(bad, "signature gold: receipt sha256:"+rc.Gold.SHA256) {
		t.Fatalf("not named: %v", bad)
	}
}

func TestChangedOption(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	rc.Options = replaced(t, rc.Options, `"reference_compat":false`, `"reference_compat":true`)
	res := Verify(rc, given(gold, systems))
	if bad := failing(res); res.OK() || !hasLine(bad, "signature mode: receipt paper, re-scored reference") {
		t.Fatalf("not named: %v", bad)
	}
	// a facet taken out: its numbers are missing
	rc = scored(t, gold, systems, false)
	rc.Options = replaced(t, rc.Options, `"regular","minimal"`, `"regular"`)
	res = Verify(rc, given(gold, systems))
	if bad := failing(res); res.OK() || !hasLine(bad, "systems[ClausIE].benchie.minimal.f1: receipt ", "no such number") {
		t.Fatalf("not named: %v", bad)
	}
}

// replaced is a receipt's member, compacted, with from replaced once by to.
func replaced(t *testing.T, raw json.RawMessage, from, to string) json.RawMessage {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), from) {
		t.Fatalf("%s not in %s", from, b.String())
	}
	return json.RawMessage(strings.Replace(b.String(), from, to, 1))
}

func TestChangedNumber(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	for _, c := range []struct{ from, to, line string }{
		{"0.33889980353634575", "0.33989980353634575", "systems[ClausIE].benchie.regular.f1: receipt 0.33989980353634575, re-scored 0.33889980353634575"},
		{`"tp":345`, `"tp":346`, "systems[ClausIE].benchie.regular.tp: receipt 346, re-scored 345"},
	} {
		changed := *rc
		changed.Scores = replaced(t, rc.Scores, c.from, c.to)
		res := Verify(&changed, given(gold, systems))
		if bad := failing(res); res.OK() || len(bad) != 1 || bad[0] != c.line {
			t.Errorf("want only %q, got %v", c.line, bad)
		}
	}
}

// A receipt from an older version with the same semantics verifies, even
// without the fields its version did not write; one whose version scored
// otherwise is named.
func TestOlderVersion(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	rc.Version = "0.0.9"
	sig, _, _ := strings.Cut(rc.Signature, "|systems:sha256:")
	rc.Signature = strings.Replace(sig, "oiebench:"+report.Version, "oiebench:0.0.9", 1)
	if res := Verify(rc, given(gold, systems)); !res.OK() {
		t.Fatalf("older receipt: %v", failing(res))
	}
	defer func(saved []SemanticsChange) { Changes = saved }(Changes)
	Changes = []SemanticsChange{{Version: report.Version, Scorer: "carb", What: "a CaRB change"}}
	if res := Verify(rc, given(gold, systems)); !res.OK() {
		t.Fatalf("a change to a scorer not used: %v", failing(res))
	}
	Changes = append(Changes, SemanticsChange{Version: report.Version, Scorer: "benchie", What: "a BenchIE change"})
	res := Verify(rc, given(gold, systems))
	if bad := failing(res); res.OK() || len(bad) != 1 ||
		bad[0] != "version: the receipt was made by oiebench 0.0.9; benchie scores differently since "+report.Version+" (a BenchIE change)" {
		t.Fatalf("not named: %v", bad)
	}
	rc.Version = report.Version // made since: the change is no concern
	if res := Verify(rc, given(gold, systems)); !res.OK() {
		t.Fatalf("a receipt of the changed version: %v", failing(res))
	}
}

func TestMissingFile(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	res := Verify(rc, given(gold, systems[:1]))
	if bad := failing(res); res.OK() || res.Report != nil ||
		!hasLine(bad, "systems[minie_explicit] minie_explicit.txt: no file given matches its sha256 "+rc.Systems[1].SHA256) {
		t.Fatalf("not named: %v", bad)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"{\n  \"receipt\": \"oiebench/1\",\n  \"version\": 1}", "r.json:3:14: member \"version\": expected a JSON string"},
		{"{\"receipt\": \"oiebench/2\"}", `r.json:1:13: receipt format "oiebench/2": this oiebench (` + report.Version + `) reads "oiebench/1"`},
		{`{"signature": "x", "systems": []}`, `r.json:1:1: expected an oiebench receipt: a member "receipt": "oiebench/1"`},
		{"[1, 2", "r.json:1:6: invalid JSON"},
		{`{"receipt": "oiebench/1", "version": "0.1.0", "signature": "s", "options": {}, "gold": {"sha256": "abc"}, "systems": [], "scores": []}`,
			"r.json:1:99: expected a SHA-256: 64 lowercase hexadecimal digits"},
	} {
		_, err := Parse("r.json", []byte(c.text))
		var pe *oie.ParseError
		if err == nil || !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %s", c.text, err, c.want)
		}
	}
}

func TestWalkNumbers(t *testing.T) {
	var got []string
	walkNumbers(gjson.Parse(`[{"name":"A","x":{"f1":0.5,"n":[1,2]}},{"y":3}]`), "systems", func(p string, v gjson.Result) {
		got = append(got, p+"="+v.Raw)
	})
	if want := "systems[A].x.f1=0.5 systems[A].x.n[0]=1 systems[A].x.n[1]=2 systems[1].y=3"; strings.Join(got, " ") != want {
		t.Fatalf("got %v, want %s", got, want)
	}
}

// One file scored under two names stands for both.
func TestSameFileTwice(t *testing.T) {
	gold, systems := files(t)
	twice := []evaluate.Input{systems[0], {Name: "Again", Path: systems[0].Path, Data: systems[0].Data}}
	rc := scored(t, gold, twice, false)
	if res := Verify(rc, given(gold, systems[:1])); !res.OK() {
		t.Fatalf("%v", failing(res))
	}
}

// A system's scores taken out of the receipt, or a receipt from a newer
// version, is named.
func TestScoresLeftOutAndNewerVersion(t *testing.T) {
	gold, systems := files(t)
	rc := scored(t, gold, systems, false)
	var scores []json.RawMessage
	if err := json.Unmarshal(rc.Scores, &scores); err != nil {
		t.Fatal(err)
	}
	cut := *rc
	cut.Scores, _ = json.Marshal(scores[:1])
	res := Verify(&cut, given(gold, systems))
	if bad := failing(res); res.OK() || len(bad) != 1 || bad[0] != "systems[minie_explicit]: re-scored, but not in the receipt's scores" {
		t.Fatalf("not named: %v", bad)
	}
	newer := *rc
	newer.Version = "99.0.0"
	res = Verify(&newer, given(gold, systems))
	if bad := failing(res); res.OK() || len(bad) != 1 || !strings.HasPrefix(bad[0], "version: the receipt was made by oiebench 99.0.0, newer than this one") {
		t.Fatalf("not named: %v", bad)
	}
}
