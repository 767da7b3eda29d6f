// worker-client.js: the page's side of a Web Worker that runs the Go module
// (worker.js). A WorkerClient owns one worker and matches replies to
// requests; it has one async method per command of the module (Commands,
// generated from Go's table in protocol.js: client.catalog(),
// client.compare({runs, options})). A RunHandle is one run in that worker
// (the module keeps runs by id, so one worker can hold several). Compare
// mode can put its runs in one worker or in one each; a pool gives each
// worker one run at a time.
//
// Errors reject with a WorkerError whose code is one of PROTOCOL.errors
// (ERR.EXITED: the Go program stopped; ERR.WORKER_FAILED: the worker could
// not start or crashed; then restart() the client and configure again).
// A worker that fails (its error event) fails its pending calls and every
// later one at once, never a call left waiting for a dead worker, and
// tells onFail(error, {idle}) — idle: no call was waiting, so that no
// caller will hear of it unless the page replaces the worker now.
//
// The Go module is built twice (docs/wasm-size.md): the playground's
// (MODULES.playground: the commands of the playground, its embeds, compare
// mode and the lesson) and the full one (MODULES.full: every command). The
// module each page loads is chosen in one place, pageModule below; a
// command only the full module serves (Go's table says which:
// PROTOCOL.commands[i].full — the one-file export, GIF recordings, the
// lesson's zip) that a client on the playground's module is asked for
// goes to a second worker on the full module, started on its first use.
//
// The page compiles each module once (createModuleCache: about 1 s of CPU
// for the full one's 8 MB) and hands the compiled WebAssembly.Module to every worker
// it starts, a restarted one too, as the worker's first message ({init:
// {module}}); a worker only instantiates it. Should the page fail to
// compile (no network, HTTP error, a page policy without
// 'wasm-unsafe-eval'), the worker is told why and where the module is
// ({init: {reason, url}}) and compiles on its own; if that fails too,
// every call answers why.
import { Commands, ERR, PROTOCOL } from "./protocol.js";
import { modeOf } from "./page-mode.js";

/** MODULES names the two builds of the Go module: {playground, full} (file names beside worker.js). */
export const MODULES = PROTOCOL.modules;

// the commands only the full module serves, and those of them whose
// request names a run (they must go to the worker that holds it)
const FULL_ONLY = new Set(PROTOCOL.commands.filter((c) => c.full).map((c) => c.name));
const TAKES_RUN = new Set(PROTOCOL.commands.filter((c) => c.request.includes("run")).map((c) => c.name));

/**
 * pageModule is the module the page in win loads: the one place that
 * chooses. The experiment view (mode=experiment) and the results page
 * (results.html) load the full module (the experiment's pool asks its
 * runs' workers for their records); so does a one-file page, which
 * carries only that one (internal/onefile.WasmFile). Every other page —
 * the playground, its embeds, compare mode, the lesson — loads the
 * playground's.
 * @param {{location?: Location, pcaplayOneFile?: Object}} [win]
 * @returns {string} a file name of MODULES
 */
export function pageModule(win = globalThis) {
  if (win.pcaplayOneFile) return MODULES.full;
  const loc = win.location;
  if (!loc) return MODULES.playground;
  if (/(^|\/)results\.html$/.test(loc.pathname || "")) return MODULES.full;
  if (modeOf(loc.hash || "") === "experiment") return MODULES.full;
  return MODULES.playground;
}

/**
 * pageClient returns the page's first WorkerClient: the one boot.js
 * started at once (window.pcaplayClient), so that its worker loads its
 * scripts and starts the Go module while the page's modules load, taken
 * once; else a new one.
 * @returns {WorkerClient}
 */
export function pageClient() {
  const c = globalThis.pcaplayClient;
  if (c) {
    globalThis.pcaplayClient = null;
    return c;
  }
  return new WorkerClient();
}

export class WorkerError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "WorkerError";
    this.code = code;
  }
}

/** needsRestart reports whether an error means the worker must be started again. */
export function needsRestart(e) {
  return !!e && (e.code === ERR.EXITED || e.code === ERR.WORKER_FAILED);
}

/**
 * createModuleCache returns compiledModule(url) of one page: it resolves
 * with the compiled module at url, compiling it once per cache; a failed
 * compile is forgotten, so the next worker tries again (and says why if it
 * fails too). A page gives one cache to all its WorkerClients (and its
 * WorkerPool's) so that it compiles once; a client made without one takes
 * the page's that boot.js started (window.pcaplayModules), else has its
 * own (its restarts compile once).
 * @returns {(url: string|URL) => Promise<WebAssembly.Module>}
 */
