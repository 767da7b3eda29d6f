(() => {
  if (window.top !== window || window.__deck) return;
  const d = window.__deck = {messages: [], loads: []};
  window.addEventListener("message", (e) => {
    const m = e.data;
    if (!m || typeof m.type !== "string" || !m.type.startsWith("pcaplay")) return;
    const i = Array.from(document.querySelectorAll("iframe")).findIndex((f) => f.contentWindow === e.source);
    d.messages.push({frame: i, type: m.type, status: m.status || null, at: performance.now()});
  });
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("iframe").forEach((f, i) => f.addEventListener("load", () => d.loads.push({frame: i, at: performance.now()})));
  });
})();
