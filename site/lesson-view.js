// lesson-view.js: the guided lesson of the paper's Fig. 1, as a figure
// factory (distill style): new LessonView(root, opts) builds the lesson's
// DOM inside root (two views can live on one page) and draws the frames Go
// sends (internal/lesson.Frame via the worker's lesson command).
//
// Go decides, this draws: each step lists the layers of its figure
// (PROTOCOL.lesson.layers), its text, readouts and controls; LAYERS below
// maps a layer's name to the marks that draw it, and LEGEND to its key.
// Nothing here computes a principal axis, an angle or a projection.
//
// Parts of the view, by data-role inside root: lesson-steps (the step
// links), lesson-canvas, lesson-label, lesson-title, lesson-caption,
// lesson-text, lesson-readouts, lesson-legend, lesson-k, lesson-k-value,
// lesson-kchart, lesson-resample, lesson-p, lesson-run, lesson-download,
// lesson-back, lesson-next, lesson-count, lesson-png, lesson-gif,
// lesson-zip (the pictures row under the figure).
import { PROTOCOL } from "./protocol.js";
import { setText } from "./format.js";
import { Plane, C, dot, ring, square, diamond, star, arrow, cross } from "./plane.js";

const LESSON = PROTOCOL.lesson;

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k) e.append(k);
  return e;
}

// ---------- the layers ----------

function line(g, plane, seg, color, width, dash) {
  if (!seg || seg.length < 4) return;
  g.strokeStyle = color; g.lineWidth = width; g.setLineDash(dash || []);
  g.beginPath();
  g.moveTo(plane.px(seg[0]), plane.py(seg[1]));
  g.lineTo(plane.px(seg[2]), plane.py(seg[3]));
  g.stroke();
  g.setLineDash([]);
}

function polyline(g, plane, pts, color, width, dash) {
  g.strokeStyle = color; g.lineWidth = width; g.setLineDash(dash || []);
  g.beginPath();
  for (let i = 0; 2 * i + 1 < pts.length; i++) {
    const x = plane.px(pts[2 * i]), y = plane.py(pts[2 * i + 1]);
    if (i) g.lineTo(x, y); else g.moveTo(x, y);
  }
  g.stroke();
  g.setLineDash([]);
}

const P = (a, i) => [a[2 * i], a[2 * i + 1]];

function drawSample(g, plane, fr, faded) {
  g.globalAlpha = faded ? 0.45 : 1;
  for (let i = 0; i * 2 < fr.x.length; i++) dot(g, plane.px(fr.x[2 * i]), plane.py(fr.x[2 * i + 1]), 3.5, C.blue);
  g.globalAlpha = 1;
}

// projected draws the reconstructions of the given points with a thin
// connector from each point.
function drawProjected(g, plane, fr, fit, idx, color) {
  for (const i of idx) {
    const [x, y] = P(fr.x, i), [u, v] = P(fit.points, i);
    g.strokeStyle = "rgba(60,60,60,0.55)"; g.lineWidth = 1; g.setLineDash([2, 2]);
    g.beginPath(); g.moveTo(plane.px(x), plane.py(y)); g.lineTo(plane.px(u), plane.py(v)); g.stroke();
    g.setLineDash([]);
  }
  for (const i of idx) {
    const [u, v] = P(fit.points, i);
    dot(g, plane.px(u), plane.py(v), 3.2, color);
    ring(g, plane.px(u), plane.py(v), 3.2, "#fff", 1);
  }
}

function drawAxis(g, plane, fit, color) {
  line(g, plane, fit.line, color, 2.5);
  line(g, plane, fit.tangentLine, C.black, 2.5);
  dot(g, plane.px(fit.foot[0]), plane.py(fit.foot[1]), 3, C.black);
  diamond(g, plane.px(fit.mean[0]), plane.py(fit.mean[1]), 7, color);
}

