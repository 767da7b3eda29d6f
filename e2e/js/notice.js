(() => {
  const n = document.getElementById("notice");
  if (!n) return {shown: false, text: ""};
  return {shown: !n.hidden && getComputedStyle(n).display !== "none" && n.textContent.trim() !== "", text: n.textContent.trim()};
})()
