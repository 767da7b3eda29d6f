new Promise((r) => { const w = () => { const s = document.querySelector('.results-status'); s.classList.contains('error') ? r(s.textContent) : setTimeout(w, 20); }; w(); })
