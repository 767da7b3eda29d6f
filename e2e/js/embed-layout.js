(() => {
  const de = document.documentElement;
  const vis = (e) => { if (!e || e.hidden) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden"; };
  const box = (e) => { const r = e.getBoundingClientRect(); return {Left: r.left, Top: r.top, Right: r.right, Bott: r.bottom}; };
  const lesson = de.classList.contains("lesson-mode");
  const panels = lesson
    ? [["figure", document.querySelector(".lesson-figure")], ["text", document.querySelector(".lesson-text")]]
    : Array.from(document.querySelectorAll("main.panels [data-panel]")).map((p) => [p.dataset.panel, p]);
  const out = {ScrollW: de.scrollWidth, ScrollH: de.scrollHeight, W: innerWidth, H: innerHeight, Panels: [], Canvases: [], MinFont: 1e9, MinFontText: ""};
  for (const [name, p] of panels) {
    if (!vis(p)) continue;
    // the settings panel may scroll inside itself; every other panel shows all it holds
    const overflow = name !== "controls" && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1);
    out.Panels.push(Object.assign({Name: name, Overflow: overflow}, box(p)));
  }
  for (const c of document.querySelectorAll("canvas")) {
    // the planes (ECharts' canvases are checked through their panel)
    if (vis(c) && /canvas$/.test(c.dataset.role || "")) out.Canvases.push(Object.assign({Name: c.dataset.role || ""}, box(c)));
  }
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim() || !vis(n.parentElement)) continue;
    let e = n.parentElement, hidden = false;
    for (let a = e; a; a = a.parentElement) if (a.hidden || getComputedStyle(a).display === "none") { hidden = true; break; }
    if (hidden) continue;
    const f = parseFloat(getComputedStyle(e).fontSize);
    if (f < out.MinFont) { out.MinFont = f; out.MinFontText = n.textContent.trim().slice(0, 40); }
  }
  return out;
})()
