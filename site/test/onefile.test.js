// Unit tests of onefile.js's pure parts (node --test site/test/; run by
// e2e/jsunit_test.go): the file's name by its state, and the download's
// answer in a page that is a one-file page already.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileName, saveOneFile } from "../onefile.js";

test("fileName: named by the run or the lesson step, safe characters only", () => {
  assert.equal(fileName("#problem=C05&dim=10&algo=heco-pde&seed=3&speed=10"), "pcaplay-C05-D10-heco-pde-seed3.html");
  assert.equal(fileName("#lesson=fig1&step=4&seed=6"), "pcaplay-fig1-step4-seed6.html");
  assert.equal(fileName("#compare=2&problem=rosenbrock&b.pca=false"), "pcaplay-rosenbrock.html");
  assert.equal(fileName(""), "pcaplay.html");
  assert.equal(fileName("#problem=a/b%20c&seed=1"), "pcaplay-a_b_c-seed1.html");
  assert.ok(fileName("#problem=" + "x".repeat(500)).length <= 125);
});

test("saveOneFile: a one-file page says so and starts no worker", async () => {
  const said = [];
  await saveOneFile("#seed=2", (t) => said.push(t), { pcaplayOneFile: { hash: "#seed=1" } });
  assert.equal(said.length, 1);
  assert.match(said[0], /already one HTML file \(made at #seed=1\)/);
});
