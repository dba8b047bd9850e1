// oiebench loader: starts the Go evaluator (app.wasm, run by Go's
// wasm_exec.js) and gives it two helpers it cannot do alone:
//   oiebenchFetch(path)  the site's own files, as a Uint8Array; the
//                        single-file build embeds them gzip-compressed in
//                        <script type="application/gzip" data-asset=PATH>
//   oiebenchStore        the user's files in IndexedDB: all(), put(rec), del(id)
// and, for pages that embed or automate it, oiebenchReady: a promise that
// resolves with window.oiebench once the evaluator runs.
//   oiebenchScorer       the scorer Web Worker: run(bytes) posts a job
//                        (wasm/app scorerjob.go) and resolves with its reply
//   oiebenchEffect(name, ...args)  what only a document does (effects below)
//   oiebenchAsk(name, ...args)     what only the page answers (answers below):
//                        a promise of the answer
// The evaluator runs in a Web Worker and the page's thread only applies
// its renders (docs/page-responsiveness.md, The evaluator Worker), unless
// the address says ?evaluator=page or the evaluator is embedded. In a
// Worker, this file is the scorer's or the evaluator's script: the first
// message says which.
(function () {
  'use strict';

  if (typeof document === 'undefined') { // in a Worker
    self.onmessage = function (e) {
      importScripts('wasm_exec.js');
      if (e.data && typeof e.data.init === 'string') evaluatorWorker(e.data.init, e.data.scorer);
      else scorerWorker(e);
    };
    return;
  }
  var loaderURL = document.currentScript && document.currentScript.src;

  // Where the evaluator runs: 'worker' (a dedicated Worker) or 'page' (the
  // page's thread), unless the address says (?evaluator=worker or
  // ?evaluator=page). The single-file and exercise pages (the evaluator
  // embedded) and file:// run it on the page's thread.
  var defaultEvaluator = 'worker';
  var evaluator = window.oiebenchEvaluator = {
    mode: /[?&]evaluator=worker(&|$)/.test(location.search) ? 'worker' :
      /[?&]evaluator=page(&|$)/.test(location.search) ? 'page' : defaultEvaluator,
    state: 'starting'
  };

  // While the studio has changes not yet stored (the evaluator sets
  // oiebenchUnsaved), closing or leaving the page asks first: a snapshot
  // takes up to a second or so to store.
  window.addEventListener('beforeunload', function (e) {
    if (window.oiebenchUnsaved === true) {
      e.preventDefault();
      e.returnValue = '';
    }
  });

  window.oiebenchReady = new Promise(function (resolve) {
    document.addEventListener('oiebench-ready', function () { resolve(window.oiebench); }, { once: true });
  });

  function fail(message) {
    var el = document.getElementById('fatal');
    el.textContent = message;
    el.hidden = false;
  }

  helpers(window);

  // toGo calls a function the evaluator defines in its scope (window, or
  // the evaluator Worker's) with one argument: at once on the page's
  // thread, posted to the Worker ({call, arg}). It returns a promise of
  // the function's answer.
  var calls = {}, called = 0;
  function toGo(name, arg) {
    if (evaluator.mode !== 'worker') return Promise.resolve().then(function () { return window[name](arg); });
    return new Promise(function (resolve, reject) {
      calls[++called] = { resolve: resolve, reject: reject };
      tell({ call: name, arg: arg, reply: called });
    });
  }
  function fromGo(d) {
    var c = calls[d.replied];
    delete calls[d.replied];
    if (d.error !== undefined) c.reject(new Error(d.error));
    else c.resolve(d.value);
  }

  // The studio's keys. A key that the studio's rule (studioKeys, wasm/app
  // ui.Studio.KeyRule) names where it was pressed is a shortcut: its
  // default action is prevented at once and it is sent to the evaluator
  // (oiebenchStudioKey) with a number. Until the evaluator says it has
  // handled that key (keyDone), every later key is held before any
  // listener sees it (hold: the window's capture phase; the shortcuts are
  // decided after the page's own listeners, which may take a key first);
  // then, in a task of their own, each is dispatched again, in order: to a
  // shortcut (whose keys after it are held again), to the page's own
  // listeners, or else to its default action for the keys a typist presses
  // back to back (keyAgain: Enter and Space press a button, Tab moves
  // focus, a text field's keys edit it or move its caret). A click made
  // meanwhile is held with them, in its place, and dispatched again on its
  // element (or the one now with its id): it would otherwise reach the
  // evaluator before the keys pressed before it (a token clicked after "3"
  // went to the relation). A held key's keypress is prevented too:
  // DevTools' key events (chromedp's) send a key's text apart from its
  // keydown, and the browser types it even after the keydown was
  // prevented, so it was typed twice ("HonHonolulu").
  // Where a held key goes: focus cannot be held, so each move of focus made
  // meanwhile by the person (a field clicked, a token's mousedown) is
  // noted in its place among the keys (holdFocus). The replay starts where
  // the shortcut left focus (the element its evaluator focused, else the
  // one it was pressed on) and moves focus again at each noted move: a word
  // typed into the word box before a token was clicked stays in the box,
  // though the click's mousedown took focus before the evaluator answered
  // (the word went to the token). Moves the page makes itself (the
  // evaluator's focus, the replay's) are not noted (studio.moving).
  // window.oiebenchKeyDelay (ms), set by a test, makes the evaluator hear
  // of the key that late, as a loaded Worker might.
  var studio = { rule: {}, listening: false, busy: 0, seq: 0, held: [], pressHeld: false, again: null,
    from: null, focused: null, moving: false };
  function whereOf(t) {
    if (!t || typeof t.tagName !== 'string') return t && t.isContentEditable ? 'field' : 'other';
    var tag = t.tagName.toLowerCase(), type = tag === 'input' ? String(t.type).toLowerCase() : '';
    var control = type === 'checkbox' || type === 'radio' || type === 'file';
    if (tag === 'textarea' || tag === 'select' || (tag === 'input' && !control && type !== 'button') || t.isContentEditable) return 'field';
    if (/^studio-token-\d+$/.test(t.id)) return 'token';
    if (tag === 'button' || tag === 'summary' || tag === 'a' || (tag === 'input' && control)) return 'button';
    return 'other';
  }
  function keyName(k, where) {
    return (k.ctrlKey || k.metaKey ? 'C' : '') + (k.shiftKey ? 'S' : '') + (k.altKey ? 'A' : '') + ':' + where + ':' + k.key;
  }
  function holdKey(e) {
    if (e === studio.again) return; // a key given again has no keypress; the last held key's may be still to come
    studio.pressHeld = false;
    if (!(studio.busy || studio.held.length) || e.isComposing || !document.getElementById('studio')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    studio.pressHeld = true;
    studio.held.push({ key: e.key, ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey });
  }
  function holdClick(e) {
    if (!e.isTrusted || !(studio.busy || studio.held.length) || !(e.target instanceof Element) || !document.getElementById('studio')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    studio.held.push({ click: e.target, init: { bubbles: true, cancelable: true, detail: e.detail, button: e.button,
      ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey } });
  }
  // holdFocus notes a move of focus made while keys are held: to an
  // element (focusin), or off every element (focusout to none, with the
  // page still focused: a click on no control), in its place.
  function holdFocus(e) {
    if (studio.moving || !(studio.busy || studio.held.length) || !document.getElementById('studio')) return;
    if (e.type === 'focusin') studio.held.push({ focus: e.target });
    else if (!e.relatedTarget && document.hasFocus()) studio.held.push({ focus: null, from: e.target });
  }
  // moveFocus gives focus to el (none: to no element) as the page itself.
  function moveFocus(el) {
    if (el === document.activeElement) return;
    studio.moving = true;
    try {
      if (el && el !== document.body) el.focus();
      else if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    } finally { studio.moving = false; }
  }
  // now is el, or when a render replaced it, the element now with its id.
  function now(el) {
    if (!el || el.isConnected) return el;
    return (el.id && document.getElementById(el.id)) || null;
  }
  function holdPress(e) {
    if (!studio.pressHeld) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }
  function studioKey(e) {
    if (e.defaultPrevented || e.isComposing || !document.getElementById('studio')) return;
    var where = whereOf(e.target);
    if (!studio.rule[keyName(e, where)]) return;
    e.preventDefault();
    var n = studio.busy = ++studio.seq;
    studio.from = e.target;
    studio.focused = null;
    var msg = JSON.stringify({ key: e.key, ctrl: e.ctrlKey, shift: e.shiftKey, alt: e.altKey, meta: e.metaKey, where: where, seq: n });
    var send = function () { toGo('oiebenchStudioKey', msg); };
    if (window.oiebenchKeyDelay > 0) setTimeout(send, window.oiebenchKeyDelay);
    else send();
  }
  // keyAgain gives a key again on the page (a held studio key, an early
  // input's arrow): its keydown dispatched to t, then, unless a listener
  // prevented it, the browser's default action for the keys a typist
  // presses back to back: Enter and Space press a button; Tab and
  // Shift+Tab move focus along the page's tab order (tabNext); in a text
  // field a character, Backspace or Delete edits (Enter too, in a text
  // area), and the arrows Left and Right, Home and End move the caret, with
  // Shift the selection's end (editField). Any other key given again has
  // only its listeners.
  function keyAgain(t, k) {
    var e = new KeyboardEvent('keydown', {
      key: k.key, ctrlKey: k.ctrlKey, shiftKey: k.shiftKey, altKey: k.altKey, metaKey: k.metaKey, bubbles: true, cancelable: true });
    studio.again = e;
    try { if (!t.dispatchEvent(e)) return; } finally { studio.again = null; }
    var where = whereOf(t);
    if ((where === 'button' || where === 'token') && (k.key === 'Enter' || k.key === ' ')) {
      t.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0,
        ctrlKey: k.ctrlKey, shiftKey: k.shiftKey, altKey: k.altKey, metaKey: k.metaKey }));
    } else if (k.ctrlKey || k.metaKey || k.altKey) {
      // a combination's default (a menu, the browser's own) is not the page's to give
    } else if (k.key === 'Tab') {
      moveFocus(tabNext(t, k.shiftKey));
    } else if (where === 'field' && typeof t.selectionStart === 'number') {
      editField(t, k);
    }
  }
  // tabNext is the control after t in the page's tab order (before it,
  // with back), as the browser's Tab finds it: the elements that take
  // focus, shown and enabled, a positive tabindex first, then the rest in
  // the document's order, from t's place there when t is not one of them;
  // past the last, the first.
  function tabNext(t, back) {
    var shown = Array.prototype.filter.call(document.querySelectorAll(
      'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]'), function (el) {
      return el.tabIndex >= 0 && !el.disabled && el.type !== 'hidden' && el.getClientRects().length > 0 && !el.closest('[inert]');
    });
    var order = shown.filter(function (el) { return el.tabIndex > 0; }).sort(function (a, b) { return a.tabIndex - b.tabIndex; })
      .concat(shown.filter(function (el) { return el.tabIndex === 0; }));
    if (!order.length) return t;
    var i = order.indexOf(t);
    if (i < 0) {
      var after = function (el) { return (t.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0; };
      i = back ? order.length : order.length - 1;
      for (var j = 0; j < order.length; j++) {
        if (order[j].tabIndex === 0 && after(order[j])) { i = back ? j : j - 1; break; }
      }
    }
    i += back ? -1 : 1;
    return order[(i + order.length) % order.length];
  }
  // editField gives a plain key's default in a text field (input or
  // textarea) t: the caret moves by a character, not by half of a
  // surrogate pair.
  function editField(t, k) {
    var v = t.value, from = t.selectionStart, to = t.selectionEnd;
    var step = function (i, d) {
      var high = function (c) { return c >= 0xD800 && c <= 0xDBFF; }, low = function (c) { return c >= 0xDC00 && c <= 0xDFFF; };
      if (d < 0) return i <= 0 ? 0 : i >= 2 && low(v.charCodeAt(i - 1)) && high(v.charCodeAt(i - 2)) ? i - 2 : i - 1;
      return i >= v.length ? v.length : high(v.charCodeAt(i)) && low(v.charCodeAt(i + 1)) ? i + 2 : i + 1;
    };
    var text = Array.from(k.key).length === 1 ? k.key : k.key === 'Enter' && t.tagName === 'TEXTAREA' ? '\n' : null;
    if (text !== null || k.key === 'Backspace' || k.key === 'Delete') {
      if (text === null && from === to) {
        if (k.key === 'Backspace') from = step(from, -1);
        else to = step(to, 1);
        if (from === to) return;
      }
      t.setRangeText(text || '', from, to, 'end');
      t.dispatchEvent(new Event('input', { bubbles: true }));
      return;
    }
    var d = { ArrowLeft: -1, ArrowRight: 1, Home: -2, End: 2 }[k.key];
    if (!d) return;
    var back = t.selectionDirection === 'backward', anchor = back ? to : from, head = back ? from : to;
    var moved = function (i) { return d === -2 ? 0 : d === 2 ? v.length : step(i, d); };
    if (k.shiftKey) {
      head = moved(head);
      t.setSelectionRange(Math.min(anchor, head), Math.max(anchor, head), head < anchor ? 'backward' : 'forward');
    } else {
      var at = from !== to && (d === -1 || d === 1) ? (d < 0 ? from : to) : moved(d < 0 ? from : to);
      t.setSelectionRange(at, at);
    }
  }
  function drainKeys() {
    if (studio.busy || !studio.held.length) return;
    // A render made meanwhile may have replaced an element held here: the
    // one now with its id stands for it, as the key or click would have
    // landed on it.
    moveFocus(now(studio.focused) || now(studio.from) || document.activeElement);
    while (!studio.busy && studio.held.length) {
      var h = studio.held.shift();
      if (h.focus !== undefined) {
        // A move off every element whose element a render removed was the
        // removal's, not the person's.
        if (h.focus || h.from.isConnected) moveFocus(now(h.focus));
      } else if (!h.click) {
        keyAgain(document.activeElement || document.body, h);
      } else {
        var el = now(h.click);
        if (el) el.dispatchEvent(new MouseEvent('click', h.init));
      }
    }
  }

  // focusAsked gives el focus for the evaluator. While keys are held it is
  // where the replay starts: the evaluator asked for it before it handled
  // what was held.
  function focusAsked(el) {
    if (studio.busy || studio.held.length) studio.focused = el;
    moveFocus(el);
  }

  function saveBlob(name, blob) {
    var url = URL.createObjectURL(blob), a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  // What only a document does, asked for by the evaluator (wasm/app
  // remote_js.go's effect): called at once on the page's thread, or posted
  // by the evaluator Worker ({effect, args}). One table for both; an
  // effect needs no answer.
  var focusWatch = null, shown = null;
  var effects = {
    mark: function (name) { performance.mark(name); },
    // setLink replaces the address's fragment without a history entry; an
    // empty one leaves the address without "#".
    setLink: function (fragment) {
      if (location.hash !== fragment) history.replaceState(null, '', fragment || location.pathname + location.search);
    },
    download: function (name, mime, text) { saveBlob(name, new Blob([text], { type: mime })); },
    copy: function (text) { if (navigator.clipboard) navigator.clipboard.writeText(text); },
    unsaved: function (pending) { window.oiebenchUnsaved = pending; },
    // focus: at once when the element is on the page, else after the next
    // change of the page (the render that follows), if it is there then;
    // with later (a render's own focus, whose focus events must not run
    // under the render's lock), in a task of its own, unless focus moved
    // meanwhile.
    focus: function focus(id, later) {
      var el = document.getElementById(id);
      if (later) {
        if (!el) return;
        var before = document.activeElement;
        setTimeout(function () { if (document.activeElement === before) focusAsked(el); }, 0);
        return;
      }
      if (focusWatch) { focusWatch.disconnect(); focusWatch = null; }
      if (el) { focusAsked(el); return; }
      focusWatch = new MutationObserver(function () {
        focusWatch.disconnect();
        focusWatch = null;
        focus(id, true);
      });
      focusWatch.observe(document.body, { childList: true, subtree: true });
    },
    scrollIntoView: function (selector, block) {
      var el = document.querySelector(selector);
      if (el) el.scrollIntoView({ block: block });
    },
    // store writes localStorage for the evaluator Worker, which has none.
    store: function (key, value) { localStorage.setItem(key, value); },
    // studioListen: the studio's keys are taken from now on (above).
    studioListen: function () {
      if (studio.listening) return;
      studio.listening = true;
      window.addEventListener('keydown', holdKey, true);
      window.addEventListener('keypress', holdPress, true);
      window.addEventListener('click', holdClick, true);
      window.addEventListener('focusin', holdFocus, true);
      window.addEventListener('focusout', holdFocus, true);
      document.addEventListener('keydown', studioKey);
    },
    studioKeys: function (text) {
      studio.rule = {};
      text.split('\n').forEach(function (name) { if (name) studio.rule[name] = true; });
    },
    keyDone: function (n) {
      if (n !== studio.busy) return;
      studio.busy = 0;
      if (studio.held.length) setTimeout(drainKeys, 0);
    },
    // savePNG draws the SVG (self-contained: inline styles, system fonts,
    // no external references, so the canvas is not tainted) through an
    // Image onto a canvas scale times its size and downloads its PNG.
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
        canvas.toBlob(function (blob) { if (blob) saveBlob(name, blob); }, 'image/png');
      });
    },
    // api makes window.oiebench: score calls the evaluator
    // (oiebenchScore); report, exportText and formats answer from what it
    // pushed (showReport) or gave once (the formats); then oiebench-ready
    // is dispatched.
    api: function (version, formats) {
      window.oiebench = {
        version: version,
        score: function (request) { return toGo('oiebenchScore', request); },
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
  window.oiebenchEffect = function (name) { effects[name].apply(null, Array.prototype.slice.call(arguments, 1)); };
  // What the evaluator asks of the page and waits for (ask, in wasm/app
  // remote_js.go): each answers with a value or a promise of one.
  // oiebenchAsk answers at once on the page's thread; the evaluator
  // Worker's posts the question here.
  var answers = {
    // paint: the next frame is painted (and a task has run after it).
    paint: function () { return new Promise(function (resolve) { afterPaint(function () { resolve(true); }); }); }
  };
  window.oiebenchAsk = function (name) { return Promise.resolve(answers[name].apply(null, Array.prototype.slice.call(arguments, 1))); };

  // The whole page takes dropped files (the app handles the drop); without
  // this the browser would open a file dropped beside the drop zone. A file
  // dropped outside the app's box (the page's margins) is given to the app.
  document.addEventListener('dragover', function (e) { e.preventDefault(); });
  document.addEventListener('drop', function (e) {
    e.preventDefault();
    var app = document.getElementById('app');
    var files = e.dataTransfer && e.dataTransfer.files;
    if (app && files && files.length > 0 && !app.contains(e.target)) dropOn(app, Array.from(files));
  });

  function dropOn(el, files) {
    var dt = new DataTransfer();
    files.forEach(function (f) { dt.items.add(f); });
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }

  // Early input. The first screen (written at build time) is painted before
  // the evaluator runs, and its controls have no handlers until the
  // evaluator renders over it. Until then every click on a button,
  // checkbox or radio, every arrow key in a tab list or list box, every
  // choice in a select or text field, every file picked and every drop is
  // recorded here instead of lost (its default prevented, so the first
  // screen does not change under it), and replayed, in order, on the same
  // controls of the live page as soon as the evaluator has rendered it.
  // window.oiebenchEarly counts them and says when each was replayed (ms
  // from navigation), for tests and measurements.
  // early.pending is true from the first action queued until the replay
  // starts; early.done resolves once the queue is replayed.
  var early = window.oiebenchEarly = { queued: 0, replayed: 0, missed: 0, at: [], pending: false };
  var replayDone;
  early.done = new Promise(function (resolve) { replayDone = resolve; });
  var queue = [];
  function prerendered() {
    var app = document.getElementById('app');
    return app !== null && app.getAttribute('data-ready') === 'prerendered';
  }
  // Input is recorded while the first screen shows, and after the takeover
  // until the queue is replayed (early.pending), so that it keeps its order.
  function recording() { return early.pending || prerendered(); }
  // where names a control so that it is found again in the live page: by
  // its id, by an attribute that names it uniquely, else by its position
  // under the nearest element with an id.
  function where(el) {
    if (el.id) return '#' + CSS.escape(el.id);
    var tag = el.tagName.toLowerCase();
    var keys = ['data-facet', 'data-source', 'data-format', 'aria-label', 'name'];
    for (var i = 0; i < keys.length; i++) {
      var v = el.getAttribute(keys[i]);
      if (v === null) continue;
      var sel = tag + '[' + keys[i] + '="' + CSS.escape(v) + '"]';
      if (el.type === 'radio') sel += '[value="' + CSS.escape(el.value) + '"]';
      if (document.querySelectorAll(sel).length === 1) return sel;
    }
    var parts = [];
    for (var e = el; e && e.parentElement; e = e.parentElement) {
      if (e.id) { parts.unshift('#' + CSS.escape(e.id)); break; }
      var n = 1;
      for (var s = e.previousElementSibling; s; s = s.previousElementSibling) n++;
      parts.unshift(e.tagName.toLowerCase() + ':nth-child(' + n + ')');
    }
    return parts.join(' > ');
  }
  function record(e, action) {
    e.preventDefault();
    e.stopImmediatePropagation();
    queue.push(action);
    early.queued++;
    early.pending = true;
  }
  var navKeys = { ArrowLeft: 1, ArrowRight: 1, ArrowUp: 1, ArrowDown: 1, Home: 1, End: 1 };
  document.addEventListener('click', function (e) {
    if (!recording() || !(e.target instanceof Element)) return;
    var el = e.target.closest('button, input[type=checkbox], input[type=radio]');
    if (el) record(e, { kind: 'click', at: where(el) });
  }, true);
  document.addEventListener('keydown', function (e) {
    if (!recording() || !navKeys[e.key] || !(e.target instanceof Element)) return;
    if (!e.target.closest('[role=tablist], [role=listbox]')) return;
    record(e, { kind: 'key', at: where(e.target), key: { key: e.key, ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey } });
  }, true);
  // A select's or a text field's new value stays in the field (there is
  // nothing to prevent); the last value of each is what is replayed.
  document.addEventListener('change', function (e) {
    if (!recording() || !(e.target instanceof Element)) return;
    var el = e.target;
    if (el.type === 'file') {
      var files = Array.from(el.files || []);
      el.value = '';
      if (files.length > 0) record(e, { kind: 'files', at: where(el), files: files });
    } else if (el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && el.type !== 'checkbox' && el.type !== 'radio')) {
      record(e, { kind: 'value', at: where(el), value: el.value });
    }
  }, true);
  document.addEventListener('drop', function (e) {
    if (!recording()) return;
    var files = e.dataTransfer && e.dataTransfer.files;
    // The DataTransfer empties once the handler returns: keep the Files.
    if (files && files.length > 0) record(e, { kind: 'drop', files: Array.from(files) });
    else e.preventDefault();
  }, true);

  function replay(a) {
    if (a.kind === 'drop') { dropOn(document.getElementById('app'), a.files); return true; }
    var el = document.querySelector(a.at);
    if (!el) return false;
    switch (a.kind) {
      case 'click':
        el.click();
        break;
      case 'key':
        el.focus();
        keyAgain(el, a.key);
        break;
      case 'files':
        var dt = new DataTransfer();
        a.files.forEach(function (f) { dt.items.add(f); });
        el.files = dt.files;
        el.dispatchEvent(new Event('change', { bubbles: true }));
        break;
      case 'value':
        el.value = a.value;
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
        break;
    }
    return true;
  }
  // Once the live page is rendered (data-ready leaves "prerendered"), the
  // queue is replayed in a task of its own after the takeover's paint (with
  // the takeover they made one long task), all actions in order, on the
  // same screen the person acted on. The evaluator holds its other work
  // meanwhile (wasm/app awaitReplay): it renders nothing and its paced work
  // waits until early.done resolves, so none of it runs between the
  // takeover and the replay. Input made meanwhile is queued behind it.
  var watch = new MutationObserver(function () {
    if (prerendered()) return;
    watch.disconnect();
    performance.mark('oiebench-live');
    tell({ live: queue.length > 0 }); // the evaluator Worker holds its work until it knows
    if (queue.length === 0) {
      performance.mark('oiebench-replayed');
      return;
    }
    afterPaint(replayQueue);
  });
  // afterPaint runs f once, in a task after the next frame; a hidden page
  // gets no frames, so a timer runs it too.
  function afterPaint(f) {
    var done = false;
    function once() { if (!done) { done = true; f(); } }
    requestAnimationFrame(function () { setTimeout(once, 0); });
    setTimeout(once, 100);
  }
  function replayQueue() {
    early.pending = false;
    // The actions' handlers run one after another with no render between
    // them: the evaluator renders their result once, when early.done
    // resolves, in this task.
    // An action that throws counts as missed: the evaluator waits for
    // early.done, so the replay must end whatever an action does.
    early.replaying = true;
    tell({ replaying: true });
    while (queue.length > 0) {
      var ok = false;
      try { ok = replay(queue.shift()); } catch (e) { console.error('oiebench: an early action was not replayed:', e); }
      if (ok) early.replayed++;
      else early.missed++;
      early.at.push(performance.now());
    }
    early.replaying = false;
    tell({ replaying: false });
    performance.mark('oiebench-replayed');
    replayDone();
  }
  // The loader runs after the first screen is parsed: a page without one
  // (the exercise's, an old shell) has nothing to wait for.
  if (prerendered()) watch.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'], childList: true });

  // The scorer: the same evaluator, compiled once on the page, run in a
  // dedicated Worker in scorer mode (wasm/app scorer_js.go), where it
  // answers jobs off the page's thread. Jobs are answered in order, so the
  // replies are matched to them first in, first out. Where it cannot start
  // (no Worker, ?worker=off) or stops, run rejects and the evaluator does
  // the job on its own thread: nothing is shown. state says which:
  // "off", "starting", "running" or "stopped"; jobs counts the replies.
  // The evaluator Worker starts its own (evaluatorWorker), a Worker of its
  // Worker, so that the jobs run on the machine's other core there too.
  var scorer = window.oiebenchScorer = newScorer();
  var scorerOff = /[?&]worker=off(&|$)/.test(location.search);
  function newScorer() {
    return { state: 'off', jobs: 0, memory: 0, due: 0, run: function () { return Promise.reject(new Error('no scorer Worker')); } };
  }
  function startScorer(scorer, module, url) {
    if (typeof Worker !== 'function' || !url) return;
    var worker;
    try {
      worker = new Worker(url);
    } catch (err) {
      return;
    }
    var pending = [];
    // A Worker that stops answering (a hang, not an error) is stopped too:
    // the job at the head of the queue has 10 s plus 1 ms per 50 bytes of
    // its request (the bundled benchmark's intervals are 97 KB: 12 s, some
    // 80 times what they take; its CaRB columns a job per system, 60–225 KB:
    // 11–15 s), and the evaluator then does the jobs itself.
    var deadline = null;
    function arm() {
      clearTimeout(deadline);
      deadline = pending.length > 0 ? setTimeout(stop, pending[0].allowance) : null;
      // due: when the job at the head of the queue is given up (on the
      // page's clock), 0 with none; a test waits for scores as long.
      scorer.due = pending.length > 0 ? performance.now() + pending[0].allowance : 0;
    }
    function stop() {
      scorer.state = 'stopped';
      scorer.due = 0;
      clearTimeout(deadline);
      worker.terminate();
      while (pending.length > 0) pending.shift().reject(new Error('the scorer Worker stopped'));
    }
    worker.onmessage = function (e) {
      var d = e.data;
      if (d && d.started) { scorer.state = 'running'; return; }
      if (!d || !d.reply || pending.length === 0) { stop(); return; }
      scorer.jobs++;
      scorer.memory = d.memory;
      pending.shift().resolve(d.reply);
      arm();
    };
    worker.onerror = function (e) { e.preventDefault(); stop(); };
    worker.onmessageerror = stop;
    scorer.state = 'starting';
    scorer.run = function (job) {
      if (scorer.state === 'stopped') return Promise.reject(new Error('the scorer Worker stopped'));
      return new Promise(function (resolve, reject) {
        pending.push({ resolve: resolve, reject: reject, allowance: 10000 + job.byteLength / 50 });
        if (pending.length === 1) arm();
        worker.postMessage(job, [job.buffer]);
      });
    };
    worker.postMessage(module);
  }

  // scorerWorker is the Worker's side: it runs the evaluator posted to it
  // (a WebAssembly.Module, its first message) and, once it has started in
  // scorer mode, answers each job posted after it with oiebenchServe, in
  // order.
  function scorerWorker(first) {
    var serve = null, queue = [], mem = null;
    function drain() {
      while (serve && queue.length > 0) {
        var reply = serve(queue.shift());
        self.postMessage({ reply: reply, memory: mem.buffer.byteLength }, [reply.buffer]);
      }
    }
    function stopped(err) { self.postMessage({ stopped: String(err && err.message || err) }); }
    self.oiebenchScorerStarted = function (f) {
      serve = f;
      self.postMessage({ started: true });
      setTimeout(drain, 0); // after Go has returned to the event loop
    };
    self.onmessage = function (e) {
      if (e.data instanceof WebAssembly.Module) {
        var module = e.data;
        runGo(function (imports) { return WebAssembly.instantiate(module, imports); },
          function (instance) { mem = instance.exports.mem; })
          .then(function () { stopped('the evaluator exited'); }, stopped);
        return;
      }
      queue.push(e.data);
      drain();
    };
    self.onmessage(first);
  }

  // embedded finds a file the single-file page embeds.
  function embedded(path) {
    var els = document.querySelectorAll('script[data-asset]');
    for (var i = 0; i < els.length; i++) {
      if (els[i].getAttribute('data-asset') === path) return els[i];
    }
    return null;
  }

  function decodeBase64(text) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text.trim());
    var bin = atob(text.trim());
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  async function gunzip(bytes) {
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  // helpers defines what the evaluator reads in its scope (the window, or
  // the evaluator Worker's): oiebenchFetch, oiebenchStore, oiebenchLease.
  function helpers(scope) {
    scope.oiebenchFetch = async function (path) {
      var el = typeof document !== 'undefined' && embedded(path);
      if (el) return gunzip(decodeBase64(el.textContent));
      var resp = await fetch(path);
      if (!resp.ok) throw new Error(path + ': ' + resp.status + ' ' + resp.statusText);
      return new Uint8Array(await resp.arrayBuffer());
    };

    // IndexedDB, one object store of {id, meta, data} records. Every wait is
    // bounded: an open can stay unanswered (blocked by another tab, or by a
    // browser that keeps no site data), and the page must start anyway. A
    // failure is an Error with a message a person can read.
    var db = null;
    var storageTimeout = 4000;
    function storageFailure(err, fallback) {
      var msg = err && (err.message || err.name);
      return new Error(msg ? String(msg) : fallback);
    }
    function bounded(promise, what) {
      return new Promise(function (resolve, reject) {
        var timer = setTimeout(function () {
          reject(new Error('the browser\'s storage did not answer within ' + storageTimeout / 1000 + ' s (' + what + ')'));
        }, storageTimeout);
        promise.then(function (v) { clearTimeout(timer); resolve(v); },
                     function (e) { clearTimeout(timer); reject(e); });
      });
    }
    function openDB() {
      if (db) return Promise.resolve(db);
      return bounded(new Promise(function (resolve, reject) {
        var idb = self.indexedDB; // may throw where site data is blocked: a rejection here
        if (!idb) { reject(new Error('IndexedDB is not available')); return; }
        var req = idb.open('oiebench', 1);
        req.onupgradeneeded = function () { req.result.createObjectStore('files', { keyPath: 'id' }); };
        req.onsuccess = function () { db = req.result; resolve(db); };
        req.onerror = function () { reject(storageFailure(req.error, 'IndexedDB could not be opened')); };
        req.onblocked = function () { reject(new Error('IndexedDB is held by another tab of this page')); };
      }), 'opening');
    }
    function transaction(mode, work) {
      return openDB().then(function (db) {
        return bounded(new Promise(function (resolve, reject) {
          var tx = db.transaction('files', mode);
          var req = work(tx.objectStore('files'));
          tx.oncomplete = function () { resolve(req.result); };
          tx.onerror = tx.onabort = function () { reject(storageFailure(tx.error, 'the browser refused to store the file')); };
        }), mode === 'readonly' ? 'reading' : 'writing');
      });
    }
    scope.oiebenchStore = {
      all: function () { return transaction('readonly', function (s) { return s.getAll(); }); },
      put: function (rec) { return transaction('readwrite', function (s) { return s.put(rec); }); },
      del: function (id) { return transaction('readwrite', function (s) { return s.delete(id); }); }
    };

    // The studio's lease: one tab at a time writes the studio's works (a Web
    // Lock, held while the tab lives or until it gives the lease up); the
    // other tabs show them read-only. A tab that wants to write waits for the
    // lock and asks the holder, on a BroadcastChannel, to save and give it up.
    // Without Web Locks or BroadcastChannel (an old browser, a page not in a
    // secure context) offered is false and every tab writes, as before.
    scope.oiebenchLease = (function () {
      var locks = navigator.locks;
      var chan = typeof BroadcastChannel === 'function' ? new BroadcastChannel('oiebench-studio') : null;
      var name = 'oiebench-studio';
      var release = null; // resolves the held lock's promise: gives the lock up
      var onAsk = null;
      if (chan) chan.onmessage = function (e) { if (e.data === 'ask' && release && onAsk) onAsk(); };
      // acquire resolves true once the lock is held (false: ifAvailable and
      // another tab holds it).
      function acquire(opts) {
        return new Promise(function (resolve, reject) {
          locks.request(name, opts, function (lock) {
            if (!lock) { resolve(false); return undefined; }
            return new Promise(function (r) { release = r; resolve(true); });
          }).catch(reject);
        });
      }
      return {
        offered: !!(locks && chan),
        tryHold: function () { return acquire({ ifAvailable: true }); },
        wait: function () { return acquire({}); },
        ask: function () { chan.postMessage('ask'); },
        release: function () { if (release) { var r = release; release = null; r(); } },
        onAsk: function (f) { onAsk = f; }
      };
    })();
  }

  // runGo runs the evaluator: instantiate(imports) instantiates it with
  // Go's imports (to an Instance, or to {module, instance}), started(instance,
  // module) readies what it needs and may return a promise to wait for, and
  // the promise runGo returns resolves when the evaluator stops (it rejects
  // if it could not start). The page and the scorer Worker both start it so.
  async function runGo(instantiate, started) {
    var go = new Go();
    var result = await instantiate(go.importObject);
    var instance = result instanceof WebAssembly.Instance ? result : result.instance;
    await started(instance, result.module);
    return go.run(instance).catch(function (err) { console.error(err); }); // it stopped all the same
  }

  // startOnPage runs the evaluator on the page's thread.
  function startOnPage() {
    evaluator.mode = 'page';
    runGo(function (imports) {
      if (embedded('app.wasm')) return window.oiebenchFetch('app.wasm').then(function (bytes) { return WebAssembly.instantiate(bytes, imports); });
      if (location.protocol === 'file:') throw new Error('this page loads its evaluator over http(s). Serve the folder (./build.sh serve) or open the single-file build, oiebench.html.');
      return WebAssembly.instantiateStreaming(fetch('app.wasm'), imports);
    }, function (instance, module) {
      evaluator.state = 'running';
      // Not from file:// nor the single-file pages (the embedded evaluator).
      if (!embedded('app.wasm') && !scorerOff) startScorer(scorer, module, loaderURL);
      // The evaluator's memory in bytes, for measuring (./build.sh bench):
      // WebAssembly memory only grows, so this is also its peak.
      window.oiebenchMemory = function () { return instance.exports.mem.buffer.byteLength; };
      // Go starts in a task of its own: the instantiation's end (V8's own
      // work, 35 ms at 1x CPU) and Go's start (its runtime and the packages'
      // initialisers, 30 ms) were one task of 93 ms with the evaluator's first
      // steps (docs/page-responsiveness.md, The loading tasks, split).
      return new Promise(function (resolve) { setTimeout(resolve, 0); });
    }).then(function () { fail('The evaluator stopped. Reload the page to start it again.'); },
      function (err) { fail('The evaluator could not start: ' + (err && err.message || err)); });
  }

  // The evaluator Worker, the page's side: it posts the Worker what a
  // Worker cannot read (init), evaluates the render script the Worker
  // sends (start), applies its patches, runs its effects, answers what it
  // asks (answers), and posts it the page's events (event: listener number,
  // type, capture, summary, and the Files of a drop or a file input), the
  // takeover's answer (live) and the replay's start and end (replaying).
  // A Worker that fails before it renders (its script refused, the module
  // not instantiated) leaves the page to start the evaluator itself: the
  // input made meanwhile is still queued. tell posts to it while it runs.
  var tell = function () {};
  function startEvaluatorWorker() {
    var worker, started = false, memory = 0, posted = 0, handled = 0;
    try {
      worker = new Worker(loaderURL);
    } catch (err) {
      startOnPage();
      return;
    }
    window.oiebenchMemory = function () { return memory; };
    // A patch says how many events the Worker had handled when it was
    // built: a field's value on screen is newer than the patch's (wasm/app/dom's
    // props keeps it) while the field has focus and events are still to
    // handle, or while an event of its own is (its number: oiebenchPosted).
    window.oiebenchTypingAhead = function (el) {
      return (el === document.activeElement && posted > handled) || (el.oiebenchPosted || 0) > handled;
    };
    function stopped(reason) {
      worker.terminate();
      tell = function () {};
      console.error('oiebench: the evaluator Worker stopped: ' + reason);
      if (started) {
        evaluator.state = 'stopped';
        fail('The evaluator stopped. Reload the page to start it again.');
      } else {
        evaluator.state = 'fallback';
        startOnPage();
      }
    }
    function post(id, type, capture, summary) {
      var e = window.vuguGetActiveEvent(), t = e.target, files = null;
      if (e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files.length > 0) files = Array.from(e.dataTransfer.files);
      else if (t && t.type === 'file' && t.files) {
        files = Array.from(t.files);
        t.value = ''; // choosing the same file again fires again
      }
      posted++;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) t.oiebenchPosted = posted;
      worker.postMessage({ event: [id, type, capture, summary, files] });
    }
    // A large patch is applied in parts (wasm/app/dom's script): the
    // messages after it wait in inbox until it is whole, so that later
    // patches and effects meet the page it makes.
    var inbox = [], applying = false;
    worker.onmessage = function (e) {
      inbox.push(e.data);
      drain();
    };
    function drain() {
      while (inbox.length && !applying) receive(inbox.shift());
    }
    function receive(d) {
      if (d.patch !== undefined) {
        memory = d.memory;
        handled = d.handled;
        applying = true;
        window.oiebenchDOMPatch(d.patch, function () {
          applying = false;
          drain();
        });
      } else if (d.effect !== undefined) {
        effects[d.effect].apply(null, d.args);
      } else if (d.replied !== undefined) {
        fromGo(d);
      } else if (d.ask !== undefined) {
        Promise.resolve(d.name).then(function (name) { return answers[name].apply(null, d.args); }).then(
          function (value) { worker.postMessage({ answer: d.ask, value: value }); },
          function (err) { worker.postMessage({ answer: d.ask, error: String(err && err.message || err) }); });
      } else if (d.start !== undefined) {
        started = true;
        evaluator.state = 'running';
        (0, eval)(d.start.script);
        window.oiebenchDOMStart(d.start.selector, post);
      } else if (d.stopped !== undefined) {
        stopped(d.stopped);
      }
    }
    worker.onerror = function (e) {
      e.preventDefault();
      stopped(e.message || 'its script failed');
    };
    tell = function (msg) { worker.postMessage(msg); };
    var first = document.getElementById('first-screen'), local = {};
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var k = localStorage.key(i);
        if (k.indexOf('oiebench.') === 0) local[k] = localStorage.getItem(k);
      }
    } catch (err) {} // blocked storage: none
    worker.postMessage({ init: JSON.stringify({
      hash: location.hash, local: local,
      firstSource: first ? first.getAttribute('data-source') : '',
      firstDigest: first ? first.getAttribute('data-digest') : ''
    }), scorer: !scorerOff });
  }

  // evaluatorWorker is the evaluator Worker's side: it runs the evaluator
  // with oiebenchRemote, its channel to the page (wasm/app remote_js.go),
  // stands in for the page's event helpers (the event being handled, as
  // the page summarised it, its Files in target.files and
  // dataTransfer.files; preventing is decided on the page) and for the
  // early input's flags and promises (wasm/app awaitReplay), and fetches
  // and instantiates app.wasm itself.
  function evaluatorWorker(init, withScorer) {
    helpers(self);
    var scorer = self.oiebenchScorer = newScorer();
    var call = null, active = null, mem = null, asks = {}, asked = 0, handled = 0, live, done;
    var early = self.oiebenchEarly = { replaying: false };
    early.live = new Promise(function (resolve) { live = resolve; });
    early.done = new Promise(function (resolve) { done = resolve; });
    // vugu.DOMEvent calls these on window, which a Worker has not: here
    // window is only them.
    self.window = {
      vuguGetActiveEvent: function () { return active; },
      vuguGetActiveEventTarget: function () { return active && active.target; },
      vuguGetActiveEventCurrentTarget: function () { return active && active.target; },
      vuguActiveEventPreventDefault: function () {},
      vuguActiveEventStopPropagation: function () {}
    };
    Object.assign(self, self.window);
    self.oiebenchEffect = function (name) {
      self.postMessage({ effect: name, args: Array.prototype.slice.call(arguments, 1) });
    };
    self.oiebenchRemote = {
      init: init,
      start: function (script, selector, goCall) {
        call = goCall;
        self.postMessage({ start: { script: script, selector: selector } });
      },
      patch: function (patch) { self.postMessage({ patch: patch, memory: mem.buffer.byteLength, handled: handled }); }
    };
    self.oiebenchAsk = function (name) {
      var args = Array.prototype.slice.call(arguments, 1);
      return new Promise(function (resolve, reject) {
        asks[++asked] = { resolve: resolve, reject: reject };
        self.postMessage({ ask: asked, name: name, args: args });
      });
    };
    self.onmessage = function (e) {
      var d = e.data;
      if (d.event !== undefined) {
        var ev = JSON.parse(d.event[3]);
        ev.target = ev.target || {};
        if (d.event[4]) {
          ev.target.files = d.event[4];
          ev.dataTransfer = { files: d.event[4] };
        }
        active = ev;
        handled++; // a render made while it is handled shows it (its handler holds the lock a build takes)
        try { call(d.event[0], d.event[1], d.event[2], d.event[3]); } finally { active = null; }
      } else if (d.answer !== undefined) {
        var a = asks[d.answer];
        delete asks[d.answer];
        if (d.error !== undefined) a.reject(new Error(d.error));
        else a.resolve(d.value);
      } else if (d.call !== undefined) {
        Promise.resolve().then(function () { return self[d.call](d.arg); }).then(
          function (value) { self.postMessage({ replied: d.reply, value: value }); },
          function (err) { self.postMessage({ replied: d.reply, error: String(err && err.message || err) }); });
      } else if (d.live !== undefined) {
        live(d.live);
      } else if (d.replaying !== undefined) {
        early.replaying = d.replaying;
        if (!d.replaying) done();
      }
    };
    function stopped(err) { self.postMessage({ stopped: String(err && err.message || err) }); }
    runGo(function (imports) { return WebAssembly.instantiateStreaming(fetch('app.wasm'), imports); },
      function (instance, module) {
        mem = instance.exports.mem;
        if (withScorer) startScorer(scorer, module, self.location.href);
      })
      .then(function () { stopped('the evaluator exited'); }, stopped);
  }

  if (evaluator.mode === 'worker' && typeof Worker === 'function' && loaderURL && !embedded('app.wasm') && location.protocol !== 'file:') startEvaluatorWorker();
  else startOnPage();
})();
