(() => {
  const bits = (x) => { const d = new DataView(new ArrayBuffer(8)); d.setFloat64(0, x); return d.getBigUint64(0).toString(16); };
  const s = window.__e2e.status();
  s.runs = window.playground.status().runs.map((r) => Object.assign({}, r, {bestFBits: bits(r.bestF), bestVBits: bits(r.bestV)}));
  return s;
})()
