// Unit tests of page-shell.js (node --test site/test/; run by
// e2e/jsunit_test.go): the queue, what a transition announces, what a
// hand-edited address asks, and two shells on stubbed pages (the boot, the
// queued commands and the embed API's calls, in order; one queue each).
import { test } from "node:test";
import assert from "node:assert/strict";

// the globals page-mode.js and embed-api.js use: the address and the early API
globalThis.location = { hash: "" };
globalThis.history = { replaceState(_s, _t, h) { location.hash = h; } };
globalThis.window = { parent: null };

const { createQueue, createBatchQueue, announce, changedPageKeys, hashChanges, createPageShell } = await import("../page-shell.js");
const { State } = await import("../state.js");

const tick = () => new Promise((r) => setTimeout(r, 0));

test("createQueue runs in order, and a failure does not stop the next", async () => {
  const enqueue = createQueue();
  const log = [];
  const a = enqueue(async () => { await tick(); log.push("a"); return 1; });
  const b = enqueue(() => { log.push("b"); throw new Error("b failed"); });
  const c = enqueue(() => { log.push("c"); return 3; });
  assert.equal(await a, 1);
  await assert.rejects(b, /b failed/);
  assert.equal(await c, 3);
  assert.deepEqual(log, ["a", "b", "c"]);
});

test("createBatchQueue: what comes while a batch is in flight goes in the next one, in order", async () => {
  const batches = [];
  const q = createBatchQueue(async (batch) => { batches.push(batch); await tick(); });
  const a = q.request(1);
  q.request(2);
  q.request(3);
  const s = q.sync();
  await a;
  assert.deepEqual(batches, [[1], [2, 3]]);
  await s;
  await q.sync(); // nothing in flight: at once
  q.request(4);
  await q.sync();
  assert.deepEqual(batches, [[1], [2, 3], [4]]);
  const f = createBatchQueue(async () => { throw new Error("no lesson"); });
  await assert.rejects(f.request({}), /no lesson/);
});

test("announce: the address lists notices, the rest says one line", () => {
  const n = [{ key: "pop", value: "0", message: "too small" }];
  const reset = "the run was reset.";
  assert.deepEqual(announce({ origin: "url", notices: [], restart: true, what: "", reset }), { notices: [] });
  assert.deepEqual(announce({ origin: "url", notices: n, restart: false, what: "", reset }), { notices: n });
  assert.match(announce({ origin: "api", notices: n, restart: true, what: "", reset }).say, /^pop=0: too small$/);
  assert.deepEqual(announce({ origin: "controls", notices: [], restart: true, what: "the problem", reset }),
    { say: "Changed the problem: the run was reset." });
  assert.deepEqual(announce({ origin: "controls", notices: [], restart: true, what: "", reset: "the runs were reset." }),
    { say: "Changed a setting: the runs were reset." });
  assert.equal(announce({ origin: "controls", notices: [], restart: false, what: "x", reset }), null);
  assert.equal(announce({ origin: "api", notices: [], restart: true, what: "x", reset }), null);
});

test("changedPageKeys keeps the page keys of a transition", () => {
  const t = State.fromHash("#seed=1").next({ speed: "3", seed: "2", zoom: "pop" });
  assert.deepEqual(changedPageKeys(t).sort(), ["speed", "zoom"]);
});

test("hashChanges: nothing for another mode or the same address, else the diff", () => {
  const s = State.fromHash("#seed=5&speed=3");
  assert.equal(hashChanges("#compare=2&b.pca=false", "play", s), null);
  assert.equal(hashChanges("#" + s.serialize(), "play", s), null);
  const ch = hashChanges("#seed=6&speed=3", "play", s);
  assert.equal(s.next(ch).state.serialize(), State.fromHash("#seed=6&speed=3").serialize());
  assert.equal(hashChanges("#seed=6", "compare", s), null);
});

