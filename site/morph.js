// morph.js: update a live element in place to match one built afresh, so
// that an update of a big view (the results view's tables during live
// results) changes only what differs: the same elements stay, a changed
// number is a changed text node, a new row is one inserted row. The page
// then styles and lays out only what changed, not every table again.
//
//   morph(live, fresh): live (in the page) ends with fresh's attributes,
//   handlers and children; fresh (detached) is used up.
//
// Children are matched in order; an element with a key (data-key,
// data-dim, data-config, data-problem, data-role) matches only an element
// of the same tag and key, looked for among the live element's later
// children, so a row inserted in the middle moves nothing else. Elements
// marked with data-chart (the results view's chart elements, with their
// ECharts instances) are never morphed: the fresh tree holds the very
// element to keep (or a new one), which is put in place as it is.
//
// What the page sets as properties, not attributes, is carried over on
// buttons, inputs, selects and links: onclick, onchange, a checkbox's
// checked, a select's value. Listeners added with addEventListener stay
// with their element.

const KEYS = ["data-key", "data-dim", "data-config", "data-problem", "data-role"];

// keyOf is an element's key ("" without one); most elements of a table
// have no attribute at all, and ask nothing more
function keyOf(e) {
  if (!e.hasAttributes()) return "";
  let k = "";
  for (const a of KEYS) {
    const v = e.getAttribute(a);
    if (v !== null) k += a + "=" + v + ";";
  }
  return k;
}

const isChart = (n) => n.nodeType === 1 && n.hasAttribute("data-chart");

// same: live node a may become fresh node b
function same(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  return a.nodeName === b.nodeName && keyOf(a) === keyOf(b) && !isChart(a);
}

// the elements whose handlers (onclick, onchange) and state (checked,
// value) are properties the page sets
const CONTROLS = new Set(["BUTTON", "INPUT", "SELECT", "A"]);

/** morph makes live match fresh (same tag), keeping every element it can. */
export function morph(live, fresh) {
  if (live.nodeType !== 1) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  // attributes (getAttributeNames: no Attr nodes made)
  if (fresh.hasAttributes()) {
    for (const name of fresh.getAttributeNames()) {
      const v = fresh.getAttribute(name);
      if (live.getAttribute(name) !== v) live.setAttribute(name, v);
    }
  }
  if (live.hasAttributes()) {
    for (const name of live.getAttributeNames()) if (!fresh.hasAttribute(name)) live.removeAttribute(name);
  }
  const control = CONTROLS.has(live.nodeName);
  if (control) {
    if (live.onclick !== fresh.onclick) live.onclick = fresh.onclick;
    if (live.onchange !== fresh.onchange) live.onchange = fresh.onchange;
    if (live.nodeName === "INPUT" && live.checked !== fresh.checked) live.checked = fresh.checked;
  }
  morphChildren(live, fresh);
  if (control && live.nodeName === "SELECT" && live.value !== fresh.value) live.value = fresh.value;
}

function morphChildren(live, fresh) {
  let cur = live.firstChild;
  for (let n = fresh.firstChild, next; n; n = next) {
    next = n.nextSibling; // before n moves
    if (isChart(n)) {
      // the chart element to show here: the one drawn before, or a new one
      if (cur === n) cur = cur.nextSibling;
      else live.insertBefore(n, cur);
      continue;
    }
    let match = null;
    if (cur && same(cur, n)) {
      match = cur;
    } else if (n.nodeType === 1 && keyOf(n)) {
      for (let s = cur && cur.nextSibling; s; s = s.nextSibling) {
        if (same(s, n)) { match = s; break; }
      }
    }
    if (!match) {
      live.insertBefore(n, cur); // a new node (moved out of fresh)
      continue;
    }
    if (match === cur) cur = cur.nextSibling;
    else live.insertBefore(match, cur);
    morph(match, n);
  }
  while (cur) {
    const next = cur.nextSibling;
    live.removeChild(cur);
    cur = next;
  }
}
