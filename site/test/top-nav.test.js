// Unit test (node --test site/test/): the top navigation's links carry the
// run of the address where it makes sense (top-nav.js navLinks).
import { test } from "node:test";
import assert from "node:assert/strict";
import { navLinks, NAV } from "../top-nav.js";

test("the modes, in order", () => {
  assert.deepEqual(NAV.map((m) => m.mode), ["play", "lesson", "compare", "experiment", "results"]);
});

test("an empty address: the modes' defaults, compare's lecture link", () => {
  const { links, lessonLabel } = navLinks({});
  assert.deepEqual(links, { play: "#", lesson: "#lesson=fig1", compare: "#compare=2&seeds=10", experiment: "#mode=experiment", results: "results.html" });
  assert.equal(lessonLabel, "Lesson");
});

test("a CEC run is carried to the playground, compare (PCA on vs off) and the experiment", () => {
  const { links } = navLinks({ problem: "C05", dim: "10", algo: "heco-pde", seed: "3", fes: "6000", speed: "10" });
  assert.equal(links.play, "#problem=C05&dim=10&algo=heco-pde&seed=3");
  assert.equal(links.compare, "#compare=2&problem=C05&dim=10&algo=heco-pde&seed=3&b.pca=false");
  assert.equal(links.experiment, "#mode=experiment&problems=C05&dim=10");
  assert.equal(links.lesson, "#lesson=fig1");
});

test("a teaching problem is not carried to the experiment", () => {
  const { links } = navLinks({ problem: "rosenbrock", seed: "2" });
  assert.equal(links.experiment, "#mode=experiment");
  assert.equal(links.play, "#problem=rosenbrock&seed=2");
});

test("compare mode's first algorithm and an experiment's first problem are carried", () => {
  assert.equal(navLinks({ compare: "2", problem: "C01", dim: "30", "a.algo": "cmode" }).links.play, "#problem=C01&dim=30&algo=cmode");
  assert.equal(navLinks({ mode: "experiment", problems: "C07,C08", dim: "50" }).links.play, "#problem=C07&dim=50");
});

test("the lesson's points in the playground link back to the lesson's last step, same sample", () => {
  const v = { problem: "rosenbrock", algo: "pmode", seed: "6", pop: "20", lambda: "20", pcak: "6", pcaprob: "0.1" };
  const { links, lessonLabel } = navLinks(v);
  assert.equal(links.lesson, "#lesson=fig1&step=7&seed=6&pcak=6&pcaprob=0.1");
  assert.equal(lessonLabel, "Lesson (back to step 7)");
  assert.equal(navLinks(Object.assign({}, v, { pop: "30" })).links.lesson, "#lesson=fig1");
});

test("values are escaped", () => {
  assert.equal(navLinks({ problem: "a&b=c" }).links.play, "#problem=a%26b%3Dc");
});

test("D, seed or algorithm without a problem are not carried", () => {
  assert.deepEqual(navLinks({ mode: "experiment", dim: "10", algo: "pmode", seed: "1" }).links.play, "#");
  assert.deepEqual(navLinks({ dim: "10" }).links.compare, "#compare=2&seeds=10");
});
