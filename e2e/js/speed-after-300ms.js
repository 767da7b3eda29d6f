new Promise((r) => setTimeout(() => r(document.querySelector('[data-role="speed"]').value), 300))
