// operator-view.js: "Inside the operator", the last PCA-projection played
// phase by phase (PHASES, from Go): select the k best, principal axes,
// project, reconstruct, evaluate, replace. An OperatorView is bound to its
// panel (section[data-panel="operator"]) and finds its parts by data-role.
// The children, their f, v and acceptance are the solver's own (Go's
// Operator: trial, children, pf, pv, accepted): nothing is evaluated here.
import { PHASES, PROTOCOL } from "./protocol.js";
import { fmt, setText } from "./format.js";
import { Plane, C, dot, ring, cross, square, diamond, arrow } from "./plane.js";

/** subscript writes a whole number with subscript digits: 12 → ₁₂. */
const subscript = (i) => String(i).replace(/\d/g, (d) => "₀₁₂₃₄₅₆₇₈₉"[d]);

/** symbolHelp is Go's meaning of each letter (PROTOCOL.symbols), one a line: a tooltip. */
export function symbolHelp(...keys) {
  return keys.map((k) => (PROTOCOL.symbols.find((s) => s.key === k) || { text: k }).text).join("\n");
}

/**
 * drawOperator draws one PCA-projection (op, in plane coordinates made by
 * toPlane(x) → [u, v]) up to phase (0..5; −1: everything). op.inputs are
 * the points x_i that core projected, op.points their reconstructions x'_i,
 * op.children the children the run evaluated (rows with op.trial = 1).
 */
