(() => {
  const x = window.pcaplayExperiment, s = x.state(), r = x.results.results;
  const root = document.querySelector('[data-results-root]');
  const p = root.querySelector('[data-role=results-partial]');
  const c = root.querySelector('[data-chart=convergence]');
  const inst = c && window.echarts && echarts.getInstanceByDom(c);
  let title = "";
  try { title = inst ? inst.getOption().title[0].text : ""; } catch (e) {}
  return { state: s.state, done: s.done, updates: s.liveUpdates || 0,
    partial: !!p && !p.hidden, label: p ? (p.querySelector('[data-role=results-partial-label]') || {}).textContent || "" : "",
    pending: p ? (p.querySelector('summary') || {}).textContent || "" : "",
    status: root.querySelector('[data-role=results-status]').textContent,
    runs: r ? r.runs : -1, progress: !!(r && r.progress), title, instance: inst ? String(inst.id) : "", marked: !!(c && c.__liveMark) };
})()
