// The Worker's memory budget across one isolate. syumai/workers starts a
// new Go instance for every request (run in build/worker.mjs), so a budget
// kept in Go sees one request; the instances of one isolate share its
// 128 MB. entry.mjs keeps this budget at module scope, where every request
// of the isolate passes once. Its figures are the Go handler's
// (limits.json, written from handler.go and checked by TestLimitsFile):
// a request reserves its Go instance's own memory plus, for a score,
// memory_per_byte per body byte and memory_per_call; one that could never
// fit is answered 413 with what it needs, one that fits waits while others
// hold the memory, and past queue_wait_ms is answered 429 with Retry-After.
// Once Go has counted a score's system files (memory_per_system each,
// which the body's bytes cannot tell: 1,000 one-line files used 46.9 MiB),
// it raises the request's reservation (MemoryBudget.reserve), refused the
// same way.

// MemoryBudget counts the bytes reserved by the requests in flight.
export class MemoryBudget {
  constructor(limits) {
    this.limits = limits;
    this.free = limits.memory_budget;
    this.waiting = []; // {n, resolve, timer}, in arrival order
    // The bytes reserved by each request in flight whose body Go may read,
    // by its body (its stream, which Go holds too: see guarded).
    this.held = new Map();
  }

  // need is the memory a request reserves: its Go instance's, and for a
  // score the body's estimate: by the announced length, or by the body
  // limit when none is announced. A body announced over the limit is
  // refused by Go before it is read, so it costs only the instance.
  need(req) {
    const l = this.limits;
    let n = l.memory_per_instance;
    if (req.method === "POST" && new URL(req.url).pathname === "/api/score") {
      const announced = req.headers.get("Content-Length");
      const size = announced !== null && /^[0-9]+$/.test(announced) ? Number(announced) : l.max_body_bytes;
      if (size <= l.max_body_bytes) {
        n += l.memory_per_byte * size + l.memory_per_call;
      }
    }
    return n;
  }

  // take resolves to true once n bytes are reserved, or to false after
  // waitMs without them.
  take(n, waitMs) {
    if (n <= this.free) {
      this.free -= n;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const w = { n, resolve };
      w.timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(w), 1);
        resolve(false);
      }, waitMs);
      this.waiting.push(w);
    });
  }

  // reserve raises by n bytes the reservation of the request whose body
  // is body, waiting for them as take does; it resolves to null once they
  // are reserved, or to the refusal ({status, error}) Go answers with: 413
  // when the request would hold more than the budget, 429 when it waited
  // too long.
  async reserve(body, n) {
    const l = this.limits;
    const held = this.held.get(body);
    if (held === undefined) {
      return { status: 500, error: "internal error: the request has no memory reservation; this is a bug in oiebench, please report it" };
    }
    if (held + n > l.memory_budget) {
      return { status: 413, error: `this request's system files need about ${Math.ceil((held + n) / MiB)} MiB to score with the rest of the request, over the ${l.memory_budget / MiB} MiB this Worker has: send fewer system files per request` };
    }
    if (!(await this.take(n, l.queue_wait_ms))) {
      return { status: 429, error: `the Worker is scoring other requests that hold its memory, and this one (about ${Math.ceil(n / MiB)} MiB more for its system files) waited ${l.queue_wait_ms / 1000}s: retry in a few seconds` };
    }
    this.held.set(body, this.held.get(body) + n);
    return null;
  }

  // give returns n bytes and hands them to the waiting requests that now
  // fit, first come first.
  give(n) {
    this.free += n;
    for (let i = 0; i < this.waiting.length; ) {
      const w = this.waiting[i];
      if (w.n > this.free) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      clearTimeout(w.timer);
      this.free -= w.n;
      w.resolve(true);
    }
  }
}

const MiB = 1 << 20;

// refusal is an API error answer as the Go handler writes it (writeError):
// JSON, CORS, no-store and the site's security headers.
function refusal(limits, status, message, extra = {}) {
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": "no-store",
    ...extra,
  });
  for (const [k, v] of limits.headers) {
    headers.set(k, v);
  }
  return new Response(JSON.stringify({ error: message }) + "\n", { status, headers });
}

// guarded answers req with next(req) once its memory is reserved, and
// returns the memory, with what Go added (MemoryBudget.reserve), when the
// answer is made; or refuses it, 413 when it could never fit, 429 when it
// waited too long.
export async function guarded(budget, req, next) {
  const l = budget.limits;
  const n = budget.need(req);
  if (n > l.memory_budget) {
    return refusal(l, 413, `a request of ${req.headers.get("Content-Length") ?? "unannounced"} bytes needs about ${Math.ceil(n / MiB)} MiB to score, over the ${l.memory_budget / MiB} MiB this Worker has: send fewer or smaller texts`);
  }
  const waits = n > budget.free;
  const began = Date.now();
  const reserved = await budget.take(n, l.queue_wait_ms);
  if (waits) {
    // read by the wrangler test: the budget made this request wait
    console.log(`oiebench worker: a request of ${Math.ceil(n / MiB)} MiB waited ${Date.now() - began} ms for memory: ${reserved ? "reserved" : "429"}`);
  }
  if (!reserved) {
    return refusal(l, 429, `the Worker is scoring other requests that hold its memory, and this one (about ${Math.ceil(n / MiB)} MiB) waited ${l.queue_wait_ms / 1000}s: retry in a few seconds`, { "Retry-After": String(l.retry_after_seconds) });
  }
  // Go names the request by its body's stream (main_js.go), which no
  // client can forge; a copy of the request with a header naming it would
  // do too, but workerd restarts when such a copy's body is left unread
  // (a body over the limit, refused unread).
  const body = req.body;
  if (body) {
    budget.held.set(body, n);
  }
  try {
    return await next(req);
  } finally {
    budget.give(body ? budget.held.get(body) : n);
    budget.held.delete(body);
  }
}
