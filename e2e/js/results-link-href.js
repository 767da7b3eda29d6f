new Promise((r) => { const w = () => { const a = document.querySelector("[data-role=results-link]"); a ? r(a.href) : setTimeout(w, 20); }; w(); })
