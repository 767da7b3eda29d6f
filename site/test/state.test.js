// Unit tests of state.js (node --test site/test/; run by e2e/jsunit_test.go).
import { test } from "node:test";
import assert from "node:assert/strict";
import { State, parse, checkPage, KEYS, pageMode } from "../state.js";

const catalog = {
  problems: [
    { name: "rosenbrock", teaching: true, dims: [2] },
    { name: "C01", teaching: false, dims: [2, 10, 30, 50, 100] },
  ],
};
// a configured run as Go returns it (config and parameter list)
const run = (config, params) => ({ config, params });
const pmodeParams = [
  { key: "pop", default: "180" }, { key: "lambda", default: "8" }, { key: "pcam", default: "1" },
];

function configured(values, params = pmodeParams) {
  const s = new State({ embed: "1", speed: "3" }, { catalog });
  return s.configured(run(values, params), catalog);
}

test("fes at its default follows D; fes set on purpose stays", () => {
  const s = configured({ problem: "C01", dim: "10", algo: "pmode", seed: "1", fes: "200000", pop: "180", lambda: "8", pcam: "5" });
  let t = s.next({ dim: "30" });
  assert.equal(t.restart, true);
  assert.equal("fes" in t.state.values, false, "fes at 20000·10 is dropped so Go gives 20000·30");
  assert.equal(t.state.values.dim, "30");
  const s2 = configured({ problem: "C01", dim: "10", algo: "pmode", seed: "1", fes: "500", pop: "180", lambda: "8", pcam: "5" });
  t = s2.next({ dim: "30" });
  assert.equal(t.state.values.fes, "500");
});

test("parameters at their default follow; set ones stay", () => {
  const s = configured({ problem: "C01", dim: "10", algo: "pmode", seed: "1", fes: "200000", pop: "180", lambda: "20", pcam: "1" });
  const t = s.next({ algo: "heco-pde" });
  assert.equal(t.state.values.lambda, "20");
  assert.equal("pop" in t.state.values, false);
  assert.equal("pcam" in t.state.values, false);
  assert.equal(t.state.values.seed, "1", "the seed never follows");
});

test("a D the new problem does not offer goes back to its default", () => {
  const s = configured({ problem: "C01", dim: "30", algo: "pmode", seed: "1", fes: "600000" });
  const t = s.next({ problem: "rosenbrock" });
  assert.equal("dim" in t.state.values, false);
  assert.equal("fes" in t.state.values, false);
});

test("page keys apply without a restart, and bad ones are named", () => {
  const s = configured({ problem: "rosenbrock", dim: "2", algo: "pmode", seed: "1", fes: "40000" });
  let t = s.next({ speed: "9" });
  assert.equal(t.restart, false);
  assert.deepEqual([...t.changed], ["speed"]);
  assert.equal(t.state.ui.speed, 9);
  t = s.next({ speed: "0x5" });
  assert.equal(t.state.ui.speed, 6);
  assert.equal(t.notices.length, 1);
  assert.equal(t.notices[0].key, "speed");
  assert.equal(t.notices[0].value, "0x5");
  t = s.next({ zoom: "x".repeat(100000) });
  assert.ok(t.notices[0].value.length < 80, "long values are cut");
  assert.match(t.notices[0].value, /100000 characters/);
  t = s.next({ seed: "1" });
  assert.equal(t.restart, false, "a value that does not change restarts nothing");
});

test("checkPage: speed is a decimal whole number in [1, 10]", () => {
  for (const [v, want, bad] of [["7", 7, 0], [" 7 ", 7, 0], ["7.4", 7, 1], ["12", 10, 1], ["0", 1, 1], ["1e1", 10, 1], ["0x5", 6, 1], ["", 6, 1], ["abc", 6, 1]]) {
    const r = checkPage({ speed: v });
    assert.equal(r.ui.speed, want, "speed=" + v);
    assert.equal(r.notices.length, bad, "notices for speed=" + JSON.stringify(v));
  }
});

test("diff turns an edited address into changes, removals included", () => {
  const s = configured({ problem: "C01", dim: "10", algo: "pmode", seed: "1", fes: "200000", pop: "180" });
  const edited = parse("#" + s.serialize().replace("dim=10", "dim=30").replace("&pop=180", ""));
  const ch = s.diff(edited);
  assert.equal(ch.dim, "30");
  assert.equal(ch.pop, null);
  const t = s.next(ch);
  assert.equal("fes" in t.state.values, false, "fes=200000 left in the address still follows D");
});

test("serialize: run keys, parameters in order, page keys off their default", () => {
  const s = configured({ problem: "C01", dim: "10", algo: "pmode", seed: "1", fes: "200000", pop: "180", lambda: "8", pcam: "5" });
  assert.equal(s.serialize(), "problem=C01&dim=10&algo=pmode&seed=1&fes=200000&pop=180&lambda=8&pcam=5&embed=1&speed=3");
  const back = new State(parse("#" + s.serialize()));
  assert.deepEqual(back.values, s.values);
  assert.ok(KEYS.every((k) => typeof k.restart === "boolean" && typeof k.default === "string"));
});

