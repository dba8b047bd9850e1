package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/oiebench/oiebench/core/formats"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/receipt"
	"github.com/oiebench/oiebench/dist"
	"github.com/oiebench/oiebench/dist/headers"
	"github.com/oiebench/oiebench/internal/dataset"
	"github.com/oiebench/oiebench/internal/hostile"
)

// A small gold and system, enough for every check that is not about the
// published numbers.
const (
	tinyGold   = "sent_id:1\tHe served as Prime Minister .\n1--> Cluster 1:\nHe --> served as --> [the] Prime Minister\n"
	tinySystem = "1\tHe\tserved as\tPrime Minister\n"
)

func tinyRequest() map[string]any {
	return map[string]any{"gold": tinyGold, "systems": map[string]any{"tiny": tinySystem}}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// do sends one request to h and returns the answer.
func do(t testing.TB, h http.Handler, method, path, contentType string, body []byte) *http.Response {
	t.Helper()
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func post(t testing.TB, h http.Handler, body []byte) *http.Response {
	return do(t, h, http.MethodPost, "/api/score", "application/json", body)
}

func readAll(t testing.TB, res *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeError checks that an answer is a JSON error body and returns it.
func decodeError(t testing.TB, res *http.Response) apiError {
	t.Helper()
	body := readAll(t, res)
	if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q, want JSON", ct)
	}
	var e apiError
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		t.Fatalf("error body %q is not {error, file, line, column}: %v", body, err)
	}
	if e.Msg == "" {
		t.Errorf("error body %q has no message", body)
	}
	return e
}

func TestHealth(t *testing.T) {
	h := newHandler(nil)
	res := do(t, h, http.MethodGet, "/api/health", "", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	var got health
	if err := json.Unmarshal(readAll(t, res), &got); err != nil {
		t.Fatal(err)
	}
	if got.Status != "ok" || got.MaxBodyBytes != MaxBodyBytes || strings.Join(got.Scorers, ",") != "benchie,benchie-fl,carb,wire57,carb-ss,oie16,openie6" || got.Version == "" {
		t.Errorf("health = %+v", got)
	}
	if res.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Error("no CORS header on /api/health")
	}

	res = do(t, h, http.MethodHead, "/api/health", "", nil)
	if b := readAll(t, res); res.StatusCode != http.StatusOK || len(b) != 0 {
		t.Errorf("HEAD: status %d, %d bytes of body", res.StatusCode, len(b))
	}
}

func TestFormats(t *testing.T) {
	res := do(t, newHandler(nil), http.MethodGet, "/api/formats", "", nil)
	var got []formats.Info
	if err := json.Unmarshal(readAll(t, res), &got); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("status %d, %v", res.StatusCode, err)
	}
	if len(got) != len(formats.All()) || got[0].Name != "benchie-tsv" || !got[0].Readable {
		t.Errorf("formats %+v", got)
	}
	// A system_format of the registry is taken by the score endpoint.
	body := `{"gold": "sent_id:1\tShe began her film career .\n1--> Cluster 1:\nShe --> began --> her film career\n", "system_format": "openie6",
	  "systems": {"o6": "She began her film career .\n0.9: (She; began; her film career)\n"}}`
	res = do(t, newHandler(nil), http.MethodPost, "/api/score", "application/json", []byte(body))
	if b := readAll(t, res); res.StatusCode != http.StatusOK || !strings.Contains(string(b), `"format": "openie6"`) {
		t.Errorf("status %d: %s", res.StatusCode, b)
	}
}

func TestPreflight(t *testing.T) {
	h := newHandler(nil)
	r := httptest.NewRequest(http.MethodOptions, "/api/score", nil)
	r.Header.Set("Origin", "https://example.org")
	r.Header.Set("Access-Control-Request-Method", "POST")
	r.Header.Set("Access-Control-Request-Headers", "content-type")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	res := w.Result()
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("status %d, want 204", res.StatusCode)
	}
	for k, want := range map[string]string{
		"Access-Control-Allow-Origin":  "*",
		"Access-Control-Allow-Methods": "POST, OPTIONS",
		"Access-Control-Allow-Headers": "Content-Type",
		"Allow":                        "POST, OPTIONS",
	} {
		if got := res.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
}

// expectedClausie reads the published ClausIE numbers (regular facet).
func expectedClausie(t testing.TB) (p, r, f1 float64) {
	t.Helper()
	var e struct {
		EN map[string]struct {
			Regular struct{ Precision, Recall, F1 float64 }
		} `json:"en"`
	}
	if err := dataset.Expected("benchie", &e); err != nil {
		t.Fatal(err)
	}
	c, ok := e.EN["clausie"]
	if !ok {
		t.Fatal("expected/benchie.json has no en.clausie")
	}
	return c.Regular.Precision, c.Regular.Recall, c.Regular.F1
}

