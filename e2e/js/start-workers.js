// Starts n workers at once and returns the milliseconds until every one
// has answered (the protocol command); then terminates them.
async (n) => {
  const { WorkerClient } = await import("./worker-client.js");
  const t0 = performance.now();
  const cs = Array.from({ length: n }, () => new WorkerClient());
  await Promise.all(cs.map((c) => c.call("protocol")));
  const ms = performance.now() - t0;
  cs.forEach((c) => c.terminate());
  return ms;
}
