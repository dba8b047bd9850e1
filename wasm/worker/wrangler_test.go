//go:build wrangler && unix

// The Worker as Cloudflare runs it: the js/wasm build under wrangler dev
// (workerd, locally, offline). Run by ./build.sh test after ./build.sh
// worker, as
//
//	go test -tags wrangler -run TestWrangler ./wasm/worker
//
// It needs the built Worker (wasm/worker/build), the built site (dist/),
// node and wrangler (npm ci in wasm/worker), and fails, never skips, when
// one is missing.

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/oiebench/oiebench/core/benchie"
	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/internal/dataset"
)

// wranglerGroup is the process group of the running wrangler dev, and
// wranglerOutput what it printed: the Worker's own log lines among them.
var (
	wranglerGroup  int
	wranglerOutput *lockedBuffer
)

const (
	startTimeout   = 120 * time.Second // wrangler's start and the first wasm compile, on a busy machine
	requestTimeout = 60 * time.Second
	stopTimeout    = 15 * time.Second
)

// lockedBuffer collects wrangler's output for failure messages.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// freePort asks the kernel for a port on 127.0.0.1 that is free now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func mustExist(t *testing.T, path, fix string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s is missing: %s", path, fix)
	}
}

// startWrangler runs wrangler dev on 127.0.0.1 and returns its base URL once
// /api/health answers. Wrangler and its workerd are stopped when the test
// ends, whatever happens.
func startWrangler(t *testing.T) (base string, root string) {
	t.Helper()
	root, err := dataset.Root()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "wasm", "worker")
	mustExist(t, filepath.Join(dir, "build", "app.wasm"), "run ./build.sh worker")
	mustExist(t, filepath.Join(dir, "build", "worker.mjs"), "run ./build.sh worker")
	mustExist(t, filepath.Join(root, "build", "site", "index.html"), "run ./build.sh build")
	wrangler := filepath.Join(dir, "node_modules", ".bin", "wrangler")
	mustExist(t, wrangler, "run npm ci in wasm/worker (wrangler 4.86.0, pinned in package-lock.json)")
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not on PATH: wrangler needs Node.js 20 or later")
	}

	port, inspector := freePort(t), freePort(t)
	cmd := exec.Command(wrangler, "dev",
		// Named, so that a wrangler.json in a parent folder (wrangler looks
		// upwards for one) never takes the Worker's place.
		"--config", filepath.Join(dir, "wrangler.jsonc"),
		"--ip", "127.0.0.1", "--port", strconv.Itoa(port),
		"--inspector-ip", "127.0.0.1", "--inspector-port", strconv.Itoa(inspector),
		"--persist-to", t.TempDir(), // nothing is stored, but keep wrangler's state out of the tree
		// "log", not "info": the Worker's console lines (its memory) are at level log.
		"--show-interactive-dev-session=false", "--log-level", "log")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"WRANGLER_SEND_METRICS=false",       // metrics off
		"CLOUDFLARE_CF_FETCH_ENABLED=false", // no fetch of Request.cf from workers.cloudflare.com
		"NO_COLOR=1",
	)
	out := &lockedBuffer{}
	wranglerOutput = out
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // wrangler, esbuild and workerd in one group
	began := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting wrangler: %v", err)
	}
	wranglerGroup = cmd.Process.Pid
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		pgid := cmd.Process.Pid
		syscall.Kill(-pgid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(stopTimeout):
			t.Logf("wrangler did not stop in %v: killing it", stopTimeout)
			syscall.Kill(-pgid, syscall.SIGKILL)
			<-exited
		}
		// workerd may outlive wrangler for a moment; never leave it behind.
		syscall.Kill(-pgid, syscall.SIGKILL)
		if t.Failed() {
			t.Logf("wrangler output:\n%s", out)
		}
	})

	base = fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(startTimeout)
	client := &http.Client{Timeout: 5 * time.Second}
	for {
		select {
		case <-exited:
			t.Fatalf("wrangler exited before serving: %v\n%s", cmd.ProcessState, out)
		default:
		}
		res, err := client.Get(base + "/api/health")
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				t.Logf("wrangler dev: first /api/health answered %v after start", time.Since(began).Round(time.Millisecond))
				return base, root
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("wrangler did not answer /api/health within %v (last error: %v)", startTimeout, err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

func send(t *testing.T, method, url, contentType string, body []byte) (*http.Response, []byte, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	began := time.Now()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", method, url, err)
	}
	return res, b, time.Since(began)
}

func TestWrangler(t *testing.T) {
	base, root := startWrangler(t)

	t.Run("site", func(t *testing.T) {
		want, err := os.ReadFile(filepath.Join(root, "build", "site", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		res, got, _ := send(t, "GET", base+"/", "", nil)
		if res.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
			t.Errorf("GET /: status %d, %d bytes; want build/site/index.html (%d bytes)", res.StatusCode, len(got), len(want))
		}
		if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("GET /: Content-Type %q", ct)
		}
		// The bundled data the page opens on comes from the same build/site/.
		const data = "data/benchie/systems/clausie_explicit.txt"
		want, err = os.ReadFile(filepath.Join(root, "build", "site", data))
		if err != nil {
			t.Fatalf("build/site/%s: %v (the shipped data)", data, err)
		}
		res, got, _ = send(t, "GET", base+"/"+data, "", nil)
		if res.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
			t.Errorf("GET /%s: status %d, %d bytes, want %d", data, res.StatusCode, len(got), len(want))
		}
	})

	// The evaluator as `oiebench serve` sends it to a browser that takes
	// brotli (dist.Handler): the committed brotli file as it is, with its
	// ETag, revalidated with 304 (entry.mjs); a client that takes no brotli
	// gets it decoded by the platform's front end.
	t.Run("evaluator", func(t *testing.T) {
		packed, err := os.ReadFile(filepath.Join(root, "build", "site", "app.wasm.br"))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := os.ReadFile(filepath.Join(root, "build", "site", "app.wasm"))
		if err != nil {
			t.Fatalf("%v (./build.sh build writes it)", err)
		}
		get := func(method string, header ...string) (*http.Response, []byte) {
			req, err := http.NewRequest(method, base+"/app.wasm", nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i+1 < len(header); i += 2 {
				req.Header.Set(header[i], header[i+1])
			}
			// The body as it comes, undecoded.
			client := &http.Client{Timeout: requestTimeout, Transport: &http.Transport{DisableCompression: true}}
			res, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			return res, b
		}
		res, b := get("GET", "Accept-Encoding", "br")
		etag := res.Header.Get("ETag")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "br" || !bytes.Equal(b, packed) {
			t.Fatalf("brotli: status %d, Content-Encoding %q, %d bytes; want build/site/app.wasm.br as it is (%d bytes)", res.StatusCode, res.Header.Get("Content-Encoding"), len(b), len(packed))
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/wasm" || etag == "" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("brotli: Content-Type %q, ETag %q, Vary %q", ct, etag, res.Header.Get("Vary"))
		}
		if res, b := get("GET", "Accept-Encoding", "br", "If-None-Match", etag); res.StatusCode != http.StatusNotModified || len(b) != 0 {
			t.Errorf("revalidation with %s: status %d, %d bytes; want 304", etag, res.StatusCode, len(b))
		}
		if res, b := get("HEAD", "Accept-Encoding", "br"); res.StatusCode != http.StatusOK || len(b) != 0 || res.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("HEAD: status %d, %d bytes, Content-Type %q", res.StatusCode, len(b), res.Header.Get("Content-Type"))
		}
		if res, b := get("GET", "Accept-Encoding", "identity"); res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "" || !bytes.Equal(b, plain) {
			t.Errorf("no brotli: status %d, Content-Encoding %q, %d bytes; want build/site/app.wasm (%d bytes)", res.StatusCode, res.Header.Get("Content-Encoding"), len(b), len(plain))
		}
	})

	t.Run("health", func(t *testing.T) {
		res, b, _ := send(t, "GET", base+"/api/health", "", nil)
		if res.StatusCode != http.StatusOK || !bytes.Contains(b, []byte(`"status":"ok"`)) {
			t.Errorf("status %d: %s", res.StatusCode, b)
		}
		res, b, _ = send(t, "HEAD", base+"/api/health", "", nil)
		if res.StatusCode != http.StatusOK || len(b) != 0 {
			t.Errorf("HEAD: status %d, %d bytes", res.StatusCode, len(b))
		}
	})

	t.Run("clausie", func(t *testing.T) {
		gold, sys := readData(t, "benchie_gold_annotations_en.txt"), readData(t, "systems/clausie_explicit.txt")
		body := mustJSON(t, map[string]any{"gold": string(gold), "systems": map[string]any{"clausie": string(sys)}, "facets": []string{"regular"}})
		var took []time.Duration
		var got []byte
		for range 3 {
			res, b, d := send(t, "POST", base+"/api/score", "application/json", body)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %.500s", res.StatusCode, b)
			}
			if res.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Error("no CORS header on the answer")
			}
			got, took = b, append(took, d)
		}
		t.Logf("POST /api/score, ClausIE on the English gold, regular facet: %v", took)
		checkClausie(t, got)
		// The wasm build answers byte for byte what the CLI prints ...
		ev, err := evaluate.Run(evaluate.Request{
			Gold:    evaluate.Input{Path: "gold", Data: gold},
			Systems: []evaluate.Input{{Name: "clausie", Path: "systems/clausie", Data: sys}},
			Options: evaluate.Options{Facets: []benchie.Facet{benchie.Regular}},
		})
		if err != nil {
			t.Fatal(err)
		}
		// ... and, last, the report's receipt.
		want, err := withReceipt(&ev.Report, "")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the Worker's report differs from the CLI's:\n got %.300s\nwant %.300s", got, want)
		}
	})

	t.Run("preflight", func(t *testing.T) {
		res, _, _ := send(t, "OPTIONS", base+"/api/score", "", nil)
		if res.StatusCode != http.StatusNoContent || res.Header.Get("Access-Control-Allow-Origin") != "*" ||
			!strings.Contains(res.Header.Get("Access-Control-Allow-Methods"), "POST") {
			t.Errorf("OPTIONS: status %d, headers %v", res.StatusCode, res.Header)
		}
	})

	sys := quote(tinySystem)
	for _, tt := range []struct {
		name, method, path, ct, body string
		status                       int
		msg, file                    string
		line, col                    int
	}{
		{name: "malformed JSON", body: "{\"gold\": \"x\",\n  \"systems\": }", status: 400, msg: "not valid JSON", line: 2, col: 14},
		{name: "bad gold", body: `{"gold": "no sentences", "systems": {"a": ` + sys + `}}`, status: 400, msg: "no sentences", file: "gold", line: 1},
		{name: "bad system", body: `{"gold": ` + quote(tinyGold) + `, "systems": {"broken": "1\tHe\n"}}`, status: 400, msg: "tab-separated", file: "systems/broken", line: 1, col: 5},
		{name: "deep JSON line", body: `{"gold": ` + quote(tinyGold) + `, "systems": {"deep": ` + quote("{\"a\": "+strings.Repeat("[", 200000)) + `}}`, status: 400, msg: "nested more than", file: "systems/deep", line: 1},
		{name: "scorer for another gold", body: `{"gold": ` + quote(tinyGold) + `, "systems": {"a": ` + sys + `}, "scorers": ["wire57"]}`, status: 400, msg: "needs a CaRB gold here"},
		{name: "method", method: "PUT", body: "{}", status: 405, msg: "use POST"},
		{name: "too large", body: `{"gold": "` + strings.Repeat("x", MaxBodyBytes) + `"}`, status: 413, msg: "larger than the limit"},
		{name: "media type", ct: "text/plain", body: "{}", status: 415, msg: "application/json"},
		{name: "no endpoint", method: "GET", path: "/api/nothing", status: 404, msg: "no API endpoint"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			method, path, ct := tt.method, tt.path, tt.ct
			if method == "" {
				method = "POST"
			}
			if path == "" {
				path = "/api/score"
			}
			if ct == "" {
				ct = "application/json"
			}
			res, b, _ := send(t, method, base+path, ct, []byte(tt.body))
			e := decodeError(t, &http.Response{StatusCode: res.StatusCode, Header: res.Header, Body: io.NopCloser(bytes.NewReader(b))})
			if res.StatusCode != tt.status {
				t.Errorf("status %d, want %d: %s", res.StatusCode, tt.status, b)
			}
			if !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("message %q does not say %q", e.Msg, tt.msg)
			}
			if e.File != tt.file || (tt.line != 0 && e.Line != tt.line) || (tt.col != 0 && e.Column != tt.col) {
				t.Errorf("at %q:%d:%d, want %q:%d:%d", e.File, e.Line, e.Column, tt.file, tt.line, tt.col)
			}
			if res.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Error("error answer without CORS header")
			}
		})
	}

	// Hostile texts: a 200 or a 4xx, never a 5xx (issue 13: an infinite
	// confidence with CaRB answered 500, a 2.5 KB gold ran out of memory).
	for name, body := range hostileBodies(t) {
		t.Run("hostile/"+name, func(t *testing.T) {
			res, b, d := send(t, "POST", base+"/api/score", "application/json", body)
			t.Logf("%d B: status %d in %v", len(body), res.StatusCode, d)
			if res.StatusCode >= 500 {
				t.Errorf("status %d: %.300s", res.StatusCode, b)
			}
		})
	}

	t.Run("budget", func(t *testing.T) { budgetTest(t, root, base) })

	t.Run("load", func(t *testing.T) { loadTest(t, base) })

	// Bad requests left the Worker whole.
	if res, b, _ := send(t, "GET", base+"/api/health", "", nil); res.StatusCode != http.StatusOK {
		t.Errorf("after the bad requests, /api/health: status %d: %s", res.StatusCode, b)
	}
}

