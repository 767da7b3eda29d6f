// sw-register.js: registers the service worker (sw.js: the site offline
// and installable) once the page has loaded, so that its precaching never
// competes with the page's own first load. boot.js imports it (every mode
// of index.html), results.html loads it as a module script of its own.
//
// Not registered where there is no server to cache from or no worker to
// run: a page from file:// (a service worker needs http or https), the
// one-file page (window.pcaplayOneFile: everything is inside it already;
// its modules are blob: URLs), a browser without service workers or a
// page that is not a secure context (http on another host than
// localhost). A registration that fails (a host without sw.js) leaves the
// page as it is, online only, and says so on the console as information.

/** serviceWorkerAllowed reports whether the page in win may register sw.js, and why not. */
export function serviceWorkerAllowed(win) {
  if (!win || !win.navigator || !("serviceWorker" in win.navigator)) return { ok: false, why: "this browser has no service workers" };
  if (win.pcaplayOneFile) return { ok: false, why: "a one-file page holds everything already" };
  const proto = win.location && win.location.protocol;
  if (proto !== "http:" && proto !== "https:") return { ok: false, why: "a page from " + proto + " has no server to cache" };
  if (win.isSecureContext === false) return { ok: false, why: "not a secure context (https or localhost)" };
  return { ok: true, why: "" };
}

/** pageVersion is the version the build stamped into the page (its
 * <meta name="pcaplay-version">), "" without one. */
function pageVersion(doc) {
  const m = doc && doc.querySelector && doc.querySelector('meta[name="pcaplay-version"]');
  return m ? m.content : "";
}

/** tellVersion tells the worker that controls the page the page's version,
 * now and whenever another worker takes over, so that a page the worker
 * did not serve itself (the first visit, loaded before the worker was
 * there) is pinned to its version too (sw.js). */
function tellVersion(win) {
  const sw = win.navigator.serviceWorker;
  const version = pageVersion(win.document);
  const send = () => {
    if (sw.controller && version) sw.controller.postMessage({ type: "pcaplay-pin", version });
  };
  send();
  if (sw.addEventListener) sw.addEventListener("controllerchange", send);
}

/** registerServiceWorker registers sw.js (beside this module) for the
 * folder of the site (its default scope), after the page's load event; it resolves to the
 * registration, or null when none is made. */
export function registerServiceWorker(win) {
  const allowed = serviceWorkerAllowed(win);
  if (!allowed.ok) return Promise.resolve(null);
  const url = new URL("sw.js", import.meta.url);
  return new Promise((resolve) => {
    const go = () => {
      tellVersion(win);
      win.navigator.serviceWorker.register(url).then(resolve, (e) => {
        win.console.info("pcaplay: no offline copy (service worker not registered: " + String((e && e.message) || e) + ")");
        resolve(null);
      });
    };
    if (win.document.readyState === "complete") go();
    else win.addEventListener("load", go, { once: true });
  });
}

if (typeof window !== "undefined" && typeof document !== "undefined") registerServiceWorker(window);
