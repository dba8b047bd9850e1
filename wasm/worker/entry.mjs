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
import worker from "./build/worker.mjs";

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
    return worker.fetch(req, env, ctx);
  },
};
