(() => {
  const s = document.querySelector('[data-run-view] [data-panel="operator"]');
  const li = Array.from(s.querySelectorAll('[data-role="op-phases"] li'));
  return {caption: s.querySelector('[data-role="operator-caption"]').textContent,
    text: s.querySelector('[data-role="op-text"]').textContent,
    phases: li.map((x) => x.textContent), current: li.findIndex((x) => x.classList.contains("current"))};
})()
