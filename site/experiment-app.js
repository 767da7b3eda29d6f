// experiment-app.js: the experiment view (mode=experiment). Go reads and
// checks the definition in the address (the defineExperiment command: its
// notices, and the errors that keep a configuration from starting; keys in
// state.js KEYS), the view shows it (experiment-view.js), the jobs
// (experiment-def.js) run on a WorkerPool (worker-pool.js); every
// finished run is saved in IndexedDB
// (experiment-store.js) and offers to resume the saved runs of the same
// definition when the link is opened again. The records are Go's JSON
// lines of the `cec run -o` schema; the download is them in job order.
//
//   address ─▶ definition (Go) ─▶ view.show     form changes ─▶ definition (Go) ─▶ address
//   start ─▶ Go's errors? ─▶ pool.run(jobs) ─▶ onRecord ─▶ IndexedDB, progress
//
// The results view (results-view.js) fills the view's [data-results-root]
// with the results of the finished runs (Go's summarise, in the page's
// own worker, go). While runs are missing (the experiment runs or is paused, or
// was cancelled, or saved runs wait for a resume) they are partial
// results: summarise gets the experiment's grid and says how far it is
// and what the tables, tests and ranking cover (results-view.js shows its
// label and the pending pairs). At the end the results of every finished
// run replace them, summarised as they always were (without the grid).
//
// Live results, throttled: while the experiment runs, the partial results
// are summarised again when a run has finished since the last time and at
// least LIVE_MS (2 s) have passed since the last update ended, and at
// least LIVE_FACTOR (4) times as long as that update took (so that on a
// big grid, where Go's summary takes long, the page's own worker spends at most
// about a fifth of its time on it and the runs keep their cores); one
// update at a time. The update is Go's work in the worker; the page only
// lays out the tables and updates the charts drawn (setOption, one chart
// per task), so no main-thread task is long (BenchmarkExperimentLive).
// While the results are partial every export says so in its file name
// (the view's exports, and the JSON lines download:
// pcaplay-experiment-partial.jsonl).
import { PROTOCOL } from "./protocol.js";
import { State, parse } from "./state.js";
import { WorkerClient, needsRestart } from "./worker-client.js";
import { WorkerPool } from "./worker-pool.js";
import { ExperimentStore } from "./experiment-store.js";
import { createExperimentView } from "./experiment-view.js";
import { jobs } from "./experiment-def.js";
import { Messages, noticeText } from "./messages.js";
import { createResultsView } from "./results-view.js";
import { warmUp } from "./charts.js";

const root = document.querySelector("[data-experiment-root]");
document.documentElement.classList.add("experiment-mode");
root.hidden = false;
const link = document.querySelector('[data-role="experiment-link"]');
if (link) { link.textContent = "the playground"; link.href = "#"; }

const messages = new Messages(document.body);
const store = new ExperimentStore();
const go = new WorkerClient(); // the page's own worker: definitions, summaries
const cores = navigator.hardwareConcurrency || 2;

let catalog = null;
let def = null;          // Go's definition (ExperimentDef)
let defined = null;      // Go's whole reply for def: {def, notices, errors, values, id}
let asked = 0;           // the definitions asked of Go (the last one wins)
let pending = Promise.resolve(); // the last one, settled
let all = [];            // the jobs of def
let records = new Map(); // job key → JSON line (saved or finished now)
let failed = new Map();  // job key → reason
let pool = null;
let state = "idle";
let clock = null;        // {t0, pausedAt, pausedMs, fesTotal, fesDone, inflight}
let timer = null;
let dataWarned = false;

const LIVE_MS = 2000, LIVE_FACTOR = 4;
// live updates: the one in flight, the one waiting, when the last ended,
// what it cost, how many runs it showed
let live = { busy: false, timer: null, last: -Infinity, cost: 0, shown: 0, updates: 0 };

