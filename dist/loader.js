// oiebench loader: starts the Go evaluator (app.wasm, run by Go's
// wasm_exec.js) and gives it two helpers it cannot do alone:
//   oiebenchFetch(path)  the site's own files, as a Uint8Array; the
//                        single-file build embeds them gzip-compressed in
//                        <script type="application/gzip" data-asset=PATH>
//   oiebenchStore        the user's files in IndexedDB: all(), put(rec), del(id)
// and, for pages that embed or automate it, oiebenchReady: a promise that
// resolves with window.oiebench once the evaluator runs.
(function () {
  'use strict';

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

  window.oiebenchFetch = async function (path) {
    var el = embedded(path);
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
      var idb = window.indexedDB; // may throw where site data is blocked: a rejection here
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
  window.oiebenchStore = {
    all: function () { return transaction('readonly', function (s) { return s.getAll(); }); },
    put: function (rec) { return transaction('readwrite', function (s) { return s.put(rec); }); },
    del: function (id) { return transaction('readwrite', function (s) { return s.delete(id); }); }
  };

  // The whole page takes dropped files (the app handles the drop); without
  // this the browser would open a file dropped beside the drop zone. A drop
  // outside the app's box (the margins of a wide window, below a short
  // page) is handed to the app, as if it had landed on it.
  document.addEventListener('dragover', function (e) { e.preventDefault(); });
  document.addEventListener('drop', function (e) {
    e.preventDefault();
    var app = document.getElementById('app');
    if (app && !app.contains(e.target) && e.dataTransfer) {
      app.dispatchEvent(new DragEvent('drop', {dataTransfer: e.dataTransfer, bubbles: true, cancelable: true}));
    }
  });

  async function start() {
    var go = new Go();
    var result;
    if (embedded('app.wasm')) {
      result = await WebAssembly.instantiate(await window.oiebenchFetch('app.wasm'), go.importObject);
    } else if (location.protocol === 'file:') {
      throw new Error('this page loads its evaluator over http(s). Serve the folder (./build.sh serve) or open the single-file build, oiebench.html.');
    } else {
      result = await WebAssembly.instantiateStreaming(fetch('app.wasm'), go.importObject);
    }
    // The evaluator's memory in bytes, for measuring (./build.sh bench):
    // WebAssembly memory only grows, so this is also its peak.
    window.oiebenchMemory = function () { return result.instance.exports.mem.buffer.byteLength; };
    go.run(result.instance).then(function () { fail('The evaluator stopped. Reload the page to start it again.'); });
  }

  start().catch(function (err) { fail('The evaluator could not start: ' + (err && err.message || err)); });
})();