export function createModuleCache() {
  const modules = new Map(); // the wasm's URL → a promise of its WebAssembly.Module
  return function compiledModule(url) {
    const key = String(url);
    let p = modules.get(key);
    if (!p) {
      p = compile(key);
      modules.set(key, p);
      p.catch(() => { if (modules.get(key) === p) modules.delete(key); });
    }
    return p;
  };
}

/**
 * compiledModule compiles the module at url, each call anew (a page's
 * clients share a createModuleCache instead).
 * @param {string|URL} url
 * @returns {Promise<WebAssembly.Module>}
 */
export function compiledModule(url) {
  return compile(String(url));
}

async function compile(url) {
  const fail = (why) => new WorkerError(ERR.WORKER_FAILED, url.slice(url.lastIndexOf("/") + 1) + ": " + why);
  let resp;
  try {
    resp = await fetch(url);
  } catch (e) {
    throw fail(String((e && e.message) || e));
  }
  if (!resp.ok) throw fail("HTTP " + resp.status);
  try {
    // compileStreaming needs the application/wasm type; a server without it: from bytes
    if (WebAssembly.compileStreaming && /^application\/wasm\b/i.test(resp.headers.get("Content-Type") || "")) {
      return await WebAssembly.compileStreaming(resp);
    }
    return await WebAssembly.compile(await resp.arrayBuffer());
  } catch (e) {
    throw fail(String((e && e.message) || e));
  }
}

export class WorkerClient extends Commands {
  /**
   * @param {string|URL} url the worker script (a module worker)
   * @param {{modules?: ReturnType<typeof createModuleCache>, onFail?: (e: WorkerError, o: {idle: boolean}) => void, module?: string}} opts
   * modules: the page's compiled modules (createModuleCache), shared by its
   * clients (when left out: the one boot.js started, window.pcaplayModules,
   * or a new one); onFail: told when the worker fails (see above); module:
   * the Go module the worker runs, a file name of MODULES (the page's: pageModule)
   */
  constructor(url = new URL("./worker.js", import.meta.url), { modules = globalThis.pcaplayModules || createModuleCache(), onFail = null, module = pageModule() } = {}) {
    super();
    this.url = url;
    this.modules = modules;
    this.module = module;
    /** fullClient is the client on the full module that serves FULL_ONLY commands for this one, or null */
    this.fullClient = null;
    /** onFail(error, {idle}) is told when the worker fails; idle: no call was waiting */
    this.onFail = onFail;
    /** failed is the error of a worker that failed (its later calls fail with it), or null */
    this.failed = null;
    this.worker = null;
    this.seq = 0;
    this.waiting = new Map();
    /** epoch counts the workers started: a run id is valid in one epoch only */
    this.epoch = 0;
    this.restart();
  }

  /** restart terminates the worker (failing its pending calls) and starts a new one. */
  restart() {
    if (this.worker) this.worker.terminate();
    this.failAll(new WorkerError(ERR.WORKER_FAILED, "the worker was restarted"));
    this.failed = null;
    this.epoch++;
    const w = new Worker(this.url, { type: "module" });
    // the worker's first message: the compiled module (or why there is none)
    const moduleURL = new URL(this.module, this.url);
    this.ready = this.modules(moduleURL).then(
      (module) => ({ module }),
      (e) => ({ reason: String((e && e.message) || e), url: moduleURL.href }),
    ).then((init) => { if (this.worker === w) w.postMessage({ init }); });
    w.onmessage = (ev) => {
      const m = ev.data || {}, p = this.waiting.get(m.id);
      if (!p) return;
      this.waiting.delete(m.id);
      if (m.error) p.reject(new WorkerError(m.error.code, m.error.message));
      else p.resolve(m.result);
    };
    w.onerror = (ev) => {
      ev.preventDefault && ev.preventDefault();
      if (this.worker !== w) return;
      const err = new WorkerError(ERR.WORKER_FAILED, "worker: " + (ev.message || "failed to start"));
      const idle = this.waiting.size === 0;
      this.failed = err;
      this.failAll(err);
      if (this.onFail) this.onFail(err, { idle });
    };
    this.worker = w;
  }

  failAll(err) {
    for (const p of this.waiting.values()) p.reject(err);
    this.waiting.clear();
  }

