new Promise((r) => { const w = () => window.pcaplayExperiment.results.results && document.querySelector('[data-results-root] section[data-dim="2"]') ? r(true) : setTimeout(w, 50); w(); })