export function drawOperator(plane, op, phase, toPlane, pop, axes) {
  const g = plane.begin();
  const n = op.n, count = op.count;
  const all = phase < 0;
  const show = (p) => all || phase >= p;
  const row = (a, i) => a.subarray(i * n, (i + 1) * n);
  const inP = [], outP = [], childP = [];
  for (let i = 0; i < count; i++) {
    inP.push(toPlane(row(op.inputs, i)));
    outP.push(toPlane(row(op.points, i)));
    childP.push(toPlane(row(op.children, i)));
  }
  const X = (p) => plane.px(p[0]), Y = (p) => plane.py(p[1]);
  // the population after the generation, faint (context)
  if (pop && (phase === 5 || all)) {
    g.globalAlpha = 0.25;
    for (let i = 0; i * 2 < pop.length; i++) dot(g, plane.px(pop[2 * i]), plane.py(pop[2 * i + 1]), 2.5, "#555");
    g.globalAlpha = 1;
  }
  const mean = toPlane(op.mean);
  const mx = X(mean), my = Y(mean);
  const selected = new Set(Array.from(op.selected));
  // phase 0: inputs and the k selected
  for (let i = 0; i < count; i++) {
    ring(g, X(inP[i]), Y(inP[i]), 4, "#333");
    if (selected.has(i)) square(g, X(inP[i]), Y(inP[i]), 6, C.orange);
  }
  // phase 1: mean and axes scaled by sqrt(eigenvalue)
  if (show(1)) {
    for (const j of (axes || [0, 1]).slice().reverse()) {
      const v = op.vectors.subarray(j * n, (j + 1) * n);
      const s = Math.sqrt(Math.max(0, op.values[j]));
      const tip = new Float64Array(n);
      for (let d = 0; d < n; d++) tip[d] = op.mean[d] + s * v[d];
      const t = toPlane(tip);
      const kept = j < op.m;
      arrow(g, mx, my, X(t), Y(t), kept ? C.green : C.pink, kept ? 3 : 2, kept ? [] : [5, 4]);
      g.fillStyle = kept ? C.green : C.pink; g.font = "bold 12px system-ui, sans-serif";
      g.textAlign = "left"; g.textBaseline = "bottom";
      g.fillText("v" + (j + 1), X(t) + 4, Y(t) - 2);
    }
    diamond(g, mx, my, 7, C.black);
  }
  // phase 2: the kept subspace and the orthogonal drop from each input
  if (show(2)) {
    if (op.m === 1) {
      const v = op.vectors.subarray(0, n);
      const far = new Float64Array(n), far2 = new Float64Array(n);
      const L = 1e3 * (Math.abs(plane.extent[1] - plane.extent[0]) + Math.abs(plane.extent[3] - plane.extent[2]));
      for (let d = 0; d < n; d++) { far[d] = op.mean[d] + L * v[d]; far2[d] = op.mean[d] - L * v[d]; }
      const a = toPlane(far), b = toPlane(far2);
      g.strokeStyle = C.green; g.lineWidth = 1; g.setLineDash([2, 3]);
      g.beginPath(); g.moveTo(X(a), Y(a)); g.lineTo(X(b), Y(b)); g.stroke();
      g.setLineDash([]);
    }
    for (let i = 0; i < count; i++) {
      g.strokeStyle = "#777"; g.lineWidth = 1; g.setLineDash([2, 2]);
      g.beginPath(); g.moveTo(X(inP[i]), Y(inP[i])); g.lineTo(X(outP[i]), Y(outP[i])); g.stroke();
      g.setLineDash([]);
      if (phase === 2) dot(g, X(outP[i]), Y(outP[i]), 2, C.green);
    }
  }
  // phase 3: reconstructions with an arrow from each input
  if (show(3) && phase !== 4 && phase !== 5) {
    for (let i = 0; i < count; i++) {
      arrow(g, X(inP[i]), Y(inP[i]), X(outP[i]), Y(outP[i]), C.sky, 1.5, []);
      ring(g, X(outP[i]), Y(outP[i]), 5, C.sky, 2.5);
    }
  }
  // phase 4: the rows that became children, evaluated (a repaired child is
  // joined to its reconstruction); the unused reconstructions faint
  if (phase === 4) {
    for (let i = 0; i < count; i++) {
      if (!op.trial[i]) {
        g.globalAlpha = 0.35; ring(g, X(outP[i]), Y(outP[i]), 4, C.sky, 1.5); g.globalAlpha = 1;
        continue;
      }
      const x = X(childP[i]), y = Y(childP[i]);
      if (x !== X(outP[i]) || y !== Y(outP[i])) {
        g.strokeStyle = C.sky; g.lineWidth = 1; g.setLineDash([3, 2]);
        g.beginPath(); g.moveTo(X(outP[i]), Y(outP[i])); g.lineTo(x, y); g.stroke(); g.setLineDash([]);
      }
      if (op.pv[i] > 0) cross(g, x, y, 5, C.vermillion); else dot(g, x, y, 4.5, C.blue);
      if (count <= 16) {
        g.fillStyle = "#222"; g.font = "10px system-ui, sans-serif"; g.textAlign = "left"; g.textBaseline = "middle";
        g.fillText(op.pv[i] > 0 ? "v=" + fmt(op.pv[i]) : "f=" + fmt(op.pf[i]), x + 7, y);
      }
    }
  }
  // phase 5: which children the selection accepted
  if (show(5)) {
    for (let i = 0; i < count; i++) {
      if (!op.trial[i]) continue;
      const x = X(childP[i]), y = Y(childP[i]);
      if (op.accepted[i]) {
        arrow(g, X(inP[i]), Y(inP[i]), x, y, C.sky, 1.5, []);
        ring(g, x, y, 7, C.blue, 2.5);
        if (op.pv[i] > 0) cross(g, x, y, 4, C.vermillion); else dot(g, x, y, 4, C.blue);
      } else {
        g.globalAlpha = 0.6; ring(g, x, y, 4, C.sky, 1.5); g.globalAlpha = 1;
      }
    }
  }
  plane.end();
  plane.pointsDrawn = count;
}

