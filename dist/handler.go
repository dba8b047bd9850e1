package dist

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/oiebench/oiebench/dist/headers"
)

// Handler serves a site folder (the embedded one, or build/site/ on disk
// while developing) the way a static host should: the evaluator precompressed
// (brotli when the browser takes it, else gzip, else plain), wasm with its
// MIME type, and every file revalidated by its content hash (ETag), so that a
// rebuilt site shows at once and an unchanged one costs a 304.
//
// A file F may exist as F, as F.br, or both; the handler never needs F when
// F.br is there.
func Handler(site fs.FS) http.Handler {
	return &handler{site: site, files: map[string]*file{}}
}

type handler struct {
	site  fs.FS
	mu    sync.Mutex
	files map[string]*file
}

// file is one servable file in every encoding it was asked for.
type file struct {
	once           sync.Once
	plain, br, gz  []byte
	etag           string
	err            error
	brOnce, gzOnce sync.Once
	modTime        time.Time
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	hd := w.Header()
	headers.Set(hd)
	f := h.file(name)
	if f.err != nil {
		http.NotFound(w, r)
		return
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		hd.Set("Content-Type", ct)
	} else if path.Ext(name) == ".wasm" {
		hd.Set("Content-Type", "application/wasm")
	}
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Vary", "Accept-Encoding")
	body := f.plain
	enc := ""
	if compressible(name) {
		switch accepts := r.Header.Get("Accept-Encoding"); {
		case acceptsEncoding(accepts, "br"):
			body, enc = f.brotli(), "br"
		case acceptsEncoding(accepts, "gzip"):
			body, enc = f.gzip(), "gzip"
		}
	}
	etag := f.etag
	if enc != "" {
		etag += "-" + enc // each encoding is its own representation
		hd.Set("Content-Encoding", enc)
	}
	hd.Set("ETag", `"`+etag+`"`)
	http.ServeContent(w, r, name, f.modTime, bytes.NewReader(body))
}

// file loads a file (or its .br) once.
func (h *handler) file(name string) *file {
	h.mu.Lock()
	f, ok := h.files[name]
	if !ok {
		f = &file{}
		h.files[name] = f
	}
	h.mu.Unlock()
	f.once.Do(func() {
		plain, perr := fs.ReadFile(h.site, name)
		br, berr := fs.ReadFile(h.site, name+".br")
		switch {
		case perr == nil:
			f.plain = plain
			if berr == nil {
				f.br = br
			}
		case berr == nil:
			f.br = br
			f.plain, f.err = io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
		default:
			f.err = perr
			return
		}
		if fi, err := fs.Stat(h.site, name); err == nil {
			f.modTime = fi.ModTime()
		}
		sum := sha256.Sum256(f.plain)
		f.etag = hex.EncodeToString(sum[:12])
	})
	return f
}

// brotli is the file brotli-compressed: the committed .br, or compressed
// here once (quality 5: fast enough to do on the first request).
func (f *file) brotli() []byte {
	f.brOnce.Do(func() {
		if f.br == nil {
			var b bytes.Buffer
			w := brotli.NewWriterLevel(&b, 5)
			w.Write(f.plain)
			w.Close()
			f.br = b.Bytes()
		}
	})
	return f.br
}

func (f *file) gzip() []byte {
	f.gzOnce.Do(func() {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(f.plain)
		w.Close()
		f.gz = b.Bytes()
	})
	return f.gz
}

// compressible tells which files are worth compressing: text and wasm.
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".png", ".jpg", ".gif", ".br", ".gz", ".woff2":
		return false
	}
	return true
}

// acceptsEncoding reads an Accept-Encoding header for one coding (a q=0
// refuses it).
func acceptsEncoding(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
