(() => { const e = document.querySelector('[data-role="data-note"]'); return [e.dataset.label || "", e.textContent]; })()
