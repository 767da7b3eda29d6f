// Unit tests of experiment-def.js (node --test site/test/; run by e2e/jsunit_test.go).
import { test } from "node:test";
import assert from "node:assert/strict";
import { definition, toValues, jobs, parseConfigs, formatConfigs, defaultConfigs, defaultWorkers, experimentId } from "../experiment-def.js";
import { State, parse } from "../state.js";

// as Go's catalog has them (names: the other names Go reads as the problem)
const catalog = {
  problems: [
    { name: "rosenbrock", teaching: true, dims: [2], defaultDim: 2, names: [] },
    { name: "C01", teaching: false, dims: [2, 10, 20, 30, 50, 100], defaultDim: 10, names: ["c1"] },
    { name: "C02", teaching: false, dims: [2, 10, 20, 30, 50, 100], defaultDim: 10, names: ["c2"] },
  ],
  algorithms: [{ name: "pmode" }, { name: "cmode" }, { name: "heco-pde" }],
};

test("defaults: C01, D = 10, 25 runs, seed 1, the algorithm with PCA-projection on and off", () => {
  const { def, notices } = definition({ mode: "experiment" }, catalog, 4);
  assert.deepEqual(notices, []);
  assert.deepEqual(def.problems, ["C01"]);
  assert.equal(def.dim, 10);
  assert.equal(def.runs, 25);
  assert.equal(def.seed, "1");
  assert.equal(def.fes, 0);
  assert.deepEqual(def.configs, defaultConfigs("pmode"));
  assert.equal(formatConfigs(def.configs), "pmode:pmode(pca=true),pmode-nopca:pmode(pca=false)");
  assert.equal(defaultWorkers(4), 3);
  assert.equal(defaultWorkers(1), 1);
  assert.equal(defaultWorkers(32), 8);
  assert.equal(defaultWorkers(undefined), 1);
});

test("configurations: parse and format round trip, errors name the bad part", () => {
  const text = "a:pmode(pca=true;pcaprob=0.5),b:cmode";
  const r = parseConfigs(text);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.configs, [{ name: "a", algo: "pmode", params: { pca: "true", pcaprob: "0.5" } }, { name: "b", algo: "cmode", params: {} }]);
  assert.equal(formatConfigs(r.configs), text);
  for (const [bad, want] of [["A:pmode", "configuration name"], ["a:pmode,a:cmode", "used twice"], ["a:pmode(pca)", "key=value"], ["nocolon", "NAME:ALGO"]]) {
    const e = parseConfigs(bad).errors;
    assert.ok(e.length && e[0].includes(want), bad + ": " + e);
  }
  const { def, notices } = definition({ configs: "x:nosuch" }, catalog);
  assert.equal(notices[0].key, "configs");
  assert.match(notices[0].message, /unknown algorithm/);
  assert.deepEqual(def.configs, defaultConfigs("pmode"), "a bad list falls back to the defaults");
});

test("bad values are replaced and named", () => {
  const { def, notices } = definition({ problems: "c2,zz,C2,rosenbrock", dim: "7", runs: "0", seed: "-1", workers: "9", fes: "12.5" }, catalog);
  assert.deepEqual(def.problems, ["C02", "rosenbrock"]);
  assert.equal(def.dim, 10);
  assert.equal(def.runs, 25);
  assert.equal(def.seed, "1");
  assert.equal(def.workers, 0);
  assert.equal(def.fes, 0);
  assert.deepEqual(notices.map((n) => n.key).sort(), ["dim", "fes", "problems", "runs", "seed", "workers"]);
  assert.equal(definition({ dim: "20" }, catalog).def.dim, 20, "D = 20: offered by the catalog");
  assert.equal(definition({ dim: "40" }, catalog).notices[0].key, "dim");
  const big = definition({ seed: "18446744073709551615", runs: "2" }, catalog);
  assert.equal(big.def.seed, "1", "seed + runs − 1 must stay below 2^64");
});

test("jobs: configuration × problem × run, seed + r, teaching problems at D = 2, fes 20000·D", () => {
  const { def } = definition({ problems: "C01,rosenbrock", runs: "3", seed: "18446744073709551610", configs: "a:pmode,b:cmode(lambda=20)" }, catalog);
  const js = jobs(def, catalog);
  assert.equal(js.length, 2 * 2 * 3);
  assert.deepEqual(js.map((j) => j.key).slice(0, 4), ["a|C01|10|0", "a|C01|10|1", "a|C01|10|2", "a|rosenbrock|2|0"]);
  assert.equal(js[2].seed, "18446744073709551612", "seeds are exact beyond 2^53");
  assert.equal(js[3].dim, 2);
  assert.equal(js[3].fes, 40000);
  assert.equal(js[0].fes, 200000);
  assert.deepEqual(js[6].state, { lambda: "20", problem: "C01", dim: "10", algo: "cmode", seed: "18446744073709551610", fes: "200000" });
  assert.deepEqual(js.map((j) => j.index), [...js.keys()]);
});

test("URL round trip through state.js: the same definition, the same experiment id", () => {
  const values = { mode: "experiment", problems: "C01,C02,rosenbrock", dim: "30", fes: "5000", runs: "7", seed: "42", workers: "3", algo: "cmode", configs: "p:pmode(pca=false),c:cmode" };
  const { def } = definition(values, catalog);
  const hash = new State(toValues(def)).serialize();
  const back = definition(parse(hash), catalog).def;
  assert.deepEqual(back, def);
  assert.equal(experimentId(back), experimentId(def));
  // the default configurations are left out of the address
  const d2 = definition({ mode: "experiment", algo: "heco-pde" }, catalog).def;
  assert.equal("configs" in parse(new State(toValues(d2)).serialize()), false);
  // workers do not change the experiment; runs do
  assert.equal(experimentId(definition(Object.assign({}, values, { workers: "1" }), catalog).def), experimentId(def));
  assert.notEqual(experimentId(definition(Object.assign({}, values, { runs: "8" }), catalog).def), experimentId(def));
});
