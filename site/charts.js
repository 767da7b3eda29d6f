// charts.js: ECharts instances fed ONLY with options built in Go
// (pcaplay/core/chart): this file decides nothing about scales or series.
"use strict";

const PCCharts = (() => {
  const charts = new Map(); // element → {chart, points}

  function get(el) {
    let c = charts.get(el);
    if (c) return c;
    if (typeof echarts === "undefined") return null;
    c = { chart: echarts.init(el, null, { renderer: "canvas" }), points: 0 };
    charts.set(el, c);
    return c;
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

  // set applies a JSON option string from Go. The chart is drawn only when
  // its element is visible; the point count is kept either way.
  function set(el, json) {
    const opt = typeof json === "string" ? JSON.parse(json) : json;
    const n = count(opt);
    if (!el || el.offsetParent === null) {
      const c = charts.get(el);
      if (c) c.points = n;
      pending.set(el, opt);
      return n;
    }
    const c = get(el);
    if (!c) { pending.set(el, opt); return n; } // echarts.min.js not loaded yet
    // Same structure as before (series, axes, grids): merge, which only
    // swaps the data and is several times cheaper than a rebuild.
    const sig = signature(opt);
    c.chart.setOption(opt, sig !== c.sig);
    c.sig = sig;
    c.points = n;
    pending.delete(el);
    return n;
  }
  const pending = new Map();

  // flush draws options that arrived while their element was hidden.
  function flush() {
    if (typeof echarts === "undefined") return;
    for (const [el, opt] of pending) {
      if (el.offsetParent !== null) set(el, opt);
    }
  }
  // main.js runs before echarts.min.js (so the worker starts at once):
  // draw what arrived meanwhile as soon as ECharts is there
  window.addEventListener("DOMContentLoaded", flush);
  window.addEventListener("load", flush);

  function resize() {
    for (const c of charts.values()) c.chart.resize();
  }

  return { set, flush, resize, count };
})();
