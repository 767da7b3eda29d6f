// Shows window.__runs as partial results of grid (four configurations)
// and resolves with the milliseconds until every chart is drawn.
async (grid) => {
  const t0 = performance.now();
  await window.pcaplayResults.showPartial({configs: ["pmode", "cmode", "heco-pde", "heco-de"]}, window.__runs, grid);
  while (document.querySelector('.chart-wait')) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}
