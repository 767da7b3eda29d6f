// Unit tests of problem-editor.js (node --test site/test/; run by
// e2e/jsunit_test.go) on a stubbed DOM: the editor shows Go's answers (a
// stubbed checkProblem), drops a reply to text that has changed since,
// draws the caret under an error's column, and "Use this problem" hands
// the page the address's changes Go wrote.
import { test } from "node:test";
import assert from "node:assert/strict";

const { createProblemEditor, caretLines, summary, TEMPLATE } = await import("../problem-editor.js");

/** fakeDoc is the little of a document the editor uses. */
function fakeDoc() {
  const doc = {
    createElement(tag) {
      const e = {
        tagName: tag.toUpperCase(), children: [], attrs: {}, dataset: {}, listeners: {}, hidden: false, disabled: false,
        value: "", textContent: "", ownerDocument: doc,
        append(...cs) { this.children.push(...cs); },
        setAttribute(k, v) { this.attrs[k] = String(v); },
        addEventListener(type, f) { (this.listeners[type] ||= []).push(f); },
        dispatch(type) { for (const f of this.listeners[type] || []) f({ type, target: this }); },
        focus() { doc.focused = this; },
      };
      return e;
    },
  };
  return doc;
}

function find(root, role) {
  for (const c of root.children) {
    if (c.attrs && c.attrs["data-role"] === role) return c;
    const f = c.children && find(c, role);
    if (f) return f;
  }
  return null;
}

/** manualTimers run the editor's pause by hand. */
function manualTimers() {
  const t = { next: 1, due: new Map() };
  t.set = (f) => { const id = t.next++; t.due.set(id, f); return id; };
  t.clear = (id) => { t.due.delete(id); };
  t.fire = () => { const fs = [...t.due.values()]; t.due.clear(); for (const f of fs) f(); };
  return t;
}

const OK = { ok: true, message: "", formula: "", column: 0, name: "mine_0123456789ab", dim: 2, numIneq: 1, numEq: 0, encoded: "q1Y", json: "" };

function setup(check) {
  const doc = fakeDoc();
  const root = doc.createElement("div");
  const used = [];
  const timers = manualTimers();
  const ed = createProblemEditor(root, { check, use: (c, name) => used.push([c, name]), timers });
  return { doc, root, ed, used, timers, area: find(root, "problem-json"), status: find(root, "problem-check"),
    caret: find(root, "problem-caret"), use: find(root, "problem-use"), cancel: find(root, "problem-cancel") };
}

test("open checks the template and Use this problem hands over Go's values", async () => {
  const asked = [];
  const s = setup(async (req) => { asked.push(req); return OK; });
  assert.equal(s.root.hidden, true);
  await s.ed.open();
  assert.equal(s.root.hidden, false);
  assert.equal(s.area.value, TEMPLATE);
  assert.deepEqual(asked, [{ json: TEMPLATE }]);
  assert.equal(s.status.textContent, summary(OK));
  assert.equal(s.use.disabled, false);
  assert.equal(s.caret.hidden, true);
  s.use.dispatch("click");
  assert.deepEqual(s.used, [[{ problem: OK.name, typed: "q1Y", dim: "2" }, OK.name]]);
  assert.equal(s.root.hidden, true);
});

test("an error shows Go's line and a caret under its column; Use is off", async () => {
  const text = '{"name":"r","dim":2,"lower":-1,"upper":1,"f":"x1","g":["x1 + y"]}';
  const bad = { ok: false, message: "formula: g[1] at D = 2: column 6: unknown name y", formula: "g[1]", column: 6 };
  const s = setup(async () => bad);
  s.ed.open();
  s.ed.setText(text);
  assert.equal(s.use.disabled, true);
  s.timers.fire();
  await s.ed.settled();
  assert.equal(s.status.textContent, bad.message);
  assert.equal(s.status.dataset.ok, "0");
  assert.equal(s.caret.hidden, false);
  assert.equal(s.caret.textContent, "g[1]: x1 + y\n" + " ".repeat(6 + 5) + "^");
  assert.equal(s.use.disabled, true);
  s.use.dispatch("click");
  assert.deepEqual(s.used, []);
});

test("a reply to text changed since is dropped", async () => {
  const replies = [];
  const s = setup((req) => new Promise((resolve) => replies.push({ req, resolve })));
  s.ed.open(); // asks about the template
  s.ed.setText("{}"); // typing: the template's reply is stale
  replies[0].resolve(OK);
  await s.ed.settled();
  assert.equal(s.ed.result(), null);
  assert.equal(s.use.disabled, true);
  s.timers.fire();
  assert.deepEqual(replies[1].req, { json: "{}" });
  replies[1].resolve({ ok: false, message: "formula: key \"name\" is missing" });
  await s.ed.settled();
  assert.equal(s.status.textContent, 'formula: key "name" is missing');
});

test("open on an encoded problem shows Go's canonical JSON", async () => {
  const s = setup(async (req) => (req.encoded ? Object.assign({}, OK, { json: '{\n  "name": "mine"\n}' }) : OK));
  await s.ed.open("q1Y");
  assert.equal(s.area.value, '{\n  "name": "mine"\n}');
  assert.equal(s.use.disabled, false);
  s.cancel.dispatch("click");
  assert.equal(s.ed.isOpen(), false);
});

test("a failed command is shown as an error", async () => {
  const s = setup(async () => { throw new Error("worker failed"); });
  await s.ed.open();
  assert.equal(s.status.textContent, "worker failed");
  assert.equal(s.use.disabled, true);
});

test("caretLines counts characters and finds f, g[i], h[i]", () => {
  const text = JSON.stringify({ f: "é + y", g: ["a", "b + c"], h: ["z"] });
  assert.equal(caretLines(text, { formula: "f", column: 5 }), "f: é + y\n" + " ".repeat(3 + 4) + "^");
  assert.equal(caretLines(text, { formula: "g[2]", column: 1 }), "g[2]: b + c\n" + " ".repeat(6) + "^");
  assert.equal(caretLines(text, { formula: "h[3]", column: 1 }), "");
  assert.equal(caretLines("not json", { formula: "f", column: 1 }), "");
  assert.equal(caretLines(text, { formula: "", column: 0 }), "");
});
