// Unit tests of page-mode.js (node --test site/test/; run by
// e2e/jsunit_test.go), with location, history and window stubbed: what
// leave and writeAddress (one createAddress) do to the address, in order.
import { test } from "node:test";
import assert from "node:assert/strict";

const log = [];
globalThis.location = {
  hash: "#compare=2&b.pca=false",
  reload() { log.push(["reload", this.hash]); },
};
globalThis.history = { replaceState(_s, _t, h) { log.push(["replace", h]); location.hash = h; } };
const listeners = {};
globalThis.window = { addEventListener(type, f) { listeners[type] = f; } };

const { modeOf, watchMode, createAddress } = await import("../page-mode.js");
const { leave, writeAddress } = createAddress({ location, history });

test("modeOf is state.js's pageMode of the hash", () => {
  assert.equal(modeOf("#problem=disc"), "play");
  assert.equal(modeOf("#compare=2&b.pca=false"), "compare");
  assert.equal(modeOf("#b.pca=false"), "compare");
  assert.equal(modeOf("#lesson=fig1&step=2"), "lesson");
  assert.equal(modeOf("#mode=experiment"), "experiment");
});

test("watchMode reloads on an address of another mode only", () => {
  watchMode("compare");
  log.length = 0;
  location.hash = "#compare=2&b.pca=false&seed=3";
  listeners.hashchange();
  assert.deepEqual(log, []);
  location.hash = "#seed=3";
  listeners.hashchange();
  assert.deepEqual(log, [["reload", "#seed=3"]]);
  location.hash = "#compare=2&b.pca=false";
});

test("writeAddress replaces the address when it differs, then leave stops it", () => {
  log.length = 0;
  writeAddress("#compare=2&b.pca=false"); // the same: nothing
  writeAddress("#compare=2&b.pca=false&seed=2");
  assert.deepEqual(log, [["replace", "#compare=2&b.pca=false&seed=2"]]);
  log.length = 0;
  leave("#seed=2");
  assert.deepEqual(log, [["reload", "#seed=2"]]);
  // a transition still in flight writes its address: the switch stands
  writeAddress("#compare=2&b.pca=false&seed=2");
  assert.equal(location.hash, "#seed=2");
  assert.deepEqual(log, [["reload", "#seed=2"]]);
});

test("each createAddress leaves alone: another page's address is still written", () => {
  const hashes = [];
  const win = { location: { hash: "#a=1", reload() {} }, history: { replaceState(_s, _t, h) { hashes.push(h); win.location.hash = h; } } };
  const one = createAddress(win), two = createAddress(win);
  one.leave("#b=1");
  one.writeAddress("#c=1");
  assert.equal(win.location.hash, "#b=1");
  two.writeAddress("#c=1");
  assert.deepEqual(hashes, ["#c=1"]);
  assert.equal(one.leaving && !two.leaving, true);
});

test("writeAddress tells the page's navigation: a pcaplay-address event with the hash", () => {
  const events = [];
  class CustomEvent { constructor(type, init) { this.type = type; this.detail = init.detail; } }
  const win = { location: { hash: "#a=1", reload() {} }, history: { replaceState(_s, _t, h) { win.location.hash = h; } },
    CustomEvent, dispatchEvent(e) { events.push([e.type, e.detail.hash]); } };
  const a = createAddress(win);
  a.writeAddress("#a=1"); // the same: no event
  a.writeAddress("#a=2");
  assert.deepEqual(events, [["pcaplay-address", "#a=2"]]);
});