/** LAYERS draws each layer of PROTOCOL.lesson.layers (the contour is the plane's own layer). */
export const LAYERS = Object.freeze({
  contour: () => {},
  floor: (g, plane, fr) => {
    polyline(g, plane, fr.floor, "#666", 1.3, [7, 5]);
    star(g, plane.px(fr.optimum[0]), plane.py(fr.optimum[1]), 8);
  },
  sample: (g, plane, fr, on) => drawSample(g, plane, fr, on.has("all-axis") || on.has("generation")),
  best: (g, plane, fr) => {
    for (const i of fr.best) square(g, plane.px(fr.x[2 * i]), plane.py(fr.x[2 * i + 1]), 6.5, C.orange);
  },
  "best-axis": (g, plane, fr) => drawAxis(g, plane, fr.bestFit, C.green),
  "best-projected": (g, plane, fr) => drawProjected(g, plane, fr, fr.bestFit, fr.best, C.green),
  "all-axis": (g, plane, fr) => drawAxis(g, plane, fr.allFit, C.pink),
  "all-projected": (g, plane, fr) => drawProjected(g, plane, fr, fr.allFit, fr.allFit.selected, C.pink),
  projection: (g, plane, fr) => {
    const fit = fr.bestFit;
    for (let i = 0; i * 2 < fr.x.length; i++) {
      const [x, y] = P(fr.x, i), [u, v] = P(fit.points, i);
      const better = fit.pointsF[i] < fr.f[i];
      arrow(g, plane.px(x), plane.py(y), plane.px(u), plane.py(v), better ? C.green : C.vermillion, 1.5);
    }
  },
  generation: (g, plane, fr) => {
    const gen = fr.gen;
    if (gen.hasPCA) line(g, plane, gen.pcaLine, C.green, 1.5, [6, 4]);
    const n = gen.childF.length;
    for (let i = 0; i < n; i++) {
      const [px0, py0] = P(fr.x, gen.q[i]), [cx, cy] = P(gen.children, i);
      g.strokeStyle = gen.fromPCA[i] ? "rgba(0,114,178,0.8)" : "rgba(90,90,90,0.45)";
      g.lineWidth = gen.fromPCA[i] ? 1.5 : 1;
      g.beginPath(); g.moveTo(plane.px(px0), plane.py(py0)); g.lineTo(plane.px(cx), plane.py(cy)); g.stroke();
    }
    for (let i = 0; i < n; i++) {
      const [cx, cy] = P(gen.children, i);
      const x = plane.px(cx), y = plane.py(cy);
      if (gen.fromPCA[i]) { dot(g, x, y, 3.5, C.sky); ring(g, x, y, 7, C.blue, 2); }
      else dot(g, x, y, 2.6, "#777");
    }
    for (let i = 0; i < n; i++) {
      const r = gen.replaced[i];
      if (r < 0) continue;
      const [ox, oy] = P(fr.x, r), [cx, cy] = P(gen.children, i);
      cross(g, plane.px(ox), plane.py(oy), 6, C.vermillion);
      arrow(g, plane.px(cx), plane.py(cy), plane.px(ox), plane.py(oy), C.vermillion, 1.5, [4, 3]);
    }
    for (let i = 0; i < n; i++) {
      if (!gen.nonDominated[i]) continue;
      const [cx, cy] = P(gen.children, i);
      ring(g, plane.px(cx), plane.py(cy), 10, C.vermillion, 2.5);
    }
  },
});

/** LEGEND is the key of each layer: [mark, text]. */
export const LEGEND = Object.freeze({
  contour: null,
  floor: [["dash", "valley floor y = x²"], ["star", "minimum (1, 1)"]],
  sample: [["dot", "20 random points"]],
  best: [["square", "the k best"]],
  "best-axis": [["axis-green", "first axis of the k best"], ["diamond-green", "their mean"], ["tangent", "valley's direction"]],
  "best-projected": [["dot-green", "projected k best"]],
  "all-axis": [["axis-pink", "first axis of all 20"], ["diamond-pink", "their mean"], ["tangent", "valley's direction"]],
  "all-projected": [["dot-pink", "projected 20"]],
  projection: [["arrow-green", "x → x′, f smaller"], ["arrow-red", "x → x′, f larger"]],
  generation: [["ring", "child by PCA-projection"], ["dot-grey", "child by DE"], ["ring-red", "best child (R)"], ["cross", "point it replaced"]],
});

