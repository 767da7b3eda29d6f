// The loader of pcaplay's one-file page (internal/onefile): a classic
// script that starts the page from the JSON payload before it
// (#pcaplay-offline), with no server and no network.
//
//   - the address: an empty hash becomes the one the file was made from;
//   - fetch: a URL under payload.base is answered from the file (the
//     WebAssembly module, gzip-compressed, inflated by DecompressionStream
//     as it streams into compileStreaming); any other goes to the network;
//   - Worker: the page's worker (payload.workers) starts as a classic
//     worker from a blob: URL of payload.worker (a module worker cannot
//     start from file://, nor from a blob there);
//   - once the document is parsed: the deferred scripts (ECharts) run, in
//     order, from blob: URLs, as defer scripts would; then the code
//     (gzip) is inflated and each module becomes a blob: module, its
//     dependencies first, their blob URLs put in place of its rewritten
//     specifiers, and the entries are imported, in order (as the module
//     scripts they replace would run).
(() => {
  "use strict";
  const el = document.getElementById("pcaplay-offline");
  const p = JSON.parse(el.textContent);
  el.remove();
  if (!location.hash && p.hash) history.replaceState(null, "", p.hash);
  // the page's "Download as one HTML file" reads it: this page is one already
  window.pcaplayOneFile = Object.freeze({ hash: p.hash });

  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const serve = (path) => {
    const f = Object.hasOwn(p.files, path) ? p.files[path] : null;
    if (!f) return new Response("not in this file: " + path, { status: 404, statusText: "Not Found" });
    let body = new Blob([bytes(f.b64)]).stream();
    if (f.gzip) body = body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(body, { status: 200, headers: { "Content-Type": f.type } });
  };
  const nativeFetch = window.fetch.bind(window);
  window.fetch = function fetch(input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (url.startsWith(p.base)) return Promise.resolve(serve(url.slice(p.base.length).split(/[?#]/)[0]));
    return nativeFetch(input, init);
  };

  const NativeWorker = window.Worker;
  let workerURL = null;
  window.Worker = class Worker extends NativeWorker {
    constructor(url, opts) {
      const u = String(url);
      if (u.startsWith(p.base) && p.workers.includes(u.slice(p.base.length))) {
        workerURL = workerURL || URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }));
        super(workerURL, { name: (opts && opts.name) || "" });
      } else {
        super(url, opts);
      }
    }
  };

  const inflate = (b64) => new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream("gzip"));
  const blobURL = async (stream, type) => URL.createObjectURL(new Blob([await new Response(stream).arrayBuffer()], { type }));
  // a deferred classic script (ECharts): run it, as a defer script runs
  const run = async (name) => {
    const f = p.files[name];
    const url = await blobURL(f.gzip ? inflate(f.b64) : new Blob([bytes(f.b64)]).stream(), f.type);
    await new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = url;
      s.onload = resolve;
      s.onerror = () => reject(new Error(name + " did not run"));
      document.head.append(s);
    });
  };
  let workerSource = null;
  const start = async () => {
    for (const name of p.deferred) await run(name);
    const code = JSON.parse(await new Response(inflate(p.code)).text());
    workerSource = code.worker;
    const urls = {};
    for (const name of p.order) {
      const src = code.modules[name].replace(/(["'])pcaplay-module:([A-Za-z0-9_.-]+\.js)\1/g,
        (m, q, dep) => JSON.stringify(urls[dep] || ("missing:" + dep)));
      urls[name] = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
    }
    for (const e of p.entries) await import(urls[e]); // the module scripts, in order
  };
  const go = () => start().catch((e) => {
    const box = document.getElementById("error");
    if (box) { box.hidden = false; box.textContent = "pcaplay could not start: " + String((e && e.message) || e); }
    throw e;
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go, { once: true });
  else go();
})();
