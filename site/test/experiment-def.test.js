// Unit tests of experiment-def.js (node --test site/test/; run by e2e/jsunit_test.go).
// Go reads and checks the definition (internal/play.DefineExperiment, whose
// tests hold the cases of the sanitiser the page had); here, what the page
// does with Go's answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { jobs, jobGrid, jobKey, formatConfigs, EXPERIMENT_STEPS, experimentStep, experimentBusy, savedRunProblem, dataLabel } from "../experiment-def.js";
import { State, parse } from "../state.js";

// a definition as Go's defineExperiment answers it for
// problems=C01,rosenbrock&runs=3&seed=18446744073709551610&configs=a:pmode,b:cmode(lambda=20)
const def = {
  problems: ["C01", "rosenbrock"], dim: 10, fes: 0, runs: 3, seed: "18446744073709551610", workers: 0, pool: 1, algo: "pmode",
  configs: [
    { name: "a", algo: "pmode", params: [], text: "a:pmode" },
    { name: "b", algo: "cmode", params: [{ key: "lambda", value: "20" }], text: "b:cmode(lambda=20)" },
  ],
  cells: [{ problem: "C01", dim: 10, fes: 200000 }, { problem: "rosenbrock", dim: 2, fes: 40000 }],
};

test("jobs: configuration × problem × run, seed + r, each problem at Go's D and budget", () => {
  const js = jobs(def);
  assert.equal(js.length, 2 * 2 * 3);
  assert.deepEqual(js.map((j) => j.key).slice(0, 4), ["a|C01|10|0", "a|C01|10|1", "a|C01|10|2", "a|rosenbrock|2|0"]);
  assert.equal(js[2].seed, "18446744073709551612", "seeds are exact beyond 2^53");
  assert.equal(js[3].dim, 2);
  assert.equal(js[3].fes, 40000);
  assert.equal(js[0].fes, 200000);
  assert.deepEqual(js[6].state, { lambda: "20", problem: "C01", dim: "10", algo: "cmode", seed: "18446744073709551610", fes: "200000" });
  assert.deepEqual(js.map((j) => j.index), [...js.keys()]);
  assert.equal(jobKey("a", "C01", 10, 2), "a|C01|10|2");
  assert.equal(formatConfigs(def.configs), "a:pmode,b:cmode(lambda=20)");
});

test("jobGrid makes the jobs on demand: job i, its key and index, the budget of all, from arithmetic", () => {
  const g = jobGrid(def), js = jobs(def);
  assert.equal(g.count, js.length);
  assert.equal(g.fesTotal, js.reduce((n, j) => n + j.fes, 0));
  for (let i = 0; i < g.count; i++) {
    assert.deepEqual(g.at(i), js[i]);
    assert.equal(g.keyAt(i), js[i].key);
    assert.equal(g.indexOf(js[i].key), i);
    assert.equal(g.fesOf(i), js[i].fes);
  }
  for (const bad of ["", "a", "a|C01|10", "c|C01|10|0", "a|C02|10|0", "a|C01|30|0", "a|C01|10|3", "a|C01|10|-1", "a|C01|10|01", "a|C01|10|1.0"]) {
    assert.equal(g.indexOf(bad), -1, bad);
  }
  assert.deepEqual(g.problems, [{ problem: "C01", dim: 10 }, { problem: "rosenbrock", dim: 2 }]);
  // an experiment of 100,000 runs: job 99,999 without the others
  const big = { ...def, runs: 25000 };
  const gb = jobGrid(big);
  assert.equal(gb.count, 100000);
  assert.equal(gb.at(99999).key, "b|rosenbrock|2|24999");
  assert.equal(gb.indexOf("b|rosenbrock|2|24999"), 99999);
});

test("URL round trip through state.js: Go's values come back as they were", () => {
  // Go's ExperimentReply.values for an experiment with every key set
  const values = { mode: "experiment", problems: "C01,C02,rosenbrock", dim: "30", fes: "5000", runs: "7", seed: "42", workers: "3", algo: "cmode", configs: "p:pmode(pca=false),c:cmode" };
  const hash = new State(values).serialize();
  const back = parse(hash);
  for (const [k, v] of Object.entries(values)) assert.equal(back[k], v, k);
  assert.equal(hash, "dim=30&algo=cmode&seed=42&fes=5000&mode=experiment&problems=C01,C02,rosenbrock&runs=7&configs=p%3Apmode(pca%3Dfalse),c%3Acmode&workers=3");
  // the defaults Go leaves out stay out
  const d2 = { mode: "experiment", problems: "C01", dim: "10", runs: "25", seed: "1", algo: "heco-pde" };
  assert.equal("configs" in parse(new State(d2).serialize()), false);
});

