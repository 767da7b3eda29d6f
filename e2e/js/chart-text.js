// Resolves the text ECharts drew in the chart of the first element matching
// sel, once it has drawn some: each text's string, font size in CSS px (from
// the font zrender drew it with) and box on the page; and the pairs of tick
// labels whose boxes overlap. A text's box is zrender's own (its bounding
// rectangle, in the element's transform), moved by the chart's place on the page.
(sel) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const look = () => {
    const el = document.querySelector(sel);
    const inst = el && typeof echarts !== "undefined" && echarts.getInstanceByDom(el);
    const list = inst ? inst.getZr().storage.getDisplayList() : [];
    const texts = [];
    const at = el ? el.getBoundingClientRect() : { left: 0, top: 0 };
    for (const e of list) {
      const st = e.style || {};
      if (typeof st.text !== "string" || !st.text.trim() || e.invisible || e.ignore) continue;
      const m = /(\d+(\.\d+)?)px/.exec(st.font || "");
      const r = e.getBoundingRect().clone();
      const tr = e.getComputedTransform ? e.getComputedTransform() : e.transform;
      if (tr) r.applyTransform(tr);
      texts.push({ Text: st.text, Px: m ? parseFloat(m[1]) : (st.fontSize || 0),
        Left: at.left + r.x, Top: at.top + r.y, Right: at.left + r.x + r.width, Bott: at.top + r.y + r.height });
    }
    if (texts.length > 3) {
      // tick labels: numbers (with thousands' commas, signs, exponents)
      const ticks = texts.filter((t) => /^[−\-+]?[\d.,]+(e[−\-+]?\d+)?$/.test(t.Text));
      const overlaps = [];
      for (let i = 0; i < ticks.length; i++) {
        for (let j = i + 1; j < ticks.length; j++) {
          const a = ticks[i], b = ticks[j];
          if (a.Left < b.Right - 0.5 && b.Left < a.Right - 0.5 && a.Top < b.Bott - 0.5 && b.Top < a.Bott - 0.5) overlaps.push(a.Text + " / " + b.Text);
        }
      }
      resolve({ Texts: texts, Overlaps: overlaps, Width: el.clientWidth, Height: el.clientHeight });
      return;
    }
    if (performance.now() - t0 > 20000) { reject(new Error("no chart text in " + sel)); return; }
    setTimeout(look, 50);
  };
  look();
})
