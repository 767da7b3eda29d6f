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
// echarts.min.js is a classic script that may load after the modules (so the
// worker starts at once): options that arrive first wait, and flush draws
// them once it is there.

// shown: the element is not inside a hidden panel (asks no layout)
function shown(el) { return !!el && !el.closest("[hidden]"); }

function signature(opt) {
  const names = (opt.series || []).map((s) => s.name + "/" + s.type).join(",");
  const axes = (a) => (a || []).map((x) => x.type + "/" + x.name).join(",");
  return names + "|" + axes(opt.xAxis) + "|" + axes(opt.yAxis) + "|" + (opt.grid || []).length + "|" + ((opt.title || {}).text || "");
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
    if (typeof echarts === "undefined") {
      window.addEventListener("DOMContentLoaded", () => this.flush(), { once: true });
    }
  }

  /** init creates the instance of every shown chart element that has none. */
  init() {
    if (typeof echarts === "undefined") return;
    for (const el of this.root.querySelectorAll(".chart")) {
      if (this.charts.has(el) || !shown(el)) continue;
      this.charts.set(el, { chart: echarts.init(el, null, { renderer: "canvas" }), sig: "", points: 0 });
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
    const sig = signature(opt);
    c.chart.setOption(opt, { notMerge: sig !== c.sig, silent: true });
    c.sig = sig;
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

  resize() {
    for (const [el, c] of this.charts) if (shown(el)) c.chart.resize();
  }

  /** dispose frees every instance (the view goes away). */
  dispose() {
    for (const c of this.charts.values()) c.chart.dispose();
    this.charts.clear();
    this.pending.clear();
  }
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
