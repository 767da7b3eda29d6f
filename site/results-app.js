// results-app.js: the standalone results page (results.html): a run file
// (cec run -o, or an experiment's export) chosen or dropped on the page is
// read as text and shown by a results view (results-view.js), which asks
// Go's summarise command in a Web Worker for every number.
import { WorkerClient } from "./worker-client.js";
import { createResultsView } from "./results-view.js";

const client = new WorkerClient();
const view = createResultsView(document.querySelector("[data-results-view]"), {
  summarise: (jsonl, options) => client.summarise({ jsonl, options }),
});
// for tests and the console
window.pcaplayResults = view;

async function load(file) {
  if (!file) return;
  const text = await file.text();
  await view.show({ source: file.name }, text).catch(() => {}); // the view shows the error
}

const input = document.querySelector("[data-role=results-file]");
input.addEventListener("change", () => load(input.files[0]));
const drop = document.querySelector("[data-role=results-drop]");
for (const t of [document.body, drop]) {
  t.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
  t.addEventListener("dragleave", () => drop.classList.remove("over"));
  t.addEventListener("drop", (ev) => {
    ev.preventDefault();
    drop.classList.remove("over");
    load(ev.dataTransfer && ev.dataTransfer.files[0]);
  });
}
window.addEventListener("resize", () => view.resize());
