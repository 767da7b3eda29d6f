// slow-indexeddb.js: run in every page before its own scripts
// (experiment_saved_test.go). Every getAll of a read-only transaction
// answers window.__idbDelayMs (300 ms) late (a read-write transaction
// would end meanwhile: the test's rewriteSaved), as IndexedDB may on a busy machine:
// the experiment view reads its saved runs so (experiment-store.js load),
// and a test must not take what the page showed before that read for what
// it shows after.
window.__idbDelayMs = 300;
{
  const getAll = IDBObjectStore.prototype.getAll;
  IDBObjectStore.prototype.getAll = function (...args) {
    const r = getAll.apply(this, args);
    if (this.transaction.mode !== "readonly") return r;
    let handler = null;
    r.addEventListener("success", (ev) => {
      if (handler) setTimeout(() => handler.call(r, ev), window.__idbDelayMs);
    });
    Object.defineProperty(r, "onsuccess", { configurable: true, get: () => handler, set: (fn) => { handler = fn; } });
    return r;
  };
}