test("the experiment's states change by EXPERIMENT_STEPS only", () => {
  const STATES = ["idle", "running", "paused", "cancelled", "done"];
  // every state after every event, row by row (the table in one place)
  const want = {
    start: ["running", "running", "paused", "running", "running"],
    pause: ["idle", "paused", "paused", "cancelled", "done"],
    resume: ["idle", "running", "running", "cancelled", "done"],
    cancel: ["idle", "cancelled", "cancelled", "cancelled", "done"],
    end: ["idle", "done", "done", "cancelled", "done"],
    saved: ["idle", "running", "paused", "idle", "idle"],
    savedCancelled: ["cancelled", "running", "paused", "cancelled", "cancelled"],
  };
  assert.deepEqual(Object.keys(EXPERIMENT_STEPS).sort(), Object.keys(want).sort());
  for (const [event, after] of Object.entries(want)) {
    assert.deepEqual(STATES.map((st) => experimentStep(st, event)), after, event);
  }
  // every state a step reaches is one of STATES; busy is running or paused
  for (const row of Object.values(EXPERIMENT_STEPS)) for (const st of Object.values(row)) assert.ok(STATES.includes(st), st);
  assert.deepEqual(STATES.filter(experimentBusy), ["running", "paused"]);
  assert.throws(() => experimentStep("idle", "go"), /unknown experiment event "go"/);
  // a whole experiment: start, pause, resume, cancel, its end, the saved runs shown
  let st = "idle";
  for (const ev of ["start", "pause", "resume", "cancel", "end", "savedCancelled", "start", "end"]) st = experimentStep(st, ev);
  assert.equal(st, "done");
  assert.ok(Object.isFrozen(EXPERIMENT_STEPS) && Object.values(EXPERIMENT_STEPS).every(Object.isFrozen));
});

test("a saved line counts only when it is its job's record", () => {
  const job = jobs(def)[2]; // a on C01, D = 10, run 2, seed 2^64 − 4
  const line = '{"algo":"a","problem":"C01","dim":10,"data":"official","run":2,"seed":18446744073709551612,"maxfes":200000,"fes":200000,"f":1}';
  assert.equal(savedRunProblem(job, line), null);
  assert.equal(dataLabel(line), "official");
  for (const [bad, words] of [
    [42, "not a line of text"],
    ["garbage{", "not JSON"],
    ["[1,2]", "not a run record"],
    ["null", "not a run record"],
    [line.replace('"algo":"a"', '"algo":"b"'), '"algo" is "b", not "a"'],
    [line.replace('"run":2', '"run":1'), '"run" is 1, not 2'],
    [line.replace("18446744073709551612", "18446744073709551613"), '"seed" is "18446744073709551613", not "18446744073709551612"'],
    [line.replace('"maxfes":200000', '"maxfes":1000'), '"maxfes" is 1000, not 200000'],
    [line.replace('"dim":10', '"dim":30'), '"dim" is 30, not 10'],
  ]) {
    assert.equal(savedRunProblem(job, bad), words);
  }
  assert.equal(dataLabel('{"data":"generated"}'), "generated");
  assert.equal(dataLabel("{}"), "");
});

// The saved-run reader, fuzzed (a seeded generator, the same inputs every
// run): lines made from the job's record by byte flips, cuts, insertions,
// other values of each field, nested objects with the job's fields, other
// JSON values and long or odd text never throw, always answer null or one
// line, and are taken (null) only when JSON.parse reads the job's
// configuration, problem, D, run and budget at the top level and a seed
// equal to the job's.
test("the saved-run reader never throws and takes only its job's record", () => {
  const job = jobs(def)[2];
  const line = '{"algo":"a","problem":"C01","dim":10,"data":"official","run":2,"seed":18446744073709551612,"maxfes":200000,"fes":200000,"f":1}';
  let state = 20261127;
  const rnd = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  const pieces = ['"seed":', "18446744073709551612", "5", '"run":2', '{"algo":"a"}', "{", "}", "[", "]", ",", ":", '"', "\\", "null", "1e999", "-0", "\u2028", "é", "x".repeat(1000)];
  const mutate = (s) => {
    switch (rnd(7)) {
      case 0: { const i = rnd(s.length + 1); return s.slice(0, i) + String.fromCharCode(rnd(128)) + s.slice(i + 1); }
      case 1: { const i = rnd(s.length + 1); return s.slice(0, i) + s.slice(i + 1 + rnd(8)); }
      case 2: { const i = rnd(s.length + 1); return s.slice(0, i) + pieces[rnd(pieces.length)] + s.slice(i); }
      case 3: return s.slice(0, rnd(s.length + 1));
      case 4: return '{"meta":' + line + "," + s.slice(1);
      case 5: return s.replace(/"seed":\d+/, '"seed":' + ["5", "18446744073709551612", "18446744073709551613", "2", "-1"][rnd(5)]);
      default: return JSON.stringify([s, rnd(3) ? {} : null]);
    }
  };
  let taken = 0;
  for (let i = 0; i < 20000; i++) {
    let s = line;
    for (let k = 1 + rnd(3); k > 0; k--) s = mutate(s);
    let answer;
    assert.doesNotThrow(() => { answer = savedRunProblem(job, s); }, s);
    if (answer === null) {
      taken++;
      const r = JSON.parse(s);
      assert.ok(r.algo === job.config && r.problem === job.problem && r.dim === job.dim && r.run === job.run && r.maxfes === job.fes && r.seed === Number(job.seed), s);
    } else {
      assert.equal(typeof answer, "string");
      assert.ok(!answer.includes("\n") && answer.length < 200, answer);
    }
  }
  assert.ok(taken > 0, "no mutated line was the job's record");
  // a seed inside another value is not the record's seed
  assert.equal(savedRunProblem(job, '{"meta":{"seed":18446744073709551612},' + line.slice(1).replace('"seed":18446744073709551612', '"seed":5')),
    '"seed" is 5, not "18446744073709551612"');
});
