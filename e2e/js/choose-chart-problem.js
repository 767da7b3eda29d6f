// Chooses problem in the results view's chart chooser.
(problem) => { const s = document.querySelector('[data-role=chart-problem]'); s.value = problem; s.dispatchEvent(new Event("change")); return true; }
