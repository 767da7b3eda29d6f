// run-controller.js: one run, without DOM. A RunController drives a run in
// a worker (a RunHandle) and keeps what the views need: the configured run
// (config, parameters, box), the last frame and the last PCA-projection.
// Every call on the run is queued, so configure, steps, resets and view
// changes apply in the order they were asked, whoever asked.
//
// Views listen with on(type, fn):
//   "configured" {run, frame, landscape}  a new run (frame: generation 0)
//   "frame"      {frame, force}           a frame to draw (force: draw the
//                                         contour layers at once)
//   "landscape"  {landscape}              a new 2-D contour (zoom toggled)
//   "reset"      {}                       before the reset frame arrives
//   "error"      {error}                  a failed call (it also rejects)
//
// Several controllers can run at once (compare mode): advance({untilFES})
// brings each to the same FES, which is how Player keeps them in lockstep.
import { GRID, ERR } from "./protocol.js";
import { needsRestart } from "./worker-client.js";

export class RunController {
  /** @param {import("./worker-client.js").RunHandle} handle */
  constructor(handle) {
    this.handle = handle;
    /** the configured run: {config, params, notices, lower, upper, numIneq, numEq, data, problem} */
    this.run = null;
    this.frame = null;
    /** the last PCA-projection the worker sent (frames carry it once) */
    this.op = null;
    this.zoom = false;
    this.queue = Promise.resolve();
    this.listeners = new Map();
    this.state = null; // the run values of the last configure
  }

  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, []);
    this.listeners.get(type).push(fn);
    return this;
  }

  emit(type, data) {
    for (const fn of this.listeners.get(type) || []) fn(data);
  }

  /** enqueue runs fn after every call queued before it. */
  enqueue(fn) {
    const p = this.queue.then(fn);
    this.queue = p.catch(() => {});
    return p;
  }

  // fail reports an error to the listeners and rethrows it.
  fail(e) {
    this.emit("error", { error: e });
    throw e;
  }

  get dim() { return this.run ? Number(this.run.config.dim) : 0; }
  get done() { return !!(this.frame && this.frame.status.done); }

  /** pcGrid is the PC view's contour grid for a full frame (0 at D = 2). */
  pcGrid() { return this.dim > 2 ? GRID.pc : 0; }

  /**
   * configure starts a new run from run values (URL keys; Go sanitises
   * them) and resolves with the configured run.
   */
  configure(values, { zoom = this.zoom } = {}) {
    return this.enqueue(() => this.configureNow(values, { zoom }));
  }

  async configureNow(values, { zoom }) {
    let r;
    try {
      r = await this.handle.configure(values, {
        view: { zoom, grid: GRID.landscape },
        frame: { chart: true, pc: GRID.pc, op: true },
      });
    } catch (e) {
      return this.fail(e);
    }
    this.zoom = zoom;
    this.state = Object.assign({}, values);
    const { frame, landscape } = r;
    this.run = { config: r.config, params: r.params, notices: r.notices, lower: r.lower, upper: r.upper, numIneq: r.numIneq, numEq: r.numEq, data: r.data, problem: r.problem };
    this.frame = frame;
    this.op = frame.op || null;
    this.emit("configured", { run: this.run, frame, landscape });
    return this.run;
  }

  /**
   * advance asks the worker for generations ({n, untilFES, maxMs, chart,
   * playing, pc}) and resolves with the frame after them; skip() is asked
   * when the call's turn comes, and true cancels it (resolves null).
   */
  advance(options, { force = false, skip = null } = {}) {
    return this.enqueue(async () => {
      if (skip && skip()) return null; // e.g. paused while the request waited
      if (!this.run) throw new Error("not configured");
      let f;
      try {
        f = await this.handle.step(options);
      } catch (e) {
        return this.fail(e);
      }
      this.applyFrame(f, force);
      return f;
    });
  }

  applyFrame(f, force) {
    this.frame = f;
    if (f.op) this.op = f.op;
    this.emit("frame", { frame: f, force });
  }

  /** step applies n generations and sends a complete frame (chart, PC view). */
  step(n = 1) {
    return this.advance({ n, chart: true, pc: this.pcGrid() }, { force: true });
  }

  /** redraw asks for a complete frame without stepping. */
  redraw() { return this.advance({ n: 0, chart: true, pc: this.pcGrid() }, { force: true }); }

  /**
   * reset starts the same run again (same seed). When the worker died, it
   * is started again and the run configured anew (so is a run the worker
   * no longer holds).
   */
  reset() {
    return this.enqueue(async () => {
      if (!this.run) throw new Error("not configured");
      let f;
      try {
        f = await this.handle.reset({ chart: true, pc: this.pcGrid(), op: true });
      } catch (e) {
        // the worker died (start it again), or its run is gone (a restart
        // for another run of the same worker): configure the run anew
        if (needsRestart(e)) this.handle.client.restart();
        else if (e.code !== ERR.NO_RUN) return this.fail(e);
        return this.configureNow(this.state, { zoom: this.zoom });
      }
      this.op = null;
      this.emit("reset", {});
      this.applyFrame(f, true);
      return f;
    });
  }

  /** setZoom switches the 2-D landscape's zoom to the population. */
  setZoom(zoom) {
    return this.enqueue(async () => {
      this.zoom = !!zoom;
      if (!this.run || this.dim !== 2) return null;
      let landscape;
      try {
        landscape = await this.handle.view({ zoom: this.zoom, grid: GRID.landscape });
      } catch (e) {
        return this.fail(e);
      }
      this.emit("landscape", { landscape });
      return landscape;
    });
  }

  /** status is window.playground.status()'s run part. */
  status() {
    const st = this.frame ? this.frame.status : {};
    return {
      fes: st.fes || 0,
      bestF: st.bestF === undefined ? null : st.bestF,
      bestV: st.bestV === undefined ? null : st.bestV,
      feasible: !!st.feasible,
      generation: st.generation || 0,
      done: !!st.done,
      maxFES: st.maxFES || 0,
    };
  }

  /** close frees the run in its worker. */
  close() { return this.enqueue(() => this.handle.close()); }
}
