new Promise((r) => { const w = () => document.querySelectorAll('[data-results-root] table').length === 0 ? r(true) : setTimeout(w, 50); w(); })
