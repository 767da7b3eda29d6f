(async () => {
  const t0 = performance.now();
  await window.pcaplayResults.show({}, window.__jsonl);
  while (document.querySelector('.chart-wait')) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0; })()
