new Promise((r) => {
  const t0 = performance.now(), s = document.querySelector('[data-role=chart-problem]');
  s.value = "C17"; s.dispatchEvent(new Event("change"));
  const w = () => document.querySelector('[data-role=problem-charts]').dataset.problem === "C17" && !document.querySelector('.chart-wait') ? requestAnimationFrame(() => setTimeout(() => r(performance.now() - t0), 0)) : setTimeout(w, 5);
  w(); })
