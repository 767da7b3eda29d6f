new Promise((r) => { const w = () => window.pcaplayResults ? r(true) : setTimeout(w, 20); w(); })
