// The colours of the results' charts of one dimension (the first shown):
// each box plot's box colours in category order (from the option drawn),
// each line chart's series colours by name, and the swatches beside the
// configurations' names in the supplement tables' headers, in order.
(() => {
  const sec = document.querySelector("section[data-dim]");
  const out = { Boxes: [], Lines: {}, Swatches: [] };
  for (const h of sec.querySelectorAll(".results-table-wrap h4 .config-swatch")) out.Swatches.push(h.dataset.colour);
  for (const c of sec.querySelectorAll(".results-chart .chart")) {
    const inst = echarts.getInstanceByDom(c);
    if (!inst) continue;
    const o = inst.getOption();
    for (const s of o.series) {
      if (s.type === "boxplot") out.Boxes.push(s.data.map((d) => (d && d.itemStyle && d.itemStyle.borderColor) || ""));
      else if (s.type === "line" && s.name && !/band/.test(s.stack || "")) out.Lines[s.name] = s.color || (s.itemStyle && s.itemStyle.color) || (s.lineStyle && s.lineStyle.color) || "";
    }
  }
  return out;
})()
