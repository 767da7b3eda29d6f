window.__e2e.whenReady(15000).then(() => ({hash: location.hash,
  runs: "runs" in window.playground.status(), mode: document.documentElement.classList.contains("compare-mode")}))
