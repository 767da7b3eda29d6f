// The geometry of the page as shown, for TestLayoutMatrix: every finding of
// the kinds the lecture-ready layout rules out, each a line naming what and
// where, and what the page shows of its panels and plots.
//
//   Sideways    the page scrolls sideways (any mode), or at all (an embed)
//   Overflows   an element that reaches out of its panel (a panel is a
//               [data-panel], a .panel, a compare run, the lesson's figure,
//               text and navigation, the modes' navigation or the transport)
//               or a panel out of the viewport's width; content inside a
//               box that scrolls by design (the Settings, a wide
//               scoreboard) is that box's, and only the box is checked
//   Cut         a text shortened with … (text-overflow: ellipsis), or a
//               panel in a frame (overflow: hidden) that holds more than it
//               shows
//   Overlaps    two text boxes that overlap: the page's text (each text
//               node's line boxes, as far as they are visible) and, per
//               ECharts chart, the texts zrender drew (axis names, ticks,
//               titles, legends); also a chart's text outside its chart
//   Small       a visible plot (a canvas of the planes, an ECharts chart)
//               under min px in either dimension
//   Uneven      compare mode's runs side by side whose first panels are
//               not level
//   LeftOut     the layout's notes saying what it left out (data-role
//               "left-out", visible), their text
//   Plots       every visible plot with its size, for the log
(min) => {
  const de = document.documentElement;
  const W = innerWidth, H = innerHeight;
  const out = { W, H, ScrollW: de.scrollWidth, ScrollH: de.scrollHeight, Sideways: [], Overflows: [], Cut: [], Overlaps: [], Small: [], Uneven: [], LeftOut: [], Plots: [] };
  const styles = new Map();
  const style = (e) => { let cs = styles.get(e); if (!cs) { cs = getComputedStyle(e); styles.set(e, cs); } return cs; };
  const shownCache = new Map();
  const shown = (e) => {
    if (!e) return false;
    if (shownCache.has(e)) return shownCache.get(e);
    let ok = true;
    if (e.nodeType === 1) {
      const cs = style(e);
      if (e.hidden || cs.display === "none" || cs.visibility === "hidden") ok = false;
    }
    // the content of a closed <details> is not rendered (its boxes are stale)
    if (ok && e.parentElement && e.parentElement.tagName === "DETAILS" && !e.parentElement.open && e.tagName !== "SUMMARY") ok = false;
    if (ok && e.parentElement) ok = shown(e.parentElement);
    shownCache.set(e, ok);
    return ok;
  };
  const name = (e) => {
    const d = e.dataset || {};
    let s = e.tagName.toLowerCase();
    if (d.role) s += `[data-role=${d.role}]`; else if (d.panel) s += `[data-panel=${d.panel}]`;
    else if (e.id) s += "#" + e.id; else if (e.className && typeof e.className === "string") s += "." + e.className.trim().split(/\s+/).join(".");
    const run = e.closest("[data-run]");
    return (run ? run.dataset.run + ":" : "") + s;
  };
  const rect = (e) => e.getBoundingClientRect();
  const fmt = (r) => `[${Math.round(r.left)},${Math.round(r.top)}]–[${Math.round(r.right)},${Math.round(r.bottom)}]`;
  const PANEL = "[data-panel], .panel, .compare-mode .compare-runs > .run, .lesson-figure, .lesson-text, .lesson-nav, nav.modes, .transport, .results-load";
  const scrolls = (e) => { const cs = style(e); return /auto|scroll/.test(cs.overflowX + cs.overflowY); };
  const clips = (e) => { const cs = style(e); return cs.overflowX !== "visible" || cs.overflowY !== "visible"; };
  const embed = document.body.classList.contains("embed");

  if (de.scrollWidth > W + 1) out.Sideways.push(`the page is ${de.scrollWidth} px wide in ${W}`);
  if (embed && de.scrollHeight > H + 1) out.Sideways.push(`the embed is ${de.scrollHeight} px high in ${H}: it scrolls`);

  // the visible part of an element: its box clipped by every clipping ancestor
  const clipCache = new Map();
  const clipOf = (e) => { // the box that e's ancestors leave visible
    if (!e || e === document.body) return { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
    if (clipCache.has(e)) return clipCache.get(e);
    let c = clipOf(e.parentElement);
    if (clips(e)) { const r = rect(e); c = { left: Math.max(c.left, r.left), top: Math.max(c.top, r.top), right: Math.min(c.right, r.right), bottom: Math.min(c.bottom, r.bottom) }; }
    clipCache.set(e, c);
    return c;
  };
  const visible = (e, r) => {
    const c = clipOf(e);
    const x0 = Math.max(r.left, c.left), y0 = Math.max(r.top, c.top), x1 = Math.min(r.right, c.right), y1 = Math.min(r.bottom, c.bottom);
    return x1 - x0 > 1 && y1 - y0 > 1 ? { left: x0, top: y0, right: x1, bottom: y1 } : null;
  };

  // panels in the viewport's width; what they hold inside them
  const panels = Array.from(document.querySelectorAll(PANEL)).filter(shown);
  for (const p of panels) {
    const r = rect(p);
    if (r.width < 1 || r.height < 1) continue;
    if (r.left < -1 || r.right > W + 1) out.Overflows.push(`${name(p)} ${fmt(r)} is outside the ${W} px viewport`);
    if (embed && (r.top < -1 || r.bottom > H + 1)) out.Overflows.push(`${name(p)} ${fmt(r)} is outside the ${W}×${H} frame`);
    if (p.dataset.panel !== "controls" && clips(p) && !scrolls(p) && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1)) {
      out.Cut.push(`${name(p)} holds ${p.scrollWidth}×${p.scrollHeight} and shows ${p.clientWidth}×${p.clientHeight}`);
    }
  }
  for (const e of document.body.querySelectorAll("*")) {
    if (!shown(e) || e.matches(PANEL)) continue;
    const r = rect(e);
    if (r.width < 1 || r.height < 1) continue;
    // the nearest panel, unless a box that scrolls by design holds e first
    let p = null;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (scrolls(a) || a.dataset.panel === "controls") { p = null; break; }
      if (a.matches(PANEL)) { p = a; break; }
      if (style(a).position === "fixed") break;
    }
    if (p) {
      const pr = rect(p);
      if (r.left < pr.left - 1 || r.right > pr.right + 1 || r.top < pr.top - 1 || r.bottom > pr.bottom + 1) {
        out.Overflows.push(`${name(e)} ${fmt(r)} reaches out of ${name(p)} ${fmt(pr)}`);
      }
    }
    const cs = style(e);
    if (cs.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim()) {
      out.Cut.push(`${name(e)} "${e.textContent.trim().slice(0, 50)}" is cut with … (${e.scrollWidth} px in ${e.clientWidth})`);
    }
  }

  // the page's text boxes: each text node's line boxes, as far as visible
  const boxes = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !shown(e) || e.closest("script, style, .sr-only, option, select, textarea")) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const lr of range.getClientRects()) {
      if (lr.width < 1 || lr.height < 1) continue;
      const v = visible(e, lr);
      if (v) boxes.push({ text: n.textContent.trim().slice(0, 30), e, r: v });
    }
  }
  // a sticky or fixed box with a background (the lesson's Back/Next, the
  // transport) covers what scrolls under it by design
  const covers = new Map();
  const cover = (e) => {
    if (!e || e === document.body) return null;
    if (covers.has(e)) return covers.get(e);
    const cs = style(e);
    const c = (cs.position === "sticky" || cs.position === "fixed") && !/rgba\(.*, 0\)|transparent/.test(cs.backgroundColor) ? e : cover(e.parentElement);
    covers.set(e, c);
    return c;
  };
  const over = (a, b, by) => a.left < b.right - by && b.left < a.right - by && a.top < b.bottom - by && b.top < a.bottom - by;
  boxes.sort((a, b) => a.r.top - b.r.top);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length && boxes[j].r.top < boxes[i].r.bottom; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.e === b.e && a.text === b.text) continue; // one text's own lines
      if (cover(a.e) !== cover(b.e)) continue;
      if (over(a.r, b.r, 2)) out.Overlaps.push(`"${a.text}" (${name(a.e)}) ${fmt(a.r)} over "${b.text}" (${name(b.e)}) ${fmt(b.r)}`);
    }
  }

  // plots: the planes' canvases and the ECharts charts
  const plot = (e, kind) => {
    const r = rect(e);
    const v = r.width >= 1 && r.height >= 1;
    if (!v || !shown(e)) return;
    out.Plots.push(`${name(e)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    if (r.width < min - 0.5 || r.height < min - 0.5) out.Small.push(`${kind} ${name(e)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
  };
  for (const c of document.querySelectorAll("canvas")) if (/canvas$/.test(c.dataset.role || "")) plot(c, "canvas");
  const charts = typeof echarts === "undefined" ? [] : Array.from(document.querySelectorAll("[_echarts_instance_]"));
  for (const el of charts) {
    if (!shown(el)) continue;
    plot(el, "chart");
    const inst = echarts.getInstanceByDom(el);
    if (!inst) continue;
    const at = rect(el);
    const texts = [];
    for (const t of inst.getZr().storage.getDisplayList()) {
      const st = t.style || {};
      if (typeof st.text !== "string" || !st.text.trim() || t.invisible || t.ignore) continue;
      const b = t.getBoundingRect().clone();
      const tr = t.getComputedTransform ? t.getComputedTransform() : t.transform;
      if (tr) b.applyTransform(tr);
      let r = { left: at.left + b.x, top: at.top + b.y, right: at.left + b.x + b.width, bottom: at.top + b.y + b.height };
      // what a clip path leaves of it (a scrolling legend's items)
      for (const cp of t.__clipPaths || []) {
        const c = cp.getBoundingRect().clone();
        const ct = cp.getComputedTransform ? cp.getComputedTransform() : cp.transform;
        if (ct) c.applyTransform(ct);
        r = { left: Math.max(r.left, at.left + c.x), top: Math.max(r.top, at.top + c.y),
          right: Math.min(r.right, at.left + c.x + c.width), bottom: Math.min(r.bottom, at.top + c.y + c.height) };
      }
      if (r.right - r.left < 1 || r.bottom - r.top < 1) continue;
      texts.push({ text: st.text.replace(/\s+/g, " ").slice(0, 30), r });
      if (r.left < at.left - 1 || r.right > at.right + 1 || r.top < at.top - 1 || r.bottom > at.bottom + 1) {
        out.Overflows.push(`chart ${name(el)}: "${st.text.slice(0, 30)}" ${fmt(r)} is outside the chart ${fmt(at)}`);
      }
    }
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        if (over(texts[i].r, texts[j].r, 1)) out.Overlaps.push(`chart ${name(el)}: "${texts[i].text}" ${fmt(texts[i].r)} over "${texts[j].text}" ${fmt(texts[j].r)}`);
      }
    }
  }
  // compare mode's runs side by side keep their panels level (a run's name
  // that wraps, "B: pmode, pca=false", must not push its panels down)
  const runs = Array.from(document.querySelectorAll(".compare-runs > .run")).filter(shown);
  for (let i = 1; i < runs.length; i++) {
    const a = runs[0], b = runs[i];
    if (Math.abs(rect(a).top - rect(b).top) > 1) continue; // another row (a phone, a narrow page)
    const first = (r) => Array.from(r.querySelectorAll(":scope > [data-panel]")).find(shown);
    const pa = first(a), pb = first(b);
    if (pa && pb && Math.abs(rect(pa).top - rect(pb).top) > 1) {
      out.Uneven.push(`${name(pb)} at ${Math.round(rect(pb).top)} px, ${name(pa)} at ${Math.round(rect(pa).top)} px`);
    }
  }
  for (const n of document.querySelectorAll('[data-role="left-out"]')) if (shown(n) && n.textContent.trim()) out.LeftOut.push(n.textContent.trim());
  return out;
}
