// Unit tests of results-view.js's pure helpers (node --test site/test/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { toJSONL, pFmt } from "../results-view.js";

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