func readData(t testing.TB, name string) []byte {
	t.Helper()
	b, err := dataset.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The bundled ClausIE file scores its published numbers, and the answer is
// byte for byte the report the command line renders for the same inputs.
func TestScoreClausie(t *testing.T) {
	gold := readData(t, "benchie_gold_annotations_en.txt")
	sys := readData(t, "systems/clausie_explicit.txt")
	body := mustJSON(t, map[string]any{"gold": string(gold), "systems": map[string]any{"clausie": string(sys)}, "facets": []string{"regular"}})
	res := post(t, newHandler(nil), body)
	got := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, got)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	checkClausie(t, got)

	sameAsCommandLine(t, got, evaluate.Request{
		Gold:    evaluate.Input{Path: "gold", Data: gold},
		Systems: []evaluate.Input{{Name: "clausie", Path: "systems/clausie", Data: sys}},
		Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular}},
	})
}

// CaRB beside BenchIE: the answer carries the published CaRB numbers too.
func TestScoreCaRB(t *testing.T) {
	body := mustJSON(t, map[string]any{
		"gold":      string(readData(t, "benchie_gold_annotations_en.txt")),
		"carb_gold": string(readData(t, "carb_explicit.txt")),
		"systems":   map[string]any{"clausie": string(readData(t, "systems/clausie_explicit.txt"))},
		"facets":    []string{"regular"}, "scorers": []string{"benchie", "carb"},
	})
	res := post(t, newHandler(nil), body)
	got := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, got)
	}
	checkClausie(t, got)
	var rep struct {
		Systems []struct {
			CaRB struct{ Precision, Recall float64 } `json:"carb"`
		}
	}
	if err := json.Unmarshal(got, &rep); err != nil {
		t.Fatal(err)
	}
	// expected/carb.json: ClausIE P = 394.38585.../680, R = 418.34725.../783
	if c := rep.Systems[0].CaRB; math.Abs(c.Precision-0.5799791967392495) > 1e-9 || math.Abs(c.Recall-0.5342876878388249) > 1e-9 {
		t.Errorf("CaRB %+v", c)
	}
}

// checkClausie checks a report answer against the published numbers.
func checkClausie(t testing.TB, answer []byte) {
	t.Helper()
	var rep struct {
		Systems []struct {
			Name    string
			BenchIE struct {
				Regular *struct{ Precision, Recall, F1 float64 }
			}
		}
	}
	if err := json.Unmarshal(answer, &rep); err != nil {
		t.Fatalf("answer is not a report: %v", err)
	}
	if len(rep.Systems) != 1 || rep.Systems[0].Name != "clausie" || rep.Systems[0].BenchIE.Regular == nil {
		t.Fatalf("answer has not one clausie system with a regular score: %.500s", answer)
	}
	p, r, f1 := expectedClausie(t)
	got := rep.Systems[0].BenchIE.Regular
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"precision", got.Precision, p}, {"recall", got.Recall, r}, {"f1", got.F1, f1}} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("clausie %s = %v, published %v", c.name, c.got, c.want)
		}
	}
}

// Systems come back in the order of the request, not sorted.
func TestSystemsKeepOrder(t *testing.T) {
	body := `{"gold": ` + quote(tinyGold) + `, "systems": {"zeta": ` + quote(tinySystem) + `, "alpha": ` + quote(tinySystem) + `, "mid": ` + quote(tinySystem) + `}}`
	res := post(t, newHandler(nil), []byte(body))
	b := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, b)
	}
	var rep struct{ Systems []struct{ Name, Path string } }
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range rep.Systems {
		names = append(names, s.Name+"="+s.Path)
	}
	if got := strings.Join(names, " "); got != "zeta=systems/zeta alpha=systems/alpha mid=systems/mid" {
		t.Errorf("systems in the answer: %s", got)
	}
}

