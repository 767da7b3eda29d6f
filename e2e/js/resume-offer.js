(() => { const b = document.querySelector('[data-role="resume-box"]'); return b.hidden ? "" : b.textContent; })()