// Bounds of the load test: loadRequests requests, loadClients at once,
// all done within loadTime. Before the Worker paced its work (handler.go,
// pace), 8 at once lost a few percent of the requests on a busy machine
// (503 "Your worker restarted mid-request": docs/reliability.md).
const (
	loadRequests = 240
	loadClients  = 8
	loadTime     = 5 * time.Minute
	// platformMemory is the memory of a Worker's isolate on Cloudflare.
	platformMemory = 128 << 20
)

// loadTest sends valid and hostile requests at once, in a bounded number:
// bodies at and over the limit, deep JSON, an unknown member, a key twice,
// 1,000 systems. Every answer is the one its kind expects (or 429, wait
// and retry) and none is a 5xx, and neither one Go instance's memory nor
// that of the instances alive at once (entry.mjs's log) reaches the
// platform's 128 MB; it logs the latency percentiles and the statuses of
// each kind, those memories, and workerd's peak resident memory.
func loadTest(t *testing.T, base string) {
	sys := quote(tinySystem)
	tiny := quote(tinyGold)
	var thousand strings.Builder
	thousand.WriteString(`{"gold": ` + tiny + `, "systems": {`)
	for i := range 1000 {
		if i > 0 {
			thousand.WriteString(", ")
		}
		fmt.Fprintf(&thousand, `"s%d": %s`, i, sys)
	}
	thousand.WriteString("}}")
	atLimit := `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}}`
	atLimit += strings.Repeat(" ", MaxBodyBytes-len(atLimit)) // white space: still the same request
	kinds := []struct {
		name   string
		body   string
		status int
	}{
		{"valid", `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}}`, 200},
		{"at the limit", atLimit, 200},
		{"over the limit", atLimit + " ", 413},
		{"deep JSON", `{"gold": ` + strings.Repeat("[", 100000), 400},
		{"unknown member", `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `}, "colour": "red"}`, 400},
		{"key twice", `{"gold": ` + tiny + `, "systems": {"a": ` + sys + `, "a": ` + sys + `}}`, 400},
		{"1,000 systems", thousand.String(), 200},
	}
	if len(atLimit) != MaxBodyBytes || len(thousand.String()) > MaxBodyBytes {
		t.Fatalf("bodies: %d at the limit, %d for 1,000 systems", len(atLimit), thousand.Len())
	}
	type result struct {
		kind, status int
		took         time.Duration
		err          error
		body         string // of a 5xx, to say what failed
	}
	jobs := make(chan int)
	results := make(chan result, loadRequests)
	ctx, cancel := context.WithTimeout(context.Background(), loadTime)
	defer cancel()
	client := &http.Client{Timeout: requestTimeout}
	var wg sync.WaitGroup
	for range loadClients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/score", strings.NewReader(kinds[k].body))
				req.Header.Set("Content-Type", "application/json")
				start := time.Now()
				res, err := client.Do(req)
				r := result{kind: k, err: err}
				if err == nil {
					b, _ := io.ReadAll(io.LimitReader(res.Body, 300))
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					r.status = res.StatusCode
					if r.status >= 500 {
						r.body = string(b)
					}
				}
				r.took = time.Since(start)
				results <- r
			}
		}()
	}
	began := time.Now()
	for i := range loadRequests {
		jobs <- i % len(kinds)
	}
	close(jobs)
	wg.Wait()
	close(results)
	wall := time.Since(began)
	byKind := make([][]time.Duration, len(kinds))
	statuses := make([]map[int]int, len(kinds))
	for i := range statuses {
		statuses[i] = map[int]int{}
	}
	var all []time.Duration
	for r := range results {
		if r.err != nil {
			t.Errorf("%s: %v", kinds[r.kind].name, r.err)
			continue
		}
		statuses[r.kind][r.status]++
		byKind[r.kind] = append(byKind[r.kind], r.took)
		all = append(all, r.took)
		// 429: memory held by the requests in flight too long; told to retry.
		if r.status >= 500 || r.status != kinds[r.kind].status && r.status != http.StatusTooManyRequests {
			t.Errorf("%s: status %d, want %d %s", kinds[r.kind].name, r.status, kinds[r.kind].status, r.body)
		}
	}
	t.Logf("%d requests, %d at once, in %v", len(all), loadClients, wall.Round(time.Millisecond))
	for i, k := range kinds {
		t.Logf("%-15s %s statuses %v", k.name, percentiles(byKind[i]), statuses[i])
	}
	t.Logf("%-15s %s", "all", percentiles(all))
	if top := workerMemoryHighWater(t, wranglerOutput.String()); top >= platformMemory {
		t.Errorf("a Go instance of the Worker held %d bytes, over the platform's %d", top, platformMemory)
	} else {
		t.Logf("the Worker's largest Go memory: %.1f MiB (one instance's wasm memory; the platform's limit is 128 MB)", float64(top)/(1<<20))
	}
	var alive int64
	for _, l := range instanceLines(wranglerOutput.String()) {
		alive = max(alive, l.alive)
	}
	if alive >= platformMemory {
		t.Errorf("the Go instances alive at once held %d bytes, over the platform's %d", alive, platformMemory)
	} else {
		t.Logf("the most the Go instances alive at once held: %.1f MiB (entry.mjs's log; the budget is %d MiB)", float64(alive)/(1<<20), memoryBudget>>20)
	}
	t.Logf("%d requests waited for memory", strings.Count(wranglerOutput.String(), "for memory: reserved"))
	if hwm := workerdPeakMemory(); hwm > 0 {
		t.Logf("workerd peak resident memory: %.0f MiB (the whole runtime; the platform's 128 MB bounds one isolate)", float64(hwm)/(1<<20))
	}
}

// budgetTest checks the isolate's memory budget (budget.mjs): its node
// tests, then, under wrangler, that requests at once run in Go instances
// of their own (so a budget kept in Go sees only one), and that more
// bodies at the limit at once than the budget holds wait or get 429, never
// a 5xx, while the Go instances alive hold under the platform's 128 MB.
func budgetTest(t *testing.T, root, base string) {
	node := exec.Command("node", "--test", filepath.Join(root, "wasm", "worker", "budget.test.mjs"))
	if out, err := node.CombinedOutput(); err != nil {
		t.Fatalf("node --test budget.test.mjs: %v\n%s", err, out)
	}

	// A Go instance's own memory (memoryPerInstance): one that answers
	// /api/health, alone.
	before := len(instanceLines(wranglerOutput.String()))
	if res, b, _ := send(t, "GET", base+"/api/health", "", nil); res.StatusCode != http.StatusOK {
		t.Fatalf("health: status %d: %s", res.StatusCode, b)
	}
	time.Sleep(200 * time.Millisecond) // the instance ends after its answer
	var own int64
	for _, l := range instanceLines(wranglerOutput.String())[before:] {
		if l.event == "ended" {
			own = max(own, l.memory)
		}
	}
	if own == 0 || own > memoryPerInstance {
		t.Errorf("a Go instance that answered /api/health holds %d bytes; the budget counts %d per instance (handler.go, memoryPerInstance)", own, memoryPerInstance)
	}
	t.Logf("a Go instance's own wasm memory: %d bytes (%.1f MiB)", own, float64(own)/(1<<20))

	before = len(instanceLines(wranglerOutput.String()))
	body := []byte(`{"gold": ` + quote(tinyGold) + `, "systems": {"a": ` + quote(tinySystem) + `}}`)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, b, _ := send(t, "POST", base+"/api/score", "application/json", body); res.StatusCode != http.StatusOK {
				t.Errorf("status %d: %.300s", res.StatusCode, b)
			}
		}()
	}
	wg.Wait()
	if started := countEvent(instanceLines(wranglerOutput.String())[before:], "started"); started < 2 {
		t.Errorf("two requests at once started %d Go instances, want 2 (one each)", started)
	}

	// Each body at the limit reserves 66 MiB and its instance: the 96 MiB
	// budget holds one at a time, so the others wait.
	atLimit := `{"gold": ` + quote(tinyGold) + `, "systems": {"a": ` + quote(tinySystem) + `}}`
	atLimit += strings.Repeat(" ", MaxBodyBytes-len(atLimit))
	const atOnce = 6
	outBefore := len(wranglerOutput.String())
	statuses := make(chan int, atOnce)
	began := time.Now()
	for range atOnce {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, b, _ := send(t, "POST", base+"/api/score", "application/json", []byte(atLimit))
			if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusTooManyRequests {
				t.Errorf("status %d: %.300s", res.StatusCode, b)
			}
			statuses <- res.StatusCode
		}()
	}
	wg.Wait()
	close(statuses)
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	t.Logf("%d bodies at the limit at once: statuses %v in %v", atOnce, count, time.Since(began).Round(time.Millisecond))
	if waited := strings.Count(wranglerOutput.String()[outBefore:], "waited"); waited == 0 {
		t.Errorf("%d bodies at the limit at once: none waited for memory, but the budget holds one at a time", atOnce)
	} else {
		t.Logf("%d of them waited for memory", waited)
	}
	lines := instanceLines(wranglerOutput.String())
	var top int64
	for _, l := range lines {
		top = max(top, l.alive)
	}
	if top >= platformMemory {
		t.Errorf("the Go instances alive at once held %d bytes, over the platform's %d", top, platformMemory)
	}
	t.Logf("the most the Go instances alive held at once: %.1f MiB", float64(top)/(1<<20))
}

// instanceLine is what entry.mjs logs of a Go instance.
type instanceLine struct {
	event         string // "started" or "ended"
	memory, alive int64  // its wasm memory; that of all the instances alive
}

// instanceLines reads entry.mjs's lines about Go instances from wrangler's output.
func instanceLines(out string) []instanceLine {
	var lines []instanceLine
	for _, line := range strings.Split(out, "\n") {
		_, after, ok := strings.Cut(line, "oiebench worker: Go instance ")
		if !ok {
			continue
		}
		var id, n int
		var l instanceLine
		if _, err := fmt.Sscanf(after, "%d %s wasm memory %d bytes, %d alive holding %d bytes", &id, &l.event, &l.memory, &n, &l.alive); err != nil {
			continue
		}
		l.event = strings.TrimSuffix(l.event, ":")
		lines = append(lines, l)
	}
	return lines
}

func countEvent(lines []instanceLine, event string) int {
	n := 0
	for _, l := range lines {
		if l.event == event {
			n++
		}
	}
	return n
}

// workerMemoryHighWater is the largest memory high-water mark the Worker
// logged (main_js.go); it fails the test if none was logged.
func workerMemoryHighWater(t *testing.T, out string) int64 {
	const mark = "oiebench worker: memory high-water mark "
	var top int64
	seen := false
	for _, line := range strings.Split(out, "\n") {
		_, after, ok := strings.Cut(line, mark)
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(after), " bytes"), 10, 64)
		if err != nil {
			t.Errorf("the Worker's memory line %q: %v", line, err)
			continue
		}
		seen, top = true, max(top, n)
	}
	if !seen {
		t.Errorf("the Worker logged no memory high-water mark (main_js.go, logMemoryHighWater)")
	}
	return top
}

// percentiles describes latencies: p50, p95, p99 and the slowest.
func percentiles(d []time.Duration) string {
	if len(d) == 0 {
		return "no answers"
	}
	slices.Sort(d)
	at := func(p float64) time.Duration { return d[min(len(d)-1, int(p*float64(len(d))))].Round(time.Millisecond) }
	return fmt.Sprintf("p50 %v p95 %v p99 %v max %v (%d)", at(0.50), at(0.95), at(0.99), d[len(d)-1].Round(time.Millisecond), len(d))
}

// workerdPeakMemory is the largest peak resident memory (VmHWM) of the
// workerd processes in wrangler's process group, or 0 if none is found.
func workerdPeakMemory() int64 {
	var peak int64
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		stat, err := os.ReadFile(filepath.Join(p, "stat"))
		if err != nil || !strings.Contains(string(stat), "(workerd)") {
			continue
		}
		// pgrp is the third field after the command's closing parenthesis.
		rest := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(rest) < 3 || rest[2] != strconv.Itoa(wranglerGroup) {
			continue
		}
		status, _ := os.ReadFile(filepath.Join(p, "status"))
		for _, line := range strings.Split(string(status), "\n") {
			if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
				peak = max(peak, n<<10)
			}
		}
	}
	return peak
}
