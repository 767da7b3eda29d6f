// worker.js: runs the Go solver (pcaplay.wasm) off the main thread, so the
// page never freezes. Messages in: {id, cmd, ...}; out: {id, ok, result} or
// {id, error}. Typed arrays are transferred, not copied.
"use strict";

let api = null;
let exited = false;

const loaded = (async () => {
  importScripts(new URL("wasm_exec.js", self.location).href);
  const go = new Go();
  const url = new URL("pcaplay.wasm", self.location).href;
  let inst;
  try {
    ({ instance: inst } = await WebAssembly.instantiateStreaming(fetch(url), go.importObject));
  } catch (e) {
    // a server without the application/wasm type: compile from bytes
    const resp = await fetch(url);
    if (!resp.ok) throw new Error("pcaplay.wasm: HTTP " + resp.status);
    ({ instance: inst } = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject));
  }
  go.run(inst).then(() => { exited = true; });
  api = self.pcaplay;
  if (!api) throw new Error("pcaplay.wasm did not install its API");
})();

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

function check(r, what) {
  if (r && typeof r === "object" && typeof r.error === "string") throw new Error(r.error);
  if (r === undefined) throw new Error(what + ": no result");
  return r;
}

function call(name, ...args) {
  if (exited) throw new Error("the WebAssembly module has stopped; press reset to reload it");
  return check(api[name](...args), name);
}

const handlers = {
  // configure: a new run from URL state, its initial population
  // (generation 0) and, for D = 2, its landscape over the view's window
  // (the box, or the population's window when zoomed).
  configure(m) {
    const run = call("configure", m.state);
    const dim = Number(run.config.dim);
    const frame = call("step", { n: 1, chart: true, pc: dim > 2 ? (m.pcGrid || 64) : 0, op: true });
    let landscape = null;
    if (dim === 2) landscape = call("view", { zoom: !!m.zoom, grid: m.grid || 160 });
    return { run, landscape, frame };
  },
  // view: how the 2-D landscape is shown ({zoom, grid}); its contour
  view(m) {
    return { landscape: call("view", { zoom: !!m.zoom, grid: m.grid || 160 }) };
  },
  reset(m) {
    call("reset");
    return { frame: call("step", { n: 1, chart: true, pc: m.pc || 0, op: true }) };
  },
  step(m) {
    return { frame: call("step", { n: m.n, maxMs: m.maxMs || 0, chart: !!m.chart, playing: !!m.playing, pc: m.pc || 0, op: !!m.op }) };
  },
  landscape(m) {
    return { landscape: call("landscape", m.nx, m.ny, ...(m.extent || [])) };
  },
  catalog() {
    return { catalog: call("catalog") };
  },
  forcePanic() {
    return call("forcePanic");
  },
};

self.onmessage = async (ev) => {
  const m = ev.data || {};
  try {
    await loaded;
    const h = handlers[m.cmd];
    if (!h) throw new Error("unknown command " + m.cmd);
    const result = h(m);
    self.postMessage({ id: m.id, ok: true, result }, buffers(result, [], new Set()));
  } catch (e) {
    self.postMessage({ id: m.id, error: String((e && e.message) || e), exited });
  }
};
