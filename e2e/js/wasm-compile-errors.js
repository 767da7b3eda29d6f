(async () => {
  const { compiledModule } = await import("./worker-client.js");
  const failure = async (url) => {
    try { await compiledModule(url); return ["compiled"]; } catch (e) { return [e.name, e.code, e.message]; }
  };
  const missing = await failure(new URL("missing/pcaplay.wasm", location.href));
  await failure(new URL("missing/pcaplay.wasm", location.href)); // asked again, not kept
  const notWasm = await failure(new URL("app.js", location.href));
  const m = await compiledModule(new URL("pcaplay.wasm", location.href));
  // the worker's own compile: a command first, or the page's reason first
  const ask = (first) => new Promise((resolve, reject) => {
    const w = new Worker(new URL("worker.js", location.href), { type: "module" });
    w.onmessage = (ev) => { w.terminate(); ev.data.error ? reject(new Error(ev.data.error.message)) : resolve(ev.data.result.version); };
    w.onerror = (ev) => { w.terminate(); reject(new Error(ev.message)); };
    if (first) w.postMessage(first);
    w.postMessage({ id: 1, cmd: "protocol" });
  });
  return { missing, notWasm, alone: await ask(null), told: await ask({ init: { reason: "test" } }),
    instance: m instanceof WebAssembly.Module };
})()
