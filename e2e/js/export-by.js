// Clicks the element of selector and resolves with the file the page
// saved (its pcaplay-export event): name, type, size, a PNG's pixel size
// or a text file's text.
(selector) => new Promise((resolve, reject) => {
  const on = async (ev) => {
    window.removeEventListener("pcaplay-export", on);
    const {name, type, blob} = ev.detail;
    const out = {name, type, size: blob.size, text: "", w: 0, h: 0, pixel: devicePixelRatio};
    if (type === "image/png") { const im = await createImageBitmap(blob); out.w = im.width; out.h = im.height; }
    else out.text = await blob.text();
    resolve(out);
  };
  window.addEventListener("pcaplay-export", on);
  const el = document.querySelector(selector);
  if (!el) { reject(new Error("no element " + selector)); return; }
  el.click();
  setTimeout(() => reject(new Error("no export within 30 s")), 30000);
})
