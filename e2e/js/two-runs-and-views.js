(async () => {
  const { WorkerClient } = await import("./worker-client.js");
  const { RunController } = await import("./run-controller.js");
  const { RunView } = await import("./run-view.js");
  const { Player } = await import("./player.js");
  const tpl = document.querySelector("[data-run-view]");
  const mk = () => {
    const box = document.createElement("main");
    box.className = "panels";
    const root = tpl.cloneNode(true);
    box.append(root);
    document.body.append(box);
    return root;
  };
  const client = new WorkerClient();
  const a = new RunController(client.runHandle()), b = new RunController(client.runHandle());
  const va = new RunView(mk()).bind(a), vb = new RunView(mk()).bind(b);
  const sa = {problem: "C01", dim: "2", algo: "pmode", seed: "4", pcaprob: "0.5"};
  const sb = {problem: "C01", dim: "2", algo: "heco-pde", seed: "4"};
  await a.configure(sa);
  await b.configure(sb);
  for (let i = 0; i < 10; i++) { await a.step(3); await b.step(2); }
  const bits = (x) => { const d = new DataView(new ArrayBuffer(8)); d.setFloat64(0, x); return d.getBigUint64(0).toString(16); };
  const side = [bits(a.status().bestF), bits(b.status().bestF)], sideFES = [a.status().fes, b.status().fes];
  // the same settings alone, each in a worker of its own
  const alone = async (s, n) => { const c = new RunController(new WorkerClient().runHandle()); await c.configure(s); await c.step(n); return c; };
  const ca = await alone(sa, 30), cb = await alone(sb, 20);
  await new Promise((r) => setTimeout(r, 500)); // the charts are drawn in later tasks
  const mem = await client.call("memory");
  // lockstep: PMODE (8 FES per generation) leads HECO-PDE (12)
  const p = new Player([{run: a, view: va}, {run: b, view: vb}], {speed: () => 10, loop: () => false});
  p.play();
  await new Promise((r) => setTimeout(r, 1500));
  await p.pause();
  return {
    ids: tpl.querySelectorAll("[id]").length,
    bits: [bits(ca.status().bestF), bits(cb.status().bestF), side[0], side[1]],
    fes: [ca.status().fes, cb.status().fes, sideFES[0], sideFES[1]],
    infoA: va.chartInfo(), infoB: vb.chartInfo(), runs: mem.runs,
    pageGeneration: window.playground.status().generation,
    lock: [a.status().fes, b.status().fes], lockGens: a.status().generation,
  };
})()