  /**
   * call sends a command (PROTOCOL.commands) with its request (an object of
   * the request's fields) and resolves with its reply; the commands' own
   * methods (Commands) call it.
   */
  call(cmd, msg) {
    if (this.module !== MODULES.full && FULL_ONLY.has(cmd)) return this.callFull(cmd, msg);
    const w = this.worker;
    if (!w) return Promise.reject(new WorkerError(ERR.WORKER_FAILED, "the worker was terminated"));
    if (this.failed) return Promise.reject(this.failed); // it would never answer
    return new Promise((resolve, reject) => {
      const id = ++this.seq;
      this.waiting.set(id, { resolve, reject });
      // after the module (the worker's first message); not to a worker started since
      this.ready.then(() => {
        if (this.worker === w) w.postMessage(Object.assign({ id, cmd }, msg || {}));
      });
    });
  }

  /**
   * callFull sends a command only the full module serves to this client's
   * second worker, on the full module (started on first use, and again
   * after it failed). A command that names a run cannot go there: the run
   * is in this client's worker.
   */
  callFull(cmd, msg) {
    if (!this.worker) return Promise.reject(new WorkerError(ERR.WORKER_FAILED, "the worker was terminated"));
    if (TAKES_RUN.has(cmd)) {
      return Promise.reject(new WorkerError(ERR.UNKNOWN_COMMAND, cmd + ": only the full module (" + MODULES.full +
        ") serves it, and it needs this worker's run: make the client with {module: MODULES.full}"));
    }
    if (!this.fullClient || this.fullClient.failed) {
      if (this.fullClient) this.fullClient.terminate();
      this.fullClient = new WorkerClient(this.url, { modules: this.modules, module: MODULES.full });
    }
    return this.fullClient.call(cmd, msg);
  }

  /** runHandle returns a handle on a new run in this worker (opened on first use). */
  runHandle() { return new RunHandle(this); }

  terminate() {
    if (this.fullClient) this.fullClient.terminate();
    this.fullClient = null;
    if (this.worker) this.worker.terminate();
    this.failAll(new WorkerError(ERR.WORKER_FAILED, "the worker was terminated"));
    this.worker = null;
  }
}

/**
 * RunHandle is one run in a worker: the module's run id, opened on first
 * use and again after the worker restarted (the run must then be configured
 * again: its calls fail with ERR.NO_RUN until it is).
 */
export class RunHandle {
  constructor(client) {
    this.client = client;
    this.id = null;
    this.epoch = -1;
  }

  ensure() {
    if (this.id !== null && this.epoch === this.client.epoch) return Promise.resolve(this.id);
    if (!this.opening || this.openingEpoch !== this.client.epoch) {
      const epoch = this.openingEpoch = this.client.epoch;
      this.opening = this.client.open().then((id) => {
        if (epoch === this.client.epoch) { this.id = id; this.epoch = epoch; }
        return id;
      }).finally(() => { this.opening = null; });
    }
    return this.opening;
  }

  /**
   * @param {Object<string, string>} state URL values
   * @param {import("./protocol.js").ConfigureOptions} [options]
   * @returns {Promise<import("./protocol.js").Configured>}
   */
  async configure(state, options) { return this.client.configure({ run: await this.ensure(), state, options }); }
  /**
   * @param {import("./protocol.js").StepOptions} [options]
   * @returns {Promise<import("./protocol.js").Frame>}
   */
  async step(options) { return this.client.step({ run: await this.ensure(), options }); }
  /**
   * @param {import("./protocol.js").FrameOptions} [options]
   * @returns {Promise<import("./protocol.js").Frame>} the frame of the initial population
   */
  async reset(options) { return this.client.reset({ run: await this.ensure(), options }); }
  /**
   * @param {import("./protocol.js").ViewOptions} [options]
   * @returns {Promise<import("./protocol.js").Contour|null>} the landscape's contour (null for D ≠ 2)
   */
  async view(options) { return this.client.view({ run: await this.ensure(), options }); }
  /**
   * @param {string} what "csv", "json" (the run's history), "command" or "chart"
   * @returns {Promise<import("./protocol.js").Export>}
   */
  async exportOf(what) { return this.client.export({ run: await this.ensure(), what }); }
  async landscape(nx, ny, extent) { return this.client.landscape({ run: await this.ensure(), nx, ny, extent }); }
  async close() {
    if (this.id === null || this.epoch !== this.client.epoch) return;
    const id = this.id;
    this.id = null;
    await this.client.close({ run: id });
  }
}