// ---------- the angle-by-k chart ----------

// KLEGEND: the chart's legend (HTML under it): mark class, text
const KLEGEND = [
  ["kline", "this sample"],
  ["kmedian", "median of 500 samples"],
  ["kband", "middle half of 500 samples"],
  ["know", "k now"],
];

// drawKChart draws the angle to the valley against k: axis titles, ticks
// at the chart's font (11 px × font= and up), every tick label inside the
// canvas (the last one too).
function drawKChart(canvas, fr) {
  const r = canvas.getBoundingClientRect();
  const w = Math.max(160, Math.round(r.width || 240)), h = Math.max(100, Math.round(r.height || 140));
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  const g = canvas.getContext("2d");
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  const font = Math.max(11, parseFloat(getComputedStyle(canvas).fontSize) || 11);
  g.font = font + "px system-ui, sans-serif";
  const lastW = g.measureText(String(fr.maxK)).width;
  // left: the rotated axis title and "90°"; bottom: the k ticks and the axis title
  const L = Math.ceil(1.4 * font + g.measureText("90°").width + 6), R = Math.ceil(lastW / 2 + 4);
  const T = Math.ceil(0.7 * font), B = Math.ceil(2.7 * font + 4);
  const kx = (k) => L + (k - fr.minK) / (fr.maxK - fr.minK) * (w - L - R);
  const ay = (a) => T + (1 - a / 90) * (h - T - B);
  g.fillStyle = "#333"; g.strokeStyle = "#ccc"; g.lineWidth = 1;
  g.textAlign = "right"; g.textBaseline = "middle";
  for (const a of [0, 45, 90]) {
    g.beginPath(); g.moveTo(L, ay(a)); g.lineTo(w - R, ay(a)); g.stroke();
    g.fillText(a + "°", L - 4, ay(a));
  }
  g.textAlign = "center"; g.textBaseline = "top";
  for (const k of [fr.minK, 6, 10, 15, fr.maxK]) {
    const t = String(k), x = Math.min(kx(k), w - 1 - g.measureText(t).width / 2);
    g.beginPath(); g.moveTo(kx(k), h - B); g.lineTo(kx(k), h - B + 3); g.stroke();
    g.fillText(t, x, h - B + 4);
  }
  // axis titles
  g.fillStyle = "#444";
  g.fillText("k, the number of best points", L + (w - L - R) / 2, h - B + 6 + 1.2 * font);
  g.save();
  g.translate(2 + 0.6 * font, T + (h - T - B) / 2); g.rotate(-Math.PI / 2);
  g.textBaseline = "middle"; g.fillText("angle to the valley", 0, 0);
  g.restore();
  const st = fr.stats;
  if (st && st.median && st.median.length) {
    g.fillStyle = "rgba(150,150,150,0.3)";
    g.beginPath();
    st.q3.forEach((a, i) => { const x = kx(fr.minK + i), y = ay(a); if (i) g.lineTo(x, y); else g.moveTo(x, y); });
    for (let i = st.q1.length - 1; i >= 0; i--) g.lineTo(kx(fr.minK + i), ay(st.q1[i]));
    g.closePath(); g.fill();
    g.strokeStyle = "#666"; g.lineWidth = 1.5; g.setLineDash([4, 3]);
    g.beginPath();
    st.median.forEach((a, i) => { const x = kx(fr.minK + i), y = ay(a); if (i) g.lineTo(x, y); else g.moveTo(x, y); });
    g.stroke(); g.setLineDash([]);
  }
  g.strokeStyle = C.blue; g.lineWidth = 2;
  g.beginPath();
  fr.angles.forEach((a, i) => { const x = kx(fr.minK + i), y = ay(a); if (i) g.lineTo(x, y); else g.moveTo(x, y); });
  g.stroke();
  const kk = fr.k, a = fr.angles[kk - fr.minK];
  g.strokeStyle = C.orange; g.lineWidth = 2;
  g.beginPath(); g.moveTo(kx(kk), T); g.lineTo(kx(kk), h - B); g.stroke();
  dot(g, kx(kk), ay(a), 4, C.blue);
}

