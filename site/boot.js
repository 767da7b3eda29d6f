// boot.js: the page's entry module. It picks the page's mode from the
// address once (page-mode.js): the guided lesson when the address has
// a lesson key (lesson-app.js), the experiment view for mode=experiment
// (experiment-app.js), compare mode with compare=2…4 or a prefixed key
// such as b.pca=false (compare-app.js), otherwise the playground (app.js).
// An address that switches mode (the lesson's last step opens the
// playground; "compare PCA on vs off"; a link back) reloads the page, so
// each mode starts from a clean page; a mode switches with page-mode.js's
// leave(). Every mode registers the service worker (sw-register.js: the
// site offline and installable; not from file:// or the one-file page).
import { modeOf, watchMode } from "./page-mode.js";
import { WorkerClient, createModuleCache, pageModule } from "./worker-client.js";
import "./sw-register.js";

const mode = modeOf(location.hash);
watchMode(mode);

// The page's Go module (worker-client.js's pageModule) starts compiling
// now, while the mode's scripts load: its first WorkerClient is five
// levels of imports away, and the module's download and compile were the
// longest part of the path to the first landscape (docs/wasm-size.md).
// The clients made without a cache of their own take this one
// (window.pcaplayModules). The experiment view makes its own, for its
// pool (experiment-app.js), so it gets none here.
if (mode !== "experiment") {
  const modules = createModuleCache();
  modules(new URL(pageModule(), import.meta.url)).catch(() => {}); // a client asks again and says why
  window.pcaplayModules = modules;
  // Its worker starts now too, for the same reason: it loads its own
  // scripts while the page's modules load, and starts the Go module as
  // soon as it is compiled (a trace of the embed's cold load: the worker
  // used to start only after the mode's modules ran, ~1.05 s into a 1.5 s
  // load, and then fetch its scripts). The mode's first client takes it
  // (worker-client.js pageClient).
  window.pcaplayClient = new WorkerClient(undefined, { modules });
}

const app = mode === "lesson" ? import("./lesson-app.js")
  : mode === "experiment" ? import("./experiment-app.js")
    : mode === "compare" ? import("./compare-app.js")
      : import("./app.js");
// A mode's module that does not load (a half-copied site, a server error)
// would leave "loading WebAssembly…" for ever: say so on the page.
app.catch((e) => bootFailed(e));

/** bootFailed shows why the page could not start, in its error box. */
export function bootFailed(e, doc = document) {
  const why = (e && e.message) || String(e);
  const text = "The page could not start: one of its scripts did not load (" + why.slice(0, 300) +
    "). Reload the page; if this stays, the site on the server is incomplete.";
  const box = doc.querySelector('[data-role="error"]');
  if (box) {
    box.textContent = text;
    box.hidden = false;
  } else {
    const p = doc.createElement("p");
    p.setAttribute("role", "alert");
    p.textContent = text;
    doc.body.prepend(p);
  }
  for (const l of doc.querySelectorAll('[data-role="loading"]')) l.textContent = "not started: a script did not load";
}
