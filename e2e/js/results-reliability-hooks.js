// results-reliability-hooks.js: run in the results page before its own
// scripts (results_reliability_test.go). It keeps every unhandled promise
// rejection in window.__rejections, and starts the page's workers from the
// test-only /e2e-crash-worker.js (crash-worker.js): while
// window.__failSummarise > 0, the next summarise sent to a worker is not
// sent; the worker is told {cmd: "e2e-crash"} instead (its error event, as
// a worker that crashes) and is dead from then on: every later message to
// it is dropped, so that only a fresh worker answers. window.__crashIdle()
// does the same at once to every live worker, busy or idle, and returns
// how many it crashed.
window.__rejections = [];
window.addEventListener("unhandledrejection", (ev) => {
  window.__rejections.push(String((ev.reason && ev.reason.message) || ev.reason));
});
window.__failSummarise = 0;
window.__workers = [];
window.Worker = class extends window.Worker {
  constructor(url, options) {
    const u = new URL(String(url), location.href);
    super(u.pathname.endsWith("/worker.js") ? new URL("e2e-crash-worker.js", u) : url, options);
    this.dead = false;
    window.__workers.push(this);
  }
  crash() {
    this.dead = true;
    super.postMessage({ cmd: "e2e-crash" });
  }
  terminate() {
    this.dead = true;
    super.terminate();
  }
  postMessage(m, ...transfer) {
    if (this.dead) return;
    if (m && m.cmd === "summarise" && window.__failSummarise > 0) {
      window.__failSummarise--;
      this.dead = true;
      super.postMessage({ cmd: "e2e-crash" });
      return;
    }
    super.postMessage(m, ...transfer);
  }
};
window.__crashIdle = () => {
  const live = window.__workers.filter((w) => !w.dead);
  live.forEach((w) => w.crash());
  return live.length;
};
