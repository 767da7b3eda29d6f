// Unit tests of results-view.js's pure helpers (node --test site/test/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { toJSONL, pFmt, pageOf, pageText, PAGE } from "../results-view.js";

test("toJSONL keeps a JSONL string, joins lines and encodes objects", () => {
  assert.equal(toJSONL('{"a":1}\n'), '{"a":1}\n');
  assert.equal(toJSONL(['{"a":1}', ' {"b":2}\n']), '{"a":1}\n{"b":2}\n');
  assert.equal(toJSONL([{ f: 1.5, x: [1, 2], c: { v: 0 } }]), '{"f":1.5,"x":[1,2],"c":{"v":0}}\n');
  assert.equal(toJSONL([]), "");
  assert.equal(toJSONL([{ x: new Float64Array([0.25]) }]), '{"x":[0.25]}\n');
});

test("toJSONL refuses NaN and ±Infinity, naming the record and field", () => {
  assert.throws(() => toJSONL([{ f: 1 }, { f: NaN }]), /^Error: record 2\.f = NaN: not a finite number/);
  assert.throws(() => toJSONL([{ x: [0, Infinity] }]), /record 1\.x\[1\] = Infinity/);
  assert.throws(() => toJSONL([{ curve: { f: new Float64Array([1, -Infinity]) } }]), /record 1\.curve\.f\[1\] = -Infinity/);
  assert.throws(() => toJSONL(["{}\n{}"]), /record 1: a line holds a line break/);
  assert.throws(() => toJSONL([5]), /record 1: want an object or a JSON line/);
  assert.throws(() => toJSONL({}), /want a string of JSON lines or an array/);
});

test("pFmt is Go's %.3g", () => {
  // strconv.FormatFloat(x, 'g', 3, 64) of each
  const cases = [[0.000183, "0.000183"], [1, "1"], [0.5, "0.5"], [1.5e-5, "1.5e-05"], [1e-5, "1e-05"],
    [0.0312, "0.0312"], [0.12345, "0.123"], [123.4, "123"], [1234, "1.23e+03"], [0, "0"], [2.2e-16, "2.2e-16"]];
  for (const [x, want] of cases) assert.equal(pFmt(x), want, String(x));
});

test("pageOf: a page of the problems whose name holds the filter, clamped; pageText says which", () => {
  const all = Array.from({ length: 250 }, (_, i) => "P" + String(i).padStart(4, "0"));
  assert.equal(PAGE, 100);
  let pg = pageOf(all, "", 0);
  assert.deepEqual([pg.match, pg.page, pg.pages, pg.list.length, pg.list[0], pg.list[99]], [250, 0, 3, 100, "P0000", "P0099"]);
  assert.equal(pageText(pg, ""), "Problems 1–100 of 250 (page 1 of 3)");
  pg = pageOf(all, "", 7); // past the end: the last page
  assert.deepEqual([pg.page, pg.list.length, pg.list[0]], [2, 50, "P0200"]);
  assert.equal(pageText(pg, ""), "Problems 201–250 of 250 (page 3 of 3)");
  pg = pageOf(all, " p01 ", 0); // trimmed, any case
  assert.deepEqual([pg.match, pg.pages, pg.list[0], pg.list[99]], [100, 1, "P0100", "P0199"]);
  assert.equal(pageText(pg, " p01 "), 'Problems 1–100 of 100 matching "p01" (page 1 of 1)');
  pg = pageOf(all, "x", 3);
  assert.deepEqual([pg.match, pg.page, pg.pages, pg.list], [0, 0, 1, []]);
  assert.equal(pageText(pg, "x"), 'No problem matches "x"');
  assert.deepEqual(pageOf(["C01", "C02"], "", -1, 1).list, ["C01"]);
});
