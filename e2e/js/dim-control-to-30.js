(() => { const d = document.querySelector('[data-role="dim"]'); d.value = "30"; d.dispatchEvent(new Event("change")); return true; })()
