// Sets the playground's "Record from the start" row: until FES, every,
// width and panels (the test then clicks GIF or WebM with export-bytes-by).
(until, every, width, panels) => {
  const q = (role) => document.querySelector(`[data-role="${role}"]`);
  q("record-until").value = String(until);
  q("record-every").value = String(every);
  q("record-width").value = String(width);
  q("record-panels").value = panels;
  return true;
}
