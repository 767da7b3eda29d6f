// sw.js: the service worker that makes the site installable and usable
// offline (registered by sw-register.js from every page; never from
// file:// or the one-file page, which need no server). Its decisions are
// pure functions in sw-core.js (unit-tested); this file wires them to the
// worker's events.
//
// The design, and why:
//
//  - The build stamps it (scripts/build-site.sh → internal/tools/stampsw):
//    PRECACHE below becomes {version, files}, files being every file of the
//    site but the official data (path → SHA-256) and version a hash of that
//    list; every page carries the same version in its
//    <meta name="pcaplay-version">. The source keeps {version: "dev",
//    files: null}: an unstamped worker caches nothing and answers nothing.
//    Any change to any file changes sw.js, so the browser's own update
//    check (on every navigation) finds a new version. sw.js is not in its
//    own list: a change to it alone keeps the version (the files, and so
//    the cache, are the same) and the browser installs the new worker.
//
//  - install precaches every listed file into the cache of its version
//    (pcaplay-v-VERSION), fetched past the HTTP cache's freshness
//    (cache: "no-cache") and checked against its SHA-256: one mismatch
//    fails the install and drops that cache, so a server caught between
//    two versions (half deployed, or a proxy's stale copy) never becomes
//    a cache. It then skips waiting: a new version takes over at once,
//    without waiting for every tab to close.
//
//  - A page is pinned to one version, and every file it (or a worker it
//    starts) asks for comes from that version: nothing ever mixes files of
//    two versions. A page's navigation goes to the network first, for at
//    most TIMEOUT_MS (3 s) when a cached copy exists (a flaky lecture-hall
//    network falls back quickly); the page's version is read from its
//    stamp, and the page pinned to it (its client id → version, kept in
//    the pcaplay-pins cache, since the browser stops an idle worker and
//    its memory with it). When the network does not answer, the cached
//    page of the active version is served and pinned to it. The other
//    files of a pinned page come from its version's cache (complete,
//    verified), never from a network that may hold another version; a page
//    pinned to a version not cached yet (a deploy newer than this worker,
//    whose install is under way) takes them from the network, as it would
//    without a worker. A page loaded before the worker was there (the
//    first visit) tells the worker its version once the worker controls it
//    (sw-register.js) and is pinned to it. A worker a page starts is pinned
//    to its page's version when its script is fetched (the request names
//    the worker's client, resultingClientId, as Chromium does). A client
//    pinned to nothing (a browser that does not name it) gets the network
//    first, this version's cache as the fallback.
//
//  - activate (and every navigation after) deletes the precaches that no
//    open page is pinned to, except the active version's: an old page
//    still open keeps its files (a lazy import, a worker it starts, the
//    one-file download) until it closes; then clients.claim(), so that the
//    first visit's page is controlled at once.
//
//  - The official data files (data/cec2017/<id>.txt, 64 bits of their
//    SHA-256 in the name) are the only files cached at run time: a run
//    that fetches one stores it in pcaplay-data once its bytes match its
//    name, and that copy is served from then on, offline too. Immutable by
//    their name, they belong to no version (a new version keeps them), and
//    a precached file is never written at run time, so each precache holds
//    exactly one version.
//
//  - Precompressed .gz/.br siblings are the server's business: the worker
//    fetches the file itself and caches what the browser decoded.
//
//  - Requests the worker does not know (other origins, other paths, other
//    methods) are not answered by it: the browser fetches them as usual.
importScripts("sw-core.js");

const PRECACHE = { version: "dev", files: null };

const S = self.pcaplaySW;
const TIMEOUT_MS = 3000;
const DATA_CACHE = "pcaplay-data";
const PINS_CACHE = "pcaplay-pins";
const PARALLEL = 4; // precache fetches at a time

const scopeURL = () => self.registration.scope;

async function sha256(buf) {
  return S.hex(await crypto.subtle.digest("SHA-256", buf));
}

// timed resolves to what p resolves to, or to null after ms (0: no limit).
function timed(p, ms) {
  if (!ms) return p;
  p.catch(() => {}); // a late failure after the timeout is no one's
  return Promise.race([p, new Promise((resolve) => setTimeout(() => resolve(null), ms))]);
}

function pinURL(id) {
  return new URL("__pcaplay/pin/" + encodeURIComponent(id), scopeURL()).href;
}

async function pinOf(id) {
  if (!id) return "";
  const r = await (await caches.open(PINS_CACHE)).match(pinURL(id));
  return r ? r.text() : "";
}

async function pin(id, version) {
  if (!id || !version) return;
  await (await caches.open(PINS_CACHE)).put(pinURL(id), new Response(version));
}

// fromCache returns version's copy of the relative path key, or undefined.
function fromCache(version, key) {
  return caches.match(new URL(key, scopeURL()).href, { cacheName: S.cacheName(version) });
}

