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
  return new Request("http://x/api/score", { method: "POST", headers, body: "{}" });
}

test("a request reserves its instance, and a score its body's estimate", () => {
  const b = new MemoryBudget(limits);
  const instance = limits.memory_per_instance;
  assert.equal(b.need(new Request("http://x/api/health")), instance);
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

const MiB = 1 << 20;

// What 1,000 one-line system files (the wrangler load test's request of
// 50 KB) grew a Go instance to under wrangler dev, of which the body's
// bytes reserve 11.6 MiB.
const manySmallFiles = { systems: 1000, body: 50000, used: 46.9 * MiB };

test("a score's system files raise its reservation to what it uses", async () => {
  const b = new MemoryBudget(limits);
  const { systems, body, used } = manySmallFiles;
  assert.ok(b.need(score(body)) < used);
  let held;
  const res = await guarded(b, score(body), async (r) => {
    // as Go does once it has counted the files (main_js.go)
    assert.equal(await b.reserve(r.body, systems * limits.memory_per_system), null);
    held = limits.memory_budget - b.free;
    return new Response("ok");
  });
  assert.equal(await res.text(), "ok");
  assert.ok(held >= used, `held ${held} bytes while using ${used}`);
  assert.equal(b.free, limits.memory_budget);
  assert.equal(b.held.size, 0);
});

test("a raise the isolate could never hold is 413, one it cannot hold now 429", async () => {
  const b = new MemoryBudget({ ...limits, queue_wait_ms: 100 });
  let refusals;
  await guarded(b, score(1000), async (r) => {
    const never = await b.reserve(r.body, limits.memory_budget);
    const other = await b.take(b.free, 0); // another request holds the rest
    const busy = await b.reserve(r.body, MiB);
    b.give(limits.memory_budget - b.need(score(1000)));
    refusals = { never, other, busy };
    return new Response("ok");
  });
  assert.equal(refusals.other, true);
  assert.equal(refusals.never.status, 413);
  assert.match(refusals.never.error, /over the 96 MiB this Worker has: send fewer system files/);
  assert.equal(refusals.busy.status, 429);
  assert.match(refusals.busy.error, /retry/);
  assert.equal(b.free, limits.memory_budget);
});

test("a reservation is named by its request's body, and ends with it", async () => {
  const b = new MemoryBudget(limits);
  const first = score(10);
  await guarded(b, first, async () => {
    await guarded(b, score(10), async (r) => {
      assert.equal(await b.reserve(r.body, MiB), null);
      assert.equal(b.held.get(r.body), b.need(r) + MiB);
      assert.equal(b.held.get(first.body), b.need(first));
      return new Response("ok");
    });
    return new Response("ok");
  });
  assert.equal((await b.reserve(first.body, 1)).status, 500); // its request is done
  assert.equal(await b.reserve({}, 1).then((r) => r.status), 500); // a body of no request
  assert.equal(b.free, limits.memory_budget);
});
