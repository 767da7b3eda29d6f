// Unit test (node --test site/test/; run by e2e/jsunit_test.go): fit.js's
// note (leftOutText) and charts.js spaceGrids, the pixel gap that keeps the
// convergence charts' stacked grids apart in a short chart with large text
// (a tick label of one grid never on the next grid's axis name).
import { test } from "node:test";
import assert from "node:assert/strict";
import { leftOutText, MIN_PLOT } from "../fit.js";
import { spaceGrids } from "../charts.js";

test("leftOutText names what is left out, in order, and nothing when nothing is", () => {
  assert.equal(leftOutText([]), "");
  assert.match(leftOutText(["the operator"]), /^Left out for want of room \(each plot needs 200 px each way\): the operator\. /);
  assert.match(leftOutText(["a", "b", "c"]), /: a, b and c\. /);
  assert.equal(MIN_PLOT, 200);
});

// the compare chart's two grids, as Go lays them out (percent of the height)
const two = () => [{ left: "64", top: "14%", height: "35.5%" }, { left: "64", top: "56.5%", height: "35.5%" }];

test("spaceGrids leaves grids that have room as Go gave them", () => {
  const g = two();
  assert.equal(spaceGrids(g, 1, 800), g); // a 7 % gap of 800 px: 56 px
});

test("spaceGrids moves short grids apart by the text between them, keeping the first top and the last bottom", () => {
  const h = 247, s = 1.5;
  const g = spaceGrids(two(), s, h);
  const need = Math.ceil(12 * s * 1.5 + 12 * s * 1.3 + 8 * s + 4);
  assert.equal(g[0].top, Math.round(0.14 * h));
  assert.ok(g[1].top - (g[0].top + g[0].height) >= need - 1, `gap ${g[1].top - g[0].top - g[0].height} < ${need}`);
  assert.ok(Math.abs(g[1].top + g[1].height - 0.92 * h) <= 1);
  assert.equal(g[0].left, "64", "the other fields stay");
});

test("spaceGrids reads pixels and bottoms too (the compare chart's two grids)", () => {
  const h = 242, s = 1.5;
  const g = spaceGrids([{ top: "63", height: "44%" }, { top: "72%", bottom: "51" }], s, h);
  const need = Math.ceil(12 * s * 1.5 + 12 * s * 1.3 + 8 * s + 4);
  assert.equal(g[0].top, 63);
  assert.ok(g[1].top - (g[0].top + g[0].height) >= need - 1);
  assert.ok(Math.abs(g[1].top + g[1].height - (h - 51)) <= 1);
  assert.ok(!("bottom" in g[1]));
});

test("spaceGrids leaves grids far enough apart, a single grid and a chart with no room as they were", () => {
  const px = [{ top: 50, height: 100 }, { top: 220, height: 100 }];
  assert.equal(spaceGrids(px, 1.5, 400), px);
  const one = [{ top: "10%", height: "80%" }];
  assert.equal(spaceGrids(one, 2, 100), one);
  assert.deepEqual(spaceGrids(two(), 2, 60), two());
});
