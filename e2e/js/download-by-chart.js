// Clicks the export button of role (export-png, export-svg) of the i-th
// chart of the results view and resolves with the download it made
// (capture-downloads.js keeps them), or undefined after 10 s.
async (i, role) => {
  const n = window.__downloads.length; (document.querySelectorAll('.results-chart')[i]).querySelector('[data-role=' + role + ']').click();
  for (let i = 0; i < 500 && window.__downloads.length === n; i++) await new Promise((r) => setTimeout(r, 20));
  return window.__downloads[n];
}
