// transport.js: the run controls bar (play/pause, step, reset, speed),
// bound to its root by data-role. It reports clicks; app.js decides.
import { SPEEDS } from "./state.js";
import { setText } from "./format.js";

export class TransportView {
  /**
   * @param {Element} root
   * @param {{onPlay: () => void, onStep: () => void, onReset: () => void, onSpeed: (s: number) => void}} opts
   */
  constructor(root, opts) {
    const q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.el = { play: q("play"), step: q("step"), reset: q("reset"), speed: q("speed"), speedLabel: q("speed-label"), loading: q("loading") };
    this.el.play.onclick = () => opts.onPlay();
    this.el.step.onclick = () => opts.onStep();
    this.el.reset.onclick = () => opts.onReset();
    this.el.speed.oninput = () => opts.onSpeed(Number(this.el.speed.value));
  }

  /** update shows whether a run exists, plays and is done. */
  update({ ready, running, done }) {
    const el = this.el;
    el.play.disabled = !ready;
    el.reset.disabled = !ready;
    el.step.disabled = !ready || done;
    setText(el.play, running ? "❚❚ Pause" : "▶ Play");
    el.play.setAttribute("aria-pressed", running ? "true" : "false");
  }

  setSpeed(s) {
    if (Number(this.el.speed.value) !== s) this.el.speed.value = s;
    const r = SPEEDS[s];
    setText(this.el.speedLabel, r === Infinity ? "max" : r + " gen/s");
  }

  loaded(error) {
    if (error) this.el.loading.textContent = "could not start: " + error;
    else this.el.loading.hidden = true;
  }
}
