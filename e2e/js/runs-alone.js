(async () => {
  const bits = (x) => { const d = new DataView(new ArrayBuffer(8)); d.setFloat64(0, x); return d.getBigUint64(0).toString(16); };
  const { WorkerClient } = await import("./worker-client.js");
  const { RunController } = await import("./run-controller.js");
  const out = {fes: [], fbits: [], vbits: []};
  const st = window.playground.status().runs, vals = window.playground.chartInfo().compare.values;
  for (let i = 0; i < st.length; i++) {
    const w = new WorkerClient(), c = new RunController(w.runHandle());
    await c.configure(vals[i]);
    if (st[i].generation > 0) await c.step(st[i].generation);
    const r = c.status();
    out.fes.push(r.fes); out.fbits.push(bits(r.bestF)); out.vbits.push(bits(r.bestV));
    w.terminate();
  }
  return out;
})()
