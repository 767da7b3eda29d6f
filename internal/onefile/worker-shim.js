// The worker's side of pcaplay's one-file page (internal/onefile): before
// the worker's own scripts, fetch answers every URL under
// pcaplayOffline.base from the files the page carries for the worker (the
// official CEC 2017 data of its state, as data/cec2017/ serves them);
// a file it does not carry is a 404, as on a server without it.
(() => {
  "use strict";
  const o = pcaplayOffline;
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const nativeFetch = self.fetch.bind(self);
  self.fetch = function fetch(input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(o.base)) return nativeFetch(input, init);
    const path = url.slice(o.base.length).split(/[?#]/)[0];
    const f = Object.hasOwn(o.files, path) ? o.files[path] : null;
    if (!f) return Promise.resolve(new Response("not in this file: " + path, { status: 404, statusText: "Not Found" }));
    let body = new Blob([bytes(f.b64)]).stream();
    if (f.gzip) body = body.pipeThrough(new DecompressionStream("gzip"));
    return Promise.resolve(new Response(body, { status: 200, headers: { "Content-Type": f.type } }));
  };
})();
