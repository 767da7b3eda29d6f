(() => {
  const p = document.querySelector('section[data-panel="controls"]');
  const pr = p.getBoundingClientRect(), cs = getComputedStyle(p);
  const right = pr.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth) + 0.5;
  const left = pr.left + parseFloat(cs.paddingLeft) - 0.5;
  const bad = [];
  for (const el of p.querySelectorAll("select, input, button, label, textarea")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue; // hidden
    if (r.right > right || r.left < left) bad.push((el.id || el.tagName) + " spans " + r.left.toFixed(0) + "–" + r.right.toFixed(0) + " in a panel whose content spans " + left.toFixed(0) + "–" + right.toFixed(0));
  }
  return bad;
})()
