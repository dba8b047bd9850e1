// The Worker's entry (wrangler.jsonc "main"): the Go Worker, which
// ./build.sh worker writes to build/worker.mjs, answers the API; the page's
// evaluator is answered here, as `oiebench serve` answers a browser that takes
// brotli (dist.Handler): the built build/site/app.wasm.br (brotli quality 11,
// 1.5 MB against 10 MB) with Content-Encoding: br, its ETag and its 304 given
// by the asset layer. A Worker always sees "Accept-Encoding: br, gzip":
// Cloudflare's front end decodes and re-encodes the answer for a client that
// takes no brotli, so every client is served.
//
// This part is not Go's: a Go Worker's responses are made by syumai/workers
// with the runtime's automatic encoding, which would compress the brotli
// bytes a second time; here the body is passed as it is (encodeBody).
//
// Every request that reaches Go passes the isolate's memory budget first
// (budget.mjs): syumai/workers starts a Go instance per request, so the
// budget must be kept here, once per isolate.
import worker from "./build/worker.mjs";
import { MemoryBudget, guarded } from "./budget.mjs";
import limits from "./limits.json";

const memory = new MemoryBudget(limits);
// Go raises a request's reservation once it has counted its system files
// (main_js.go, reserveInIsolate).
globalThis.oiebenchReserve = (body, n) => memory.reserve(body, n);

// Each Go instance syumai's glue starts goes through Go.prototype.run
// (wasm_exec.js): log its wasm memory, which grows and never shrinks, when
// it starts and when it ends, and the sum over the instances alive, which
// is what the isolate holds for Go. The wrangler test reads these lines.
const goRun = globalThis.Go.prototype.run;
const alive = new Set();
let started = 0;
function logMemory(event, id, instance) {
  let sum = 0;
  for (const i of alive) {
    sum += i.exports.mem.buffer.byteLength;
  }
  console.log(`oiebench worker: Go instance ${id} ${event}: wasm memory ${instance.exports.mem.buffer.byteLength} bytes, ${alive.size} alive holding ${sum} bytes`);
}
globalThis.Go.prototype.run = function (instance, ...rest) {
  const id = ++started;
  alive.add(instance);
  logMemory("started", id, instance);
  const done = goRun.call(this, instance, ...rest);
  done.finally(() => {
    logMemory("ended", id, instance);
    alive.delete(instance);
  });
  return done;
};

async function evaluator(req, env) {
  const res = await env.ASSETS.fetch(new Request(new URL("/app.wasm.br", req.url), req));
  if (res.status !== 200 && res.status !== 304) {
    return res;
  }
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/wasm");
  headers.set("Content-Encoding", "br");
  headers.set("Vary", "Accept-Encoding");
  return new Response(res.status === 304 ? null : res.body, { status: res.status, headers, encodeBody: "manual" });
}

export default {
  ...worker,
  async fetch(req, env, ctx) {
    const url = new URL(req.url);
    if (url.pathname === "/app.wasm" && (req.method === "GET" || req.method === "HEAD")) {
      return evaluator(req, env);
    }
    return guarded(memory, req, (r) => worker.fetch(r, env, ctx));
  },
};
