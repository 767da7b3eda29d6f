(window.__e2e.longtasks.length = 0, window.__e2e.longtaskAt.length = 0, window.__e2e.benchT0 = performance.now())
