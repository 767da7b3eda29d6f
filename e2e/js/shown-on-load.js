(() => {
  const vis = (id) => { const el = document.getElementById(id); return !!el && !el.hidden && el.textContent.trim() !== ""; };
  return {error: vis("error"), notice: vis("notice")};
})()
