(() => {
  if (window.__e2e) return;
  const e = window.__e2e = {readyAt: null, readyError: null, longtasks: [], longtaskAt: [], longtaskError: null};
  const hex = (x) => {
    const d = new DataView(new ArrayBuffer(8));
    d.setFloat64(0, Number(x));
    let s = "";
    for (let i = 0; i < 8; i++) s += d.getUint8(i).toString(16).padStart(2, "0");
    return s;
  };
  e.bits = hex;
  let watched = false;
  const watch = (pg) => {
    if (watched || !pg || !pg.ready || typeof pg.ready.then !== "function") return;
    watched = true;
    pg.ready.then(() => { e.readyAt = performance.now(); }, (err) => { e.readyError = String(err && err.stack || err); });
  };
  let current;
  try {
    Object.defineProperty(window, "playground", {
      configurable: true, enumerable: true,
      get() { return current; },
      set(v) { current = v; watch(v); },
    });
  } catch (_) {}
  const t0 = performance.now();
  (function poll() {
    watch(window.playground);
    if (!watched && performance.now() - t0 < 120000) setTimeout(poll, 2);
  })();
  try {
    new PerformanceObserver((list) => {
      for (const en of list.getEntries()) { e.longtasks.push(en.duration); e.longtaskAt.push(en.startTime); }
    }).observe({type: "longtask", buffered: true});
  } catch (err) { e.longtaskError = String(err); }
  // whenReady waits for window.playground.ready, however late the page
  // defines window.playground.
  e.whenReady = (timeoutMs) => new Promise((resolve, reject) => {
    const start = performance.now();
    (function poll() {
      const pg = window.playground;
      if (pg && pg.ready && typeof pg.ready.then === "function") {
        pg.ready.then(() => resolve(true), (err) => reject(new Error("playground.ready rejected: " + (err && err.message || err))));
      } else if (performance.now() - start > timeoutMs) {
        reject(new Error("window.playground.ready did not appear within " + timeoutMs + " ms"));
      } else setTimeout(poll, 10);
    })();
  });
  e.status = () => {
    const s = window.playground.status();
    return Object.assign({}, s, {
      bestF: String(s.bestF), bestV: String(s.bestV),
      bestFBits: hex(s.bestF), bestVBits: hex(s.bestV),
    });
  };
})();
