// Unit tests of results-app.js's pure helpers (node --test site/test/):
// the size limit's refusal and which failures replace the worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MAX_FILE_BYTES, megabytes, tooLarge, workerDied } from "../results-app.js";

test("a file over the limit is refused in one line naming it, its size and the limit", () => {
  assert.equal(MAX_FILE_BYTES, 64e6);
  assert.equal(tooLarge("runs.jsonl", MAX_FILE_BYTES), "");
  assert.equal(tooLarge("runs.jsonl", 0), "");
  const m = tooLarge("big.jsonl", 241.3e6);
  assert.match(m, /^big\.jsonl: 241\.3 MB, over this page's limit of 64\.0 MB/);
  assert.ok(!m.includes("\n"));
  assert.match(tooLarge("a.jsonl", 11e6, 10e6), /a\.jsonl: 11\.0 MB, over this page's limit of 10\.0 MB/);
  assert.equal(megabytes(48.04e6), "48.0 MB");
});

test("a stopped, failed or resultless worker is replaced; Go's refusal of a file is not", () => {
  assert.ok(workerDied({ code: "exited" }));
  assert.ok(workerDied({ code: "worker-failed" }));
  assert.ok(workerDied({ code: "internal" })); // "summarise: no result": Go ran out of memory
  assert.ok(!workerDied({ code: "bad-argument" }));
  assert.ok(!workerDied(null));
});
