new Promise((r) => { const w = () => { const e = document.getElementById("error"); !e.hidden && e.textContent ? r(e.textContent) : setTimeout(w, 50); }; w(); })
