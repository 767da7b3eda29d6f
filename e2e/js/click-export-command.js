(document.querySelector('[data-role="export-command"]').click(), new Promise((r) => setTimeout(() => r(true), 500)))
