(() => {
  const n = document.getElementById("notice");
  if (!n) return {present: false};
  return {present: true, hidden: n.hidden, display: getComputedStyle(n).display, text: n.textContent};
})()
