// charts.js: ECharts instances fed ONLY with options built in Go
// (pcaplay/core/chart): this file decides nothing about scales or series.
//
// A ChartSet serves the chart elements (.chart) inside one root, so two run
// views have two sets. Main-thread budget: instances are created when their
// element is shown (at load or on a layout change, never per generation).
// An update merges the new option (same series and axes) and draws it at
// once: the run view calls set in a task of its own per chart (the
// convergence chart is four small instances, one per panel), so each draw
// is one short task. With lazyUpdate ECharts would draw every chart set since
// the last frame in one animation frame: the long task this avoids.
//
// echarts.min.js is a classic script that loads after the first landscape
// (loadCharts, called by the page shell once its first state is shown; the
// results page and the one-file page run it before the modules): options
// that arrive first wait, and flush draws them once it is there.

import { fontScale } from "./plane.js";

// shown: the element is not inside a hidden panel (asks no layout)
function shown(el) { return !!el && !el.closest("[hidden]"); }

function signature(opt) {
  const names = (opt.series || []).map((s) => s.name + "/" + s.type).join(",");
  const axes = (a) => (a || []).map((x) => x.type + "/" + x.name).join(",");
  return names + "|" + axes(opt.xAxis) + "|" + axes(opt.yAxis) + "|" + (opt.grid || []).length + "|" + ((opt.title || {}).text || "");
}

// ECharts' own font sizes, where an option sets none
const FONT = { axisLabel: 12, axisName: 12, title: 18, subtitle: 12, legend: 12, tooltip: 14, label: 12 };

// px scales a length Go gave in pixels (a number or a string of digits);
// a percentage or a keyword ("center") stays as it is
function px(v, s) {
  if (typeof v === "number") return Math.round(v * s);
  if (typeof v === "string" && /^\d+(\.\d+)?$/.test(v)) return String(Math.round(parseFloat(v) * s));
  return v;
}

const list = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const mapList = (v, f) => (v === undefined ? v : Array.isArray(v) ? v.map(f) : f(v));