// ---------- the view ----------

export class LessonView {
  /**
   * @param {Element} root the element the view fills
   * @param {{onStep?: (n: number) => void, onK?: (k: number) => void, onResample?: () => void,
   *          onPCAProb?: (p: string) => void, stepHref?: (n: number) => string,
   *          runHref?: (hash: string) => string, embed?: boolean, onDownload?: () => void,
   *          onPictures?: (kind: "png"|"gif"|"zip") => void}} opts
   *          (onDownload: "Download as one HTML file", shown when given; onPictures:
   *          the pictures row under the figure — this step as PNG, every step as
   *          one GIF or as PNGs in a zip — shown when given, not in an embed)
   */
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    this.frame = null;
    this.step = 1;
    this.build();
  }

  build() {
    const r = this.root;
    r.textContent = "";
    r.classList.add("lesson");
    const o = this.opts;
    this.el = {};
    const role = (e, name) => { e.dataset.role = name; this.el[name] = e; return e; };
    const steps = role(el("nav", { class: "lesson-steps", "aria-label": "steps of the lesson" }), "lesson-steps");
    const canvas = role(el("canvas", { width: "560", height: "560", role: "img", "aria-label": "the lesson's figure on Rosenbrock's valley" }), "lesson-canvas");
    const pic = (kind, text, title) => role(el("button", { type: "button", class: "export", text, title }), "lesson-" + kind);
    const pictures = el("div", { class: "row exports-row lesson-pictures", role: "group", "aria-label": "the figure as pictures" },
      el("span", { text: "Pictures:" }),
      pic("png", "This step (PNG)", "Save this step's figure, with its title, as PNG"),
      pic("gif", "All steps (GIF)", "Save every step's figure, with its title, as one animated GIF (2 s a step)"),
      pic("zip", "All steps (PNGs, zip)", "Save every step's figure, with its title, as PNGs in one zip"));
    this.pictures = pictures;
    const figure = el("figure", { class: "lesson-figure" }, el("div", { class: "canvas-wrap" }, canvas), pictures,
      role(el("figcaption", { class: "lesson-legend" }), "lesson-legend"));
    const back = role(el("button", { type: "button", text: "◀ Back", title: "previous step (←)" }), "lesson-back");
    const next = role(el("button", { type: "button", text: "Next ▶", title: "next step (→)" }), "lesson-next");
    const count = role(el("span", { class: "dim" }), "lesson-count");
    const k = role(el("input", { type: "range", min: "2", max: "20", step: "1", value: "6", "aria-label": "k, the number of best points" }), "lesson-k");
    const kValue = role(el("output", { class: "lesson-kvalue" }), "lesson-k-value");
    const kchart = role(el("canvas", { class: "lesson-kchart", role: "img", "aria-label": "angle to the valley against k: this sample (line) and the middle half of 500 samples (band)" }), "lesson-kchart");
    const resample = role(el("button", { type: "button", text: "Resample", title: "draw 20 new points (a new seed)" }), "lesson-resample");
    const p = role(el("select", { "aria-label": "p, PMODE's probability of a PCA child" }), "lesson-p");
    for (const [v, t] of [["0.1", "p = 0.1 (the paper)"], ["0.5", "p = 0.5"], ["1", "p = 1 (every child)"]]) {
      p.append(el("option", { value: v, text: t }));
    }
    const run = role(el("a", { class: "lesson-run button", text: "Open the playground with these 20 points ▶" }), "lesson-run");
    const download = role(el("button", { type: "button", text: "Download as one HTML file", title: "Save the lesson at this step as one HTML file that runs offline from file:// (no server, no network)" }), "lesson-download");
    const text = el("div", { class: "lesson-text" },
      el("h2", {}, role(el("span", { class: "lesson-label" }), "lesson-label"), " ", role(el("span"), "lesson-title")),
      role(el("p", { class: "lesson-caption" }), "lesson-caption"),
      role(el("div", { class: "lesson-paras" }), "lesson-text"),
      role(el("dl", { class: "lesson-readouts" }), "lesson-readouts"),
      el("div", { class: "lesson-controls" },
        el("div", { class: "lesson-kbox", "data-control": "pcak" },
          el("label", {}, "k = ", kValue, " ", k),
          kchart,
          el("div", { class: "lesson-klegend", "aria-hidden": "true" },
            ...KLEGEND.map(([m, t]) => el("span", {}, el("span", { class: "mark " + m }), t)))),
        el("div", { class: "row" },
          el("span", { "data-control": "resample" }, resample),
          el("span", { "data-control": "pcaprob" }, p)),
        el("div", { "data-control": "run" }, run)),
      el("div", { class: "lesson-nav" }, back, count, next, download));
    r.append(
      el("header", { class: "lesson-head" }, el("h1", { text: "PCA and the valley: the paper's Fig. 1, step by step" }), steps),
      el("div", { class: "lesson-body" }, figure, text));
    this.figure = figure;
    this.text = text;
    this.plane = new Plane(canvas);
    this.setEmbed(!!o.embed);
    back.onclick = () => this.go(this.step - 1);
    next.onclick = () => this.go(this.step + 1);
    k.oninput = () => { setText(kValue, k.value); if (o.onK) o.onK(Number(k.value)); };
    resample.onclick = () => { if (o.onResample) o.onResample(); };
    download.hidden = !o.onDownload;
    download.onclick = () => { if (o.onDownload) o.onDownload(); };
    for (const kind of ["png", "gif", "zip"]) this.el["lesson-" + kind].onclick = () => { if (o.onPictures) o.onPictures(kind); };
    p.onchange = () => { if (o.onPCAProb) o.onPCAProb(p.value); };
  }

  /**
   * setEmbed lays the view out for an iframe (on) or a page: embedded, the
   * legend moves beside the figure, the step links open the playground in a
   * new tab.
   */
  setEmbed(on) {
    this.opts.embed = on;
    this.pictures.hidden = on || !this.opts.onPictures;
    const leg = this.el["lesson-legend"];
    if (on) this.text.insertBefore(leg, this.el["lesson-readouts"]);
    else this.figure.append(leg);
    if (on) { this.el["lesson-run"].target = "_blank"; this.el["lesson-run"].rel = "noopener"; }
    else { this.el["lesson-run"].removeAttribute("target"); this.el["lesson-run"].removeAttribute("rel"); }
  }

  /** go asks for step n (the app changes the address and calls show). */
  go(n) {
    if (!this.frame) return;
    n = Math.max(1, Math.min(this.frame.numSteps, n));
    if (n !== this.step && this.opts.onStep) this.opts.onStep(n);
  }

  /** setLandscape takes the contour of the lesson's problem (once). */
  setLandscape(c) {
    this.plane.setContour(c, ["x", "y"]);
    this.draw();
  }

  /** show draws a frame (a new sample, k or step). */
  show(frame) {
    this.frame = frame;
    this.step = frame.step;
    const st = frame.steps[frame.step - 1];
    const e = this.el, o = this.opts;
    // the step links
    if (e["lesson-steps"].childElementCount !== frame.numSteps) {
      e["lesson-steps"].textContent = "";
      frame.steps.forEach((s, i) => e["lesson-steps"].append(el("a", { "data-step": String(i + 1) })));
    }
    Array.from(e["lesson-steps"].children).forEach((a, i) => {
      const s = frame.steps[i];
      setText(a, (s.label ? s.label + " " : "") + s.title);
      a.href = o.stepHref ? o.stepHref(i + 1) : "#";
      if (i + 1 === frame.step) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current");
    });
    // a strip of steps that scrolls sideways (a short screen) shows the current one
    const strip = e["lesson-steps"], cur = strip.children[frame.step - 1];
    if (cur && strip.scrollWidth > strip.clientWidth) strip.scrollLeft = Math.max(0, cur.offsetLeft - strip.offsetLeft - 8);
    setText(e["lesson-label"], st.label);
    setText(e["lesson-title"], st.title);
    setText(e["lesson-caption"], st.caption);
    const paras = e["lesson-text"];
    paras.textContent = "";
    for (const t of st.text) paras.append(el("p", { text: t }));
    const dl = e["lesson-readouts"];
    dl.textContent = "";
    for (const ro of st.readouts || []) {
      dl.append(el("div", { "data-readout": ro.key }, el("dt", { text: ro.label }), el("dd", { text: ro.value })));
    }
    // controls the step offers
    for (const c of this.root.querySelectorAll("[data-control]")) c.hidden = !st.controls.includes(c.dataset.control);
    e["lesson-k"].min = String(frame.minK);
    e["lesson-k"].max = String(frame.maxK);
    if (document.activeElement !== e["lesson-k"]) e["lesson-k"].value = String(frame.k);
    setText(e["lesson-k-value"], String(frame.k));
    const pv = String(frame.pcaprob);
    if (![...e["lesson-p"].options].some((op) => op.value === pv)) e["lesson-p"].append(el("option", { value: pv, text: "p = " + pv }));
    e["lesson-p"].value = pv;
    e["lesson-run"].href = o.runHref ? o.runHref(frame.playground) : "#" + frame.playground;
    e["lesson-back"].disabled = frame.step <= 1;
    e["lesson-next"].disabled = frame.step >= frame.numSteps;
    setText(e["lesson-count"], frame.step + " / " + frame.numSteps);
    // the legend of the layers shown
    const leg = e["lesson-legend"];
    leg.textContent = "";
    for (const layer of st.layers) {
      for (const [mark, label] of LEGEND[layer] || []) {
        leg.append(el("span", {}, el("span", { class: "mark " + mark, "aria-hidden": "true" }), label));
      }
    }
    this.root.dataset.step = String(frame.step);
    this.root.dataset.seed = frame.seed;
    this.root.dataset.k = String(frame.k);
    this.root.dataset.layers = st.layers.join(" ");
    this.draw();
    if (st.controls.includes("pcak")) drawKChart(e["lesson-kchart"], frame);
  }

  /** draw paints the figure: the contour layer, then each layer of the step. */
  draw() {
    const fr = this.frame;
    if (!fr || !this.plane.contour) return;
    if (!this.sized) { this.sized = true; this.plane.resize(); } // built while hidden: measure once shown
    const st = fr.steps[fr.step - 1];
    const on = new Set(st.layers);
    const g = this.plane.begin();
    for (const layer of LESSON.layers) {
      if (on.has(layer)) LAYERS[layer](g, this.plane, fr, on);
    }
    this.plane.end();
    this.root.dataset.drawn = String(fr.step);
  }

  /** resize measures the canvases again (after a layout change). */
  resize() {
    this.plane.resize();
    this.plane.layer = null;
    this.draw();
    const st = this.frame && this.frame.steps[this.frame.step - 1];
    if (st && st.controls.includes("pcak")) drawKChart(this.el["lesson-kchart"], this.frame);
  }
}
