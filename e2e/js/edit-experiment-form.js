(async () => {
  const root = document.querySelector("[data-experiment-root]");
  const q = (r) => root.querySelector('[data-role="' + r + '"]');
  const set = (el, v) => { el.value = v; el.dispatchEvent(new Event("change", {bubbles: true})); };
  document.querySelector('input[data-problem="C02"]').click();
  document.querySelector('input[data-problem="rosenbrock"]').click();
  set(q("dim"), "30");
  set(q("runs"), "7");
  set(q("seed"), "99");
  set(q("fes"), "3000");
  set(q("workers"), "3");
  q("add-config").click();
  const last = (r) => { const rows = root.querySelectorAll('[data-role="config"]'); return rows[rows.length - 1].querySelector('[data-role="' + r + '"]'); };
  set(last("config-name"), "cm");
  set(last("config-algo"), "cmode");
  set(last("config-params"), "lambda=20");
  return window.pcaplayExperiment.settled(); // Go's definition of the last change
})()
