// fit.js: an embed leaves out what its frame has no room for, and says so.
// Every visible plot (a plane's canvas, an ECharts chart) is at least
// MIN_PLOT CSS px wide and high, or left out: fitPlots shows what the
// address asks for, leaves out the mode's groups in their order (the
// least needed first) until the plots that remain are that large, takes
// back any group whose return keeps them so, and names what it left out in
// one line above the panels (data-role="left-out"). The CSS lays out what
// remains (the grid gives the room of a group left out to the others).
//
// It reads the layout (a forced layout per try, a few per call): the pages
// call it on load, on a change of panels and on a resize, never per frame.

/** MIN_PLOT is the least width and height of a shown plot, in CSS px. */
export const MIN_PLOT = 200;

const PLOTS = 'canvas[data-role$="canvas"], .chart';

function shown(el) {
  return el.getClientRects().length > 0 && el.getBoundingClientRect().width > 0;
}

/** plotsFit reports whether root shows a plot and every plot it shows is at least min px each way. */
export function plotsFit(root, min = MIN_PLOT) {
  let any = false;
  for (const el of root.querySelectorAll(PLOTS)) {
    if (!shown(el)) continue;
    any = true;
    const r = el.getBoundingClientRect();
    if (r.width < min - 0.5 || r.height < min - 0.5) return false;
  }
  return any;
}

// the note above the panels: made once, before root's panels
function noteOf(doc, root) {
  let note = doc.querySelector('[data-role="left-out"]');
  if (!note) {
    note = doc.createElement("p");
    note.className = "left-out-note";
    note.dataset.role = "left-out";
    note.setAttribute("role", "note");
    note.hidden = true;
    root.before(note);
  }
  return note;
}

/** leftOutText is the note's line for the names of the groups left out ("" for none). */
export function leftOutText(names, min = MIN_PLOT) {
  if (names.length === 0) return "";
  const list = names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  return `Left out for want of room (each plot needs ${min} px each way): ${list}. A larger frame shows everything.`;
}

/**
 * fitPlots fits root's plots (see the top of the file). groups lists what
 * may be left out, the first first: {name, els: () => elements}; a group
 * whose elements are all hidden (not asked for) is never named. With
 * enabled false (a page that scrolls, not an embed) it shows every group.
 * It returns the names of the groups left out.
 */
export function fitPlots({ doc = document, root, groups, enabled = true, min = MIN_PLOT }) {
  const note = noteOf(doc, root);
  const set = (g, out) => { for (const el of g.els()) el.classList.toggle("left-out", out); };
  const apply = (out) => {
    for (const g of groups) set(g, out.includes(g));
    note.textContent = leftOutText(out.map((g) => g.name), min);
    note.hidden = out.length === 0;
  };
  apply([]);
  if (!enabled || plotsFit(root, min)) return [];
  const out = [];
  for (const g of groups) {
    if (!g.els().some(shown)) continue; // not asked for, or hidden by the CSS
    out.push(g);
    apply(out);
    if (plotsFit(root, min)) break;
  }
  // take back what fits again (the last left out may have made room, or
  // left no plot at all: then an earlier one comes back, alone)
  for (const g of out.slice().reverse()) {
    apply(out.filter((x) => x !== g));
    if (plotsFit(root, min)) out.splice(out.indexOf(g), 1);
  }
  apply(out);
  // nothing fits at all: never the last plot, as large as it gets
  const anyPlot = () => Array.from(root.querySelectorAll(PLOTS)).some(shown);
  while (out.length > 0 && !anyPlot()) { out.pop(); apply(out); }
  return out.map((g) => g.name);
}
