// Clicks the element sel selects and resolves with the download it made
// (capture-downloads.js keeps them), or undefined after 10 s.
async (sel) => {
  const n = window.__downloads.length;
  document.querySelector(sel).click();
  for (let i = 0; i < 500 && window.__downloads.length === n; i++) await new Promise((r) => setTimeout(r, 20));
  return window.__downloads[n];
}
