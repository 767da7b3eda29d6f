// Unit tests of exports.js's save, the one download helper of every page
// (node --test site/test/; run by e2e/jsunit_test.go), on a stubbed page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { save } from "../exports.js";

// page stubs a document and its window: what was clicked, announced, revoked
function page() {
  const log = { clicked: [], exported: [], revoked: [], urls: [] };
  const win = {
    URL: { createObjectURL: (b) => { log.urls.push(b); return "blob:" + log.urls.length; }, revokeObjectURL: (u) => log.revoked.push(u) },
    setTimeout: (f) => f(),
    dispatchEvent: (ev) => { log.exported.push(ev.detail); return true; },
  };
  const doc = {
    defaultView: win,
    body: { append() {} },
    createElement: () => ({ click() { log.clicked.push({ href: this.href, download: this.download }); }, remove() {} }),
  };
  return { doc, win, log };
}

test("save: a string as a typed file, clicked, announced and revoked", async () => {
  const { doc, log } = page();
  const target = { ownerDocument: doc, dispatchEvent: () => true };
  save('{"a":1}\n', "runs.jsonl", { type: "application/jsonl", target });
  assert.deepEqual(log.clicked, [{ href: "blob:1", download: "runs.jsonl" }]);
  assert.equal(log.exported.length, 1);
  assert.equal(log.exported[0].name, "runs.jsonl");
  assert.equal(log.exported[0].type, "application/jsonl");
  assert.equal(await log.exported[0].blob.text(), '{"a":1}\n');
  assert.deepEqual(log.revoked, ["blob:1"]);
});

test("save: a data: URL becomes its bytes; a listener that takes the file stops the download", async () => {
  const { doc, log } = page();
  const seen = [];
  const target = { ownerDocument: doc, dispatchEvent: (ev) => { seen.push(ev.detail); return seen.length > 1; } };
  save("data:image/png;base64,AAEC", "a.png", { type: "image/png", target });
  assert.deepEqual(seen[0], { name: "a.png", type: "image/png", data: "data:image/png;base64,AAEC" });
  assert.equal(log.clicked.length, 0, "taken by the listener");
  save("data:image/png;base64,AAEC", "a.png", { type: "image/png", target });
  assert.equal(log.clicked.length, 1);
  assert.deepEqual([...new Uint8Array(await log.urls[0].arrayBuffer())], [0, 1, 2]);
  assert.equal(log.urls[0].type, "image/png");
});
