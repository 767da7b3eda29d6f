// page-mode.js: the page's mode and the switch between modes. boot.js
// picks the mode from the address once (state.js pageMode) and watches for
// an address of another mode, which reloads the page, so that each mode
// starts from a clean page. A mode's own switch (Back to one run, Compare
// PCA on vs off, another number of runs) goes through its shell's leave(),
// and every address a mode writes goes through writeAddress()
// (createAddress below: one per page, no module-level state).
import { parse, pageMode } from "./state.js";

// modeOf is the mode an address hash asks for: "lesson", "experiment",
// "compare" or "play".
export const modeOf = (hash) => pageMode(parse(hash));

// watchMode reloads the page when the address changes to another mode than
// mode, the one the page was made for (a link back, a hand-edited address).
export function watchMode(mode) {
  window.addEventListener("hashchange", () => {
    if (modeOf(location.hash) !== mode) location.reload();
  });
}

// createAddress is a page's address, with its switch of mode (a mode's
// shell owns one: page-shell.js):
//
// leave(hash) makes the page anew for the address hash (another mode, or
// another number of runs): it writes the address and reloads at once, and
// from then on writeAddress leaves the address alone. (Relying on the
// hashchange listener of watchMode alone lost the switch when a transition
// still in flight wrote the compare address back before that event ran:
// the address said one run and the page stayed in compare mode.)
//
// writeAddress(hash) puts hash in the address without a history entry,
// unless the page is leaving or the address says it already, and fires a
// "pcaplay-address" event on the window (replaceState fires no hashchange).
export function createAddress(win = window) {
  const a = { leaving: false };
  return {
    leave(hash) {
      a.leaving = true;
      win.location.hash = hash;
      win.location.reload();
    },
    writeAddress(hash) {
      if (a.leaving) return;
      if (win.location.hash === hash) return;
      win.history.replaceState(null, "", hash);
      // replaceState fires no hashchange: tell the page's navigation
      // (top-nav.js); a window without events (a unit test's) has none
      if (typeof win.CustomEvent === "function") win.dispatchEvent(new win.CustomEvent("pcaplay-address", { detail: { hash } }));
    },
    get leaving() { return a.leaving; },
  };
}
