// charts.js: ECharts instances fed ONLY with options built in Go
// (pcaplay/core/chart): this file decides nothing about scales or series.
//
// Main-thread budget: the instances are created once, when their panel is
// shown (at load or on a layout change, never per generation). An update
// merges the new option (same series and axes) and draws it at once:
// main.js calls set in a task of its own per chart (the convergence chart is
// four small instances, one per panel), so each draw is one short task. With
// lazyUpdate ECharts would draw every chart set since the last frame in that
// one animation frame: the long task this avoids.
"use strict";

const PCCharts = (() => {
  const charts = new Map(); // element → {chart, sig, points}
  const pending = new Map(); // element → option that arrived while it was hidden

  // shown: the element is not inside a hidden panel (asks no layout)
  function shown(el) { return !!el && !el.closest("[hidden]"); }

  // init creates the instance of every shown chart element that has none.
  function init() {
    if (typeof echarts === "undefined") return;
    for (const el of document.querySelectorAll(".chart")) {
      if (charts.has(el) || !shown(el)) continue;
      charts.set(el, { chart: echarts.init(el, null, { renderer: "canvas" }), sig: "", points: 0 });
    }
  }

  function signature(opt) {
    const names = (opt.series || []).map((s) => s.name + "/" + s.type).join(",");
    const axes = (a) => (a || []).map((x) => x.type + "/" + x.name).join(",");
    return names + "|" + axes(opt.xAxis) + "|" + axes(opt.yAxis) + "|" + (opt.grid || []).length + "|" + ((opt.title || {}).text || "");
  }

  // count returns the number of data points of the first series.
  function count(opt) {
    const s = opt && opt.series && opt.series[0];
    return s && Array.isArray(s.data) ? s.data.length : 0;
  }

  // set applies an option object (parsed from Go's JSON) and draws it, when
  // its element is shown; otherwise the option waits.
  function set(el, opt) {
    const n = count(opt);
    const c = charts.get(el);
    if (!c || !shown(el)) {
      pending.set(el, opt);
      if (c) c.points = n;
      return n;
    }
    // Same structure as before (series, axes, grids): merge, which only
    // swaps the data and is several times cheaper than a rebuild.
    const sig = signature(opt);
    c.chart.setOption(opt, { notMerge: sig !== c.sig, silent: true });
    c.sig = sig;
    c.points = n;
    pending.delete(el);
    return n;
  }

  // flush creates missing instances and draws the options that arrived
  // while their element was hidden (or before ECharts was loaded).
  function flush() {
    init();
    for (const [el, opt] of pending) {
      if (charts.has(el) && shown(el)) set(el, opt);
    }
  }
  // main.js runs before echarts.min.js (so the worker starts at once):
  // create the instances and draw what arrived as soon as ECharts is there
  window.addEventListener("DOMContentLoaded", flush);

  function resize() {
    for (const [el, c] of charts) if (shown(el)) c.chart.resize();
  }

  return { init, set, flush, resize, count };
})();
