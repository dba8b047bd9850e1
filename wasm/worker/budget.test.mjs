// The isolate's memory budget (budget.mjs) under node --test, with the
// Worker's own figures (limits.json). Run by TestWrangler/budget, or:
//
//	node --test wasm/worker/budget.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { MemoryBudget, guarded } from "./budget.mjs";

const limits = JSON.parse(readFileSync(new URL("./limits.json", import.meta.url)));

function score(size, announce = true) {
  const headers = { "Content-Type": "application/json" };
  if (announce) {
    headers["Content-Length"] = String(size);
  }
  return { method: "POST", url: "http://x/api/score", headers: new Headers(headers) };
}

test("a request reserves its instance, and a score its body's estimate", () => {
  const b = new MemoryBudget(limits);
  const instance = limits.memory_per_instance;
  assert.equal(b.need({ method: "GET", url: "http://x/api/health", headers: new Headers() }), instance);
  assert.equal(b.need(score(1000)), instance + 32 * 1000 + limits.memory_per_call);
  // unannounced: as large as allowed; announced over the limit: Go refuses it unread
  assert.equal(b.need(score(0, false)), instance + 32 * limits.max_body_bytes + limits.memory_per_call);
  assert.equal(b.need(score(limits.max_body_bytes + 1)), instance);
});

test("requests wait for memory, and past the wait get 429 with Retry-After", async () => {
  const b = new MemoryBudget({ ...limits, queue_wait_ms: 200 });
  const big = b.need(score(limits.max_body_bytes)); // 66 MiB and the instance: one at a time
  assert.ok(big <= limits.memory_budget && 2 * big > limits.memory_budget);
  let release;
  const first = guarded(b, score(limits.max_body_bytes), () => new Promise((r) => (release = () => r(new Response("one")))));
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(b.free, limits.memory_budget - big);
  const late = await guarded(b, score(limits.max_body_bytes), () => new Response("never"));
  assert.equal(late.status, 429);
  assert.equal(late.headers.get("Retry-After"), String(limits.retry_after_seconds));
  assert.equal(late.headers.get("Access-Control-Allow-Origin"), "*");
  assert.equal(late.headers.get("X-Content-Type-Options"), "nosniff");
  assert.match((await late.json()).error, /retry/);
  // one that waits gets the memory as soon as the first gives it back
  b.limits = { ...limits, queue_wait_ms: 5000 };
  const waiting = guarded(b, score(limits.max_body_bytes), () => new Response("two"));
  setTimeout(release, 50);
  assert.equal(await (await first).text(), "one");
  assert.equal(await (await waiting).text(), "two");
  assert.equal(b.free, limits.memory_budget);
});

test("a request that can never fit gets 413 with what it needs", async () => {
  const b = new MemoryBudget({ ...limits, memory_budget: 16 << 20 });
  const res = await guarded(b, score(1 << 20), () => new Response("never"));
  assert.equal(res.status, 413);
  const mib = Math.ceil(b.need(score(1 << 20)) / (1 << 20));
  assert.match((await res.json()).error, new RegExp(`needs about ${mib} MiB to score, over the 16 MiB`));
  assert.equal(b.free, 16 << 20);
});

test("memory comes back when the answer fails", async () => {
  const b = new MemoryBudget(limits);
  await assert.rejects(guarded(b, score(10), () => Promise.reject(new Error("boom"))));
  assert.equal(b.free, limits.memory_budget);
});
