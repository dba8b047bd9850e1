//go:build e2e

package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// beforePNG draws an SVG into a PNG by the steps the Go side took before
// the page did it as an effect (charts_js.go until then: the SVG's bytes in
// a base64 data address, an Image, a canvas scale times its size, toBlob),
// and returns the PNG's bytes in base64.
const beforePNG = `(async (b64, scale) => {
  const img = new Image();
  img.src = 'data:image/svg+xml;base64,' + b64;
  await img.decode();
  const w = img.naturalWidth, h = img.naturalHeight, canvas = document.createElement('canvas');
  canvas.width = Math.trunc(w * scale);
  canvas.height = Math.trunc(h * scale);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, w, h);
  const blob = await new Promise(done => canvas.toBlob(done, 'image/png'));
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(bin);
})`

// A chart's PNG, now drawn by the page from the SVG text Go sends it
// (effects_js.go's savePNG), has the bytes the Go side's drawing had for
// the same SVG: a chart of the page, exported by its button, and an SVG
// whose text is not ASCII (the page encodes it as UTF-8, as Go's bytes
// were), at scales 2 and 1.5.
func TestChartPNGAsBefore(t *testing.T) {
	p := newPage(t)
	p.open("")
	dir := allowDownloads(t, p)
	p.do(chromedp.Click(chromedp.CSS("#tab-charts")))
	p.waitFor("the charts", `document.querySelector('button[data-export-chart="error-buckets.png"]') !== null`)
	p.do(chromedp.Click(chromedp.CSS(`button[data-export-chart="error-buckets.svg"]`)))
	svg := waitFile(t, filepath.Join(dir, "oiebench-en-error-buckets.svg"))
	p.do(chromedp.Click(chromedp.CSS(`button[data-export-chart="error-buckets.png"]`)))
	got := waitFile(t, filepath.Join(dir, "oiebench-en-error-buckets.png"))
	same := func(what string, svg []byte, scale string, got []byte) {
		t.Helper()
		want, err := base64.StdEncoding.DecodeString(eval[string](p, beforePNG+`('`+base64.StdEncoding.EncodeToString(svg)+`', `+scale+`)`))
		if err != nil {
			t.Fatal(err)
		}
		if len(want) < 1000 || !bytes.Equal(got, want) {
			t.Errorf("%s: the page's PNG (%d bytes) is not the one drawn as before (%d bytes)", what, len(got), len(want))
		}
	}
	same("the chart's export", svg, "2", got)

	other := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60">` +
		`<rect width="240" height="60" fill="#fff"/><text x="8" y="36" font-size="18" fill="#0072b2">Über — 東京 ✓</text></svg>`)
	text, _ := json.Marshal(string(other))
	eval[bool](p, `(oiebenchEffect("savePNG", 'other.png', `+string(text)+`, 1.5), true)`)
	same("a text not in ASCII", other, "1.5", waitFile(t, filepath.Join(dir, "other.png")))
}
