(() => {
  const r = document.querySelector("[data-lesson-root]");
  const q = (role) => r.querySelector('[data-role="' + role + '"]');
  const shown = (e) => !!e && !e.hidden && e.getClientRects().length > 0;
  const cur = r.querySelector('[data-role="lesson-steps"] [aria-current]');
  return {
    step: r.dataset.step || "", drawn: r.dataset.drawn || "", seed: r.dataset.seed || "", k: r.dataset.k || "",
    layers: r.dataset.layers || "", label: q("lesson-label").textContent, title: q("lesson-title").textContent,
    caption: q("lesson-caption").textContent,
    text: Array.from(q("lesson-text").querySelectorAll("p")).map((p) => p.textContent),
    readouts: Array.from(q("lesson-readouts").querySelectorAll("[data-readout]")).map((d) => d.dataset.readout + "=" + d.querySelector("dd").textContent),
    controls: Array.from(r.querySelectorAll("[data-control]")).filter(shown).map((c) => c.dataset.control),
    hash: location.hash, current: cur ? cur.dataset.step : "", runHref: q("lesson-run").getAttribute("href") || "",
  };
})()
