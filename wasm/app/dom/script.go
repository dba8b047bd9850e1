package dom

// script applies a Tree's patches in the browser and calls Go back on
// events. The window.vugu* functions are those vugu.DOMEvent calls. Its
// comments are here, not in the string, which the evaluator carries.
//
// shell makes an element of a spec with its attributes, properties,
// listeners and innerHTML; build makes a node of a spec with its children;
// builder makes the nodes of a list of specs in steps, each stopping at a
// time (until), checked every 64 nodes.
//
// prevents applies an element's data-prevent rule before its listener
// calls Go, which may run in a Web Worker, too late to prevent anything: a
// space-separated list of an event type ("drop") or a type and its keys
// ("keydown:ArrowUp,ArrowDown"), a key matching only with Ctrl, Alt and
// Meta up (Ctrl+Enter is the studio's, Alt+← the browser's).
//
// props sets a node's properties, but not the value of a field that is
// ahead of the render (oiebenchTypingAhead, dist/loader.js): the field
// being typed in while the evaluator Worker has events still to handle, or
// a field whose own event the Worker had not handled when it built the
// render (keys typed, then Tab, faster than the Worker). The render was
// built before them, and the field holds newer keys; the render after
// them sets it.
//
// An event's summary holds the fields of the event and its target that
// the handlers read, the target's data-* attributes (target.dataset) and
// the data-act of its nearest element that has one (target.act: the
// studio's suggestion queue's buttons), and the listening element's id
// (listener), by which the evaluator Worker finds the element again when
// a render made before it heard of the event replaced it.
//
// oiebenchDOMPatch(patch) applies a patch at once. oiebenchDOMPatch(patch,
// done), as the evaluator Worker's page calls it, first makes the patch's
// new subtrees (of "s" and "c") detached, a node at a time, and walks the
// first screen it adopts ("m"), in tasks of slice ms (soon: a
// MessageChannel message starts the next task, with no 4 ms clamp), then
// applies the whole patch with those nodes in a task of its own (attach),
// and calls done in the next: nothing half-built is shown, and the page
// lays out once. A patch made within its first slice is applied, and done
// called, in the task it came in. The caller holds later patches and
// effects until done; those it then applies share done's slice (parting).
//
// adoption makes the mount point what the first render's spec ("m") says,
// keeping every node that already matches, so that the first screen
// written at build time becomes the live page without being built again:
// attributes are set or removed where they differ, properties and
// listeners set, a text's value changed only if it differs, and a child of
// another kind or tag is built anew. HTML has no two texts side by side:
// the parser joined what the build has as several, so a text that begins
// with the build's and is followed by another of the build's texts is
// split where they meet (an empty text too). A text the build has where
// HTML has none (an empty one) is inserted, so that the next node may
// still be the build's next. It walks in steps, so that the takeover is
// made in parts too: what a step changes (an attribute that the property
// set with it restores, a text split) does not show, but the listeners
// and the mount point's attributes (data-ready, which tells the loader
// the page is live) wait for finish, so that no event reaches Go from a
// half-adopted page. count (window.oiebenchDOMAdopted) tallies the nodes
// kept, the texts split, the subtrees built (in place of others, or
// added) and the surplus nodes removed.
const script = `(function () {
  var active = null, app = null, call = null, styles = [], slice = 5, until = 0, parting = false, XHTML = 'http://www.w3.org/1999/xhtml';
  window.vuguGetActiveEvent = function () { return active; };
  window.vuguGetActiveEventTarget = function () { return active && active.target; };
  window.vuguGetActiveEventCurrentTarget = function () { return active && active.currentTarget; };
  window.vuguActiveEventPreventDefault = function () { if (active) active.preventDefault(); };
  window.vuguActiveEventStopPropagation = function () { if (active) active.stopPropagation(); };
  var eventKeys = ['type', 'key', 'code', 'button', 'buttons', 'detail', 'clientX', 'clientY', 'deltaX', 'deltaY',
    'altKey', 'ctrlKey', 'metaKey', 'shiftKey', 'repeat', 'isComposing'];
  var targetKeys = ['value', 'checked', 'id', 'name', 'tagName', 'type', 'selectedIndex', 'scrollTop'];
  function pick(from, names) {
    var o = {};
    for (var i = 0; i < names.length; i++) {
      var v = from[names[i]], t = typeof v;
      if (t === 'string' || t === 'number' || t === 'boolean') o[names[i]] = v;
    }
    return o;
  }
  function prevents(el, e) {
    var rules = el.getAttribute('data-prevent');
    if (!rules) return false;
    return rules.split(' ').some(function (r) {
      var at = r.indexOf(':');
      if (at < 0) return r === e.type;
      return r.slice(0, at) === e.type && !e.ctrlKey && !e.altKey && !e.metaKey && r.slice(at + 1).split(',').indexOf(e.key) >= 0;
    });
  }
  function listen(el, id, type, capture, passive) {
    var f = function (e) {
      if (prevents(el, e)) e.preventDefault();
      var summary = pick(e, eventKeys);
      if (el.id) summary.listener = el.id;
      if (e.target) {
        summary.target = pick(e.target, targetKeys);
        if (e.target.dataset) summary.target.dataset = Object.assign({}, e.target.dataset);
        var act = e.target.closest && e.target.closest('[data-act]');
        if (act) summary.target.act = act.getAttribute('data-act');
      }
      var outer = active;
      active = e;
      try { call(id, type, capture, JSON.stringify(summary)); } finally { active = outer; }
    };
    var ls = el.__oiebenchListeners || (el.__oiebenchListeners = {});
    ls[type + '|' + capture + '|' + passive] = f;
    el.addEventListener(type, f, { capture: capture, passive: passive });
  }
  function unlisten(el, type, capture, passive) {
    var ls = el.__oiebenchListeners || {}, k = type + '|' + capture + '|' + passive;
    if (ls[k]) el.removeEventListener(type, ls[k], { capture: capture });
    delete ls[k];
  }
  function setAttr(el, ns, k, v) {
    if (ns) el.setAttributeNS(ns, k, v); else el.setAttribute(k, v);
  }
  function props(el, p, from) {
    for (var i = from; i < p.length; i += 2) {
      if (p[i] === 'value' && window.oiebenchTypingAhead && window.oiebenchTypingAhead(el)) continue;
      el[p[i]] = JSON.parse(p[i + 1]);
    }
  }
  function shell(s) {
    var el = s.n ? document.createElementNS(s.n, s.t) : document.createElement(s.t), a = s.a || [], i;
    for (i = 0; i < a.length; i += 3) setAttr(el, a[i], a[i + 1], a[i + 2]);
    if (s.p) props(el, s.p, 0);
    if (s.l) for (i = 1; i < s.l.length; i += 3) listen(el, s.l[0], s.l[i], s.l[i + 1], s.l[i + 2]);
    if (s.h !== undefined) el.innerHTML = s.h;
    return el;
  }
  function build(s) {
    if (typeof s === 'string') return document.createTextNode(s);
    if (s['!'] !== undefined) return document.createComment(s['!']);
    var el = shell(s);
    if (s.c && s.h === undefined) for (var i = 0; i < s.c.length; i++) el.appendChild(build(s.c[i]));
    return el;
  }
  function builder(specs) {
    var nodes = [], stack = [{ el: null, c: specs, i: 0 }];
    return { nodes: nodes, step: function (until) {
      for (var n = 0; stack.length; n++) {
        var f = stack[stack.length - 1];
        if (f.i === f.c.length) { stack.pop(); continue; }
        if (n % 64 === 0 && performance.now() > until) return false;
        var s = f.c[f.i++], whole = typeof s === 'string' || s['!'] !== undefined || s.h !== undefined || !s.c;
        var node = whole ? build(s) : shell(s);
        if (f.el) f.el.appendChild(node); else nodes.push(node);
        if (!whole) stack.push({ el: node, c: s.c, i: 0 });
      }
      return true;
    } };
  }
  var later = new MessageChannel();
  function adoption(s) {
    var count = { kept: 0, split: 0, built: 0, removed: 0 }, live = [], stack = [];
    function attrs(el, s) {
      var a = s.a || [], names = el.getAttributeNames(), i, k;
      for (i = 0; i < a.length; i += 3) if (el.getAttribute(a[i + 1]) !== a[i + 2]) setAttr(el, a[i], a[i + 1], a[i + 2]);
      for (k = 0; k < names.length; k++) {
        for (i = 1; i < a.length && a[i] !== names[k]; i += 3);
        if (i >= a.length) el.removeAttribute(names[k]);
      }
      if (s.p) props(el, s.p, 0);
    }
    function enter(el, s) {
      if (el !== app) attrs(el, s);
      live.push(el, s);
      count.kept++;
      if (s.h !== undefined) { if (el.innerHTML !== s.h) el.innerHTML = s.h; }
      else stack.push({ el: el, c: s.c || [], i: 0, old: el.firstChild });
    }
    enter(app, s);
    return { step: function (until) {
      for (var n = 0; stack.length; n++) {
        var f = stack[stack.length - 1], old = f.old, at = old, t, v;
        if (f.i === f.c.length) {
          for (; old; old = at) { at = old.nextSibling; f.el.removeChild(old); count.removed++; }
          stack.pop();
          continue;
        }
        if (n % 64 === 0 && performance.now() > until) return false;
        t = f.c[f.i++];
        if (!old) f.el.appendChild(at = build(t));
        else if (typeof t === 'string' ? old.nodeType === 3 : t['!'] !== undefined ? old.nodeType === 8 :
          old.nodeType === 1 && old.localName === t.t && old.namespaceURI === (t.n || XHTML)) {
          if (old.nodeType === 1) { f.old = old.nextSibling; enter(old, t); continue; }
          count.kept++;
          v = old.nodeType === 3 ? t : t['!'];
          if (typeof f.c[f.i] === 'string' && old.nodeValue.length > v.length && old.nodeValue.startsWith(v)) {
            old.splitText(v.length);
            count.split++;
          } else if (old.nodeValue !== v) old.nodeValue = v;
          f.old = old.nextSibling;
          continue;
        } else if (typeof t === 'string') f.el.insertBefore(at = build(t), old);
        else f.el.replaceChild(at = build(t), old);
        count.built++;
        f.old = at.nextSibling;
      }
      return true;
    }, finish: function () {
      attrs(app, s);
      for (var i = 0; i < live.length; i += 2) {
        var el = live[i], l = live[i + 1].l, ls = el.__oiebenchListeners, k, j;
        for (k in ls) { var p = k.split('|'); unlisten(el, p[0], p[1] === 'true', p[2] === 'true'); }
        if (l) for (j = 1; j < l.length; j += 3) listen(el, l[0], l[j], l[j + 1], l[j + 2]);
      }
      window.oiebenchDOMAdopted = count;
    } };
  }
  window.oiebenchDOMStart = function (selector, goCall) {
    app = document.querySelector(selector);
    if (!app) throw new Error('oiebench: no element ' + selector + ' to render into');
    call = goCall;
  };
  window.oiebenchDOMPatch = function (patch, done) {
    if (!parting) until = performance.now() + slice;
    var ops = JSON.parse(patch), specs = [], adopting = null, i, j;
    if (!done) return apply(ops, build, function (s) { var a = adoption(s); a.step(Infinity); a.finish(); });
    for (i = 0; i < ops.length; i++) {
      if (ops[i][0] === 's') specs.push(ops[i][2]);
      else if (ops[i][0] === 'c') for (j = 1; j < ops[i].length; j++) specs.push(ops[i][j]);
      else if (ops[i][0] === 'm') adopting = adoption(ops[i][1]);
    }
    var made = builder(specs), next = 0;
    function attach() { apply(ops, function () { return made.nodes[next++]; }, function () { adopting.finish(); }); }
    (function part() {
      if (adopting && !adopting.step(until) || !made.step(until)) return soon(part);
      if (!parting) { attach(); return done(); }
      soon(function () { attach(); soon(done); });
    })();
  };
  function soon(f) {
    later.port1.onmessage = function () {
      until = performance.now() + slice;
      parting = true;
      try { f(); } finally { parting = false; }
    };
    later.port2.postMessage(null);
  }
  function apply(ops, node, adopt) {
    var stack = [app], el = app;
    for (var i = 0; i < ops.length; i++) {
      var o = ops[i], j;
      switch (o[0]) {
      case 'u': stack.length -= o[1]; el = stack[stack.length - 1]; break;
      case 'd': for (j = 1; j < o.length; j++) { el = el.childNodes[o[j]]; stack.push(el); } break;
      case 'm': adopt(o[1]); break;
      case 'S':
        styles.forEach(function (s) { s.remove(); });
        styles = o.slice(1).map(function (h) {
          var t = document.createElement('template');
          t.innerHTML = h;
          return document.head.appendChild(t.content.firstChild);
        });
        break;
      case 'a': setAttr(el, o[1], o[2], o[3]); break;
      case 'r': if (o[1]) el.removeAttributeNS(o[1], o[2]); else el.removeAttribute(o[2]); break;
      case 'p': props(el, o, 1); break;
      case 'l': listen(el, o[1], o[2], o[3], o[4]); break;
      case 'L': unlisten(el, o[2], o[3], o[4]); break;
      case 'h': el.innerHTML = o[1]; break;
      case 'T': el.nodeValue = o[1]; break;
      case 's': el.replaceChild(node(o[2]), el.childNodes[o[1]]); break;
      case 'x': while (el.childNodes.length > o[1]) el.removeChild(el.lastChild); break;
      case 'c': var f = document.createDocumentFragment(); for (j = 1; j < o.length; j++) f.appendChild(node(o[j])); el.appendChild(f); break;
      default: throw new Error('oiebench: unknown DOM operation ' + o[0]);
      }
    }
  }
})();`
