new Promise((r) => { const w = () => { const x = window.pcaplayExperiment.results.results; x && !x.progress ? r(true) : setTimeout(w, 50); }; w(); })
