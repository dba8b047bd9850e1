//go:build js && wasm

package main

import (
	"sync"
	sjs "syscall/js"
)

// The page effects (browser's last methods): each is one call of a
// function of window.oiebenchEffects, by name, with plain arguments, and
// nothing comes back, so that a channel from a Web Worker can carry it as
// it is. The script that defines them is evaluated once, on the first
// effect; its comments are here, not in the string, which the evaluator
// carries.
//
// The studio's keys (listen, keyDone): a key that the studio's rule
// (studioKeys, ui.Studio.KeyRule) names where it was pressed is a
// shortcut: its default action is prevented at once and it is sent to Go
// (send) with a number. Until Go says it has handled that key (keyDone),
// every later key is held before any listener sees it (hold: the window's
// capture phase; the shortcuts are decided after the page's own listeners,
// which may take a key first); then, in a task of their own, each is
// dispatched again where focus is now, in order: to a shortcut (whose keys
// after it are held again), to the page's own listeners, or else to its
// default action for the keys a typist presses back to back
// (Enter and Space press a button, a character or Backspace edits a text
// field; any other key held so is dropped).
// window.oiebenchKeyDelay (ms), set by a test, makes Go answer that late,
// as a Worker would.
//
// focus: at once when the element is on the page, else after the next
// change of the page (the render that follows), if it is there then; with
// later (a render's own focus, whose focus events must not run under the
// render's lock), in a task of its own, unless focus moved meanwhile.
//
// savePNG draws the SVG (self-contained: inline styles, system fonts, no
// external references, so the canvas is not tainted) through an Image onto
// a canvas scale times its size and downloads the canvas's PNG.
//
// api makes window.oiebench: score calls Go (window.oiebenchScore);
// report, exportText and formats answer from what Go pushed (showReport)
// or gave once (the formats); then oiebench-ready is dispatched.
const effectsScript = `(function () {
  var rule = {}, send = null, busy = 0, seq = 0, held = [], again = null, watch = null, shown = null;
  function whereOf(t) {
    if (!t || typeof t.tagName !== 'string') return t && t.isContentEditable ? 'field' : 'other';
    var tag = t.tagName.toLowerCase(), type = tag === 'input' ? String(t.type).toLowerCase() : '';
    var control = type === 'checkbox' || type === 'radio' || type === 'file';
    if (tag === 'textarea' || tag === 'select' || (tag === 'input' && !control && type !== 'button') || t.isContentEditable) return 'field';
    if (/^studio-token-\d+$/.test(t.id)) return 'token';
    if (tag === 'button' || tag === 'summary' || tag === 'a' || (tag === 'input' && control)) return 'button';
    return 'other';
  }
  function nameOf(k, where) {
    return (k.ctrlKey || k.metaKey ? 'C' : '') + (k.shiftKey ? 'S' : '') + (k.altKey ? 'A' : '') + ':' + where + ':' + k.key;
  }
  function hold(e) {
    if (e === again || !(busy || held.length) || e.isComposing || !send || !document.getElementById('studio')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push({ key: e.key, ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey });
  }
  function onKey(e) {
    if (e.defaultPrevented || e.isComposing || !send || !document.getElementById('studio')) return;
    var where = whereOf(e.target);
    if (!rule[nameOf(e, where)]) return;
    e.preventDefault();
    var n = busy = ++seq;
    var msg = JSON.stringify({ key: e.key, ctrl: e.ctrlKey, shift: e.shiftKey, alt: e.altKey, meta: e.metaKey, where: where, seq: n });
    if (window.oiebenchKeyDelay > 0) setTimeout(function () { send(msg); }, window.oiebenchKeyDelay);
    else send(msg);
  }
  function replay(k) {
    var t = document.activeElement || document.body, e = new KeyboardEvent('keydown', {
      key: k.key, ctrlKey: k.ctrlKey, shiftKey: k.shiftKey, altKey: k.altKey, metaKey: k.metaKey, bubbles: true, cancelable: true });
    again = e;
    try { if (!t.dispatchEvent(e)) return; } finally { again = null; }
    var where = whereOf(t), plain = !k.ctrlKey && !k.metaKey && !k.altKey;
    if ((where === 'button' || where === 'token') && (k.key === 'Enter' || k.key === ' ')) {
      t.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0,
        ctrlKey: k.ctrlKey, shiftKey: k.shiftKey, altKey: k.altKey, metaKey: k.metaKey }));
    } else if (where === 'field' && plain && typeof t.selectionStart === 'number' && (Array.from(k.key).length === 1 || k.key === 'Backspace')) {
      var from = t.selectionStart, to = t.selectionEnd;
      if (k.key !== 'Backspace') t.setRangeText(k.key, from, to, 'end');
      else if (from !== to || from > 0) t.setRangeText('', from === to ? from - 1 : from, to, 'end');
      t.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  function drain() {
    while (!busy && held.length) replay(held.shift());
  }
  function download(name, blob) {
    var url = URL.createObjectURL(blob), a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }
  window.oiebenchStudioListen = function (goSend) {
    send = goSend;
    window.addEventListener('keydown', hold, true);
    document.addEventListener('keydown', onKey);
  };
  window.oiebenchEffects = {
    studioKeys: function (text) {
      rule = {};
      text.split('\n').forEach(function (name) { if (name) rule[name] = true; });
    },
    keyDone: function (n) {
      if (n !== busy) return;
      busy = 0;
      if (held.length) setTimeout(drain, 0);
    },
    focus: function focus(id, later) {
      var el = document.getElementById(id);
      if (later) {
        if (!el) return;
        var before = document.activeElement;
        setTimeout(function () { if (document.activeElement === before) el.focus(); }, 0);
        return;
      }
      if (watch) { watch.disconnect(); watch = null; }
      if (el) { el.focus(); return; }
      watch = new MutationObserver(function () {
        watch.disconnect();
        watch = null;
        focus(id, true);
      });
      watch.observe(document.body, { childList: true, subtree: true });
    },
    scrollIntoView: function (selector) {
      var el = document.querySelector(selector);
      if (el) el.scrollIntoView({ block: 'nearest' });
    },
    savePNG: function (name, svg, scale) {
      var img = new Image(), bytes = new TextEncoder().encode(svg), bin = '';
      for (var i = 0; i < bytes.length; i += 8192) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
      img.src = 'data:image/svg+xml;base64,' + btoa(bin);
      img.decode().then(function () {
        var w = img.naturalWidth, h = img.naturalHeight, canvas = document.createElement('canvas');
        canvas.width = Math.trunc(w * scale);
        canvas.height = Math.trunc(h * scale);
        var ctx = canvas.getContext('2d');
        ctx.scale(scale, scale);
        ctx.drawImage(img, 0, 0, w, h);
        canvas.toBlob(function (blob) { if (blob) download(name, blob); }, 'image/png');
      });
    },
    api: function (version, formats) {
      window.oiebench = {
        version: version,
        score: function (request) { return window.oiebenchScore(request); },
        report: function () { return shown ? JSON.parse(shown.json) : null; },
        exportText: function (format) {
          var f = typeof format === 'string' ? format : 'json';
          f = { md: 'markdown', tex: 'latex', '': 'table' }[f] || f;
          return shown && Object.prototype.hasOwnProperty.call(shown, f) ? shown[f] : null;
        },
        formats: function () { return JSON.parse(formats); }
      };
      document.dispatchEvent(new Event('oiebench-ready'));
    },
    showReport: function (exports) { shown = exports ? JSON.parse(exports) : null; }
  };
})();`

var effectsOnce sync.Once

// effectsReady evaluates effectsScript, once.
func effectsReady() { effectsOnce.Do(func() { sjs.Global().Call("eval", effectsScript) }) }

// effect runs a page effect (effectsScript) by its name.
func effect(name string, args ...any) {
	effectsReady()
	catch(func() { sjs.Global().Get("oiebenchEffects").Call(name, args...) })
}

func (jsBrowser) Focus(id string, later bool)    { effect("focus", id, later) }
func (jsBrowser) ScrollIntoView(selector string) { effect("scrollIntoView", selector) }
func (jsBrowser) StudioKeys(rule string)         { effect("studioKeys", rule) }
func (jsBrowser) KeyDone(seq int)                { effect("keyDone", seq) }
func (jsBrowser) ShowReport(exports string)      { effect("showReport", exports) }

func (jsBrowser) SavePNG(name, svg string, scale float64) {
	effect("savePNG", name, svg, scale)
}
