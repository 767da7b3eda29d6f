// Unit test (node --test site/test/; run by e2e/jsunit_test.go): no script
// of the page keeps module-level mutable state.
//
// The rule: in every site/*.js except the generated protocol.js, no `let`
// or `var` declaration stands at the top level of the module (outside
// every brace, bracket and parenthesis), and no top-level `const` is made
// an empty container to be filled later: `[]`, `{}`, or a new Map, Set,
// WeakMap or WeakSet of nothing (a lookup table made full, such as
// state.js's BY_KEY, is not state). A page's state lives in the objects its
// factories make (createPageShell, createExperimentPage, createLessonPage,
// createAddress, startWorker in worker.js, …), one per page or per view,
// so that two of them (two pages in one test) share nothing. Top-level
// const tables (frozen or never written) are allowed; a page script's
// top-level consts that hold its views (app.js) are the page's own.
//
// The check is a small tokenizer: it skips comments, strings, template
// literals (and the code in their ${…}) and regular expression literals,
// and counts the nesting of (), [] and {}.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const SITE = join(dirname(fileURLToPath(import.meta.url)), "..");
const EXEMPT = new Set(["protocol.js"]); // generated from Go (cmd/gen-protocol)

/**
 * topLevelWords returns the identifiers (and `new X` pairs) that stand at
 * the top level of src, with their line numbers: [{word, line, next}],
 * next being the identifier after it (for const x = new Map).
 */
export function topLevel(src) {
  const out = [];
  let depth = 0, line = 1, i = 0;
  const stack = []; // "t" for a template literal's ${ … }, "b" for a brace
  let prev = ""; // the last significant token, for telling a regexp from a division
  const n = src.length;
  const regexAllowed = () => prev === "" || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(prev) || /^(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(prev);
  const skipTemplate = () => {
    // at the character after ` (or after the } that ends a ${…}); returns at the closing ` or a ${
    while (i < n) {
      const c = src[i];
      if (c === "\\") { i += 2; continue; }
      if (c === "\n") line++;
      if (c === "`") { i++; return "end"; }
      if (c === "$" && src[i + 1] === "{") { i += 2; return "expr"; }
      i++;
    }
    return "end";
  };
  while (i < n) {
    const c = src[i];
    if (c === "\n") { line++; i++; continue; }
    if (c === " " || c === "\t" || c === "\r") { i++; continue; }
    if (c === "/" && src[i + 1] === "/") { while (i < n && src[i] !== "\n") i++; continue; }
    if (c === "/" && src[i + 1] === "*") {
      i += 2;
      while (i < n && !(src[i] === "*" && src[i + 1] === "/")) { if (src[i] === "\n") line++; i++; }
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      i++;
      while (i < n && src[i] !== c) { if (src[i] === "\\") i++; i++; }
      i++;
      prev = "str";
      continue;
    }
    if (c === "`") {
      i++;
      if (skipTemplate() === "expr") { stack.push("t"); depth++; }
      prev = "str";
      continue;
    }
    if (c === "/" && regexAllowed()) {
      i++;
      let cls = false;
      while (i < n && (cls || src[i] !== "/")) {
        if (src[i] === "\\") i++;
        else if (src[i] === "[") cls = true;
        else if (src[i] === "]") cls = false;
        i++;
      }
      i++;
      while (i < n && /[a-z]/i.test(src[i])) i++; // flags
      prev = "re";
      continue;
    }
    if (c === "{" || c === "(" || c === "[") { if (c === "{") stack.push("b"); depth++; prev = c; i++; continue; }
    if (c === "}" || c === ")" || c === "]") {
      depth--;
      i++;
      if (c === "}" && stack.pop() === "t") {
        // back in the template literal
        if (skipTemplate() === "expr") { stack.push("t"); depth++; }
        prev = "str";
        continue;
      }
      prev = c;
      continue;
    }
    const m = /^[A-Za-z_$][\w$]*/.exec(src.slice(i, i + 64));
    if (m) {
      const word = m[0];
      if (depth === 0 && prev !== ".") out.push({ word, line });
      prev = word;
      i += word.length;
      continue;
    }
    if (/[0-9]/.test(c)) { while (i < n && /[\w.]/.test(src[i])) i++; prev = "num"; continue; }
    prev = c;
    i++;
  }
  return out;
}

const EMPTY = /^\s*(?:export\s+)?const\s+([\w$]+)\s*=\s*(\[\s*\]|\{\s*\}|new\s+(?:Map|Set|WeakMap|WeakSet)\s*\(\s*\))/;

/** violations lists a file's top-level let/var and top-level consts made empty containers. */
export function violations(src) {
  const lines = src.split("\n");
  const out = [];
  for (const { word, line } of topLevel(src)) {
    if (word === "let" || word === "var") out.push(line + ": top-level " + word);
    const m = word === "const" && EMPTY.exec(lines[line - 1]);
    if (m) out.push(line + ": top-level const " + m[1] + " = " + m[2]);
  }
  return out;
}

test("the checker sees top-level let/var and containers, and nothing nested, quoted or commented", () => {
  assert.deepEqual(violations("let a = 1;\nvar b;\nconst m = new Map();\nexport let c;\nconst l = [], o = {};\nconst p = {};\n"),
    ["1: top-level let", "2: top-level var", "3: top-level const m = new Map()", "4: top-level let", "5: top-level const l = []", "6: top-level const p = {}"]);
  assert.deepEqual(violations([
    "function f() { let a = 1; var b; const m = new Map(); }",
    "const g = () => { let x; };",
    "// let a = 1;",
    "/* var b;\nlet c; */",
    "const s = 'let a'; const t = \"var b\";",
    "const u = `let ${ { let: 1 }.let } var`;",
    "const re = /let [a-z]+/g; const d = 4 / 2; let",
    "for (let i = 0; i < 2; i++) {}",
    "{ let scoped = 1; }",
    "const o = { let: 1 }.let, T = Object.freeze(new Set([1])), M = new Map([[1, 2]]);",
    "const K = [1, 2], N = { a: 1 };",
  ].join("\n")), ["8: top-level let"]);
});

test("no site/*.js (but protocol.js) keeps module-level mutable state", () => {
  const files = readdirSync(SITE).filter((f) => f.endsWith(".js") && !EXEMPT.has(f)).sort();
  assert.ok(files.length > 20, "the site's scripts: " + files.length);
  const bad = [];
  for (const f of files) for (const v of violations(readFileSync(join(SITE, f), "utf8"))) bad.push(f + ":" + v);
  assert.deepEqual(bad, [], "module-level state (see the rule at the top of this file)");
});
