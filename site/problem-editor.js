// problem-editor.js: the editor of a problem typed as formulas, bound to a
// root element (the playground's "custom…" problem). It holds a textarea of
// the JSON definition (docs/guide/formulas.md), checks the text as it is
// typed through the module's checkProblem command, and shows Go's answer:
// the one-line error with the formula and the column it is in (and that
// formula with a caret under the column), or the problem's name_hash, D and
// counts. "Use this problem" hands the changes of the address to the page
// (use): problem= the name_hash, typed= the encoding Go wrote, dim= the
// definition's. Go decides everything; this file only draws its answers.
//
// createProblemEditor(root, {check, use}) builds its parts inside root (by
// data-role, never by global id, so that a page may hold two) and keeps its
// state in the object it returns; the module keeps none.
import { PROTOCOL } from "./protocol.js";

/** TEMPLATE is the text the editor opens with when it has none. */
export const TEMPLATE = `{
  "name": "mine",
  "dim": 2,
  "lower": -2,
  "upper": 2,
  "f": "(x1 - 1)^2 + (x2 - 0.5)^2",
  "g": ["x1^2 + x2^2 - 1"],
  "h": []
}`;

/** CHECK_MS is the pause in typing after which the text is checked. */
export const CHECK_MS = 250;

/**
 * caretLines returns the formula an error is in, with a caret under its
 * column ("" when the text does not say which formula, or is not JSON):
 * drawing only, Go has found the error.
 * @param {string} text the editor's JSON
 * @param {{formula: string, column: number}} r checkProblem's reply
 */
export function caretLines(text, r) {
  if (!r || !r.formula || !(r.column > 0)) return "";
  let def;
  try { def = JSON.parse(text); } catch (e) { return ""; }
  const m = /^([fgh])(?:\[(\d+)\])?$/.exec(r.formula);
  if (!m || !def || typeof def !== "object") return "";
  const src = m[2] === undefined ? def[m[1]] : (Array.isArray(def[m[1]]) ? def[m[1]][Number(m[2]) - 1] : undefined);
  if (typeof src !== "string") return "";
  const chars = Array.from(src); // columns count characters, as Go's
  const col = Math.min(r.column, chars.length + 1);
  return r.formula + ": " + src + "\n" + " ".repeat(r.formula.length + 2 + col - 1) + "^";
}

/**
 * summary is the line of a definition Go accepted: its name_hash, D and
 * constraints.
 * @param {{name: string, dim: number, numIneq: number, numEq: number}} r
 */
export function summary(r) {
  return "✓ " + r.name + " · D = " + r.dim + " · " + r.numIneq + " g ≤ 0, " + r.numEq + " h = 0";
}

function el(doc, tag, props, ...children) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "text") e.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "for" || k === "spellcheck") e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) e.append(c);
  return e;
}

/**
 * createProblemEditor builds the editor inside root (hidden until open).
 * @param {Element} root
 * @param {{check: (req: {json?: string, encoded?: string}) => Promise<object>,
 *          use: (changes: object, name: string) => void, onClose?: () => void,
 *          idPrefix?: string, delay?: number, timers?: {set: Function, clear: Function}}} opts
 *   check: the module's checkProblem (the page's client); use: apply the
 *   changes of the address; onClose: the editor was closed without use;
 *   idPrefix: the prefix of its ids ("pe"); delay: CHECK_MS unless given;
 *   timers: setTimeout and clearTimeout unless given (tests).
 */
export function createProblemEditor(root, opts) {
  const doc = root.ownerDocument;
  const id = (opts.idPrefix || "pe") + "-json";
  const delay = opts.delay ?? CHECK_MS;
  const timers = opts.timers || { set: (f, ms) => setTimeout(f, ms), clear: (t) => clearTimeout(t) };
  const area = el(doc, "textarea", { id, rows: 12, spellcheck: "false", "data-role": "problem-json",
    "aria-describedby": id + "-check" });
  const status = el(doc, "p", { id: id + "-check", "data-role": "problem-check", "aria-live": "polite" });
  const caret = el(doc, "pre", { "data-role": "problem-caret", hidden: true });
  const useBtn = el(doc, "button", { type: "button", "data-role": "problem-use", disabled: true, text: "Use this problem" });
  const cancel = el(doc, "button", { type: "button", "data-role": "problem-cancel", text: "Cancel" });
  const label = el(doc, "label", { for: id, text: "Your problem as formulas (JSON: name, dim, lower, upper, f, g, h)" });
  if (area.style) Object.assign(area.style, { width: "100%", boxSizing: "border-box", fontFamily: "monospace" });
  root.append(label, area, status, caret, el(doc, "div", { className: "problem-editor-buttons" }, useBtn, cancel));
  root.hidden = true;

  const ed = {
    /** last is the reply of the last check of the current text (null: none yet). */
    last: null,
    seq: 0,
    timer: 0,
    pending: null,
  };

  function show(r, text) {
    ed.last = r;
    useBtn.disabled = !r.ok;
    status.dataset.ok = r.ok ? "1" : "0";
    status.textContent = r.ok ? summary(r) : r.message;
    const c = r.ok ? "" : caretLines(text, r);
    caret.textContent = c;
    caret.hidden = !c;
  }

  /** runCheck asks Go about req; a reply to text that has changed since is dropped. */
  function runCheck(req) {
    const seq = ++ed.seq;
    status.textContent = "checking…";
    status.dataset.ok = "";
    useBtn.disabled = true;
    ed.pending = Promise.resolve(opts.check(req)).then((r) => {
      if (seq !== ed.seq) return;
      if (r.json) area.value = r.json;
      show(r, area.value);
    }, (e) => {
      if (seq !== ed.seq) return;
      show({ ok: false, message: String(e && e.message || e) }, area.value);
    });
    return ed.pending;
  }

  function schedule() {
    if (ed.timer) timers.clear(ed.timer);
    ed.seq++; // a reply to the text before this edit is stale
    useBtn.disabled = true;
    ed.timer = timers.set(() => { ed.timer = 0; runCheck({ json: area.value }); }, delay);
  }

  area.addEventListener("input", schedule);
  useBtn.addEventListener("click", () => {
    const r = ed.last;
    if (!r || !r.ok || useBtn.disabled) return;
    root.hidden = true;
    opts.use({ problem: r.name, [PROTOCOL.typed.key]: r.encoded, dim: String(r.dim) }, r.name);
  });
  cancel.addEventListener("click", () => { root.hidden = true; if (opts.onClose) opts.onClose(); });

  return {
    root,
    /**
     * open shows the editor: on the definition of typed= value encoded
     * when given (Go decodes it), else on its text (TEMPLATE at first).
     */
    open(encoded) {
      root.hidden = false;
      if (ed.timer) { timers.clear(ed.timer); ed.timer = 0; }
      if (encoded) return runCheck({ encoded });
      if (!area.value) area.value = TEMPLATE;
      if (typeof area.focus === "function") area.focus();
      return runCheck({ json: area.value });
    },
    /** close hides the editor. */
    close() { root.hidden = true; },
    /** isOpen says whether the editor shows. */
    isOpen() { return !root.hidden; },
    /** setText replaces the text, as typing does (checked after the pause). */
    setText(text) { area.value = text; schedule(); },
    /** check checks the text now; it resolves when the reply is shown. */
    check() {
      if (ed.timer) { timers.clear(ed.timer); ed.timer = 0; }
      return runCheck({ json: area.value });
    },
    /** result is the last reply shown (null before the first). */
    result() { return ed.last; },
    /** settled resolves when the check under way (if any) is shown. */
    settled() { return ed.pending || Promise.resolve(); },
  };
}