/** OperatorView is the operator panel of one run view. */
export class OperatorView {
  /**
   * @param {Element|null} section the panel (nothing is drawn without one)
   * @param {{onPlay?: () => void, say?: (text: string) => void, onKBest?: (k: number) => void}} opts onPlay: the
   * phases start playing (pause the run); onKBest: the playground's "k best of Q" contrast (sets pcak), shown
   * while the operator takes all of Q (k = λ)
   */
  constructor(section, opts = {}) {
    this.section = section;
    this.opts = opts;
    this.run = null;
    this.frame = null;
    this.op = null;
    this.phase = -1;
    this.timer = 0;
    this.shownPhase = null;
    if (!section) return;
    const q = (role) => section.querySelector(`[data-role="${role}"]`);
    this.el = {
      caption: q("operator-caption"), text: q("op-text"), list: q("op-phases"),
      prev: q("op-prev"), play: q("op-play"), next: q("op-next"), all: q("op-all"),
    };
    this.plane = new Plane(q("operator-canvas"));
    // the phase list comes from the protocol
    this.el.list.textContent = "";
    for (const p of PHASES) {
      const li = document.createElement("li");
      li.textContent = p.title;
      this.el.list.append(li);
    }
    // k = λ (pcak's default): the PCA of all of Q, and the contrast that teaches
    this.el.kbest = null;
    if (opts.onKBest) {
      const p = document.createElement("p");
      p.className = "help op-kbest";
      p.dataset.role = "op-kbest";
      p.hidden = true;
      const text = document.createElement("span");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.role = "op-kbest-try";
      b.onclick = () => opts.onKBest(Number(b.dataset.k));
      p.append(text, " ", b);
      this.el.text.after(p);
      this.el.kbest = { p, text, b };
    }
    this.el.prev.onclick = () => { this.stop(); this.setPhase(this.phase <= 0 ? 0 : this.phase - 1); };
    this.el.next.onclick = () => { this.stop(); this.setPhase(this.phase < 0 ? 0 : Math.min(PHASES.length - 1, this.phase + 1)); };
    this.el.all.onclick = () => { this.stop(); this.setPhase(-1); };
    this.el.play.onclick = () => this.togglePlay();
  }

  get shown() { return !!this.section && !this.section.hidden; }

  /**
   * showKBest says, while the operator selects every input (k = λ, the
   * paper's PMODE: the PCA of all of Q), what that means, and offers the
   * k best of Q instead (half of them, at least 2).
   */
  showKBest(op) {
    const kb = this.el.kbest;
    if (!kb) return;
    kb.p.hidden = !(op && op.k === op.count && op.count > 2);
    if (kb.p.hidden) return;
    const k = Math.max(2, Math.round(op.count / 2));
    setText(kb.text, "k = λ = " + op.count + ": the principal axes of all of Q, as the paper's PMODE takes them (§4.1). " +
      "While Q is a random sample (the first generations) its first axis points anywhere (the lesson's step (d)).");
    kb.b.dataset.k = String(k);
    setText(kb.b, "Try the " + k + " best of Q (pcak=" + k + ")");
  }

  /** setRun: a new run (no operator yet). */
  setRun(run) {
    this.run = run;
    this.op = null;
    this.phase = -1;
    this.stop();
  }

  /** setContour: the 2-D landscape under the operator (D = 2). */
  setContour(c, build) {
    if (!this.plane) return;
    this.plane.setContour(c, ["x1", "x2"]);
    this.plane.opKey = null;
    if (build) this.plane.buildLayer();
  }

  /** update takes a frame (and its operator, when it carries one). */
  update(frame, op) {
    this.frame = frame;
    if (op !== undefined && op !== this.op) {
      this.op = op;
      if (!this.timer) this.phase = -1;
    }
  }

  setPhase(p) {
    this.phase = p;
    this.draw();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    if (this.el) setText(this.el.play, "Step into the operator");
  }

  togglePlay() {
    if (this.timer) { this.stop(); return; }
    if (!this.op) {
      if (this.opts.say) this.opts.say("No PCA-projection yet: step or play until one runs.");
      return;
    }
    if (this.opts.onPlay) this.opts.onPlay();
    this.setPhase(0);
    setText(this.el.play, "Stop");
    this.timer = setInterval(() => {
      if (this.phase >= PHASES.length - 1) { this.stop(); return; }
      this.setPhase(this.phase + 1);
    }, 1400);
  }

  resize() { if (this.plane) { this.plane.resize(); this.plane.layer = null; } }

