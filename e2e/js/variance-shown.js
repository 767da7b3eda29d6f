// Waits for the explained-variance chart of sel and returns what it shows:
// the bars, the cumulative line, its width and the PC view's caption.
(sel) => new Promise((r) => { const w = () => {
  const el = document.querySelector(sel);
  const c = el && echarts.getInstanceByDom(el);
  if (!c) { setTimeout(w, 20); return; }
  const o = c.getOption();
  r({bars: o.series[0].data, cum: o.series[1].data, width: el.clientWidth,
    caption: el.closest('[data-panel="pcview"]').querySelector('[data-role="pcview-caption"]').textContent}); };
  w(); })
