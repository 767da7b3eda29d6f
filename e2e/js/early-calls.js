// The calls made on pg (window.playground) before the page is ready; the
// replies go to window.__early.results in the order they come.
(pg) => {
  window.__early = {readyBefore: window.__e2e.readyAt !== null, parsing: document.readyState === "loading", results: []};
  const log = (what) => (s) => window.__early.results.push({what, fes: s.fes, maxFES: s.maxFES, running: s.running, generation: s.generation});
  pg.set({fes: "60000", seed: "3"}).then(log("set"));
  pg.step().then(log("step"));
  pg.play().then(log("play"));
}
