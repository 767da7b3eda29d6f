// Unit tests of lesson-view.js's tables and of the lesson's page keys
// (node --test site/test/; run by e2e/jsunit_test.go).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROTOCOL } from "../protocol.js";
import { LAYERS, LEGEND } from "../lesson-view.js";
import { State, checkPage, KEYS } from "../state.js";

test("every layer Go can name has a drawer and a legend entry, and no other", () => {
  assert.deepEqual(Object.keys(LAYERS).sort(), [...PROTOCOL.lesson.layers].sort());
  assert.deepEqual(Object.keys(LEGEND).sort(), [...PROTOCOL.lesson.layers].sort());
  for (const l of PROTOCOL.lesson.layers) assert.equal(typeof LAYERS[l], "function", l);
});

test("font= is a page key: a scale in [0.75, 2], bad values named", () => {
  assert.ok(KEYS.some((k) => k.key === "font" && k.default === "1"));
  assert.equal(checkPage({}).ui.font, 1);
  assert.equal(checkPage({ font: "1.5" }).ui.font, 1.5);
  let c = checkPage({ font: "9" });
  assert.equal(c.ui.font, 2);
  assert.equal(c.notices[0].key, "font");
  c = checkPage({ font: "big" });
  assert.equal(c.ui.font, 1);
  assert.equal(c.notices[0].key, "font");
  assert.equal(new State({ font: "1.25" }).serialize().includes("font=1.25"), true);
  assert.equal(new State({ font: "1" }).serialize().includes("font"), false, "the default is not written");
});

test("lesson keys are page keys the playground never sends to its run", () => {
  const s = new State({ lesson: "fig1", step: "3", problem: "rosenbrock" });
  assert.equal("lesson" in s.run(), false);
  assert.equal("step" in s.run(), false);
  assert.equal(s.ui.lesson, true);
  assert.equal(new State({}).ui.lesson, false);
});
