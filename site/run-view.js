// run-view.js: the view of one run, bound to a root element. A RunView finds
// its parts inside the root by data attributes (never by global id), so a
// view can be created twice on one page (compare mode: one per run):
//
//   [data-panel=landscape|pcview|operator|convergence]  the panels
//   [data-role=landscape-canvas], [data-role=pcview-canvas]  the planes
//   [data-role=convergence] .part     the convergence chart, one per panel
//   [data-role=variance]              the explained-variance chart
//   [data-role=landscape-caption|pcview-caption|zoom|zoom-factor]
//   [data-role=fes|maxfes|gen|bestf|bestv]  the counters (in opts.counters,
//                                           or inside the root)
//
// It listens to a RunController (bind) and draws its frames: the counters
// and points at once, contour layers and charts in later tasks, one per
// task, so no main-thread task does them all (Jobs). Player asks busy()
// before requesting more generations and wants(now) for what to include.
import { GRID } from "./protocol.js";
import { fmt, setText } from "./format.js";
import { Plane } from "./plane.js";
import { ChartSet } from "./charts.js";
import { OperatorView, symbolHelp } from "./operator-view.js";

/** CHART_MS: while playing, the charts and the PC slice are refreshed this often. */
export const CHART_MS = 500;

/**
 * Jobs runs heavy updates one per task (setTimeout 0); a newer update of
 * the same kind replaces a waiting one.
 */
export class Jobs {
  constructor(onError) {
    this.jobs = new Map();
    this.timer = 0;
    this.onError = onError;
    this.run = this.run.bind(this);
  }
  later(kind, fn) {
    this.jobs.delete(kind);
    this.jobs.set(kind, fn);
    if (!this.timer) this.timer = setTimeout(this.run, 0);
  }
  run() {
    this.timer = 0;
    const it = this.jobs.entries().next();
    if (it.done) return;
    const [kind, fn] = it.value;
    this.jobs.delete(kind);
    try { fn(); } catch (e) { if (this.onError) this.onError(new Error(kind + ": " + e.message)); }
    if (this.jobs.size) this.timer = setTimeout(this.run, 0);
  }
  get size() { return this.jobs.size; }
}

function explained(values) {
  let t = 0;
  for (const v of values) t += Math.max(0, v);
  return t > 0 ? (100 * (Math.max(0, values[0]) + Math.max(0, values[1] || 0)) / t).toFixed(1) : "–";
}

