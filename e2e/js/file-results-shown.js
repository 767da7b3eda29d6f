new Promise((r) => { const w = () => /of CMODE, PMODE/.test(document.querySelector('.results-status').textContent) && window.pcaplayResults.results ? r(true) : setTimeout(w, 20); w(); })