const view = createExperimentView(root, {
  // the form's values replace the definition's keys (an emptied fes or
  // workers goes back to its default)
  onChange: (v) => {
    if (state === "running" || state === "paused") return;
    const cur = parse(location.hash);
    delete cur.fes;
    delete cur.workers;
    defineOrSay(Object.assign(cur, v), "controls");
  },
  onStart: () => start(false),
  onResumeSaved: () => start(false),
  onStartOver: () => start(true),
  onPause: pause,
  onResume: resume,
  onCancel: cancel,
  onDownload: download,
});

const results = createResultsView(view.results, { summarise: (jsonl, options) => go.summarise({ jsonl, options }) });

// showResults shows the results of the finished runs (or none): partial
// results with the grid while runs are missing, except at the end of an
// experiment (whose failed runs will not come): then as cec table would.
function showResults() {
  if (records.size === 0) {
    results.clear();
    return;
  }
  const configs = { configs: def.configs.map((c) => c.name) };
  if (records.size < all.length && state !== "done") results.showPartial(configs, jsonl(), grid()).catch(() => {}); // the view shows the error
  else results.show(configs, jsonl(), { keep: true }).catch(() => {});
}

/** grid is the experiment's grid as Go's summarise reads it (experiment.Grid). */
function grid() {
  const problems = [];
  const seen = new Set();
  for (const j of all) {
    const k = j.problem + "|" + j.dim;
    if (!seen.has(k)) { seen.add(k); problems.push({ problem: j.problem, dim: j.dim }); }
  }
  return { runs: def.runs, problems };
}

// liveKick asks for a live update of the partial results when the
// throttle allows it (LIVE_MS, LIVE_FACTOR above).
function liveKick() {
  if (live.busy || live.timer !== null) return;
  const wait = Math.max(0, live.last + Math.max(LIVE_MS, LIVE_FACTOR * live.cost) - performance.now());
  live.timer = setTimeout(liveUpdate, wait);
}

async function liveUpdate() {
  live.timer = null;
  if ((state !== "running" && state !== "paused") || records.size === live.shown || records.size === 0) return;
  live.busy = true;
  live.shown = records.size;
  const t0 = performance.now();
  const mine = pool;
  try {
    await results.showPartial({ configs: def.configs.map((c) => c.name) }, jsonl(), grid());
  } catch {
    // the view shows the error
  }
  if (pool !== mine) return; // another experiment started meanwhile
  live.busy = false;
  live.cost = performance.now() - t0;
  live.last = performance.now();
  live.updates++;
  if (records.size > live.shown) liveKick();
}

function liveStop() {
  if (live.timer !== null) clearTimeout(live.timer);
  live = { busy: false, timer: null, last: -Infinity, cost: 0, shown: 0, updates: 0 };
}

// ---------- definition and address ----------
// setDefinition asks Go for the definition of URL values and shows it;
// when changes come faster than Go answers, the last one wins.
function setDefinition(values, origin) {
  const n = ++asked;
  const p = go.defineExperiment({ state: values, cores }).then((r) => {
    if (n !== asked) return undefined;
    defined = r;
    def = r.def;
    all = jobs(def);
    const h = "#" + new State(r.values).serialize();
    if (location.hash !== h) history.replaceState(null, "", h);
    view.show(def);
    if (origin === "url") messages.notices(r.notices);
    else if (r.notices.length) messages.say(r.notices.map(noticeText).join("; "));
    return refreshSaved();
  }, (e) => {
    if (needsRestart(e)) go.restart(); // the next request gets a fresh worker
    throw e;
  });
  pending = p.catch(() => {});
  return p;
}

// defineOrSay sets the definition of a change, saying why when Go could not.
function defineOrSay(values, origin) {
  setDefinition(values, origin).catch((e) => messages.error("The definition could not be read: " + e.message));
}

