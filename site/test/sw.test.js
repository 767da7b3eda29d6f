// Unit tests of the service worker's pure parts (node --test site/test/;
// run by e2e/jsunit_test.go): sw-core.js's routes, keys, stamps and cache
// clean-up, and sw-register.js's refusals (file://, the one-file page, no
// service workers, not a secure context).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import "../sw-core.js";
import { serviceWorkerAllowed, registerServiceWorker } from "../sw-register.js";

const S = globalThis.pcaplaySW;
const SCOPE = "https://host.example/~u/pcaplay/";
const FILES = { "index.html": "a", "results.html": "b", "app.js": "c", "pcaplay.wasm": "d", "data/cec2017/manifest.json": "e" };

test("relPath: paths relative to the scope, null outside it", () => {
  assert.equal(S.relPath(SCOPE, SCOPE), "");
  assert.equal(S.relPath(SCOPE + "app.js?x=1#y", SCOPE), "app.js");
  assert.equal(S.relPath(SCOPE + "data/cec2017/0123456789abcdef.txt", SCOPE), "data/cec2017/0123456789abcdef.txt");
  assert.equal(S.relPath("https://host.example/~u/other/app.js", SCOPE), null);
  assert.equal(S.relPath("https://cdn.example/~u/pcaplay/app.js", SCOPE), null);
  assert.equal(S.relPath(SCOPE + "%E0%A4%A", SCOPE), null); // a malformed escape is no path of ours
});

test("route: pages, precached files, data files and the rest", () => {
  const r = (p) => S.route(p, FILES);
  assert.equal(r(""), "page"); // the scope is index.html
  assert.equal(r("index.html"), "page");
  assert.equal(r("results.html"), "page");
  assert.equal(r("app.js"), "file");
  assert.equal(r("pcaplay.wasm"), "file");
  assert.equal(r("data/cec2017/manifest.json"), "file");
  assert.equal(r("data/cec2017/0123456789abcdef.txt"), "data");
  assert.equal(r("data/cec2017/SOURCE.md"), "pass");
  assert.equal(r("data/cec2017/short.txt"), "pass");
  assert.equal(r("e2e-crash-worker.js"), "pass"); // not listed: the browser's
  assert.equal(r("pcaplay.wasm.br"), "pass");
  assert.equal(r(null), "pass");
  assert.equal(S.route("app.js", null), "pass"); // an unstamped worker answers nothing
  assert.equal(S.cacheKey("sub/"), "sub/index.html");
  assert.equal(S.dataID("data/cec2017/0123456789abcdef.txt"), "0123456789abcdef");
  assert.equal(S.dataID("app.js"), "");
});

test("pageVersion: the stamp the build writes into each page", () => {
  const page = readFileSync(new URL("../index.html", import.meta.url), "utf8");
  assert.equal(S.pageVersion(page), "dev"); // the source's placeholder
  assert.equal(S.pageVersion(page.replace('content="dev"', 'content="0123abcd0123abcd"')), "0123abcd0123abcd");
  assert.equal(S.pageVersion("<html><head></head></html>"), "");
  assert.equal(S.pageVersion('<meta name="pcaplay-version" content="a b">'), "");
  assert.equal(S.isVersion("0123abcd0123abcd"), true);
  assert.equal(S.isVersion(""), false);
  assert.equal(S.isVersion("../x/y"), false);
  assert.equal(S.isVersion(3), false);
  const results = readFileSync(new URL("../results.html", import.meta.url), "utf8");
  assert.equal(S.pageVersion(results), "dev");
});

test("staleCaches: only other versions' precaches that no open page uses", () => {
  const names = ["pcaplay-v-aaa", "pcaplay-v-bbb", "pcaplay-v-ccc", "pcaplay-data", "pcaplay-pins", "someone-else"];
  assert.deepEqual(S.staleCaches(names, ["ccc"]), ["pcaplay-v-aaa", "pcaplay-v-bbb"]);
  assert.deepEqual(S.staleCaches(names, ["ccc", "aaa", ""]), ["pcaplay-v-bbb"]);
  assert.deepEqual(S.staleCaches(names, ["aaa", "bbb", "ccc"]), []);
  assert.equal(S.cacheName("abc"), "pcaplay-v-abc");
  assert.equal(S.versionOfCache("pcaplay-v-abc"), "abc");
  assert.equal(S.versionOfCache("pcaplay-data"), "");
});

test("hex: the SHA-256 the worker checks is the one Go lists", async () => {
  const bytes = new TextEncoder().encode("pcaplay");
  const got = S.hex(await crypto.subtle.digest("SHA-256", bytes));
  assert.equal(got, createHash("sha256").update("pcaplay").digest("hex"));
});

test("the source sw.js is unstamped: it caches nothing until the build stamps it", () => {
  const src = readFileSync(new URL("../sw.js", import.meta.url), "utf8");
  const lines = src.split("\n").filter((l) => l.startsWith("const PRECACHE = "));
  assert.deepEqual(lines, ['const PRECACHE = { version: "dev", files: null };']);
  assert.match(src, /^importScripts\("sw-core\.js"\);$/m);
});

const loc = (protocol) => ({ protocol });
const nav = { serviceWorker: {} };

test("serviceWorkerAllowed: http(s) pages only, never the one-file page", () => {
  assert.equal(serviceWorkerAllowed({ navigator: nav, location: loc("https:"), isSecureContext: true }).ok, true);
  assert.equal(serviceWorkerAllowed({ navigator: nav, location: loc("http:"), isSecureContext: true }).ok, true);
  assert.match(serviceWorkerAllowed({ navigator: nav, location: loc("file:"), isSecureContext: true }).why, /file:/);
  assert.match(serviceWorkerAllowed({ navigator: nav, location: loc("https:"), pcaplayOneFile: { hash: "" } }).why, /one-file/);
  assert.match(serviceWorkerAllowed({ navigator: {}, location: loc("https:") }).why, /no service workers/);
  assert.match(serviceWorkerAllowed({ navigator: nav, location: loc("http:"), isSecureContext: false }).why, /secure/);
});

test("registerServiceWorker: registers sw.js beside it after load; a failure is information, not an error", async () => {
  const calls = [], logged = [];
  const win = (ok) => ({
    location: loc("http:"), isSecureContext: true,
    document: { readyState: "complete" },
    console: { info: (m) => logged.push(m) },
    navigator: { serviceWorker: { register: (u) => { calls.push(String(u)); return ok ? Promise.resolve("reg") : Promise.reject(new Error("404")); } } },
  });
  assert.equal(await registerServiceWorker(win(true)), "reg");
  assert.match(calls[0], /\/sw\.js$/);
  assert.equal(await registerServiceWorker(win(false)), null);
  assert.match(logged[0], /not registered: 404/);
  const file = { ...win(true), location: loc("file:") };
  assert.equal(await registerServiceWorker(file), null);
  assert.equal(calls.length, 2);
  // before load: waits for the load event
  let onload = null;
  const early = { ...win(true), document: { readyState: "interactive" }, addEventListener: (ev, f) => { if (ev === "load") onload = f; } };
  const p = registerServiceWorker(early);
  assert.equal(calls.length, 2);
  onload();
  assert.equal(await p, "reg");
});