// rgba writes a "#rrggbb" colour with an alpha
function rgba(hex, a) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${a})`;
}

/**
 * chartScale is the text scale a chart of w×h CSS px draws at: the page's
 * (font=), but in a chart too small for larger text (an embedded frame)
 * no more than its size holds, and never under 1.
 */
export function chartScale(s, w, h) {
  if (!(s > 1) || !(w > 0) || !(h > 0)) return s > 0 ? s : 1;
  return Math.max(1, Math.min(s, w / 320, h / 150));
}

// plotWidth is the width in px of a grid's plot in a chart width px wide
// at text scale s: the chart's less the grid's left and right margins
// (pixels, scaled as fit scales them, or percentages; ECharts' 10 % where
// the grid sets none)
function plotWidth(g, width, s) {
  const m = (v) => (typeof v === "number" ? v * s : typeof v === "string" && v.endsWith("%") ? parseFloat(v) / 100 * width
    : typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? parseFloat(v) * s : 0.1 * width);
  return Math.max(0, width - m((g || {}).left) - m((g || {}).right));
}

/**
 * spaceGrids keeps grids stacked in a chart h px high (the convergence
 * charts: tops, heights and bottoms in percent or in pixels, the pixels
 * already at text scale s) far enough apart for the text between them: a
 * grid's tick labels under it and the next grid's axis name over that one.
 * Where they leave less (a short chart, large text), the grids keep the
 * first top and the last bottom and share the height between them with
 * that gap, in pixels; otherwise they stay as they were.
 */
export function spaceGrids(grids, s, h) {
  const n = grids.length;
  const at = (v) => (typeof v === "number" ? v : typeof v !== "string" ? NaN : v.endsWith("%") ? (parseFloat(v) / 100) * h
    : /^\d+(\.\d+)?$/.test(v) ? parseFloat(v) : NaN);
  const span = (g) => {
    const t = at(g && g.top);
    let b = t + at(g && g.height);
    if (!(b >= 0)) b = h - at(g && g.bottom);
    return t >= 0 && b > t ? [t, b] : null;
  };
  const spans = grids.map(span);
  if (n < 2 || spans.some((x) => !x)) return grids;
  const need = Math.ceil(FONT.axisLabel * s * 1.5 + FONT.axisName * s * 1.3 + 8 * s + 4);
  let gap = Infinity;
  for (let i = 1; i < n; i++) gap = Math.min(gap, spans[i][0] - spans[i - 1][1]);
  if (gap >= need) return grids;
  const top = spans[0][0], end = spans[n - 1][1];
  // each grid's share of the height as it was
  const total = spans.reduce((t, x) => t + x[1] - x[0], 0);
  const room = end - top - need * (n - 1);
  if (room < 20 * n) return grids; // no room either way: as they were
  let y = top;
  return grids.map((g, i) => {
    const hh = (room * (spans[i][1] - spans[i][0])) / total;
    const out = Object.assign({}, g, { top: Math.round(y), height: Math.round(hh) });
    delete out.bottom;
    y += hh + need;
    return out;
  });
}

/**
 * fit returns Go's option as this page draws it, a copy that shares the
 * data: every font size times the page's text scale s (font=, the CSS
 * variable --font that the canvases read too), and the pixel margins and
 * gaps around them with it; tick labels that would overlap hidden rather
 * than drawn over each other; a box plot's boxes each in the colour of its
 * configuration (the option's colour list, the line charts' order) with
 * every category's label shown, wrapped to its width. width is the chart's
 * width in CSS px (0: unknown). Nothing about scales or series changes.
 */
export function fit(opt, s = 1, width = 0, height = 0) {
  if (!opt || typeof opt !== "object") return opt;
  const o = Object.assign({}, opt);
  const full = width;
  const fs = (v, d) => Math.round((typeof v === "number" ? v : d) * s * 10) / 10;
  const box = list(opt.series).find((x) => x && x.type === "boxplot");
  const nCat = (a) => (Array.isArray(a.data) ? a.data.length : 0);
  const axis = (a) => {
    if (!a || typeof a !== "object") return a;
    const b = Object.assign({}, a);
    const l = Object.assign({}, a.axisLabel || {});
    l.fontSize = fs(l.fontSize, FONT.axisLabel);
    l.hideOverlap = true;
    if (box && a.type === "category" && nCat(a) > 0 && width > 0) {
      // every configuration named, its label wrapped to its column
      l.interval = 0;
      l.width = Math.max(40, Math.floor(plotWidth(list(opt.grid)[a.gridIndex || 0], width, s) / nCat(a)) - 6);
      l.overflow = "break";
      l.hideOverlap = false; // wrapped to its column, each label has its room: none is dropped
      l.lineHeight = Math.round(FONT.axisLabel * s * 1.3); // the name over "n of m feasible", not on it
    }
    if (a.max === "dataMax" && a.name && (a.nameLocation || "end") === "end" && l.showMaxLabel === undefined) {
      // the label of the data's maximum sits where the axis' name is
      l.showMaxLabel = false;
    }
    b.axisLabel = l;
    b.nameTextStyle = Object.assign({}, a.nameTextStyle || {}, { fontSize: fs((a.nameTextStyle || {}).fontSize, FONT.axisName) });
    if (typeof a.nameGap === "number") b.nameGap = Math.round(a.nameGap * s);
    return b;
  };
  o.xAxis = mapList(opt.xAxis, axis);
  o.yAxis = mapList(opt.yAxis, axis);
  if (height > 0) {
    // a short grid (a small frame) gets fewer value ticks: one per 2.2
    // lines of tick text at most, so they never crowd each other
    const grids = list(opt.grid);
    const len = (v) => (typeof v === "number" ? v * s : typeof v === "string" ? (v.endsWith("%") ? parseFloat(v) / 100 * height : parseFloat(v) * s) : NaN);
    const gridH = (g) => {
      if (!g) return height;
      const hh = len(g.height);
      if (hh > 0) return hh;
      const t = len(g.top), b = len(g.bottom);
      return height - (t >= 0 ? t : 60 * s) - (b >= 0 ? b : 60 * s);
    };
    o.yAxis = mapList(o.yAxis, (a) => {
      if (!a || a.type !== "value" || a.splitNumber) return a;
      const n = Math.floor(gridH(grids[a.gridIndex || 0]) / (FONT.axisLabel * s * 2.2));
      return n < 5 ? Object.assign({}, a, { splitNumber: Math.max(1, n) }) : a;
    });
  }
  o.grid = mapList(opt.grid, (g) => {
    const h = Object.assign({}, g);
    for (const k of ["left", "right", "top", "bottom"]) if (k in h) h[k] = px(h[k], s);
    if (box) {
      // room for the category labels: a name and "n of m feasible", wrapped
      const lines = 4, need = Math.round(lines * FONT.axisLabel * s * 1.25 + 8);
      const b = typeof h.bottom === "string" ? parseFloat(h.bottom) : h.bottom;
      if (!(typeof h.bottom === "string" && h.bottom.endsWith("%")) && !(b >= need)) h.bottom = need;
    }
    return h;
  });
  if (height > 0 && Array.isArray(o.grid)) o.grid = spaceGrids(o.grid, s, height);
  o.title = mapList(opt.title, (t) => Object.assign({}, t, {
    // a title wider than a small chart ends in "…" rather than past its edges
    textStyle: Object.assign({}, t.textStyle || {}, { fontSize: fs((t.textStyle || {}).fontSize, FONT.title) },
      full > 0 ? { width: Math.max(60, full - 16), overflow: "truncate" } : {}),
    subtextStyle: Object.assign({}, t.subtextStyle || {}, { fontSize: fs((t.subtextStyle || {}).fontSize, FONT.subtitle) }),
    ...("top" in t ? { top: px(t.top, s) } : {}),
  }));
  o.legend = mapList(opt.legend, (l) => Object.assign({}, l, {
    textStyle: Object.assign({}, l.textStyle || {}, { fontSize: fs((l.textStyle || {}).fontSize, FONT.legend) }),
    itemWidth: Math.round((l.itemWidth || 25) * s), itemHeight: Math.round((l.itemHeight || 14) * s),
    ...("top" in l ? { top: px(l.top, s) } : {}),
  }));
  if (opt.tooltip) {
    o.tooltip = mapList(opt.tooltip, (t) => Object.assign({}, t, {
      textStyle: Object.assign({}, t.textStyle || {}, { fontSize: fs((t.textStyle || {}).fontSize, FONT.tooltip) }),
    }));
  }
  const colors = Array.isArray(opt.color) ? opt.color : [];
  o.series = mapList(opt.series, (x) => {
    if (!x || typeof x !== "object") return x;
    let y = x;
    if (x.label && typeof x.label === "object") {
      y = Object.assign({}, y, { label: Object.assign({}, x.label, { fontSize: fs(x.label.fontSize, FONT.label) }) });
    }
    if (colors.length && x.type === "boxplot" && Array.isArray(x.data)) {
      // one colour per configuration, as its line in the other charts
      y = Object.assign({}, y, {
        data: x.data.map((d, i) => {
          const c = colors[i % colors.length];
          const v = d && typeof d === "object" && !Array.isArray(d) ? d : { value: d };
          return Object.assign({}, v, { itemStyle: Object.assign({}, v.itemStyle || {}, { borderColor: c, color: rgba(c, 0.18) }) });
        }),
      });
    }
    if (colors.length && box && x.type === "scatter" && Array.isArray(x.data)) {
      // a box plot's outliers: [category index, value], in their box's colour
      y = Object.assign({}, y, {
        data: x.data.map((d) => (Array.isArray(d) && typeof d[0] === "number" ? { value: d, itemStyle: { color: colors[d[0] % colors.length] } } : d)),
      });
    }
    return y;
  });
  return o;
}

/** count returns the number of data points of an option's first series. */
export function count(opt) {
  const s = opt && opt.series && opt.series[0];
  return s && Array.isArray(s.data) ? s.data.length : 0;
}

export class ChartSet {
  constructor(root) {
    this.root = root;
    this.charts = new Map(); // element → {chart, sig, points}
    this.pending = new Map(); // element → option that arrived while it was hidden
    this.options = new Map(); // element → Go's option drawn last (drawn again when the text scale changes)
    this.page = 1; // the page's text scale when the instances were made or last resized
    if (typeof echarts === "undefined") chartsLoaded(window).then(() => this.flush(), () => {});
  }

  /** init creates the instance of every shown chart element that has none. */
  init() {
    if (typeof echarts === "undefined") return;
    this.page = fontScale(); // the page's text scale (font=), read here and on resize
    for (const el of this.root.querySelectorAll(".chart")) {
      if (this.charts.has(el) || !shown(el)) continue;
      // its size, read here and on resize only (never per update: a layout read)
      this.charts.set(el, { chart: echarts.init(el, null, { renderer: "canvas" }), sig: "", points: 0, w: el.clientWidth, h: el.clientHeight });
    }
  }

  /**
   * set applies an option object (parsed from Go's JSON) and draws it when
   * its element is shown; otherwise the option waits. Returns its points.
   */
  set(el, opt) {
    const n = count(opt);
    const c = this.charts.get(el);
    if (!c || !shown(el)) {
      this.pending.set(el, opt);
      if (c) c.points = n;
      return n;
    }
    // Same structure as before (series, axes, grids): merge, which only
    // swaps the data and is several times cheaper than a rebuild.
    const scale = chartScale(this.page, c.w, c.h);
    // the size too: fit's tick counts and label widths follow it, and a
    // merge would keep what a new fit leaves out
    const sig = signature(opt) + "|" + scale + "|" + c.w + "x" + c.h;
    c.chart.setOption(fit(opt, scale, c.w, c.h), { notMerge: sig !== c.sig, silent: true });
    c.sig = sig;
    this.options.set(el, opt);
    c.points = n;
    this.pending.delete(el);
    return n;
  }

  /** flush creates missing instances and draws the options that waited. */
  flush() {
    this.init();
    for (const [el, opt] of this.pending) {
      if (this.charts.has(el) && shown(el)) this.set(el, opt);
    }
  }

  /** resize fits every shown chart to its element, at the text scale now. */
  resize() {
    const page = this.page = fontScale();
    for (const [el, c] of this.charts) {
      if (!shown(el)) continue;
      c.chart.resize();
      c.w = el.clientWidth;
      c.h = el.clientHeight;
      const scale = chartScale(page, c.w, c.h);
      // the text scale (font=) or the size changed: fit Go's option again
      const opt = this.options.get(el);
      if (opt && !c.sig.endsWith("|" + scale + "|" + c.w + "x" + c.h)) this.set(el, opt);
    }
  }

  /** dispose frees every instance (the view goes away). */
  dispose() {
    for (const c of this.charts.values()) c.chart.dispose();
    this.charts.clear();
    this.pending.clear();
    this.options.clear();
  }
}

// chartsState is win's record of ECharts' loading (win.pcaplayCharts: a
// page's, not the module's): {promise, resolve, reject, started}.
function chartsState(win) {
  if (!win.pcaplayCharts) {
    const s = { started: false };
    s.promise = new Promise((resolve, reject) => { s.resolve = resolve; s.reject = reject; });
    s.promise.catch(() => {});
    win.pcaplayCharts = s;
    // a defer script (results.html) has run by DOMContentLoaded
    const doc = win.document;
    if (doc && doc.readyState === "loading") {
      win.addEventListener("DOMContentLoaded", () => { if (typeof win.echarts !== "undefined") s.resolve(win.echarts); }, { once: true });
    }
  }
  const s = win.pcaplayCharts;
  if (typeof win.echarts !== "undefined") s.resolve(win.echarts);
  return s;
}

/**
 * chartsLoaded resolves with ECharts once it is in win (loadCharts, or a
 * script tag of the page); it starts no download.
 * @returns {Promise<object>}
 */
export function chartsLoaded(win = window) {
  return chartsState(win).promise;
}

/**
 * loadCharts loads ECharts into win once and resolves with it: the classic
 * script the page's <meta name="pcaplay-charts" content="echarts.min.js">
 * names, added to the page on the first call (at once where the page has
 * ECharts already). The page shells call it when their first state is
 * shown (page-shell.js): the first landscape is drawn without ECharts, and
 * its download, parse and first run (some 150 ms of CPU on a 2-core
 * machine, docs/wasm-size.md) no longer stand before it.
 * @returns {Promise<object>}
 */
export function loadCharts(win = window) {
  const s = chartsState(win);
  if (typeof win.echarts !== "undefined" || s.started) return s.promise;
  const doc = win.document;
  const meta = doc && typeof doc.querySelector === "function" ? doc.querySelector('meta[name="pcaplay-charts"]') : null;
  if (!meta) {
    s.reject(new Error("the chart library is not on this page"));
    return s.promise;
  }
  s.started = true;
  const el = doc.createElement("script");
  el.src = new URL(meta.content, doc.baseURI).href;
  el.onload = () => {
    if (typeof win.echarts !== "undefined") s.resolve(win.echarts);
    else s.reject(new Error(meta.content + " defined no echarts"));
  };
  el.onerror = () => {
    win.pcaplayCharts = null; // the next call tries again
    s.reject(new Error("the chart library (" + meta.content + ") did not load"));
  };
  doc.head.append(el);
  return s.promise;
}

/**
 * warmUp draws one small chart off screen and throws it away: ECharts'
 * first use compiles most of its code (some 70 ms of main-thread CPU on
 * the test machine, as long again for the first chart of each kind), so a
 * view that will draw charts at a time the page must stay responsive (the
 * experiment view's live results, while runs go on) pays it beforehand,
 * when the page is idle. The option is never shown: it only touches the
 * code paths of the options Go builds (title, legend, tooltip, log and
 * value axes, lines with a band and steps, box plots, scatter points).
 * A no-op before echarts.min.js has loaded; returns whether it drew.
 */
export function warmUp(doc = document) {
  if (typeof echarts === "undefined") return false;
  const el = doc.createElement("div");
  el.setAttribute("aria-hidden", "true");
  el.style.cssText = "position:absolute;left:-10000px;top:0;width:320px;height:200px;";
  doc.body.append(el);
  const chart = echarts.init(el, null, { renderer: "canvas" });
  try {
    chart.setOption({
      animation: false,
      title: { text: "·", left: "center" },
      legend: { type: "scroll", top: 26 },
      tooltip: { trigger: "axis" },
      grid: [{ left: 50, right: 10, top: 50, bottom: 30 }],
      xAxis: [{ type: "log", name: "FES" }, { type: "category", data: ["a", "b"], gridIndex: 0, show: false }],
      yAxis: [{ type: "value", scale: true }],
      series: [
        { type: "line", name: "a", showSymbol: false, data: [[1, 3], [10, 2], [100, 1]] },
        { type: "line", name: "lo", stack: "band", lineStyle: { opacity: 0 }, showSymbol: false, data: [[1, 2], [10, 1], [100, 0.5]] },
        { type: "line", name: "hi", stack: "band", areaStyle: { opacity: 0.2 }, lineStyle: { opacity: 0 }, showSymbol: false, data: [[1, 1], [10, 1], [100, 1]] },
        { type: "line", name: "s", step: "end", showSymbol: false, data: [[1, 0], [10, 0.5], [100, 1]] },
        { type: "boxplot", name: "b", xAxisIndex: 1, data: [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]] },
        { type: "scatter", name: "o", xAxisIndex: 1, data: [["a", 7]] },
      ],
    });
  } finally {
    chart.dispose();
    el.remove();
  }
  return true;
}
