// How compare mode's embed fits its frame: the page's scroll size and the
// frame's, every visible panel (main's and each run's) with its box and
// whether it holds more than it shows, the runs' canvases, the compare
// chart's box (Shown false when the layout hides it), the scoreboard's, and
// the layout's note on what it left out (fit.js).
(() => {
  const de = document.documentElement;
  const vis = (e) => { if (!e || e.closest("[hidden]")) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).display !== "none"; };
  const box = (e) => { const r = e.getBoundingClientRect(); return { Left: r.left, Top: r.top, Right: r.right, Bott: r.bottom }; };
  const out = { ScrollW: de.scrollWidth, ScrollH: de.scrollHeight, W: innerWidth, H: innerHeight, Panels: [], Canvases: [], Chart: null, Board: null };
  for (const p of document.querySelectorAll("main.panels [data-panel], main.panels .compare-runs, main.panels .run")) {
    if (!p.closest("[hidden]") && getComputedStyle(p).display !== "none" && p.getAttribute("data-panel") !== "controls") {
      const run = p.closest("[data-run]");
      const name = (run ? run.dataset.run + ":" : "") + (p.dataset.panel || p.className);
      out.Panels.push(Object.assign({ Name: name, Overflow: !!p.dataset.panel && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1) }, box(p)));
    }
  }
  for (const c of document.querySelectorAll("canvas")) {
    if (vis(c) && /canvas$/.test(c.dataset.role || "")) out.Canvases.push(Object.assign({ Name: (c.closest("[data-run]") || {dataset: {}}).dataset.run + ":" + c.dataset.role }, box(c)));
  }
  const ch = document.querySelector('[data-role="compare-chart"]');
  out.Chart = Object.assign({ Shown: vis(ch) }, ch ? box(ch) : {});
  const sb = document.querySelector(".scoreboard-wrap");
  out.Board = Object.assign({ Shown: vis(sb) }, sb ? box(sb) : {});
  const note = document.querySelector('[data-role="left-out"]');
  out.LeftOut = vis(note) ? note.textContent : "";
  return out;
})()
