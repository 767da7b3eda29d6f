// worker-pool.js: a pool of Web Workers that runs the jobs of an experiment
// (experiment-def.js jobGrid), each worker one run at a time through the one
// step API: configure(state, {record: true}), step({maxMs}) until the frame
// says done, then record(run, name, index), Go's JSON line of the
// `cec run -o` schema. No DOM.
//
// A job whose worker dies (the worker's error event, the Go program exiting,
// or no answer within WATCHDOG_MS) or whose call fails is run again once on
// a fresh worker, then reported failed with the reason; the other jobs go
// on. pause() holds every worker between two steps (at most STEP_MS later);
// cancel() terminates the workers. The jobs are pulled one at a time from
// what run is given (an array, or a generator that makes each job when it
// is pulled), as workers come free: none is made before it is run.
import { WorkerClient, WorkerError } from "./worker-client.js";
import { ERR } from "./protocol.js";

/** STEP_MS is the worker time of one step call: short, so that pause and cancel act at once. */
export const STEP_MS = 50;
/** WATCHDOG_MS: a call without an answer for this long means the worker is dead. */
export const WATCHDOG_MS = 60000;
/** ATTEMPTS is how often a job is tried (once, then once again). */
export const ATTEMPTS = 2;

class Cancelled extends Error {}

function watchdog(p, ms) {
  let timer;
  const t = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new WorkerError(ERR.WORKER_FAILED, "the worker gave no answer within " + ms / 1000 + " s")), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export class WorkerPool {
  /**
   * @param {number} size the number of workers
   * @param {{url?: URL, modules?: Function, makeClient?: () => WorkerClient}} opts (modules:
   * the page's createModuleCache, which its workers share)
   */
  constructor(size, opts = {}) {
    this.size = Math.max(1, size | 0);
    this.makeClient = opts.makeClient || (() => new WorkerClient(opts.url, { modules: opts.modules }));
    this.slots = [];
    this.paused = false;
    this.cancelled = false;
    this.resumers = [];
  }

  /**
   * run executes jobs (an iterable: an array, or a generator pulled one
   * job at a time as a worker comes free) and resolves when every one has
   * finished or failed, or the pool was cancelled. Callbacks:
   * onRecord(job, line), onFailed(job, reason), onProgress(job, fes),
   * onRetry(job, reason), onReplaced(reason) (a worker that died between
   * two calls was replaced).
   */
  async run(jobs, cb = {}) {
    const it = jobs[Symbol.iterator]();
    this.take = () => {
      const r = it.next();
      return r.done ? null : r.value;
    };
    this.cancelled = false;
    this.cb = cb;
    // a worker for each of the first jobs, at most size
    const first = [];
    while (first.length < this.size) {
      const job = this.take();
      if (!job) break;
      first.push(job);
    }
    while (this.slots.length < first.length) this.slots.push(this.newSlot());
    await Promise.all(first.map((job, i) => this.loop(this.slots[i], job)));
  }

  newSlot() {
    const client = this.makeClient();
    const slot = { client, handle: client.runHandle(), busy: false };
    // a worker that dies between two calls (no job hears of it) is
    // replaced at once (onReplaced says so); one that dies during a call
    // fails that call, and loop replaces it
    client.onFail = (e, { idle }) => {
      if (!idle || this.cancelled || !this.slots.includes(slot)) return;
      this.restart(slot);
      if (this.cb && this.cb.onReplaced) this.cb.onReplaced((e && e.message) || String(e));
    };
    return slot;
  }

  restart(slot) {
    slot.client.restart();
    slot.handle = slot.client.runHandle();
  }

  // loop runs job on slot, then the next jobs it pulls (each after the
  // gate: none while paused), until none is left
  async loop(slot, job) {
    for (; !this.cancelled; job = null) {
      await this.gate();
      if (this.cancelled) return;
      job = job || this.take();
      if (!job) return;
      let reason = "";
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const line = await this.runJob(slot, job);
          reason = "";
          if (this.cb.onRecord) this.cb.onRecord(job, line);
          break;
        } catch (e) {
          if (this.cancelled || e instanceof Cancelled) return;
          reason = (e && e.message) || String(e);
          if (e && e.code) reason += " (" + e.code + ")";
          this.restart(slot); // a fresh worker for the next attempt
          if (attempt < ATTEMPTS && this.cb.onRetry) this.cb.onRetry(job, reason);
        }
      }
      if (reason && this.cb.onFailed) this.cb.onFailed(job, reason);
    }
  }

  async runJob(slot, job) {
    const h = slot.handle;
    await watchdog(h.configure(job.state, { record: true, view: { grid: 2 }, frame: {} }), WATCHDOG_MS);
    for (;;) {
      await this.gate();
      if (this.cancelled) throw new Cancelled();
      const f = await watchdog(h.step({ n: 1e9, maxMs: STEP_MS, chart: false }), WATCHDOG_MS);
      if (this.cb.onProgress) this.cb.onProgress(job, f.status.fes);
      if (f.status.done) break;
    }
    const line = await watchdog(slot.client.record({ run: h.id, name: job.config, index: job.run }), WATCHDOG_MS);
    h.close().catch(() => {}); // the record is safe; a worker that fails now fails the next run's configure
    return line;
  }

  /** gate resolves at once, or when resumed. */
  gate() {
    if (!this.paused || this.cancelled) return Promise.resolve();
    return new Promise((r) => this.resumers.push(r));
  }

  pause() { this.paused = true; }

  resume() {
    this.paused = false;
    const rs = this.resumers;
    this.resumers = [];
    rs.forEach((r) => r());
  }

  /** cancel stops every run at once (their workers are terminated). */
  cancel() {
    this.cancelled = true;
    this.take = () => null;
    this.resume();
    for (const s of this.slots) s.client.terminate();
    this.slots = [];
  }

  /** terminate ends the pool's workers (after run resolved). */
  terminate() {
    for (const s of this.slots) s.client.terminate();
    this.slots = [];
  }
}
