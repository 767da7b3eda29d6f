// sw-core.js: the service worker's decisions as pure functions (sw.js
// loads it with importScripts; site/test/sw-core.test.js tests it under
// Node). A classic script, so that the worker needs no module support: it
// sets globalThis.pcaplaySW and declares nothing else.
//
// See sw.js for the design these functions serve.
(function (root) {
  "use strict";

  /** relPath returns url's path relative to scope (both URLs), "" being the
   * scope itself; null when url is outside scope. Query and fragment are dropped. */
  function relPath(url, scope) {
    const u = new URL(url), s = new URL(scope);
    if (u.origin !== s.origin || !u.pathname.startsWith(s.pathname)) return null;
    try {
      return decodeURIComponent(u.pathname.slice(s.pathname.length));
    } catch (e) {
      return null;
    }
  }

  /** cacheKey returns the path a relative path is cached under: the scope
   * itself and a folder are their index.html. */
  function cacheKey(rel) {
    return rel === "" || rel.endsWith("/") ? rel + "index.html" : rel;
  }

  // DATA_RE: an official data file, named by a prefix of its SHA-256
  // (scripts/build-site.sh; internal/server serves it as immutable).
  const DATA_RE = /^data\/cec2017\/([0-9a-f]{16,64})\.txt$/;

  /** route says how the worker answers a GET of the relative path rel:
   * "page" (a listed .html: network first, the page pinned to its version),
   * "file" (another listed file: the version of the page that asks),
   * "data" (an official data file: cached once fetched), or "pass" (not
   * the worker's: the browser fetches it as if there were no worker).
   * files is the precache list (path → SHA-256), null when unstamped. */
  function route(rel, files) {
    if (rel === null || !files) return "pass";
    const key = cacheKey(rel);
    if (Object.hasOwn(files, key)) return key.endsWith(".html") ? "page" : "file";
    if (DATA_RE.test(rel)) return "data";
    return "pass";
  }

  /** dataID returns the content id of an official data file's relative path, or "". */
  function dataID(rel) {
    const m = DATA_RE.exec(rel || "");
    return m ? m[1] : "";
  }

  /** pageVersion returns the version stamped into a page's HTML
   * (<meta name="pcaplay-version" content="…">), or "" when there is none. */
  function pageVersion(html) {
    const m = /<meta name="pcaplay-version" content="([0-9a-zA-Z_.-]{1,64})">/.exec(html);
    return m ? m[1] : "";
  }

  /** isVersion reports whether v can be a version (what a page says of itself is checked). */
  function isVersion(v) {
    return typeof v === "string" && /^[0-9a-zA-Z_.-]{1,64}$/.test(v);
  }

  const PREFIX = "pcaplay-v-";

  /** cacheName is the name of version's precache. */
  function cacheName(version) {
    return PREFIX + version;
  }

  /** versionOfCache returns the version of a precache's name, or "" for any other cache. */
  function versionOfCache(name) {
    return name.startsWith(PREFIX) ? name.slice(PREFIX.length) : "";
  }

  /** staleCaches returns the precaches (of names) that no version in keep uses:
   * the active version and those that open pages are pinned to. Other
   * caches (the data cache, the pins, another site's) are never stale. */
  function staleCaches(names, keep) {
    const k = new Set(keep);
    return names.filter((n) => versionOfCache(n) !== "" && !k.has(versionOfCache(n)));
  }

  /** hex returns the lower-case hexadecimal of an ArrayBuffer's bytes. */
  function hex(buf) {
    return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  root.pcaplaySW = Object.freeze({ relPath, cacheKey, route, dataID, pageVersion, isVersion, cacheName, versionOfCache, staleCaches, hex });
})(globalThis);