export class RunView {
  /**
   * @param {Element} root holds the run's panels
   * @param {{counters?: Element, onZoom?: (on: boolean) => void, onOperatorPlay?: () => void,
   *          say?: (text: string) => void, onError?: (e: Error) => void, onKBest?: (k: number) => void}} opts
   *          (onKBest: the operator's "k best of Q" contrast, OperatorView)
   */
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    const q = (role, r = root) => r.querySelector(`[data-role="${role}"]`);
    this.q = q;
    const counters = opts.counters || root;
    this.el = {
      fes: q("fes", counters), maxfes: q("maxfes", counters), gen: q("gen", counters),
      bestf: q("bestf", counters), bestv: q("bestv", counters),
      landscapeCaption: q("landscape-caption"), pcviewCaption: q("pcview-caption"),
      zoom: q("zoom"), zoomFactor: q("zoom-factor"), variance: q("variance"),
    };
    // what g, h (the landscape's caption) and v (the counter) stand for
    if (this.el.landscapeCaption) this.el.landscapeCaption.title = symbolHelp("g", "h");
    if (this.el.bestv) this.el.bestv.title = symbolHelp("v");
    this.sections = Array.from(root.querySelectorAll("[data-panel]"));
    this.landscape = q("landscape-canvas") ? new Plane(q("landscape-canvas")) : null;
    this.pcplane = q("pcview-canvas") ? new Plane(q("pcview-canvas")) : null;
    this.operator = new OperatorView(root.querySelector('[data-panel="operator"]'), { onPlay: opts.onOperatorPlay, say: opts.say, onKBest: opts.onKBest });
    this.charts = new ChartSet(root);
    this.convParts = Array.from(root.querySelectorAll('[data-role="convergence"] .part'));
    this.jobs = new Jobs(opts.onError);
    this.run = null;
    this.frame = null;
    this.pc = null; // the PC view shown (D > 2)
    this.variance = null; // the explained variance shown: {option, csv, generation} from Go
    this.controller = null;
    this.running = false;
    this.panels = null; // the panels asked for (null: all)
    this.lastChartAt = 0;
    this.lastPCAt = 0;
    this.landscapeDrawn = false;
    this.convergencePoints = 0;
    if (this.el.zoom) this.el.zoom.onchange = () => { if (opts.onZoom) opts.onZoom(this.el.zoom.checked); };
  }

  /** bind draws what controller sends. */
  bind(controller) {
    this.controller = controller;
    controller.on("configured", ({ run, frame, landscape }) => this.setRun(run, frame, landscape));
    controller.on("frame", ({ frame, force }) => this.applyFrame(frame, force));
    controller.on("landscape", ({ landscape }) => { this.setLandscape(landscape, true); this.drawViews(); });
    controller.on("reset", () => { this.operator.setRun(this.run); });
    return this;
  }

  get dim() { return this.run ? Number(this.run.config.dim) : 0; }

  /** busy reports drawing work still queued (Player waits for it). */
  busy() { return this.jobs.size > 0; }

  /** wants says what the next playing frame should carry. */
  wants(now) {
    return {
      chart: now - this.lastChartAt > CHART_MS,
      pc: this.dim > 2 ? (now - this.lastPCAt > CHART_MS ? GRID.pc : 1) : 0,
    };
  }

  /** setRunning: the view draws a playing run (charts thinner, fewer redraws). */
  setRunning(on) { this.running = on; }

  /** setZoom shows the zoom toggle's state. */
  setZoom(on) { if (this.el.zoom) this.el.zoom.checked = on; }

  /**
   * layout shows the panels asked for (null: all) for the run's dimension:
   * the landscape slot shows the PC view for D > 2 and vice versa. It
   * returns after the sections are shown; instances and redraws follow in
   * the next animation frame.
   */
  layout(panels) {
    if (panels !== undefined) this.panels = panels;
    const dim = this.run ? this.dim : 2;
    const want = new Set(this.panels || ["landscape", "operator", "pcview", "convergence"]);
    if (dim > 2 && want.has("landscape")) want.add("pcview");
    if (dim === 2 && want.has("pcview")) want.add("landscape");
    for (const sec of this.sections) {
      const p = sec.dataset.panel;
      let show = want.has(p);
      if (p === "landscape" && dim !== 2) show = false;
      if (p === "pcview" && dim === 2) show = false;
      sec.hidden = !show;
    }
    // ECharts instances are made here (and at load), never during a run
    requestAnimationFrame(() => { this.charts.flush(); this.charts.resize(); this.redrawAll(); });
  }

  /** setRun shows a new run and its first frame. */
  setRun(run, frame, landscape) {
    this.run = run;
    this.operator.setRun(run);
    this.layout();
    if (this.dim === 2 && landscape) this.setLandscape(landscape, true);
    else setText(this.el.landscapeCaption, "");
    this.applyFrame(frame, true);
  }

  // setLandscape shows a 2-D contour from Go (on the landscape and the
  // operator planes). now: at once; otherwise the layers are rebuilt in
  // tasks of their own after the frame is drawn.
  setLandscape(c, now) {
    if (!c || !this.landscape) return;
    if (now) {
      this.landscape.setContour(c, ["x1", "x2"]);
      this.operator.setContour(c, false);
    } else {
      this.jobs.later("layer", () => { this.landscape.setContour(c, ["x1", "x2"]); this.landscape.buildLayer(); this.drawViews(); });
      this.jobs.later("oplayer", () => { this.operator.setContour(c, true); this.operator.draw(); });
    }
    const lo = this.run.lower, hi = this.run.upper;
    const zoom = Math.max(hi[0] - lo[0], hi[1] - lo[1]) / Math.max(c.extent[1] - c.extent[0], c.extent[3] - c.extent[2]);
    setText(this.el.landscapeCaption, "— " + c.levels.length + " contour levels" + (c.logScale ? " (log-spaced)" : "") + ", " +
      this.run.numIneq + " g, " + this.run.numEq + " h");
    setText(this.el.zoomFactor, zoom > 1.0001 ? "(×" + fmt(zoom) + ")" : "");
  }

  // applyFrame shows one frame: the counters and the points at once;
  // contour layers and charts in later tasks.
  applyFrame(f, force) {
    this.frame = f;
    const st = f.status;
    setText(this.el.fes, String(st.fes));
    setText(this.el.maxfes, String(st.maxFES));
    setText(this.el.gen, String(st.generation));
    setText(this.el.bestf, st.feasible ? fmt(st.bestF) : "none feasible");
    setText(this.el.bestv, fmt(st.bestV));
    this.operator.update(f, f.op || (this.controller ? this.controller.op : undefined));
    if (f.landscape) this.setLandscape(f.landscape, force);
    if (f.charts) {
      // the convergence chart's panels, each drawn in a task of its own
      this.lastChartAt = performance.now();
      this.convParts.forEach((el, i) => {
        if (el.hidden !== (i >= f.charts.length)) {
          // a panel appears or goes (another algorithm): its instance is
          // made after this layout change, never during a run
          el.hidden = i >= f.charts.length;
          requestAnimationFrame(() => { this.charts.flush(); this.charts.resize(); });
        }
        if (i >= f.charts.length) return;
        this.jobs.later("chart" + i, () => {
          const n = this.charts.set(el, JSON.parse(f.charts[i]));
          if (i === 0) this.convergencePoints = n;
        });
      });
    }
    if (f.pc) this.showPC(f.pc, force);
    this.drawViews();
  }

  /**
   * showPC shows a principal-component view: a frame's, or compare mode's
   * view of this run on the plane all runs share. force: draw its contour
   * layer at once.
   */
  showPC(pc, force) {
    if (!this.pcplane) return;
    this.pc = pc;
    if (pc.contour) {
      this.lastPCAt = performance.now();
      const c = pc.contour;
      if (!this.pcplane.contour || force) this.pcplane.setContour(c, ["PC1", "PC2"]);
      else {
        // while playing, build the new slice's layer in a task of its own
        this.jobs.later("pclayer", () => {
          this.pcplane.setContour(c, ["PC1", "PC2"]);
          this.pcplane.buildLayer();
          this.drawViews();
        });
      }
    }
    if ((pc.contour || !this.running) && this.el.variance) {
      const variance = pc.variance;
      // what the chart shows, for its exports (exports.js): Go's option and CSV
      const shown = { option: variance, csv: pc.varianceCSV, generation: pc.generation };
      this.jobs.later("variance", () => { this.charts.set(this.el.variance, JSON.parse(variance)); this.variance = shown; });
    }
    setText(this.el.pcviewCaption, "— generation " + pc.generation + ", PC1+PC2 explain " + explained(pc.values) + "%");
  }

  drawViews() {
    const f = this.frame;
    if (!f || !this.run) return;
    if (this.dim === 2) {
      if (this.landscape) { this.landscape.drawPopulation(f.x, f.v, f.best); this.landscapeDrawn = true; }
    } else if (this.pc && this.pcplane) {
      this.pcplane.drawPopulation(this.pc.coords, this.pc.v, this.pc.best);
      this.landscapeDrawn = true;
    }
    this.operator.draw();
  }

  // redrawAll measures the canvases again and redraws everything (after a
  // layout change or a window resize, not per generation).
  redrawAll() {
    for (const p of [this.landscape, this.pcplane]) if (p) { p.resize(); p.layer = null; }
    this.operator.resize();
    this.drawViews();
  }

  resize() {
    this.charts.resize();
    this.redrawAll();
  }

  /** chartInfo is window.playground.chartInfo() for this view. */
  chartInfo() {
    const plane = this.dim > 2 ? this.pcplane : this.landscape;
    return {
      landscapeDrawn: this.landscapeDrawn,
      points: plane ? plane.pointsDrawn : 0,
      convergence: this.convergencePoints,
      // the 2-D landscape's window [x0, x1, y0, y1] as drawn
      window: this.landscape ? Array.from(this.landscape.extent) : [],
      // the PC view's window and axes (D > 2)
      pcWindow: this.pcplane && this.dim > 2 ? Array.from(this.pcplane.extent) : [],
      pcAxes: this.pc ? [Array.from(this.pc.v1 || []), Array.from(this.pc.v2 || [])] : [],
    };
  }

  /** dispose frees the chart instances and stops the operator's timer. */
  dispose() {
    this.operator.stop();
    this.charts.dispose();
  }
}
