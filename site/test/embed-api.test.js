// Unit test (node --test site/test/; run by e2e/jsunit_test.go): the shape
// check of the embed API's set (embed-api.js setParams): what an address
// can carry passes as it is; anything else is refused with a bad-argument
// error that names the key and what it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setParams } from "../embed-api.js";
import { ERR } from "../protocol.js";

test("setParams passes strings, finite numbers, booleans and null (back to the default)", () => {
  assert.deepEqual(setParams({ seed: "7", fes: 5000, pca: false, dim: null }), { seed: "7", fes: 5000, pca: false, dim: null });
  assert.deepEqual(setParams(undefined), {});
  assert.deepEqual(setParams(null), {});
});

test("setParams refuses what no address can carry, naming it", () => {
  for (const [params, words] of [
    ["seed=7", "not string"],
    [[1, 2], "not an array"],
    [42, "not number"],
    [{ seed: NaN }, '"seed" is NaN'],
    [{ fes: Infinity }, '"fes" is Infinity'],
    [{ seed: [1] }, '"seed" is an array'],
    [{ seed: { a: 1 } }, '"seed" is object'],
    [{ seed: undefined }, '"seed" is undefined'],
    [{ ["k".repeat(100)]: {} }, "…"],
  ]) {
    assert.throws(() => setParams(params), (e) => {
      assert.equal(e.code, ERR.BAD_ARGUMENT);
      assert.ok(e.message.startsWith("set: ") && e.message.includes(words), e.message);
      assert.ok(e.message.length < 160, e.message);
      return true;
    });
  }
});
