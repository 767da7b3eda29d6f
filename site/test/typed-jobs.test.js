// Unit test (node --test site/test/; run by e2e/jsunit_test.go): a job of
// the experiment view on a problem typed as formulas carries its definition
// as Go encoded it (the cell's typed, the typed= value), so that the worker
// configures the run of that problem; a built-in problem's job has none.
import { test } from "node:test";
import assert from "node:assert/strict";
import { jobs } from "../experiment-def.js";

test("jobs of a typed cell carry typed=", () => {
  const def = {
    problems: ["ring_0123456789ab", "C01"], dim: 10, fes: 1000, runs: 2, seed: "5", workers: 0, pool: 1, algo: "pmode",
    configs: [{ name: "p", algo: "pmode", params: [{ key: "pca", value: "true" }], text: "p:pmode(pca=true)" }],
    cells: [{ problem: "ring_0123456789ab", dim: 10, fes: 1000, typed: "q1YqSs1LzkksyczPUypWsgIyE" }, { problem: "C01", dim: 10, fes: 1000, typed: "" }],
  };
  const js = jobs(def);
  assert.equal(js.length, 4);
  assert.deepEqual(js[1].state, { pca: "true", problem: "ring_0123456789ab", dim: "10", algo: "pmode", seed: "6", fes: "1000", typed: "q1YqSs1LzkksyczPUypWsgIyE" });
  assert.equal(js[1].key, "p|ring_0123456789ab|10|1");
  assert.equal("typed" in js[2].state, false);
});
