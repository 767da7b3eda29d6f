// share.js: what the playground and compare mode share in their page
// chrome — the page's link and iframe snippet copied to the clipboard (or
// shown to copy by hand), and the transport's keys (space plays or pauses,
// → steps, r resets), and the page saved as one HTML file (onefile.js).
// One copy, so the two modes cannot drift apart.

import { saveOneFile } from "./onefile.js";

/** shareURL is the page's address for state, with extra keys (embed=1). */
export function shareURL(state, extra) {
  return location.href.replace(/#.*$/, "") + "#" + state.serialize(extra);
}

/**
 * copySnippet copies the link ("link") or an iframe snippet ("iframe") of
 * the page, or saves it as one HTML file ("onefile"); where the clipboard is not allowed it shows the text selected
 * in the settings panel to copy by hand. title names the frame for screen
 * readers.
 */
export function copySnippet(what, { state, settings, say, title }) {
  if (what === "onefile") return saveOneFile("#" + state.serialize(), say);
  const text = what === "iframe"
    ? '<iframe src="' + shareURL(state, { embed: "1" }).replace(/"/g, "&quot;") + '" width="960" height="640" style="border:0" loading="lazy" title="' + title.replace(/"/g, "&quot;") + '"></iframe>'
    : shareURL(state);
  const name = what === "iframe" ? "iframe snippet" : "link";
  settings.showSnippet(text, false);
  const done = () => say("Copied the " + name + " to the clipboard.");
  const manual = () => { settings.showSnippet(text, true); say("Select and copy the " + name + " below."); };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, manual);
  else {
    settings.showSnippet(text, true);
    try { document.execCommand("copy"); done(); } catch (e) { manual(); }
  }
}

/**
 * bindTransportKeys lets the keyboard drive commands (toggle, step, reset)
 * wherever focus is not in a control that uses those keys itself.
 */
export function bindTransportKeys(commands) {
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON|SUMMARY)$/.test(t.tagName))) return;
    if (ev.key === " " || ev.code === "Space") { ev.preventDefault(); commands.toggle(); }
    else if (ev.key === "ArrowRight") { ev.preventDefault(); commands.step().catch(() => {}); }
    else if (ev.key === "r" || ev.key === "R") commands.reset().catch(() => {});
  });
}
