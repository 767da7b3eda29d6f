(async () => {
  const { createResultsView } = await import("./results-view.js");
  const { WorkerClient } = await import("./worker-client.js");
  const c = new WorkerClient(), div = document.createElement("div");
  document.body.append(div);
  const v = createResultsView(div, { summarise: (jsonl, options) => c.call("summarise", { jsonl, options }) });
  const fresh = await v.show({ configs: ["pmode", "cmode"] }, window.pcaplayExperiment.jsonl());
  const same = JSON.stringify(fresh) === JSON.stringify(window.pcaplayExperiment.results.results);
  v.destroy(); div.remove(); c.terminate && c.terminate();
  return same; })()
