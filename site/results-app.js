// results-app.js: the standalone results page (results.html): a run file
// (cec run -o, or an experiment's export) chosen or dropped on the page is
// read as text and shown by a results view (results-view.js), which asks
// Go's summarise command in a Web Worker for every number. Its downloads
// are the results view's (exports.js save). createResultsPage holds the
// page's parts; the module keeps no state of its own.
import { WorkerClient } from "./worker-client.js";
import { createResultsView } from "./results-view.js";

/**
 * createResultsPage binds the results page of win's document and returns
 * its results view (window.pcaplayResults).
 * @param {{win?: Window, client?: WorkerClient}} o
 */
export function createResultsPage({ win = window, client = new WorkerClient() } = {}) {
  const doc = win.document;
  const view = createResultsView(doc.querySelector("[data-results-view]"), {
    summarise: (jsonl, options) => client.summarise({ jsonl, options }),
  });

  async function load(file) {
    if (!file) return;
    const text = await file.text();
    await view.show({ source: file.name }, text).catch(() => {}); // the view shows the error
  }

  const input = doc.querySelector("[data-role=results-file]");
  input.addEventListener("change", () => load(input.files[0]));
  const drop = doc.querySelector("[data-role=results-drop]");
  for (const t of [doc.body, drop]) {
    t.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
    t.addEventListener("dragleave", () => drop.classList.remove("over"));
    t.addEventListener("drop", (ev) => {
      ev.preventDefault();
      drop.classList.remove("over");
      load(ev.dataTransfer && ev.dataTransfer.files[0]);
    });
  }
  win.addEventListener("resize", () => view.resize());
  return view;
}

// for tests and the console
window.pcaplayResults = createResultsPage();
