// crash-workers.js (plan): from now on the page's workers of worker.js start
// from the test-only /e2e-crash-worker.js (crash-worker.js), and the worker
// that configures the experiment's run of seed S crashes on the attempts
// plan[S] lists (1: the first, 2: its retry on a fresh worker): the page
// sends it {cmd: "e2e-crash"} after that configure. The site has no such
// hook: its worker.js answers the message unknown-command.
(plan) => {
  const Base = window.Worker;
  const attempts = new Map();
  window.Worker = class extends Base {
    constructor(url, options) {
      const u = new URL(String(url), location.href);
      super(u.pathname.endsWith("/worker.js") ? new URL("e2e-crash-worker.js", u) : url, options);
    }
    postMessage(m, ...transfer) {
      super.postMessage(m, ...transfer);
      if (m && m.cmd === "configure" && m.options && m.options.record && m.state) {
        const seed = String(m.state.seed), n = (attempts.get(seed) || 0) + 1;
        attempts.set(seed, n);
        if ((plan[seed] || []).includes(n)) super.postMessage({ cmd: "e2e-crash" });
      }
    }
  };
  return true;
}
