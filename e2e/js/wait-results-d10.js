new Promise((r) => { const w = () => document.querySelector('[data-results-root] section[data-dim="10"]') ? r(true) : setTimeout(w, 50); w(); })
