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

const { createQueue, createBatchQueue, announce, changedPageKeys, hashChanges, createPageShell, createModeShell } = await import("../page-shell.js");
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

// modePage makes a stubbed page of a mode with a shell of its own
// (createModeShell, as the lesson's and the experiment view's), its boot a
// promise the test settles.
function modePage(mode, hash, log, { embed = true } = {}) {
  const listeners = {};
  const win = {
    location: { hash, reload() { log.push("reload"); } },
    history: { replaceState(_s, _t, h) { log.push("address " + h); win.location.hash = h; } },
    addEventListener(type, f) { listeners[type] = f; },
  };
  let settle = null;
  const hooks = {
    hashchange: (h) => log.push("hashchange " + h),
    boot: () => { log.push("boot"); return new Promise((resolve, reject) => { settle = { resolve, reject }; }); },
  };
  if (embed) {
    hooks.embed = {
      play: async () => log.push("play"), pause: async () => {}, step: async () => log.push("step"), reset: async () => {},
      set: async (p) => log.push("set " + JSON.stringify(p)), sync: async () => {},
      status: () => ({ mode }), chartInfo: () => ({}),
    };
  }
  const shell = createModeShell({ mode, hooks, win, messages: {}, client: {} });
  return { shell, win, listeners, settle: () => settle };
}

test("a mode's shell: the boot, then the embed API; booted and bootFailed reach it; the address of its mode only", async () => {
  const log = [];
  const e = early();
  window.__pcaplayEarly = e;
  const p = modePage("lesson", "#lesson=fig1", log);
  let ready = 0;
  p.shell.on("ready", () => ready++);
  const booting = p.shell.start();
  assert.deepEqual(log, ["boot"]);
  assert.ok(e.api, "the embed API is connected after the boot began");
  const step = e.api.step();
  p.settle().resolve("shown");
  assert.equal(await booting, "shown");
  p.shell.booted({ step: 1 });
  assert.equal(e.ready, true);
  assert.equal(p.shell.ready && ready === 1, true);
  assert.deepEqual(await step, { mode: "lesson" });
  // the address: its own mode goes to the mode, another's to boot.js
  p.win.location.hash = "#lesson=fig1&step=3";
  p.listeners.hashchange();
  p.win.location.hash = "#seed=2";
  p.listeners.hashchange();
  assert.deepEqual(log, ["boot", "step", "hashchange #lesson=fig1&step=3"]);
  // writeAddress, then leave: no address written after leaving
  log.length = 0;
  p.shell.writeAddress("#lesson=fig1&step=4");
  p.shell.leave("#seed=1");
  p.shell.writeAddress("#lesson=fig1&step=5");
  assert.deepEqual(log, ["address #lesson=fig1&step=4", "reload"]);
  assert.equal(p.win.location.hash, "#seed=1");
});

test("a mode's shell without the embed API (the experiment view) boots, and a failed boot is told", async () => {
  const log = [];
  const e = early();
  window.__pcaplayEarly = e;
  const p = modePage("experiment", "#mode=experiment", log, { embed: false });
  const failed = [];
  p.shell.on("failed", ({ error }) => failed.push(error.message));
  const booting = p.shell.start();
  assert.equal(e.api, null, "no embed API connected");
  p.settle().reject(new Error("no worker"));
  await assert.rejects(booting, /no worker/);
  p.shell.bootFailed(new Error("no worker"));
  assert.deepEqual(failed, ["no worker"]);
  assert.equal(e.ready, null);
  assert.equal(p.shell.ready, false);
});
