// A digest (FNV-1a) of the canvas sel selects, as PNG: it changes when what
// is drawn changes.
(sel) => {
  const c = document.querySelector(sel);
  const png = c.toDataURL("image/png");
  let h = 0x811c9dc5;
  for (let i = 0; i < png.length; i++) h = Math.imul(h ^ png.charCodeAt(i), 16777619);
  return c.width + "x" + c.height + ":" + (h >>> 0).toString(16);
}
