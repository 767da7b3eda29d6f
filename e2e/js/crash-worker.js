// crash-worker.js: a test-only worker script, served by the harness at
// /e2e-crash-worker.js (never part of the site): the site's worker.js
// behind a wrapper that takes one more message, {cmd: "e2e-crash"}, and
// then throws an uncaught error, as when a worker crashes (the page sees
// the worker's error event). The site's worker.js answers that message
// unknown-command. crash-workers.js starts the page's workers from here.
(() => {
  const queued = [];
  let relay = null;
  const mine = (ev) => {
    if (ev.data && ev.data.cmd === "e2e-crash") {
      setTimeout(() => { throw new Error("worker crash (test hook)"); });
      return;
    }
    if (relay) relay(ev);
    else queued.push(ev);
  };
  self.onmessage = mine;
  // worker.js sets its own onmessage when it runs: it becomes the relay,
  // and the messages that came before it are handed on in order
  import("./worker.js").then(() => {
    relay = self.onmessage;
    self.onmessage = mine;
    for (const ev of queued.splice(0)) relay(ev);
  });
})();
