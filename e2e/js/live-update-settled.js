new Promise((r) => { let t0 = performance.now(); const w = () => {
  const x = window.pcaplayExperiment, v = x.results.results;
  if (!v || v.runs !== x.state().done || document.querySelector('[data-results-root] .chart-wait')) t0 = performance.now();
  performance.now() - t0 > 3000 ? r(true) : setTimeout(w, 100); }; w(); })
