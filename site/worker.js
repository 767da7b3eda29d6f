// worker.js: a module Web Worker that runs the Go module (pcaplay.wasm or pcaplay-full.wasm) off
// the main thread, so the page never freezes; the page compiles the module
// once and sends it as the worker's first message (see init below). It holds any number of runs
// (the module's runs by id) and only relays: each request {id, cmd, ...}
// is handed as it is to the module's command of that name, which reads its
// fields, and answered {id, ok: true, result} or {id, error: {code,
// message}} (codes: PROTOCOL.errors). Typed arrays in a result are
// transferred, not copied. The commands, their requests and replies are
// Go's table (internal/play/protocol/commands.go; PROTOCOL.commands).
//
// Requests are handled one at a time, in the order they arrive. Before it
// configures a run, the worker asks Go which official CEC 2017 files the
// run needs (needData: problems at D = 10, 30, 50, 100), fetches them from
// data/cec2017/ (published by scripts/build-site.sh, precompressed, cached
// by the browser) with the manifest's SHA-256 sums, and hands them to Go
// (loadData); once per problem and dimension in each worker. A failed fetch
// is reported to Go (dataFailed): the run uses generated data and its
// notices say why, and the next configure tries again.
//
// Its state (the module's API, whether it exited, the manifest, the chain
// of requests) is startWorker's, called once with the worker's global
// scope: no module-level mutable state.
import "./wasm_exec.js";
import { PROTOCOL, ERR } from "./protocol.js";

class CodedError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// instantiate runs the module the page compiled, or fetches and compiles
// the one the page names (given.url: worker-client.js's choice), or, for a
// worker started without a client, the playground's.
async function instantiate(go, given) {
  if (given && given.module instanceof WebAssembly.Module) {
    return WebAssembly.instantiate(given.module, go.importObject); // an Instance
  }
  const url = new URL((given && given.url) || PROTOCOL.modules.playground, import.meta.url).href;
  const name = url.slice(url.lastIndexOf("/") + 1);
  const pageSaid = given && given.reason ? " (the page: " + given.reason + ")" : "";
  try {
    return (await WebAssembly.instantiateStreaming(fetch(url), go.importObject)).instance;
  } catch (e) {
    // a server without the application/wasm type: compile from bytes
    const resp = await fetch(url).catch((e) => { throw new CodedError(ERR.WORKER_FAILED, name + ": " + String((e && e.message) || e) + pageSaid); });
    if (!resp.ok) throw new CodedError(ERR.WORKER_FAILED, name + ": HTTP " + resp.status + pageSaid);
    return (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
  }
}

// collect the buffers of every typed array in a reply, for transfer.
function buffers(v, out, seen) {
  if (!v || typeof v !== "object" || seen.has(v)) return out;
  seen.add(v);
  if (ArrayBuffer.isView(v)) {
    if (!out.includes(v.buffer)) out.push(v.buffer);
    return out;
  }
  for (const k of Object.keys(v)) buffers(v[k], out, seen);
  return out;
}

const DATA = new URL("data/cec2017/", import.meta.url);

async function fetchOK(url) {
  let r;
  try {
    r = await fetch(url);
  } catch (e) {
    throw new Error(String((e && e.message) || e));
  }
  if (!r.ok) throw new Error("HTTP " + r.status);
  return r;
}

/** startWorker makes scope (the worker's global scope, self) answer the page's requests. */
function startWorker(scope) {
  const w = {
    api: null,
    exited: false,
    initGiven: null,
    manifest: null, // a promise of data/cec2017/manifest.json
    chain: Promise.resolve(), // one request at a time, in order (configure awaits its data)
    started: false,
  };

  // The page's first message is {init: {module}}, the Go module compiled once
  // for all its workers (worker-client.js), or {init: {reason, url}} when the page
  // could not compile it: the worker then compiles it itself, as it does
  // when its first message is a command (a worker started without a client).
  const init = new Promise((resolve) => { w.initGiven = resolve; });

  const loaded = (async () => {
    const go = new Go();
    const inst = await instantiate(go, await init);
    // the module reports the size of its linear memory (the memory command)
    scope.pcaplayModuleMemory = inst.exports.mem;
    go.run(inst).then(() => { w.exited = true; });
    // for devtools and the memory test: the module's memory, from the worker
    scope.pcaplayMemory = () => call("memory", {});
    w.api = scope.pcaplay;
    if (!w.api) throw new CodedError(ERR.WORKER_FAILED, "the Go module did not install its API");
    const p = w.api.protocol();
    if (!p || p.version !== PROTOCOL.version) {
      throw new CodedError(ERR.WORKER_FAILED, "the Go module speaks protocol version " + (p && p.version) +
        ", the page version " + PROTOCOL.version + ": reload the page (a stale cache?)");
    }
  })();

  // call runs the module's command name on request (an object of its fields).
  function call(name, request) {
    if (w.exited) throw new CodedError(ERR.EXITED, "the WebAssembly module has stopped; press reset to reload it");
    const r = w.api[name](request);
    if (r && typeof r === "object" && typeof r.error === "string") throw new CodedError(r.code || ERR.INTERNAL, r.error);
    if (r === undefined) throw new CodedError(ERR.INTERNAL, name + ": no result");
    return r;
  }

  function getManifest() {
    if (!w.manifest) {
      w.manifest = fetchOK(new URL("manifest.json", DATA)).then((r) => r.json());
      w.manifest.catch(() => { w.manifest = null; }); // try again next time
    }
    return w.manifest;
  }

  // ensureData loads the official files the run of state needs, if any.
  async function ensureData(state) {
    const need = call("needData", { state });
    if (!need.files.length || need.loaded) return;
    let step = "manifest.json";
    try {
      const m = await getManifest();
      const files = {}, sums = {};
      for (const name of need.files) {
        step = name;
        const id = m.files && m.files[name];
        if (!id || !m.contents[id]) throw new Error("not in the manifest");
        const r = await fetchOK(new URL(id + ".txt", DATA));
        files[name] = new Uint8Array(await r.arrayBuffer());
        sums[name] = m.contents[id].sha256;
      }
      call("loadData", { problem: need.problem, dim: need.dim, files, sums });
    } catch (e) {
      call("dataFailed", { problem: need.problem, dim: need.dim, reason: "data/cec2017/ " + step + ": " + String((e && e.message) || e) });
    }
  }

  scope.onmessage = (ev) => {
    const m = ev.data || {};
    if (!w.started) {
      w.started = true;
      if (m.init) { w.initGiven(m.init); return; }
      w.initGiven(null);
    }
    w.chain = w.chain.then(() => handle(m));
  };

  async function handle(m) {
    try {
      await loaded;
    } catch (e) {
      scope.postMessage({ id: m.id, error: { code: (e && e.code) || ERR.WORKER_FAILED, message: "could not start the WebAssembly module: " + String((e && e.message) || e) } });
      return;
    }
    try {
      // the module's commands only (Go's table): any other is unknown
      if (!Object.hasOwn(w.api, m.cmd)) throw new CodedError(ERR.UNKNOWN_COMMAND, "unknown worker command " + JSON.stringify(String(m.cmd)).slice(0, 60));
      // the one command that needs more than the module: the official data first
      if (m.cmd === "configure") await ensureData(m.state);
      const result = call(m.cmd, m);
      scope.postMessage({ id: m.id, ok: true, result }, buffers(result, [], new Set()));
    } catch (e) {
      const code = w.exited ? ERR.EXITED : (e && e.code) || ERR.INTERNAL;
      scope.postMessage({ id: m.id, error: { code, message: String((e && e.message) || e) } });
    }
  }
}

startWorker(self);