// page makes a stubbed page and a shell on it; log records what the shell
// asked of the mode and of the page, in order.
function page(hash, log, name, catalog = async () => { log.push([name, "catalog"]); return null; }) {
  const client = { catalog };
  const listeners = {};
  const win = {
    document: { body: { classList: { toggle() {} } }, documentElement: { style: { getPropertyValue: () => "1", setProperty() {} } } },
    location: { hash },
    history: { replaceState(_s, _t, h) { win.location.hash = h; } },
    addEventListener(type, f) { listeners[type] = f; },
    requestAnimationFrame(f) { f(); },
  };
  const messages = { notices: (n) => log.push([name, "notices", n.length]), say: (t) => log.push([name, "say", t]), error: (t) => log.push([name, "error", t]) };
  const player = { running: false, play() { log.push([name, "play"]); }, pause() { log.push([name, "pause"]); }, resync() { log.push([name, "resync"]); } };
  const transport = { loaded: (e) => log.push([name, "loaded", e || ""]) };
  let shell = null;
  const hooks = {
    player: () => player,
    transport: () => transport,
    apply: async (changes, origin, what, extra = []) => {
      log.push([name, "apply", JSON.stringify(changes), origin]);
      await tick();
      const t = shell.state.next(changes);
      shell.state = t.state;
      shell.finish(t, { origin, what, notices: extra.concat(t.notices), reset: "the run was reset." });
    },
    step: async () => { log.push([name, "step"]); },
    reset: async () => { log.push([name, "reset"]); },
    settings: () => [{ setCatalog: () => log.push([name, "setCatalog"]) }],
    show: () => log.push([name, "show"]),
    update: () => {},
    status: () => ({ page: name, seed: shell.state.values.seed }),
    chartInfo: () => ({}),
  };
  shell = createPageShell({ mode: "play", hash, client, hooks, win, messages });
  return { shell, win, listeners };
}

// early is embed-early.js's part: the API the shell connects, and ready
function early() {
  const e = { api: null, ready: null };
  e.connect = (api) => { e.api = api; };
  e.resolveReady = (v) => { e.ready = v; };
  e.rejectReady = (err) => { e.ready = err; };
  return e;
}

test("two shells: each its own state and queue; the boot first, then the embed API's calls, in order", async () => {
  const log = [];
  const e1 = early(), e2 = early();
  window.__pcaplayEarly = e1;
  const p1 = page("#seed=1", log, "one");
  p1.shell.start();
  window.__pcaplayEarly = e2;
  const p2 = page("#seed=2&autoplay=1", log, "two");
  p2.shell.start();
  // a call before the boot is done goes behind it
  const set = e1.api.set({ seed: "7" });
  const step = e1.api.step();
  assert.deepEqual(await set, { page: "one", seed: "7" });
  assert.deepEqual(await step, { page: "one", seed: "7" });
  await p2.shell.commands.sync();
  assert.equal(e1.ready, true);
  assert.equal(e2.ready, true);
  assert.equal(p1.shell.ready && p2.shell.ready, true);
  assert.equal(p1.shell.state.values.seed, "7");
  assert.equal(p2.shell.state.values.seed, "2");
  const one = log.filter((l) => l[0] === "one").map((l) => l.slice(1).join(" "));
  assert.deepEqual(one, [
    "show", "catalog", "setCatalog", "apply {} url", "show", "notices 0", "loaded ", "apply {\"seed\":\"7\"} api", "show", "step",
  ]);
  const two = log.filter((l) => l[0] === "two").map((l) => l.slice(1).join(" "));
  assert.deepEqual(two, ["show", "catalog", "setCatalog", "apply {} url", "show", "notices 0", "loaded ", "play"]);
});

test("a hand-edited address of the page's mode applies its diff; another mode's is left to boot.js", async () => {
  const log = [];
  window.__pcaplayEarly = early();
  const p = page("#seed=1", log, "p");
  p.shell.start();
  await p.shell.commands.sync();
  log.length = 0;
  p.win.location.hash = "#seed=3";
  p.listeners.hashchange();
  await p.shell.commands.sync();
  assert.equal(p.shell.state.values.seed, "3");
  assert.deepEqual(log.map((l) => l.slice(1, 2).concat(l[1] === "apply" ? [JSON.parse(l[2]).seed, l[3]] : l.slice(2)).join(" ")),
    ["apply 3 url", "show", "notices 0"]);
  log.length = 0;
  p.win.location.hash = "#compare=2&b.pca=false";
  p.listeners.hashchange();
  await p.shell.commands.sync();
  assert.deepEqual(log, []);
});

test("a failed boot is shown, and the embed API's ready rejects", async () => {
  const log = [];
  const e = early();
  window.__pcaplayEarly = e;
  const p = page("#seed=1", log, "f", async () => { throw new Error("no worker"); });
  p.shell.on("failed", ({ error }) => log.push(["f", "failed", error.message]));
  p.shell.start();
  await p.shell.commands.sync();
  assert.equal(e.ready.message, "no worker");
  assert.equal(p.shell.ready, false);
  assert.deepEqual(log.map((l) => l.slice(1).join(" ")), ["show", "loaded no worker", "error no worker", "failed no worker"]);
});
