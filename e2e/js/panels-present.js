(() => {
  const m = {};
  for (const s of document.querySelectorAll("section[data-panel]")) m[s.dataset.panel] = s.hidden;
  return m;
})()
