// results-app.js: the standalone results page (results.html): a run file
// (cec run -o, or an experiment's export) chosen or dropped on the page is
// read as text and shown by a results view (results-view.js), which asks
// Go's summarise command in a Web Worker for every number. Its downloads
// are the results view's (exports.js save). createResultsPage holds the
// page's parts; the module keeps no state of its own.
//
// The page never dies on a file: one over MAX_FILE_BYTES is refused before
// it is read (the worker needs about 10 bytes of memory per byte of file,
// docs/guide/experiments.md, and a tab's worker has about 1 GB before it is
// stopped), with one line naming the file, its size and the limit; a
// worker that fails or stops (Go out of memory: "no result", then
// "exited") is replaced by a fresh one and the page says so in one line,
// so that the next file works without a reload; so is a worker that dies
// while idle (worker-client.js onFail), at once, so that the next file
// never waits on a dead worker. No promise of the page is left to reject
// unhandled.
import { WorkerClient, needsRestart } from "./worker-client.js";
import { ERR } from "./protocol.js";
import { createResultsView } from "./results-view.js";

/** MAX_FILE_BYTES is the largest run file the page reads (64 MB). */
export const MAX_FILE_BYTES = 64e6;

/** megabytes writes n bytes in MB (10⁶ bytes) with one decimal. */
export function megabytes(n) {
  return (n / 1e6).toFixed(1) + " MB";
}

/** tooLarge is the one-line refusal of a file of size bytes over max, or "" when it fits. */
export function tooLarge(name, size, max = MAX_FILE_BYTES) {
  if (!(size > max)) return "";
  return `${name}: ${megabytes(size)}, over this page's limit of ${megabytes(max)} (the worker would run out of memory): ` +
    "cec table, rank and wilcoxon read a file of any size, or split it by algorithm or problem";
}

/** workerDied reports whether a failed call means the worker must be replaced. */
export function workerDied(e) {
  return needsRestart(e) || (!!e && e.code === ERR.INTERNAL);
}

/**
 * createResultsPage binds the results page of win's document and returns
 * its results view (window.pcaplayResults).
 * @param {{win?: Window, client?: WorkerClient, maxBytes?: number}} o
 */
export function createResultsPage({ win = window, client = new WorkerClient(), maxBytes = MAX_FILE_BYTES } = {}) {
  const doc = win.document;
  const notice = doc.querySelector("[data-role=results-notice]");
  const say = (text) => { if (notice) { notice.textContent = text; notice.hidden = !text; } };
  // a worker that dies with no call waiting: a fresh one now (one that dies
  // during a summary is replaced where the summary fails, below)
  client.onFail = (e, { idle }) => {
    if (!idle) return;
    client.restart();
    say(`The worker stopped while idle (${oneLine(e)}) and a fresh one was started.`);
  };
  const view = createResultsView(doc.querySelector("[data-results-view]"), {
    async summarise(jsonl, options) {
      try {
        return await client.summarise({ jsonl, options });
      } catch (e) {
        if (workerDied(e)) {
          // the same client, a fresh worker (the compiled module is kept)
          client.restart();
          say(`The worker stopped (${oneLine(e)}) and a fresh one was started: choose the file again, or another.`);
        }
        throw e;
      }
    },
  });

  async function load(file) {
    if (!file) return;
    say("");
    const refusal = tooLarge(file.name, file.size, maxBytes);
    if (refusal) {
      view.fail(refusal);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (e) {
      view.fail(`${file.name}: could not be read (${oneLine(e)})`);
      return;
    }
    await view.show({ source: file.name }, text).catch(() => {}); // the view shows the error
  }
  // every caller: nothing rejects unhandled
  const loadSafely = (file) => load(file).catch((e) => view.fail(oneLine(e)));

  const input = doc.querySelector("[data-role=results-file]");
  input.addEventListener("change", () => loadSafely(input.files[0]));
  const drop = doc.querySelector("[data-role=results-drop]");
  for (const t of [doc.body, drop]) {
    t.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
    t.addEventListener("dragleave", () => drop.classList.remove("over"));
    t.addEventListener("drop", (ev) => {
      ev.preventDefault();
      drop.classList.remove("over");
      loadSafely(ev.dataTransfer && ev.dataTransfer.files[0]);
    });
  }
  win.addEventListener("resize", () => view.resize());
  return view;
}

function oneLine(e) {
  return String((e && e.message) || e).split(/\s+/).join(" ").trim();
}

// for tests and the console
if (typeof window !== "undefined" && window.document) window.pcaplayResults = createResultsPage();
