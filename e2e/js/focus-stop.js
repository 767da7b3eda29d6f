(() => {
  let n = window.__focusN || 0;
  const key = (e) => {
    if (!e.dataset.kb) e.dataset.kb = String(++n);
    window.__focusN = n;
    return e.tagName.toLowerCase() + "|" + (e.dataset.role || e.id || "") + "|" + (e.getAttribute("aria-label") || e.textContent || "").trim().slice(0, 30) + "|" + e.dataset.kb;
  };
  window.__focusKey = key;
  const e = document.activeElement;
  if (!e || e === document.body) return {key: "", outline: ""};
  const s = getComputedStyle(e);
  return {key: key(e), outline: s.outlineStyle + " " + s.outlineWidth};
})()
