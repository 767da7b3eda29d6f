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
// pcaplay-experiment-partial.jsonl; every download is exports.js's save).
//
// createExperimentPage holds the page's state in one object (s below); its
// states (idle, running, paused, cancelled, done) change only through
// experiment-def.js's one table (EXPERIMENT_STEPS), unit-tested there.
import { PROTOCOL, ERR } from "./protocol.js";
import { State, parse } from "./state.js";
import { WorkerClient, needsRestart, createModuleCache } from "./worker-client.js";
import { WorkerPool } from "./worker-pool.js";
import { ExperimentStore } from "./experiment-store.js";
import { createExperimentView } from "./experiment-view.js";
import { jobGrid, experimentStep, experimentBusy, savedRunProblem, dataLabel } from "./experiment-def.js";
import { Messages, noticeText } from "./messages.js";
import { createResultsView } from "./results-view.js";
import { warmUp } from "./charts.js";
import { save } from "./exports.js";
import { saveOneFile } from "./onefile.js";
import { createModeShell } from "./page-shell.js";

const LIVE_MS = 2000, LIVE_FACTOR = 4;

// a live update's bookkeeping: the one in flight, the one waiting, when the
// last ended, what it cost, how many runs it showed
const freshLive = () => ({ busy: false, timer: null, last: -Infinity, cost: 0, shown: 0, updates: 0 });

const label = (job) => job.config + " on " + job.problem + " D=" + job.dim + " run " + job.run + " (seed " + job.seed + ")";

/**
 * createExperimentPage builds the experiment view in root and boots it;
 * it returns the page's API (window.pcaplayExperiment).
 * modules: the page's compiled pcaplay.wasm (worker-client.js
 * createModuleCache), which its own worker (go) and the pool's share.
 * @param {{root: Element, win?: Window, messages?: Messages, modules?: Function, go?: WorkerClient, store?: ExperimentStore}} o
 */