test("parse drops unsafe keys and undecodable text survives", () => {
  const v = parse("#__proto__=1&constructor=2&a=%E0%A4%A&b=x+y");
  assert.deepEqual(Object.keys(v), ["a", "b"]);
  assert.equal(v.a, "%E0%A4%A");
  assert.equal(v.b, "x y");
});

test("compare=N and prefixed keys pick compare mode; bad values are named", () => {
  assert.equal(pageMode(parse("#problem=C01")), "play");
  assert.equal(pageMode(parse("#compare=2")), "compare");
  assert.equal(pageMode(parse("#b.pca=0")), "compare");
  assert.equal(pageMode(parse("#compare=1")), "play");
  assert.equal(pageMode(parse("#lesson=fig1&compare=2")), "lesson");
  assert.equal(checkPage(parse("#c.algo=de")).ui.compare, 3, "c. implies A, B and C");
  assert.equal(checkPage(parse("#compare=4&b.pca=0")).ui.compare, 4);
  for (const [raw, want] of [["9", 4], ["0", 1], ["x", 2], ["2.5", 2]]) {
    const c = checkPage({ compare: raw, "b.pca": "0" });
    assert.equal(c.ui.compare, want, "compare=" + raw);
    assert.equal(c.notices.length, 1, "compare=" + raw + " is named");
    assert.equal(c.notices[0].key, "compare");
  }
  // prefixed keys are run keys: a change restarts, serialize keeps them
  assert.equal(pageMode(parse("#mode=experiment&runs=25")), "experiment");
  const s = new State({ problem: "C01", compare: "2", "b.pca": "false" }, { catalog });
  const t = s.next({ "b.pcaprob": "0.5" });
  assert.equal(t.restart, true);
  assert.match(t.state.serialize(), /b\.pca=false&b\.pcaprob=0\.5.*compare=2/);
  assert.deepEqual(Object.keys(t.state.run()).sort(), ["b.pca", "b.pcaprob", "problem"]);
});

// A seeded random search over hostile addresses (the page's side of the URL
// sanitiser; Go's FuzzSanitize covers the run keys): parse and State never
// throw, every notice names a key of the address with its value cut, the
// page settings are in range, and the cleaned values come back silently.
test("hostile addresses: no throw, bounded notices, settings in range, idempotent", () => {
  let x = 0x9e3779b9;
  const rnd = (n) => { // xorshift32, the same cases on every run
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
  const keys = KEYS.map((k) => k.key).concat(["b.algo", "c.seed", "__proto__", "constructor", "x", "", " speed "]);
  const atoms = ["0", "1", "-1", "0x5", "1e1", "1e309", "NaN", "Infinity", " 7 ", "7.5", "pop", "off", "true",
    "landscape,operator", "panels,,x", "%", "%E0%A4%A", "%00", "&", "=", "+", "é", "\u2028", "<script>", "9".repeat(300)];
  const value = () => {
    let s = "";
    for (let i = rnd(4); i >= 0; i--) s += atoms[rnd(atoms.length)];
    return s;
  };
  const max = 40 + 24; // echoMax and the "… (N characters)" a cut value ends with
  for (let c = 0; c < 3000; c++) {
    const parts = [];
    for (let i = rnd(8); i >= 0; i--) parts.push(keys[rnd(keys.length)] + (rnd(5) ? "=" + value() : ""));
    const hash = "#" + parts.join("&");
    const values = parse(hash);
    assert.ok(!Object.hasOwn(values, "__proto__") && !Object.hasOwn(values, "constructor"), hash);
    const s = new State(values);
    for (const n of s.notices) {
      assert.ok(n.key in values, `notice for ${n.key}, not a key of ${hash}`);
      assert.ok(Array.from(String(n.value)).length <= max, `notice value of ${Array.from(String(n.value)).length} characters for ${hash}`);
      assert.ok(n.message && Array.from(n.message).length <= 300, `notice message for ${n.key} in ${hash}`);
    }
    const ui = s.ui;
    assert.ok(Number.isInteger(ui.speed) && ui.speed >= 1 && ui.speed <= 10, `speed ${ui.speed} for ${hash}`);
    assert.ok(ui.font >= 0.75 && ui.font <= 2, `font ${ui.font} for ${hash}`);
    assert.ok(Number.isInteger(ui.compare) && ui.compare >= 1 && ui.compare <= 4, `compare ${ui.compare} for ${hash}`);
    assert.ok(ui.panels.length > 0, `no panel for ${hash}`);
    const again = new State(s.values);
    assert.deepEqual(again.notices, [], `the cleaned values of ${hash} gave notices`);
    assert.deepEqual(again.values, s.values, `the cleaned values of ${hash} changed`);
  }
});
