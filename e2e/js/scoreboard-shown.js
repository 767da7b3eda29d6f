(() => {
  const sb = window.playground.chartInfo().compare.scoreboard;
  const cells = [...document.querySelectorAll('[data-role="scoreboard"] tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
  return {targets: sb.targets, fes: sb.fes, known: sb.known, cells};
})()
