// Starts n workers at once and returns the milliseconds until every one
// has answered (the protocol command); then terminates them. The workers
// share one compiled pcaplay.wasm, as the experiment view's pool shares the
// page's: a createModuleCache kept on the window across calls (so that a
// first, unmeasured call compiles it), or, on a site from before that cache
// existed, the module-level one the page itself filled.
async (n) => {
  const { WorkerClient, createModuleCache } = await import("./worker-client.js");
  let opts = {};
  if (createModuleCache) {
    window.__benchModules = window.__benchModules || createModuleCache();
    opts = { modules: window.__benchModules };
  }
  const t0 = performance.now();
  const cs = Array.from({ length: n }, () => new WorkerClient(undefined, opts));
  await Promise.all(cs.map((c) => c.call("protocol")));
  const ms = performance.now() - t0;
  cs.forEach((c) => c.terminate());
  return ms;
}