// Options reach the report: facets, reference_compat, system_format.
func TestScoreOptions(t *testing.T) {
	req := tinyRequest()
	req["facets"] = []string{"minimal", "regular"}
	req["reference_compat"] = true
	req["system_format"] = "benchie-tsv"
	req["scorers"] = []string{"benchie"}
	req["gold_format"] = "benchie"
	req["carb_gold"] = nil // null is absent
	res := post(t, newHandler(nil), mustJSON(t, req))
	b := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, b)
	}
	var rep struct {
		Options struct {
			Facets          []string
			ReferenceCompat bool `json:"reference_compat"`
		}
		Systems []struct {
			Format  string
			BenchIE struct {
				Regular, Concat, Minimal *struct{ TP int }
			}
		}
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if strings.Join(rep.Options.Facets, ",") != "minimal,regular" || !rep.Options.ReferenceCompat {
		t.Errorf("options = %+v", rep.Options)
	}
	s := rep.Systems[0]
	if s.Format != "benchie-tsv" || s.BenchIE.Regular == nil || s.BenchIE.Minimal == nil || s.BenchIE.Concat != nil {
		t.Errorf("system = %+v", s)
	}
	if s.BenchIE.Regular.TP != 1 {
		t.Errorf("the tiny system should match its one synset: TP = %d", s.BenchIE.Regular.TP)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Every bad request gets its 4xx, a JSON message and, where there is one,
// the exact position.
func TestErrors(t *testing.T) {
	tiny := quote(tinyGold)
	sys := quote(tinySystem)
	const jsonCT = "application/json"
	tests := []struct {
		name, method, path, ct, body string
		status                       int
		msg                          string // a part of the message
		file                         string
		line, col                    int
	}{
		// 400: the request body
		{name: "empty body", body: "", status: 400, msg: "request body is empty"},
		{name: "blank body", body: " \n ", status: 400, msg: "request body is empty"},
		{name: "syntax", body: "{\"gold\": \"x\",\n  \"systems\": }", status: 400, msg: "not valid JSON: expected a JSON value, found '}'", line: 2, col: 14},
		{name: "unexpected end", body: "{\"gold\": \"x\"", status: 400, msg: "found the end of the input", line: 1, col: 13},
		{name: "trailing data", body: "{} {}", status: 400, msg: "expected the end of the input after the JSON value", line: 1, col: 4},
		{name: "not UTF-8", body: "{\"gold\": \"caf\xe9\"}", status: 400, msg: "not UTF-8", line: 1, col: 14},
		{name: "not an object", body: "\n  [1, 2]", status: 400, msg: "must be a JSON object, found an array", line: 2, col: 3},
		{name: "unknown member", body: `{"gold": ` + tiny + `, "system": {}}`, status: 400, msg: `unknown member "system"`, line: 1, col: len(`{"gold": `+tiny+`, `) + 1},
		{name: "member twice", body: `{"gold": "a", "gold": "b"}`, status: 400, msg: `key "gold" appears twice in one object`, line: 1, col: 15},
		{name: "no gold", body: `{"systems": {"a": ` + sys + `}}`, status: 400, msg: "gold is required", line: 1, col: 1},
		{name: "null gold", body: `{"gold": null, "systems": {"a": ` + sys + `}}`, status: 400, msg: "gold is required"},
		{name: "gold not text", body: `{"gold": 3, "systems": {}}`, status: 400, msg: "gold must be a string", line: 1, col: 10},
		{name: "no systems", body: `{"gold": ` + tiny + `}`, status: 400, msg: "systems is required"},
		{name: "systems empty", body: `{"gold": ` + tiny + `, "systems": {}}`, status: 400, msg: "systems is empty"},
		{name: "systems array", body: `{"gold": ` + tiny + `, "systems": ["a"]}`, status: 400, msg: "systems must be an object"},
		{name: "system not text", body: "{\"gold\": \"\",\n\"systems\": {\"a\": [1]}}", status: 400, msg: `system "a" must be a string`, line: 2, col: 18},
		{name: "system unnamed", body: `{"gold": ` + tiny + `, "systems": {" ": ` + sys + `}}`, status: 400, msg: "empty name"},
		{name: "system twice", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `, "a": ` + sys + `}}`, status: 400, msg: `key "a" appears twice in one object`},
		{name: "facet unknown", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "facets": ["regular", "tiny"]}`, status: 400, msg: "tiny"},
		{name: "facet twice", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "facets": ["regular", "regular"]}`, status: 400, msg: `lists "regular" twice`},
		{name: "facets empty", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "facets": []}`, status: 400, msg: "facets is empty"},
		{name: "facets string", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "facets": "regular"}`, status: 400, msg: "facets must be an array of strings"},
		{name: "scorer carb without its gold", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "scorers": ["benchie", "carb"]}`, status: 400, msg: `the carb scorer needs carb_gold`},
		{name: "scorer wire57", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "scorers": ["wire57"]}`, status: 400, msg: `scorer "wire57" needs a CaRB gold here (WiRe57-C)`},
		{name: "scorer unknown", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "scorers": ["wire57x"]}`, status: 400, msg: `unknown scorer "wire57x"`},
		{name: "fl_mode unknown", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "scorers": ["benchie-fl"], "fl_mode": "paper"}`, status: 400, msg: `fl_mode: unknown mode "paper": expected reference or corrected`},
		{name: "fl_mode unused", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "fl_mode": "corrected"}`, status: 400, msg: "fl_mode is read only by the benchie-fl scorer"},
		{name: "carb without benchie", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "scorers": ["benchie-fl", "carb"], "carb_gold": "x"}`, status: 400, msg: `scorers must hold "benchie" too`},
		{name: "carb_gold unused", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "carb_gold": "x"}`, status: 400, msg: "carb_gold is read only by the carb scorer"},
		{name: "carb_gold not text", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "carb_gold": 1}`, status: 400, msg: "carb_gold must be a string"},
		{name: "gold_format", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "gold_format": "carb"}`, status: 400, msg: `gold_format: unknown gold format "carb"`},
		// without carb_gold, gold_format names the gold's format: a BenchIE gold is not read as one
		{name: "gold_format of the gold", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "gold_format": "oie2016-gold"}`, status: 400, msg: `expected at least 3 tab-separated columns`, file: "gold", line: 1, col: 40},
		{name: "system_format", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "system_format": "csv"}`, status: 400, msg: `system_format: unknown system format "csv"`},
		{name: "reference_compat", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "reference_compat": "yes"}`, status: 400, msg: "reference_compat must be true or false"},
		// 400: the texts inside, with their own positions
		{name: "bad gold text", body: `{"gold": "no sentences here", "systems": {"a": ` + sys + `}}`, status: 400, msg: "gold:1: no sentences", file: "gold", line: 1},
		{name: "bad system text", body: `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `, "broken": "1\tHe\tserved\tPM\n1\tHe\n"}}`, status: 400, msg: "systems/broken:2:", file: "systems/broken", line: 2, col: 5},
		{name: "deep JSON line", body: `{"gold": ` + tiny + `, "systems": {"deep": ` + quote("{\"sent_id\": \"1\", \"subject\": \"a\", \"relation\": \"b\", \"object\": \"c\"}\n{\"a\": "+strings.Repeat("[", 20000)) + `}}`, status: 400, msg: "nested more than 100 levels", file: "systems/deep", line: 2, col: 106},
		// 404, 405, 413, 415
		{name: "no endpoint", method: "GET", path: "/api/scores", status: 404, msg: "no API endpoint /api/scores"},
		{name: "GET score", method: "GET", path: "/api/score", status: 405, msg: "method GET not allowed"},
		{name: "PUT score", method: "PUT", path: "/api/score", ct: jsonCT, body: "{}", status: 405, msg: "use POST"},
		{name: "POST health", method: "POST", path: "/api/health", ct: jsonCT, body: "{}", status: 405, msg: "use GET or HEAD"},
		{name: "POST site", method: "POST", path: "/", ct: jsonCT, body: "{}", status: 405, msg: "the site answers GET and HEAD"},
		{name: "too large", body: `{"gold": "` + strings.Repeat("x", MaxBodyBytes) + `"}`, status: 413, msg: "larger than the limit"},
		{name: "no content type", ct: "-", body: `{}`, status: 415, msg: "no Content-Type"},
		{name: "form", ct: "application/x-www-form-urlencoded", body: `{}`, status: 415, msg: "application/json"},
		{name: "latin1", ct: "application/json; charset=latin1", body: `{}`, status: 415, msg: `charset "latin1"`},
	}
	h := newHandler(http.NotFoundHandler())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method, path, ct := tt.method, tt.path, tt.ct
			if method == "" {
				method = http.MethodPost
			}
			if path == "" {
				path = "/api/score"
			}
			switch ct {
			case "":
				ct = jsonCT
			case "-":
				ct = ""
			}
			res := do(t, h, method, path, ct, []byte(tt.body))
			e := decodeError(t, res)
			if res.StatusCode != tt.status {
				t.Errorf("status %d, want %d (%s)", res.StatusCode, tt.status, e.Msg)
			}
			if !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("message %q does not say %q", e.Msg, tt.msg)
			}
			if e.File != tt.file || (tt.line != 0 && e.Line != tt.line) || (tt.col != 0 && e.Column != tt.col) {
				t.Errorf("at %q:%d:%d, want %q:%d:%d (%s)", e.File, e.Line, e.Column, tt.file, tt.line, tt.col, e.Msg)
			}
			if strings.HasPrefix(path, "/api/") && res.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Error("error answer without CORS header: a browser caller could not read it")
			}
			if res.StatusCode == 405 && res.Header.Get("Allow") == "" {
				t.Error("405 without Allow")
			}
		})
	}
}

// A body whose length is not announced is cut at the limit all the same.
func TestTooLargeWithoutLength(t *testing.T) {
	h := &handler{maxBody: 100, memory: newBudget(memoryBudget)}
	r := httptest.NewRequest(http.MethodPost, "/api/score", io.MultiReader(strings.NewReader(`{"gold": "`), strings.NewReader(strings.Repeat("x", 200)), strings.NewReader(`"}`)))
	r.ContentLength = -1
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if e := decodeError(t, w.Result()); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d (%s), want 413", w.Code, e.Msg)
	}
}

// Natively the handler serves the built site beside the API; on Cloudflare
// (no site handler) other paths are a JSON 404.
func TestSite(t *testing.T) {
	dir := t.TempDir()
	page := []byte("<!doctype html><title>oiebench</title>")
	if err := os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHandler(dist.Handler(os.DirFS(dir)))
	res := do(t, h, http.MethodGet, "/", "", nil)
	if b := readAll(t, res); res.StatusCode != http.StatusOK || !bytes.Equal(b, page) {
		t.Errorf("GET /: status %d, body %q", res.StatusCode, b)
	}
	if res := do(t, h, http.MethodGet, "/missing.txt", "", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /missing.txt: status %d", res.StatusCode)
	}
	res = do(t, newHandler(nil), http.MethodGet, "/", "", nil)
	if e := decodeError(t, res); res.StatusCode != http.StatusNotFound {
		t.Errorf("without a site, GET /: status %d (%s)", res.StatusCode, e.Msg)
	}
}

// FuzzScore: whatever the body, the answer is 200 or a 4xx with a JSON
// message, never a 500.
func FuzzScore(f *testing.F) {
	f.Add([]byte(mustJSON(f, tinyRequest())))
	f.Add([]byte(`{"gold": "sent_id:1\tA b .\n1--> Cluster 1:\nA --> b --> [c]\n", "systems": {"s": "{\"sent_id\": \"1\", \"subject\": \"A\", \"relation\": \"b\", \"object\": \"c\"}\n"}, "facets": ["concat"]}`))
	f.Add([]byte(`{"gold": "", "systems": {"": ""}, "facets": [], "scorers": [1]}`))
	f.Add([]byte(`[[[[{"gold":`))
	// CaRB beside BenchIE, with options; a confidence beyond float64.
	f.Add([]byte(`{"gold": "sent_id:1\tA b c .\n1--> Cluster 1:\nA --> b --> [c]\n", "carb_gold": "A b c .\tb\tA\tc\n", "scorers": ["benchie", "carb"], "facets": ["regular", "minimal"], "reference_compat": true, "systems": {"s": "{\"sent_id\": 1, \"subject\": \"A\", \"relation\": \"b\", \"object\": \"c\", \"confidence\": 1e309}\n"}}`))
	f.Add([]byte(`{"gold": "sent_id:1\tA b c .\n1--> Cluster 1:\nA --> b --> [c]\n", "carb_gold": "A b c .\tb\tA\tc\n", "scorers": ["benchie", "carb"], "system_format": "carb-tabbed", "systems": {"s": "A b c .\t0.5\tb\tA\tc\n"}}`))
	h := newHandler(nil)
	f.Fuzz(func(t *testing.T, body []byte) {
		defer hostile.Watch(t, len(body))()
		res := post(t, h, body)
		if res.StatusCode == http.StatusOK {
			var v map[string]any
			if err := json.Unmarshal(readAll(t, res), &v); err != nil {
				t.Fatalf("200 with a body that is not JSON: %v", err)
			}
			return
		}
		e := decodeError(t, res)
		if res.StatusCode < 400 || res.StatusCode >= 500 {
			t.Fatalf("status %d for %q: %s", res.StatusCode, body, e.Msg)
		}
	})
}

// BenchIE^FL alone, corrected first: the answer is the CLI's report, with
// the reference's published numbers as the other mode.
func TestScoreFL(t *testing.T) {
	gold, err := dataset.ReadData("benchie_fl/benchie-annotated(300).txt")
	if err != nil {
		t.Fatal(err)
	}
	sys, err := dataset.ReadData("benchie_fl/extractions/clausie_benchie_form.txt")
	if err != nil {
		t.Fatal(err)
	}
	body := mustJSON(t, map[string]any{"gold": string(gold), "systems": map[string]any{"clausie": string(sys)},
		"scorers": []string{"benchie-fl"}, "fl_mode": "corrected"})
	res := post(t, newHandler(nil), body)
	got := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, got)
	}
	var rep struct {
		Systems []struct {
			BenchIE   json.RawMessage `json:"benchie"`
			BenchIEFL struct {
				Mode  string
				Other struct {
					Mode                  string
					Precision, Recall, F1 float64
					MovedBy               []string `json:"moved_by"`
				}
			} `json:"benchie_fl"`
		}
	}
	if err := json.Unmarshal(got, &rep); err != nil {
		t.Fatal(err)
	}
	fl := rep.Systems[0].BenchIEFL
	// expected/benchie_fl.json: clausie
	if rep.Systems[0].BenchIE != nil || fl.Mode != "corrected" || fl.Other.Mode != "reference" || math.Abs(fl.Other.Precision-0.14713216957605985) > 1e-12 ||
		math.Abs(fl.Other.Recall-0.12959912136188906) > 1e-12 || math.Abs(fl.Other.F1-0.13781021897810217) > 1e-12 {
		t.Errorf("%s", got[:min(len(got), 2000)])
	}
	sameAsCommandLine(t, got, evaluate.Request{
		Gold:    evaluate.Input{Path: "gold", Data: gold},
		Systems: []evaluate.Input{{Name: "clausie", Path: "systems/clausie", Data: sys}},
		FL:      true,
		Options: evaluate.Options{FLCorrected: true, FLOnly: true},
	})
}

// sameAsCommandLine checks that an answer is the command line's JSON report
// of the same request, byte for byte.
func sameAsCommandLine(t *testing.T, got []byte, req evaluate.Request) {
	t.Helper()
	ev, err := evaluate.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	want, err := withReceipt(&ev.Report, string(req.SystemFormat))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the answer differs from the CLI's JSON report:\n got %.300s\nwant %.300s", got, want)
	}
}

// The API's answers, an error included, carry the site's security headers.
func TestAPISecurityHeaders(t *testing.T) {
	h := newHandler(nil)
	for _, path := range []string{"/api/health", "/api/nothing"} {
		res := do(t, h, http.MethodGet, path, "", nil)
		for _, kv := range headers.Security {
			if got := res.Header.Get(kv[0]); got != kv[1] {
				t.Errorf("%s: %s %q, want %q", path, kv[0], got, kv[1])
			}
		}
	}
}

// Requests share the isolate's memory: one that could never fit is
// answered 413 with what it needs; one that fits waits while others hold
// the memory, and is answered 429 if they hold it too long; memory given
// back lets the next one in.
func TestMemoryBudget(t *testing.T) {
	body := []byte(`{"gold": ` + quote(tinyGold) + `, "systems": {"a": ` + quote(tinySystem) + `}}`)
	bytes := memoryPerByte*int64(len(body)) + memoryPerCall
	need := bytes + memoryPerSystem // and its one system file, once counted
	h := &handler{maxBody: MaxBodyBytes, memory: newBudget(bytes - 1), memoryWait: 50 * time.Millisecond}
	res := do(t, h, http.MethodPost, "/api/score", "application/json", body)
	if e := decodeError(t, res); res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(e.Msg, "to score, over the") {
		t.Errorf("never fits: %d %q", res.StatusCode, e.Msg)
	}
	h.memory = newBudget(need - 1) // its bytes fit, not its system file
	res = do(t, h, http.MethodPost, "/api/score", "application/json", body)
	if e := decodeError(t, res); res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(e.Msg, "send fewer system files") {
		t.Errorf("its system file never fits: %d %q", res.StatusCode, e.Msg)
	}
	if h.memory.free != need-1 {
		t.Errorf("%d bytes free after the refusal, want %d", h.memory.free, need-1)
	}

	h.memory = newBudget(need)
	h.memory.take(context.Background(), need, 0) // another request holds it all
	res = do(t, h, http.MethodPost, "/api/score", "application/json", body)
	if e := decodeError(t, res); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !strings.Contains(e.Msg, "retry") {
		t.Errorf("memory held: %d %q", res.StatusCode, e.Msg)
	}
	h.memoryWait = 10 * time.Second
	go func() { time.Sleep(100 * time.Millisecond); h.memory.give(need) }()
	if res := do(t, h, http.MethodPost, "/api/score", "application/json", body); res.StatusCode != http.StatusOK {
		t.Errorf("after the memory came back: %d %s", res.StatusCode, readAll(t, res))
	}
	if h.memory.free != need {
		t.Errorf("%d bytes free after the requests, want %d", h.memory.free, need)
	}
}

// On Cloudflare a Go instance answers one request that budget.mjs has
// already reserved across the isolate: its handler keeps no budget of its
// own (one that would only ever see that request), and scores what the
// native server, which keeps one, scores, with its limits.
func TestInstanceKeepsNoBudget(t *testing.T) {
	inst, ok := newInstanceHandler().(*handler)
	if !ok || inst.memory != nil {
		t.Fatalf("the instance's handler keeps a budget: %+v", inst)
	}
	if native := newHandler(nil).(*handler); native.memory == nil || native.memory.total != memoryBudget || inst.maxBody != native.maxBody {
		t.Fatalf("native handler %+v, instance %+v", native, inst)
	}
	body := []byte(`{"gold": ` + quote(tinyGold) + `, "systems": {"a": ` + quote(tinySystem) + `}}`)
	a, b := do(t, inst, http.MethodPost, "/api/score", "application/json", body), do(t, newHandler(nil), http.MethodPost, "/api/score", "application/json", body)
	if a.StatusCode != http.StatusOK || b.StatusCode != http.StatusOK {
		t.Fatalf("instance %d, native %d", a.StatusCode, b.StatusCode)
	}
	big := strings.Repeat("x", MaxBodyBytes+1)
	if res := do(t, inst, http.MethodPost, "/api/score", "application/json", []byte(big)); res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the limit: %d", res.StatusCode)
	}
}

// The answer's receipt names the texts sent by their checksums and
// verifies against them.
func TestAnswerReceiptVerifies(t *testing.T) {
	res := post(t, newHandler(nil), mustJSON(t, tinyRequest()))
	got := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, got)
	}
	var answer struct {
		Receipt json.RawMessage `json:"receipt"`
	}
	if err := json.Unmarshal(got, &answer); err != nil {
		t.Fatal(err)
	}
	rc, err := receipt.Parse("receipt", answer.Receipt)
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	sum := sha256.Sum256([]byte(tinySystem))
	if len(rc.Systems) != 1 || rc.Systems[0].Name != "tiny" || rc.Systems[0].SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatalf("systems: %+v", rc.Systems)
	}
	v := receipt.Verify(rc, receipt.Source{Given: []evaluate.Input{{Path: "g.txt", Data: []byte(tinyGold)}, {Path: "tiny.tsv", Data: []byte(tinySystem)}}})
	if !v.OK() || v.Numbers == 0 {
		t.Fatalf("%s: %+v", v.Summary(), v.Lines)
	}
}

// A CaRB gold sent as gold is scored alone by the columns asked for (the
// openie6 preset here), as `oiebench score --gold carb:test --scorer
// openie6` does; BenchIE is refused with the scorers to use.
func TestScoreCaRBGoldAlone(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "dist", "data", "carb", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	gold, sys := read("gold/test.tsv"), read("systems/test/openie5_output.txt")
	body := mustJSON(t, map[string]any{"gold": gold, "systems": map[string]any{"openie5": sys}, "scorers": []string{"openie6"}})
	res := post(t, newHandler(nil), body)
	got := readAll(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, got)
	}
	var rep struct {
		Systems []struct {
			CaRB   *struct{ F1, AUC float64 } `json:"carb"`
			CaRBSS *struct{ F1, AUC float64 } `json:"carb_ss"`
			OIE16  *struct{ F1, AUC float64 } `json:"oie16"`
			WiRe57 *struct{ F1 float64 }      `json:"wire57"`
		}
	}
	if err := json.Unmarshal(got, &rep); err != nil {
		t.Fatal(err)
	}
	s := rep.Systems[0]
	// carb-variants.md 11: OpenIE 5, CaRB(s,m) .467411 / .245475, CaRB(s,s) .411835 / .196243
	if s.CaRB == nil || s.CaRBSS == nil || s.OIE16 == nil || s.WiRe57 == nil ||
		math.Abs(s.CaRB.F1-.467411) > 5e-7 || math.Abs(s.CaRB.AUC-.245475) > 5e-7 ||
		math.Abs(s.CaRBSS.F1-.411835) > 5e-7 || math.Abs(s.CaRBSS.AUC-.196243) > 5e-7 {
		t.Errorf("columns %s", got[:min(len(got), 600)])
	}
	req := evaluate.Request{Gold: evaluate.Input{Path: "gold", Data: []byte(gold)},
		Systems: []evaluate.Input{{Name: "openie5", Path: "systems/openie5", Data: []byte(sys)}}}
	cols := evaluate.OpenIE6Columns()
	req.CaRB = &cols
	sameAsCommandLine(t, got, req)

	body = mustJSON(t, map[string]any{"gold": gold, "systems": map[string]any{"openie5": sys}, "scorers": []string{"benchie"}})
	if e := decodeError(t, post(t, newHandler(nil), body)); !strings.Contains(e.Msg, "scorers carb, carb-ss, oie16, wire57 or openie6") {
		t.Errorf("BenchIE on a CaRB gold: %+v", e)
	}

	// gold_format (the gold's, with no carb_gold) decodes beside binary,
	// carb_mode and oie16_curve, and each reaches the scoring.
	body = mustJSON(t, map[string]any{"gold": gold, "gold_format": "carb-gold", "systems": map[string]any{"openie5": sys},
		"scorers": []string{"carb", "oie16"}, "binary": true, "carb_mode": "corrected", "oie16_curve": "sklearn-0.23.1"})
	res = post(t, newHandler(nil), body)
	if got = readAll(t, res); res.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", res.StatusCode, got)
	}
	var signed struct {
		Signature string `json:"signature"`
	}
	if err := json.Unmarshal(got, &signed); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(signed.Signature, "|gold-format:carb-gold|carb-mode:corrected|binary|oie16-curve:sklearn-0.23.1") {
		t.Errorf("signature %s", signed.Signature)
	}
}

// Under js/wasm the Worker pauses while it scores (pace, main_js.go): the
// pauses reach the reading of every system file, and the answer is the
// same as without them.
func TestScorePaces(t *testing.T) {
	systems := map[string]any{}
	for i := range 40 {
		systems[fmt.Sprintf("s%d", i)] = tinySystem
	}
	body := mustJSON(t, map[string]any{"gold": tinyGold, "systems": systems, "facets": []string{"regular"}})
	res := post(t, newHandler(nil), body)
	want := readAll(t, res)
	calls := 0
	pace = func() { calls++ }
	defer func() { pace = nil }()
	res = post(t, newHandler(nil), body)
	got := readAll(t, res)
	if res.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
		t.Fatalf("paced: status %d, answer differs: %.300s", res.StatusCode, got)
	}
	if calls < len(systems) {
		t.Errorf("%d pauses for %d system files", calls, len(systems))
	}
}

// manySystems is a request of n one-line system files on the tiny gold.
func manySystems(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"gold": ` + quote(tinyGold) + `, "systems": {`)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"s%d": %s`, i, quote(tinySystem))
	}
	b.WriteString("}}")
	return []byte(b.String())
}

// A request of more small system files than the Worker's memory could
// hold whatever else runs is refused with 413 and the most it takes,
// before it is scored, by both handlers; the load test's 1,000 still fit.
func TestTooManySystemsRefused(t *testing.T) {
	fits := int((memoryBudget - memoryPerInstance - memoryPerCall) / memoryPerSystem)
	if fits < 1000 || fits > 2000 {
		t.Fatalf("the budget takes %d one-line systems: the load test's 1,000 must fit, and the limit must bite", fits)
	}
	for _, h := range []http.Handler{newInstanceHandler(), newHandler(nil)} {
		if res := post(t, h, manySystems(1000)); res.StatusCode != http.StatusOK {
			t.Errorf("1,000 systems: %d %s", res.StatusCode, readAll(t, res))
		}
		body := manySystems(fits + 1)
		res := post(t, h, body)
		if res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("%d systems: %d %s", fits+1, res.StatusCode, readAll(t, res))
		}
		msg := decodeError(t, res).Msg
		most := (memoryBudget - memoryPerInstance - memoryPerByte*int64(len(body)) - memoryPerCall) / memoryPerSystem
		if want := fmt.Sprintf("a request of %d system files needs about", fits+1); !strings.Contains(msg, want) || !strings.Contains(msg, fmt.Sprintf("send at most %d system files", most)) {
			t.Errorf("refusal %q", msg)
		}
	}
}

// A request of many small system files holds, while it is scored, the
// memory its files use, not only its bytes' estimate: 1,000 one-line files
// (the load test's request) grew a Go instance under wrangler dev to 46.9
// MiB, of which memoryPerInstance is the instance's own.
func TestManySystemsReserved(t *testing.T) {
	h := newHandler(nil).(*handler)
	body := manySystems(1000)
	used := int64(469<<20)/10 - memoryPerInstance
	if memoryPerByte*int64(len(body))+memoryPerCall >= used {
		t.Fatalf("the body's estimate alone covers the files: the test shows nothing")
	}
	var held int64
	defer func(f func()) { scored = f }(scored)
	scored = func() { held = h.memory.total - h.memory.free }
	if res := post(t, h, body); res.StatusCode != http.StatusOK {
		t.Fatalf("%d %s", res.StatusCode, readAll(t, res))
	}
	if held < used {
		t.Errorf("scored holding %d MiB, using about %d MiB", held>>20, used>>20)
	}
	if h.memory.free != h.memory.total {
		t.Errorf("%d bytes free after the request, want %d", h.memory.free, h.memory.total)
	}
}
