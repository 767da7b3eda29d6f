// Shows the records (JSON lines) in a second results view, made beside the
// page's own: resolves with its tables + 10 × its dimensions + 100 × the
// tables on the page.
async (records) => {
  const { createResultsView } = await import("./results-view.js");
  const { WorkerClient } = await import("./worker-client.js");
  const c = new WorkerClient(), div = document.createElement("div");
  document.body.append(div);
  const v = createResultsView(div, { summarise: (jsonl, options) => c.call("summarise", { jsonl, options }) });
  const r = await v.show({}, records);
  return div.querySelectorAll("table.results-table").length + r.dims.length * 10 + document.querySelectorAll("table.results-table").length * 100;
}
