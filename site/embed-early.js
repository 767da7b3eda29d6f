// embed-early.js: the page's first script, a classic one run while the head
// is parsed (the modules run only after the whole page is parsed). It makes
// sure nothing sent before the page is ready is lost: it defines
// window.playground at once and listens for postMessage commands, and queues
// both until embed-api.js connects the real implementation, which applies
// them in the order they arrived. Only the idle status() and chartInfo()
// answer before that, at once. The queue holds at most MAX_EARLY entries:
// a call beyond them is rejected at once, a message beyond them is
// dropped (a page that never becomes ready, or a parent that floods it,
// cannot grow it without bound).
(() => {
  "use strict";
  if (window.__pcaplayEarly) return;
  // the lesson's layout from the first paint (boot.js loads lesson-app.js later)
  if (/(?:^#|&)lesson=/.test(location.hash)) document.documentElement.classList.add("lesson-mode");
  const MAX_EARLY = 1000;
  const queue = [];
  let impl = null;
  let dropped = 0;
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  ready.catch(() => {});
  const call = (name, args) => {
    if (impl) return impl[name](...args);
    if (queue.length >= MAX_EARLY) {
      return Promise.reject(new Error("the page is not ready yet and already holds " + MAX_EARLY + " commands: " + name + " not queued"));
    }
    return new Promise((resolve, reject) => queue.push({ name, args, resolve, reject }));
  };
  const idle = () => ({ fes: 0, bestF: null, bestV: null, feasible: false, running: false, generation: 0, done: false, maxFES: 0 });
  window.playground = {
    ready,
    play: () => call("play", []),
    pause: () => call("pause", []),
    step: () => call("step", []),
    reset: () => call("reset", []),
    set: (params) => call("set", [params]),
    status: () => (impl ? impl.status() : idle()),
    chartInfo: () => (impl ? impl.chartInfo() : { landscapeDrawn: false, points: 0, convergence: 0, window: [] }),
  };
  window.addEventListener("message", (ev) => {
    const d = ev.data;
    if (!d || typeof d !== "object" || d.type !== "pcaplay") return;
    if (impl) impl.message(ev);
    else if (queue.length < MAX_EARLY) queue.push({ name: "message", args: [ev] });
    else if (dropped++ === 0) console.warn("pcaplay: the page is not ready yet and already holds " + MAX_EARLY + " commands; later messages are dropped until it is");
  });
  Object.defineProperty(window, "__pcaplayEarly", {
    value: Object.freeze({
      // connect hands over the queue: each call is made in arrival order
      connect(api) {
        if (impl) throw new Error("embed API connected twice");
        impl = api;
        for (const q of queue.splice(0)) {
          let r;
          try { r = impl[q.name](...q.args); } catch (e) { r = Promise.reject(e); }
          if (q.resolve) Promise.resolve(r).then(q.resolve, q.reject);
        }
      },
      resolveReady: (v) => resolveReady(v),
      rejectReady: (e) => rejectReady(e),
    }),
  });
})();
