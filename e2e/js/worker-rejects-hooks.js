// worker-rejects-hooks.js: the site's worker.js answers the tests' hooks —
// the crash message of crash-worker.js, the old crash and forcePanic —
// with unknown-command: resolves with [[code, message], …], one per name.
(async () => {
  const w = new Worker(new URL("worker.js", location.href), { type: "module" });
  const ask = (id, cmd) => new Promise((resolve) => {
    const on = (ev) => { if (ev.data.id === id) { w.removeEventListener("message", on); resolve(ev.data.error ? [ev.data.error.code, ev.data.error.message] : ["ok", ""]); } };
    w.addEventListener("message", on);
    w.postMessage({ id, cmd });
  });
  const out = [];
  for (const [i, cmd] of ["e2e-crash", "crash", "forcePanic"].entries()) out.push(await ask(i + 1, cmd));
  w.terminate();
  return out;
})()