// precache fetches and checks every listed file into this version's cache.
async function precache() {
  const name = S.cacheName(PRECACHE.version);
  const cache = await caches.open(name);
  const todo = Object.entries(PRECACHE.files);
  const one = async ([path, sum]) => {
    const url = new URL(path, scopeURL()).href;
    if (await cache.match(url)) return; // checked by an install of this version that stopped
    const r = await fetch(url, { cache: "no-cache" });
    if (!r.ok) throw new Error(path + ": HTTP " + r.status);
    const buf = await r.arrayBuffer();
    const got = await sha256(buf);
    if (got !== sum) throw new Error(path + ": SHA-256 " + got.slice(0, 12) + "…, version " + PRECACHE.version + " lists " + sum.slice(0, 12) + "… (a server between two versions?)");
    const type = r.headers.get("Content-Type");
    await cache.put(url, new Response(buf, { headers: type ? { "Content-Type": type } : {} }));
  };
  try {
    const lanes = Array.from({ length: PARALLEL }, async () => {
      while (todo.length) await one(todo.pop());
    });
    await Promise.all(lanes);
  } catch (e) {
    todo.length = 0;
    await caches.delete(name);
    throw e;
  }
}

// cleanup forgets the pins of closed clients and deletes the precaches no
// open page is pinned to, the active version's excepted; alsoLive is a
// client being created (a navigation's), not listed by the browser yet.
async function cleanup(alsoLive) {
  const live = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  if (alsoLive) live.add(alsoLive);
  const pins = await caches.open(PINS_CACHE);
  const keep = [PRECACHE.version];
  for (const req of await pins.keys()) {
    const id = decodeURIComponent(req.url.slice(req.url.lastIndexOf("/") + 1));
    if (!live.has(id)) await pins.delete(req);
    else keep.push(await (await pins.match(req)).text());
  }
  for (const name of S.staleCaches(await caches.keys(), keep)) await caches.delete(name);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (PRECACHE.files) await precache();
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    if (PRECACHE.files) await cleanup("");
    await self.clients.claim();
  })());
});

// navigate answers a page's navigation: the network first, the page pinned
// to the version it carries; else the active version's copy.
async function navigate(event, key) {
  const cached = await fromCache(PRECACHE.version, key);
  let r = null;
  try {
    r = await timed(fetch(event.request), cached ? TIMEOUT_MS : 0);
  } catch (e) {
    r = null;
  }
  if (r && r.ok) {
    const v = S.pageVersion(await r.clone().text());
    event.waitUntil(pin(event.resultingClientId, v).then(() => cleanup(event.resultingClientId)));
    if (v && v !== PRECACHE.version) event.waitUntil(self.registration.update().catch(() => {}));
    return r;
  }
  if (cached) {
    event.waitUntil(pin(event.resultingClientId, PRECACHE.version));
    return cached;
  }
  return r || Response.error();
}

// file answers any other listed file from the version of the client that
// asks; a worker's script pins the worker to its page's version.
async function file(event, key) {
  const req = event.request;
  const v = await pinOf(event.clientId);
  if (req.destination === "worker" || req.destination === "sharedworker") event.waitUntil(pin(event.resultingClientId, v));
  if (v) {
    const hit = await fromCache(v, key);
    return hit || fetch(req); // a version not cached yet: the network holds it
  }
  const cached = await fromCache(PRECACHE.version, key);
  let r = null;
  try {
    r = await timed(fetch(req), cached ? TIMEOUT_MS : 0);
  } catch (e) {
    if (!cached) throw e;
  }
  return r && (r.ok || !cached) ? r : cached;
}

// data answers an official data file: the cached copy, else the network's,
// cached when its bytes match its name.
async function data(event, rel) {
  const cache = await caches.open(DATA_CACHE);
  const url = event.request.url.split(/[?#]/)[0];
  const hit = await cache.match(url);
  if (hit) return hit;
  const r = await fetch(event.request);
  if (!r.ok) return r;
  const buf = await r.clone().arrayBuffer();
  if ((await sha256(buf)).startsWith(S.dataID(rel))) {
    await cache.put(url, new Response(buf, { headers: { "Content-Type": r.headers.get("Content-Type") || "text/plain; charset=utf-8" } }));
  }
  return r;
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const rel = S.relPath(req.url, scopeURL());
  const how = S.route(rel, PRECACHE.files);
  if (how === "pass") return;
  if (how === "data") event.respondWith(data(event, rel));
  else if (how === "page" && req.mode === "navigate") event.respondWith(navigate(event, S.cacheKey(rel)));
  else event.respondWith(file(event, S.cacheKey(rel)));
});

// Messages from a page:
//   {type: "pcaplay-pin", version}: the page's own version (sw-register.js
//     sends it): a page not pinned yet (the first visit's, loaded before
//     this worker) is pinned to it; a pinned page keeps its pin;
//   {type: "pcaplay-sw"} over a MessageChannel (a test, devtools): the
//     answer is this worker's version, the number of files it precached
//     and the version the asking page is pinned to.
self.addEventListener("message", (event) => {
  const d = event.data || {};
  const id = event.source && event.source.id;
  if (d.type === "pcaplay-pin" && S.isVersion(d.version) && PRECACHE.files) {
    event.waitUntil(pinOf(id).then((v) => (v ? null : pin(id, d.version))));
    return;
  }
  const port = event.ports && event.ports[0];
  if (!port || d.type !== "pcaplay-sw") return;
  event.waitUntil(pinOf(id).then((pinned) => {
    port.postMessage({ version: PRECACHE.version, files: PRECACHE.files ? Object.keys(PRECACHE.files).length : 0, pinned });
  }));
});
