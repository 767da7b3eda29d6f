// Unit test (node --test site/test/; run by e2e/jsunit_test.go): the page
// shell (index.html) preloads every module of the playground's static
// import graph — its module scripts' and app.js's, the mode boot.js loads
// by default — and nothing else, so that the browser fetches them all at
// once instead of one level of imports after another (docs/wasm-size.md).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const read = (name) => readFileSync(new URL("../" + name, import.meta.url), "utf8");

// the static imports of a module: import … from "./x.js" and import "./x.js"
function imports(src) {
  return [...src.matchAll(/^import\s+(?:[^;]*?\s+from\s+)?"\.\/([^"]+)"/gms)].map((m) => m[1]);
}

test("index.html preloads the playground's whole static module graph", () => {
  const page = read("index.html");
  const entries = [...page.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
  assert.ok(entries.includes("boot.js"), "boot.js is a module script of the page");
  const graph = new Set();
  const todo = [...entries, "app.js"];
  while (todo.length) {
    const f = todo.shift();
    if (graph.has(f)) continue;
    graph.add(f);
    todo.push(...imports(read(f)));
  }
  for (const e of entries) graph.delete(e); // fetched by their script tags
  const preloaded = [...page.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  assert.equal(new Set(preloaded).size, preloaded.length, "no module preloaded twice");
  assert.deepEqual([...preloaded].sort(), [...graph].sort());
});
