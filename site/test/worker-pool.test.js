// Unit tests of worker-pool.js with stand-in workers (node --test site/test/):
// the jobs are pulled one at a time as workers come free, never all at
// once, and a worker that dies between two calls is replaced at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { WorkerPool } from "../worker-pool.js";

// fakeClient answers every call at once: a run is one step, its record "line i"
function fakeClient(log) {
  const c = {
    onFail: null,
    restarts: 0,
    runHandle: () => ({ id: 1, configure: async () => ({}), step: async () => ({ status: { fes: 10, done: true } }), close: async () => {} }),
    record: async ({ index }) => "line " + index + "\n",
    restart() { c.restarts++; log.push("restart"); },
    terminate() {},
  };
  return c;
}

test("the pool pulls its jobs one at a time, as workers come free", async () => {
  const log = [], clients = [];
  const pool = new WorkerPool(3, { makeClient: () => { const c = fakeClient(log); clients.push(c); return c; } });
  let made = 0, done = 0, most = 0;
  function* jobs() {
    for (let i = 0; i < 50; i++) {
      made++;
      most = Math.max(most, made - done);
      yield { key: "k" + i, run: i, config: "a", state: {} };
    }
  }
  const lines = [];
  await pool.run(jobs(), { onRecord(job, line) { done++; lines.push(line); } });
  assert.equal(lines.length, 50);
  assert.equal(clients.length, 3, "three workers for three at a time");
  assert.ok(most <= 3, `at most one job made per worker ahead of the finished ones, got ${most}`);
  assert.deepEqual(lines.slice().sort(), Array.from({ length: 50 }, (_, i) => "line " + i + "\n").sort());
});

test("an array of jobs runs as before; fewer jobs than workers start fewer workers", async () => {
  const clients = [];
  const pool = new WorkerPool(4, { makeClient: () => { const c = fakeClient([]); clients.push(c); return c; } });
  const lines = [];
  await pool.run([{ key: "a", run: 0, config: "a", state: {} }, { key: "b", run: 1, config: "a", state: {} }], { onRecord: (_, l) => lines.push(l) });
  assert.equal(clients.length, 2);
  assert.deepEqual(lines.sort(), ["line 0\n", "line 1\n"]);
});

test("a worker that dies while idle is replaced at once and onReplaced says so", async () => {
  const log = [], clients = [];
  const pool = new WorkerPool(1, { makeClient: () => { const c = fakeClient(log); clients.push(c); return c; } });
  const said = [];
  const run = pool.run((function* () {
    yield { key: "a", run: 0, config: "a", state: {} };
  })(), { onRecord: () => {}, onReplaced: (why) => said.push(why) });
  // the worker dies between two calls (no call waiting)
  clients[0].onFail(new Error("worker: gone"), { idle: true });
  assert.deepEqual(log, ["restart"]);
  assert.deepEqual(said, ["worker: gone"]);
  // one that dies during a call is the call's failure, not a replacement here
  clients[0].onFail(new Error("worker: busy"), { idle: false });
  assert.deepEqual(said, ["worker: gone"]);
  await run;
});
