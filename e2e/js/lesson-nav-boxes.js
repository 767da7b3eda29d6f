// The boxes of the lesson's navigation and controls (Back, Next, Resample,
// the k slider) as shown (hidden ones left out), with the viewport's size.
(() => {
  const out = { W: innerWidth, H: innerHeight, ScrollW: document.documentElement.scrollWidth, Boxes: [] };
  for (const role of ["lesson-back", "lesson-next", "lesson-resample", "lesson-k", "lesson-kchart"]) {
    const e = document.querySelector(`[data-lesson-root] [data-role="${role}"]`);
    if (!e || e.closest("[hidden]")) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    out.Boxes.push({ Name: role, Left: r.left, Top: r.top, Right: r.right, Bott: r.bottom });
  }
  return out;
})()
