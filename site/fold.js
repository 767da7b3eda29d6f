// fold.js: a panel that folds under its title on a narrow screen (a phone):
// createFold(section) gives the section's h2 a disclosure button
// (aria-expanded) that replaces the title's text below 760 px, and the
// section starts folded there; above, the title is its plain text and
// nothing is folded, so no control says what is not so. style.css hides a
// folded section's body. The playground folds its Settings so that a
// phone shows the landscape first.

/** NARROW is the media query of a phone-sized screen (style.css's). */
export const NARROW = "(max-width: 760px)";

/**
 * createFold gives section's h2 the button that unfolds it on a narrow
 * screen.
 * @param {Element} section a panel with an h2 title
 * @returns {{open: (on: boolean) => void}}
 */
export function createFold(section, win = window) {
  const h2 = section.querySelector("h2");
  const doc = section.ownerDocument;
  const text = doc.createElement("span");
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "fold";
  button.dataset.role = "fold";
  // the title's own text; other parts of the title (export boxes) stay
  for (const n of Array.from(h2.childNodes)) if (n.nodeType === 3) text.append(n);
  button.textContent = text.textContent.trim();
  h2.prepend(text, button);
  const open = (on) => {
    section.classList.toggle("folded", !on);
    button.setAttribute("aria-expanded", String(on));
  };
  button.onclick = () => open(section.classList.contains("folded"));
  const narrow = win.matchMedia(NARROW);
  const follow = () => {
    button.hidden = !narrow.matches;
    text.hidden = narrow.matches;
    open(!narrow.matches);
  };
  follow();
  narrow.addEventListener("change", follow);
  return { open };
}