  draw() {
    if (!this.section || !this.run) return;
    const el = this.el, run = this.run, op = this.op, frame = this.frame;
    const dim = Number(run.config.dim);
    if (this.shownPhase !== this.phase) {
      this.shownPhase = this.phase;
      const items = el.list.querySelectorAll("li");
      items.forEach((li, i) => li.classList.toggle("on", this.phase < 0 || i <= this.phase));
      items.forEach((li, i) => li.classList.toggle("current", i === this.phase));
    }
    if (!op) {
      setText(el.caption, "");
      const pca = run.params.find((p) => p.key === "pca");
      const text = pca && pca.value === "false"
        ? "PCA-projection is switched off for this run: turn it on in Settings."
        : (run.params.some((p) => p.key.startsWith("pca"))
          ? "PCA-projection has not run yet: it runs with a probability per generation. Step or play until it does."
          : "This algorithm has no PCA-projection: choose PMODE or HECO-PDE.");
      setText(el.text, text);
      if (this.shown) {
        if (dim === 2) {
          this.plane.drawPopulation(frame ? frame.x : [], frame ? frame.v : [], frame ? frame.best : null, true);
          this.plane.message(text);
        } else {
          this.plane.setContour(null, ["PC1 of the selected points", "PC2"]);
          this.plane.opKey = null;
          this.plane.message(text, true);
        }
      }
      return;
    }
    const n = op.n;
    let trials = 0, accepted = 0;
    for (let i = 0; i < op.count; i++) { trials += op.trial[i]; accepted += op.accepted[i]; }
    el.caption.title = symbolHelp("k", "m", "n");
    setText(el.caption, "— generation " + op.generation + ": " + op.count + " inputs, k=" + op.k + ", m=" + op.m + ", n=" + n +
      "; " + trials + " PCA " + (trials === 1 ? "child" : "children") + ", " + accepted + " accepted");
    let txt = this.phase < 0 ? "All phases at once. Press “Step into the operator” to play them one by one."
      : (this.phase + 1) + "/" + PHASES.length + " " + PHASES[this.phase].text;
    // the eigenvalues, as what they are: the variance σ² of the selected
    // points along each axis (not the parameter lambda)
    const shown = Math.min(n, 5);
    txt += "  variance along " + Array.from({ length: shown }, (_, i) => "v" + subscript(i + 1)).join(", ") + (n > 5 ? ", …" : "") +
      ": " + Array.from(op.values.slice(0, shown)).map(fmt).join(", ") + (n > 5 ? ", …" : "");
    if (dim === 2 && op.m >= 2) txt += "  (m ≥ n: the projection is the identity)";
    setText(el.text, txt);
    this.showKBest(op);
    if (!this.shown) return;
    let toPlane, pop = null, j2 = 1;
    const plane = this.plane;
    if (dim === 2) {
      toPlane = (x) => [x[0], x[1]];
      pop = frame ? frame.x : null;
    } else {
      // the plane through the operator's mean spanned by v1 (kept) and the
      // first dropped axis v_{m+1}: projecting zeroes that coordinate, so
      // the points visibly drop onto the v1 axis (in the v1,v2 plane with
      // m ≥ 2 nothing would move)
      j2 = op.m < n ? op.m : 1;
      const v1 = op.vectors.subarray(0, n), v2 = op.vectors.subarray(j2 * n, (j2 + 1) * n);
      toPlane = (x) => {
        let a = 0, b = 0;
        for (let d = 0; d < n; d++) { const z = x[d] - op.mean[d]; a += v1[d] * z; b += v2[d] * z; }
        return [a, b];
      };
      if (plane.opKey !== op) {
        let r = 0;
        for (let i = 0; i < op.count; i++) {
          for (const arr of [op.inputs, op.points, op.children]) {
            const p = toPlane(arr.subarray(i * n, (i + 1) * n));
            r = Math.max(r, Math.abs(p[0]), Math.abs(p[1]));
          }
        }
        r = Math.max(r, Math.sqrt(Math.max(0, op.values[0]))) * 1.2 || 1;
        plane.setContour(null);
        plane.setExtent([-r, r, -r, r], ["v1 (kept)", "v" + (j2 + 1) + (j2 >= op.m ? " (first dropped axis)" : "")]);
        plane.opKey = op;
      }
    }
    drawOperator(plane, op, this.phase, toPlane, pop, [0, j2]);
  }
}
