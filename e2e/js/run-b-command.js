(document.querySelector('[data-run="b"] [data-role="export-command"]').click(),
  new Promise((r) => setTimeout(() => r(document.querySelector('[data-run="b"] [data-role="command"]').textContent), 500)))
