(() => {
  const s = document.querySelector('section[data-panel="landscape"]');
  const r = s.getBoundingClientRect();
  return getComputedStyle(s).display !== "none" && r.width > 0 && r.height > 0;
})()