// refreshSaved loads the saved runs of the definition and offers them;
// the experiment then stands in the state after ("idle", or "cancelled"
// right after a cancel, so that the page keeps saying what happened).
async function refreshSaved(after = "idle") {
  const id = defined.id;
  const saved = await store.load(id);
  if (defined.id !== id || state === "running" || state === "paused") return;
  records = new Map();
  for (const j of all) if (saved.has(j.key)) records.set(j.key, saved.get(j.key));
  failed = new Map();
  const n = records.size;
  if (store.error) view.say("Finished runs cannot be saved in this browser (" + store.error + "): a reload loses them.");
  if (n === 0) view.offerResume("");
  else if (n < all.length) view.offerResume(n + " of " + all.length + " runs of this experiment are saved in this browser.");
  else view.offerResume("All " + all.length + " runs of this experiment are saved in this browser.");
  state = after;
  view.setState(state, n > 0);
  view.showFailures([]);
  view.progress({ done: n, failed: 0, total: all.length, elapsed: 0, eta: null });
  showResults();
}

window.addEventListener("hashchange", () => {
  const v = parse(location.hash);
  if (v.mode !== "experiment") return; // boot.js reloads into the other mode
  if (state === "running" || state === "paused") {
    history.replaceState(null, "", "#" + new State(defined.values).serialize());
    messages.say("The experiment is running: cancel it to change its definition.");
    return;
  }
  defineOrSay(v, "url");
});

// ---------- running ----------
let starting = false;
async function start(fresh) {
  if (state === "running" || state === "paused" || starting) return;
  starting = true;
  try {
    await run(fresh);
  } finally {
    starting = false;
  }
}

async function run(fresh) {
  messages.clearError();
  await pending; // the definition of the last change
  if (!defined) return; // Go has not answered yet
  // Go checked every configuration with the definition (as it checks a
  // run's values): what it would not run as written stops the start
  if (defined.errors.length) {
    view.say("");
    messages.error("Not started: " + defined.errors.join("; "));
    return;
  }
  const id = defined.id;
  if (fresh) await store.clear(id).catch(() => {});
  const saved = fresh ? new Map() : await store.load(id);
  records = new Map();
  for (const j of all) if (saved.has(j.key)) records.set(j.key, saved.get(j.key));
  failed = new Map();
  dataWarned = false;
  view.offerResume("");
  view.showFailures([]);
  const todo = all.filter((j) => !records.has(j.key));
  const size = def.pool;
  pool = new WorkerPool(size);
  clock = { t0: performance.now(), pausedAt: null, pausedMs: 0, fesTotal: todo.reduce((s, j) => s + j.fes, 0), fesDone: 0, inflight: new Map() };
  state = "running";
  liveStop();
  if (records.size > 0) liveKick(); // the saved runs, at once
  else results.clear();
  view.lock(true);
  view.setState(state, records.size > 0);
  view.say(todo.length ? "Running " + todo.length + " runs on " + Math.min(size, todo.length) + " worker" + (size > 1 ? "s" : "") + "…" : "Every run is already finished.");
  timer = setInterval(showProgress, 250);
  const thisPool = pool;
  await pool.run(todo, {
    onRecord(job, line) {
      clock.inflight.delete(job.key);
      clock.fesDone += job.fes;
      records.set(job.key, line);
      if (records.size === 1) view.setState(state, true); // the finished runs can be downloaded now
      checkData(job, line);
      liveKick();
      store.put(id, job.key, line).catch((e) => view.say("Could not save a finished run in this browser: " + e.message));
    },
    onProgress(job, fes) { clock.inflight.set(job.key, fes); },
    onRetry(job, reason) { messages.say(label(job) + " failed (" + reason + "): trying once more on a fresh worker."); },
    onFailed(job, reason) {
      clock.inflight.delete(job.key);
      failed.set(job.key, reason);
      view.showFailures([...failed].map(([k, r]) => label(all.find((j) => j.key === k)) + ": " + r));
    },
  });
  thisPool.terminate();
  clearInterval(timer);
  if (pool !== thisPool) return;
  const updates = live.updates;
  liveStop();
  live.updates = updates;
  const wasCancelled = state === "cancelled";
  state = wasCancelled ? "cancelled" : "done";
  view.lock(false);
  view.setState(state, records.size > 0);
  showProgress();
  if (wasCancelled) {
    view.say("Cancelled: " + records.size + " finished runs are saved; open this link again to resume.");
    refreshSaved("cancelled");
  } else {
    view.say("Done: " + records.size + " runs" + (failed.size ? ", " + failed.size + " failed" : "") + ".");
    showResults();
  }
}

