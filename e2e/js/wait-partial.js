// Resolves with view() (live-view.js) once it shows partial results.
(view) => new Promise((r) => { const w = () => { const v = view(); v.partial && v.runs >= 0 ? r(v) : setTimeout(w, 50); }; w(); })
