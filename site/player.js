// player.js: the play loop. A Player advances one or several runs
// (RunControllers) at a speed, once per animation frame, while the page
// stays responsive:
//
//   - at speed s the lead run gets SPEEDS[s] generations per second (speed
//     10: as many as the worker makes in 20 ms per request);
//   - no new generations are asked while a request is in flight or while a
//     view still has drawing work queued (view.busy()): on a 2-core machine
//     a drawing task that shares its core with the worker takes 2-3x longer;
//   - each request asks for what the view wants (view.wants(now): the
//     convergence chart and the PC slice at about 2 Hz).
//
// Lockstep: with several runs, the first leads by generations and every
// other run is advanced to the lead's FES (advance({untilFES})), so runs
// that spend different FES per generation stay side by side in budget.
import { SPEEDS } from "./state.js";

export class Player {
  /**
   * @param {{run: import("./run-controller.js").RunController, view?: {busy(): boolean, wants(now: number): object}}[]} entries
   * @param {{speed: () => number, loop: () => boolean, onChange?: (running: boolean) => void,
   *          onMessage?: (text: string) => void, onError?: (e: Error) => void,
   *          onAdvance?: (now: number, final: boolean) => Promise<void>}} opts
   *   onAdvance is awaited after every request, once all runs stand at the
   *   lead's FES (compare mode draws what spans the runs then); final: the
   *   runs are done and their last frames drawn.
   */
  constructor(entries, opts) {
    this.entries = entries;
    this.opts = opts;
    this.running = false;
    this.inflight = false;
    this.pending = null; // the step in flight
    this.t0 = 0;
    this.gens = 0;
    this.loopTimer = 0;
    this.tick = this.tick.bind(this);
  }

  get lead() { return this.entries[0].run; }

  set(running) {
    if (this.running === running) return;
    this.running = running;
    if (this.opts.onChange) this.opts.onChange(running);
  }

  /** play starts the loop; at the end of the budget it restarts (loop) or says why not. */
  play() {
    if (this.running || !this.lead.run) return;
    if (this.entries.every((e) => e.run.done)) {
      if (this.opts.loop()) { this.restartLoop(); return; }
      this.say("The FES budget is used up: press reset to run again, or raise the budget.");
      return;
    }
    clearTimeout(this.loopTimer);
    this.resync();
    this.set(true);
    requestAnimationFrame(this.tick);
  }

  /**
   * pause stops the loop and, once the step in flight is done (the runs
   * then stand in lockstep), asks each run for a last, complete frame.
   */
  pause() {
    if (!this.running) return Promise.resolve();
    this.set(false);
    return Promise.resolve(this.pending).then(() => Promise.all(this.entries.map((e) => e.run.redraw().catch(() => {}))));
  }

  /** stop stops the loop without a last frame (a new run replaces this one). */
  stop() {
    clearTimeout(this.loopTimer);
    this.set(false);
  }

  /** resync restarts the speed's clock (after a speed change). */
  resync() {
    this.t0 = performance.now();
    this.gens = 0;
  }

  say(text) { if (this.opts.onMessage) this.opts.onMessage(text); }

  restartLoop() {
    Promise.all(this.entries.map((e) => e.run.reset())).then(() => this.play(), (e) => this.error(e));
  }

  error(e) {
    this.set(false);
    if (this.opts.onError) this.opts.onError(e);
  }

  tick(now) {
    if (!this.running) return;
    requestAnimationFrame(this.tick);
    if (this.inflight || this.entries.some((e) => e.view && e.view.busy())) return;
    const rate = SPEEDS[this.opts.speed()];
    let n;
    if (rate === Infinity) n = 100000;
    else {
      const due = Math.floor((now - this.t0) * rate / 1000) - this.gens;
      if (due < 1) return;
      if (due > rate / 4 + 1) this.t0 = now - (this.gens + 1) * 1000 / rate;
      n = Math.max(1, Math.min(due, Math.ceil(rate / 4)));
    }
    this.inflight = true;
    const wants = (e) => (e.view ? e.view.wants(now) : {});
    this.pending = (async () => {
      const [lead, ...rest] = this.entries;
      const skip = () => !this.running;
      const f = await lead.run.advance(Object.assign({ n, maxMs: 20, playing: true }, wants(lead)), { skip });
      if (!f) return;
      this.gens += f.applied;
      // the others catch up with the lead even when paused meanwhile, so
      // a paused comparison is always in step
      for (const e of rest) {
        // once the lead is done and they stand at its FES, the others go on
        // to their own end (their last generation may end at another FES)
        const past = f.status.done && e.run.frame && e.run.frame.status.fes >= f.status.fes;
        const o = past ? { n, maxMs: 20 } : { n: 1e9, untilFES: f.status.fes };
        await e.run.advance(Object.assign(o, { playing: true }, wants(e)));
      }
      const final = this.running && this.entries.every((e) => e.run.done);
      if (this.opts.onAdvance && !final) await this.opts.onAdvance(now, false);
      if (final) {
        this.set(false);
        await Promise.all(this.entries.map((e) => e.run.redraw()));
        if (this.opts.onAdvance) await this.opts.onAdvance(now, true);
        if (this.opts.loop()) this.loopTimer = setTimeout(() => { if (!this.running) this.restartLoop(); }, 800);
      }
    })().catch((e) => this.error(e)).finally(() => { this.inflight = false; this.pending = null; });
  }
}