const label = (job) => job.config + " on " + job.problem + " D=" + job.dim + " run " + job.run + " (seed " + job.seed + ")";

// checkData warns once when a CEC run at an official D used generated data
// (the official files could not be fetched; the record says "generated").
function checkData(job, line) {
  if (dataWarned || !PROTOCOL.dims.official.includes(job.dim)) return;
  const m = /"data":"([^"]*)"/.exec(line);
  if (m && m[1] === "generated") {
    dataWarned = true;
    messages.error("Some runs used generated rotation and shift, not the official instance: the official data could not be fetched (their records say \"data\":\"generated\").");
  }
}

function elapsed() {
  if (!clock) return 0;
  const now = clock.pausedAt ?? performance.now();
  return now - clock.t0 - clock.pausedMs;
}

function showProgress() {
  const el = elapsed();
  let done = clock ? clock.fesDone : 0;
  if (clock) for (const f of clock.inflight.values()) done += f;
  const eta = clock && done > 0 && state === "running" ? el * (clock.fesTotal - done) / done : null;
  view.progress({ done: records.size, failed: failed.size, total: all.length, elapsed: el, eta });
}

function pause() {
  if (state !== "running") return;
  pool.pause();
  clock.pausedAt = performance.now();
  state = "paused";
  view.setState(state, records.size > 0);
  view.say("Paused.");
}

function resume() {
  if (state !== "paused") return;
  clock.pausedMs += performance.now() - clock.pausedAt;
  clock.pausedAt = null;
  state = "running";
  pool.resume();
  view.setState(state, records.size > 0);
  view.say("Running…");
}

function cancel() {
  if (state !== "running" && state !== "paused") return;
  if (clock.pausedAt !== null) { clock.pausedMs += performance.now() - clock.pausedAt; clock.pausedAt = null; }
  state = "cancelled";
  pool.cancel();
}

/** jsonl is the finished runs as JSON lines, in job order (the download). */
function jsonl() {
  let out = "";
  for (const j of all) if (records.has(j.key)) out += records.get(j.key);
  return out;
}

function download() {
  const blob = new Blob([jsonl()], { type: "application/x-ndjson" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = records.size < all.length ? "pcaplay-experiment-partial.jsonl" : "pcaplay-experiment.jsonl";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// ---------- boot ----------
const ready = (async () => {
  try {
    catalog = await go.catalog();
  } catch (e) {
    messages.error(e.message);
    throw e;
  }
  view.setCatalog(catalog);
  await setDefinition(parse(location.hash), "url");
  // ECharts' first use, paid now that the page is idle, not by the first
  // chart of the live results while runs go on (charts.js warmUp)
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 200));
  let tries = 0;
  const warm = () => { if (!warmUp() && ++tries < 50) setTimeout(() => idle(warm), 200); };
  idle(warm);
})();

// For tests and the console: the state, the records, the controls.
window.pcaplayExperiment = {
  ready,
  state: () => ({ state, total: all.length, done: records.size, failed: [...failed.entries()], jobs: all.length,
    elapsed: elapsed(), definition: defined && defined.values, liveUpdates: live.updates }),
  jsonl,
  /** settled resolves when Go has answered the last change of the definition */
  settled: () => pending.then(() => true),
  /** the results view (results-view.js) */
  results,
  start: () => start(false),
  startOver: () => start(true),
  pause, resume, cancel,
};
