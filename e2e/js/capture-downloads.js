// From now on the downloads of the results view in root are kept in
// window.__downloads ({name, data}) instead of saved.
(root) => {
  window.__downloads = [];
  document.querySelector(root).addEventListener("pcaplay-download", (ev) => { ev.preventDefault(); window.__downloads.push(ev.detail); });
  return true;
}