export function createExperimentPage({ root, win = window, messages = new Messages(win.document.body), modules = createModuleCache(), go = new WorkerClient(undefined, { modules }), store = new ExperimentStore() }) {
  const doc = win.document;
  const cores = win.navigator.hardwareConcurrency || 2;
  const now = () => win.performance.now();
  const s = {
    catalog: null,
    def: null,          // Go's definition (ExperimentDef)
    defined: null,      // Go's whole reply for def: {def, notices, errors, values, id}
    asked: 0,           // the definitions asked of Go (the last one wins)
    pending: Promise.resolve(), // the last one, settled
    jobs: jobGrid({ configs: [], cells: [], runs: 0, seed: "0" }), // the jobs of def, made on demand (experiment-def.js)
    records: new Map(), // job key → JSON line (saved or finished now)
    failed: new Map(),  // job key → reason
    pool: null,
    state: "idle",      // experiment-def.js EXPERIMENT_STEPS
    starting: false,
    clock: null,        // {t0, pausedAt, pausedMs, fesTotal, fesDone, inflight}
    timer: null,
    dataWarned: false,
    savedData: null,    // the data labels of the saved runs a start resumed
    mixAllowed: false,  // the user resumed after checkMix's warning
    live: freshLive(),
    moved: new Set(),   // callbacks told of every change of state (the embed API's play)
  };
  const to = (event) => {
    s.state = experimentStep(s.state, event);
    for (const fn of [...s.moved]) fn(s.state);
    return s.state;
  };
  const busy = () => experimentBusy(s.state);
  // locked: a running experiment, or one starting (start reads its saved
  // runs from the store, an await), keeps its definition: a change of the
  // address or the form then is refused, or the start would take the new
  // definition's jobs with the old one's id and saved runs
  const locked = () => busy() || s.starting;
  const refuseChange = () => messages.say("The experiment is running: cancel it to change its definition.");
  // the page's own worker (definitions, summaries) dying while idle: a
  // fresh one at once (one that dies during a call fails it; its caller
  // restarts it)
  go.onFail = (e, { idle }) => {
    if (!idle) return;
    go.restart();
    messages.say("The page's worker stopped (" + e.message + ") and a fresh one was started.");
  };

  const view = createExperimentView(root, {
    // the form's values replace the definition's keys (an emptied fes or
    // workers goes back to its default)
    onChange: (v) => {
      if (busy()) return; // the form is locked
      if (s.starting) { // not yet locked: the change is refused, as the address's
        if (s.def) view.show(s.def);
        refuseChange();
        return;
      }
      const cur = parse(win.location.hash);
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
    // the page as one HTML file, the file cec export-html writes for this address
    onOneFile: () => saveOneFile(win.location.hash, (text) => messages.say(text)),
  });

  // a worker that failed during a summary: the next one gets a fresh worker
  const results = createResultsView(view.results, {
    summarise: (jsonl, options) => go.summarise({ jsonl, options }).catch((e) => {
      if (needsRestart(e)) go.restart();
      throw e;
    }),
  });

  // showResults shows the results of the finished runs (or none): partial
  // results with the grid while runs are missing, except at the end of an
  // experiment (whose failed runs will not come): then as cec table would.
  function showResults() {
    if (s.records.size === 0) {
      results.clear();
      return;
    }
    const configs = { configs: s.def.configs.map((c) => c.name) };
    if (s.records.size < s.jobs.count && s.state !== "done") results.showPartial(configs, jsonl(), grid()).catch(() => {}); // the view shows the error
    else results.show(configs, jsonl(), { keep: true }).catch(() => {});
  }

  /** grid is the experiment's grid as Go's summarise reads it (experiment.Grid). */
  function grid() {
    return { runs: s.def.runs, problems: s.jobs.problems };
  }

  // liveKick asks for a live update of the partial results when the
  // throttle allows it (LIVE_MS, LIVE_FACTOR above).
  function liveKick() {
    const live = s.live;
    if (live.busy || live.timer !== null) return;
    const wait = Math.max(0, live.last + Math.max(LIVE_MS, LIVE_FACTOR * live.cost) - now());
    live.timer = win.setTimeout(liveUpdate, wait);
  }

  async function liveUpdate() {
    const live = s.live;
    live.timer = null;
    if (!busy() || s.records.size === live.shown || s.records.size === 0) return;
    live.busy = true;
    live.shown = s.records.size;
    const t0 = now();
    const mine = s.pool;
    try {
      await results.showPartial({ configs: s.def.configs.map((c) => c.name) }, jsonl(), grid());
    } catch {
      // the view shows the error
    }
    if (s.pool !== mine) return; // another experiment started meanwhile
    live.busy = false;
    live.cost = now() - t0;
    live.last = now();
    live.updates++;
    if (s.records.size > live.shown) liveKick();
  }

  function liveStop() {
    if (s.live.timer !== null) win.clearTimeout(s.live.timer);
    s.live = freshLive();
  }

  // ---------- definition and address ----------
  // setDefinition asks Go for the definition of URL values and shows it;
  // when changes come faster than Go answers, the last one wins.
  function setDefinition(values, origin) {
    const n = ++s.asked;
    const p = go.defineExperiment({ state: values, cores }).then((r) => {
      if (n !== s.asked) return undefined;
      s.defined = r;
      s.def = r.def;
      s.jobs = jobGrid(s.def);
      shell.writeAddress("#" + new State(r.values).serialize());
      view.show(s.def);
      if (origin === "url") messages.notices(r.notices);
      else if (r.notices.length) messages.say(r.notices.map(noticeText).join("; "));
      return refreshSaved();
    }, (e) => {
      if (needsRestart(e)) go.restart(); // the next request gets a fresh worker
      throw e;
    });
    s.pending = p.catch(() => {});
    return p;
  }

  // defineOrSay sets the definition of a change, saying why when Go could not.
  function defineOrSay(values, origin) {
    setDefinition(values, origin).catch((e) => messages.error("The definition could not be read: " + e.message));
  }

  // takeSaved keeps, of the runs saved for the definition, those that are
  // their job's record (experiment-def.js savedRunProblem); the others
  // (damaged, or another experiment's) are dropped from the store, named
  // in one message, and run again. It returns the data labels of the runs
  // kept ("official", "generated", …).
  function takeSaved(id, saved) {
    s.records = new Map();
    const dropped = [], gone = [];
    // the saved runs that are jobs of the definition, in job order
    const mine = [];
    for (const key of saved.keys()) {
      const i = s.jobs.indexOf(key);
      if (i >= 0) mine.push(i);
    }
    mine.sort((a, b) => a - b);
    for (const i of mine) {
      const j = s.jobs.at(i);
      const why = savedRunProblem(j, saved.get(j.key));
      if (why === null) s.records.set(j.key, saved.get(j.key));
      else { dropped.push(label(j) + ": " + why); gone.push(j.key); }
    }
    if (dropped.length) {
      store.remove(id, gone).catch(() => {});
      messages.error(dropped.length + " saved run" + (dropped.length > 1 ? "s were" : " was") +
        " damaged or not this experiment's, dropped and to run again: " + dropped.slice(0, 3).join("; ") + (dropped.length > 3 ? "; …" : ""));
    }
    return new Set([...s.records.values()].map(dataLabel));
  }

  // refreshSaved loads the saved runs of the definition and offers them;
  // the experiment then stands idle ("saved"), or cancelled right after a
  // cancel ("savedCancelled"), so that the page keeps saying what happened.
  async function refreshSaved(event = "saved") {
    const id = s.defined.id;
    const saved = await store.load(id);
    if (s.defined.id !== id || busy()) return;
    takeSaved(id, saved);
    s.failed = new Map();
    const n = s.records.size;
    if (store.error) view.say("Finished runs cannot be saved in this browser (" + store.error + "): a reload loses them.");
    if (n === 0) view.offerResume("");
    else if (n < s.jobs.count) view.offerResume(n + " of " + s.jobs.count + " runs of this experiment are saved in this browser.");
    else view.offerResume("All " + s.jobs.count + " runs of this experiment are saved in this browser.");
    view.setState(to(event), n > 0);
    view.showFailures([]);
    view.progress({ done: n, failed: 0, total: s.jobs.count, elapsed: 0, eta: null });
    showResults();
  }

  // a hand-edited address (of this mode: the shell filters)
  function hashchange(hash) {
    if (locked()) {
      if (s.defined) win.history.replaceState(null, "", "#" + new State(s.defined.values).serialize());
      refuseChange();
      return;
    }
    defineOrSay(parse(hash), "url");
  }

  // ---------- running ----------
  async function start(fresh) {
    if (locked()) return;
    s.starting = true;
    try {
      await run(fresh);
    } finally {
      s.starting = false;
    }
  }

  async function run(fresh) {
    messages.clearError();
    await s.pending; // the definition of the last change
    if (!s.defined) return; // Go has not answered yet
    // Go checked every configuration with the definition (as it checks a
    // run's values): what it would not run as written stops the start
    if (s.defined.errors.length) {
      view.say("");
      messages.error("Not started: " + s.defined.errors.join("; "));
      return;
    }
    const id = s.defined.id;
    if (fresh) await store.clear(id).catch(() => {});
    const saved = fresh ? new Map() : await store.load(id);
    const g = s.jobs;
    s.savedData = takeSaved(id, saved);
    s.mixAllowed = false;
    s.failed = new Map();
    s.dataWarned = false;
    view.offerResume("");
    view.showFailures([]);
    // the jobs still to run, made as the pool pulls them; their number and
    // budget by arithmetic (the saved runs are jobs of g: takeSaved)
    let fesSaved = 0;
    for (const k of s.records.keys()) fesSaved += g.fesOf(g.indexOf(k));
    const todoCount = g.count - s.records.size;
    const todo = (function* () {
      for (let i = 0; i < g.count; i++) if (!s.records.has(g.keyAt(i))) yield g.at(i);
    })();
    const size = s.def.pool;
    const pool = new WorkerPool(size, { modules });
    s.pool = pool;
    const clock = { t0: now(), pausedAt: null, pausedMs: 0, fesTotal: g.fesTotal - fesSaved, fesDone: 0, inflight: new Map() };
    s.clock = clock;
    to("start");
    liveStop();
    if (s.records.size > 0) liveKick(); // the saved runs, at once
    else results.clear();
    view.lock(true);
    view.setState(s.state, s.records.size > 0);
    view.say(todoCount ? "Running " + todoCount + " runs on " + Math.min(size, todoCount) + " worker" + (size > 1 ? "s" : "") + "…" : "Every run is already finished.");
    s.timer = win.setInterval(showProgress, 250);
    await pool.run(todo, {
      onRecord(job, line) {
        clock.inflight.delete(job.key);
        clock.fesDone += job.fes;
        s.records.set(job.key, line);
        if (s.records.size === 1) view.setState(s.state, true); // the finished runs can be downloaded now
        checkData(job, line);
        checkMix(line);
        liveKick();
        store.put(id, job.key, line).catch((e) => view.say("Could not save a finished run in this browser: " + e.message));
      },
      onProgress(job, fes) { clock.inflight.set(job.key, fes); },
      onRetry(job, reason) { messages.say(label(job) + " failed (" + reason + "): trying once more on a fresh worker."); },
      onReplaced(reason) { messages.say("A worker stopped (" + reason + ") and a fresh one was started."); },
      onFailed(job, reason) {
        clock.inflight.delete(job.key);
        s.failed.set(job.key, reason);
        view.showFailures([...s.failed].map(([k, r]) => label(g.at(g.indexOf(k))) + ": " + r));
      },
    });
    pool.terminate();
    win.clearInterval(s.timer);
    if (s.pool !== pool) return;
    const updates = s.live.updates;
    liveStop();
    s.live.updates = updates;
    const wasCancelled = to("end") === "cancelled";
    view.lock(false);
    view.setState(s.state, s.records.size > 0);
    showProgress();
    if (wasCancelled) {
      view.say("Cancelled: " + s.records.size + " finished runs are saved; open this link again to resume.");
      refreshSaved("savedCancelled");
    } else {
      view.say("Done: " + s.records.size + " runs" + (s.failed.size ? ", " + s.failed.size + " failed" : "") + ".");
      showResults();
    }
  }

  // checkData warns once when a CEC run at an official D used generated data
  // (the official files could not be fetched; the record says "generated").
  function checkData(job, line) {
    if (s.dataWarned || !PROTOCOL.dims.official.includes(job.dim)) return;
    const data = dataLabel(line);
    if (data === "generated") {
      s.dataWarned = true;
      messages.error("Some runs used generated rotation and shift, not the official instance: the official data could not be fetched (their records say \"data\":\"generated\").");
    } else if (data !== "official" && data !== "none") { // none: a problem without CEC data (typed, teaching)
      s.dataWarned = true;
      messages.error("Some runs used CEC 2017 data files that are not the official ones (their records say \"data\":\"" + data.slice(0, 40) + "\"): the server's files differ from the official sums compiled into the module.");
    }
  }

  // checkMix pauses a resumed experiment whose new run used other data
  // than its saved runs ("official" against "generated": the official
  // files could be fetched then and not now, or the other way round), and
  // offers the choice: Cancel, then Start over, runs everything on this session's data,
  // Resume keeps both (the results view then says the data differ).
  function checkMix(line) {
    const here = dataLabel(line);
    if (s.mixAllowed || !s.savedData || s.savedData.size === 0 || s.savedData.has(here)) return;
    s.mixAllowed = true;
    pause();
    messages.error("Paused: this run used \"data\":\"" + here + "\", the saved runs \"" + [...s.savedData].join("\", \"") +
      "\"; resuming would mix them in one experiment. Cancel and Start over to run every run on this data, or Resume to keep both.");
  }

  function elapsed() {
    if (!s.clock) return 0;
    const t = s.clock.pausedAt ?? now();
    return t - s.clock.t0 - s.clock.pausedMs;
  }

  function showProgress() {
    const el = elapsed();
    const clock = s.clock;
    let done = clock ? clock.fesDone : 0;
    if (clock) for (const f of clock.inflight.values()) done += f;
    const eta = clock && done > 0 && s.state === "running" ? el * (clock.fesTotal - done) / done : null;
    view.progress({ done: s.records.size, failed: s.failed.size, total: s.jobs.count, elapsed: el, eta });
  }

  function pause() {
    if (s.state !== "running") return;
    s.pool.pause();
    s.clock.pausedAt = now();
    view.setState(to("pause"), s.records.size > 0);
    view.say("Paused.");
  }

  function resume() {
    if (s.state !== "paused") return;
    s.clock.pausedMs += now() - s.clock.pausedAt;
    s.clock.pausedAt = null;
    to("resume");
    s.pool.resume();
    view.setState(s.state, s.records.size > 0);
    view.say("Running…");
  }

  function cancel() {
    if (!busy()) return;
    const clock = s.clock;
    if (clock.pausedAt !== null) { clock.pausedMs += now() - clock.pausedAt; clock.pausedAt = null; }
    to("cancel");
    s.pool.cancel();
  }

  /** jsonl is the finished runs as JSON lines, in job order (the download). */
  function jsonl() {
    const g = s.jobs;
    const order = [];
    for (const k of s.records.keys()) {
      const i = g.indexOf(k);
      if (i >= 0) order.push([i, k]); // a run of this definition (records follow it: takeSaved)
    }
    order.sort((a, b) => a[0] - b[0]);
    let out = "";
    for (const [, k] of order) out += s.records.get(k);
    return out;
  }

  function download() {
    const name = s.records.size < s.jobs.count ? "pcaplay-experiment-partial.jsonl" : "pcaplay-experiment.jsonl";
    save(jsonl(), name, { type: "application/x-ndjson" });
  }

  // ---------- boot: the catalog, then the definition of the address ----------
  async function boot() {
    try {
      s.catalog = await go.catalog();
    } catch (e) {
      messages.error(e.message);
      throw e;
    }
    view.setCatalog(s.catalog);
    await setDefinition(parse(win.location.hash), "url");
    shell.booted(embedStatus());
    // ECharts' first use, paid now that the page is idle, not by the first
    // chart of the live results while runs go on (charts.js warmUp)
    const idle = win.requestIdleCallback || ((f) => win.setTimeout(f, 200));
    let tries = 0;
    const warm = () => { if (!warmUp() && ++tries < 50) win.setTimeout(() => idle(warm), 200); };
    idle(warm);
  }

  // ---------- the embed API: play and pause the experiment, its status ----------
  // A parent frame or script drives the experiment as the buttons do: play
  // starts it (resuming the saved runs) or resumes it, pause pauses it;
  // step, reset and set belong to a run and are answered with an error.
  // status() is a run's status (running, done, fes of the whole grid) with
  // the experiment's own counts under "experiment".
  function embedStatus() {
    const clock = s.clock;
    let fes = clock ? clock.fesDone : 0;
    if (clock) for (const f of clock.inflight.values()) fes += f;
    return {
      fes, maxFES: clock ? clock.fesTotal : 0, generation: 0, bestF: null, bestV: null, feasible: false,
      running: s.state === "running", done: s.state === "done",
      experiment: { state: s.state, done: s.records.size, failed: s.failed.size, total: s.jobs.count },
    };
  }
  // play resolves once the experiment runs (or its start ended: nothing to
  // run, a definition with errors)
  function embedPlay() {
    if (s.state === "paused") { resume(); return Promise.resolve(); }
    if (busy()) return Promise.resolve();
    return new Promise((resolve) => {
      const moved = () => { if (busy()) done(); };
      const done = () => { s.moved.delete(moved); resolve(); };
      s.moved.add(moved);
      start(false).then(done, done);
    });
  }
  const notARun = (cmd) => () => Promise.reject(Object.assign(
    new Error(cmd + " is a run's command; the experiment view has play, pause and status"), { code: ERR.UNKNOWN_COMMAND }));
  const embed = {
    play: embedPlay,
    pause: () => { pause(); return Promise.resolve(); },
    step: notARun("step"), reset: notARun("reset"), set: notARun("set"),
    sync: () => s.pending,
    status: embedStatus,
    chartInfo: () => ({ landscapeDrawn: false, points: 0, convergence: 0, window: [] }),
  };

  // the shell: the hand-edited address of this mode, the boot, the embed API
  const shell = createModeShell({ mode: "experiment", win, messages, client: go, hooks: { hashchange, boot, embed } });
  const ready = shell.start();
  ready.catch((e) => shell.bootFailed(e));

  // For tests and the console: the state, the records, the controls.
  return {
    ready,
    state: () => ({ state: s.state, total: s.jobs.count, done: s.records.size, failed: [...s.failed.entries()], jobs: s.jobs.count,
      elapsed: elapsed(), definition: s.defined && s.defined.values, liveUpdates: s.live.updates }),
    jsonl,
    /** settled resolves when Go has answered the last change of the definition */
    settled: () => s.pending.then(() => true),
    /** the results view (results-view.js) */
    results,
    start: () => start(false),
    startOver: () => start(true),
    pause, resume, cancel,
  };
}

// ---------- the page ----------
{
  const root = document.querySelector("[data-experiment-root]");
  document.documentElement.classList.add("experiment-mode");
  root.hidden = false;
  window.pcaplayExperiment = createExperimentPage({ root });
}
