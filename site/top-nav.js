// top-nav.js: the one way around — a small navigation on top of every mode
// (Playground · Lesson · Compare · Experiment · Results) that carries the
// run in the address where it makes sense:
//
//   - Playground, Compare: the problem, D, seed, algorithm (and a typed
//     problem) of the address now; Compare compares that algorithm with
//     PCA-projection on and off (b.pca=false), or, with nothing to carry,
//     opens the default lecture comparison (seeds=10, chosen by
//     measurement: docs/guide/compare.md);
//   - Experiment: a CEC problem and D of the address now (a 2-D teaching
//     problem is not an experiment's, so nothing is carried);
//   - Lesson: the lesson, or back to its last step with the same sample
//     when the playground runs the lesson's points (the run the lesson's
//     "Run PMODE from these points" opens: Rosenbrock, PMODE, μ = λ = 20);
//   - Results: results.html.
//
// Every value is carried as the address has it: Go reads it in the mode
// it opens and names what it replaces, as for any link. The links follow
// the address: on hashchange and on page-mode.js's "pcaplay-address"
// event (an address a mode writes without a history entry). The module
// runs itself on a page with a [data-role="modes"] nav (index.html,
// results.html); navLinks is pure and unit-tested.
import { parse, pageMode } from "./state.js";

/** NAV lists the modes in the order the navigation shows them. */
export const NAV = Object.freeze([
  { mode: "play", label: "Playground" },
  { mode: "lesson", label: "Lesson" },
  { mode: "compare", label: "Compare" },
  { mode: "experiment", label: "Experiment" },
  { mode: "results", label: "Results" },
]);

const RUN = ["problem", "dim", "algo", "seed", "typed"];

function query(pairs) {
  return pairs.filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(String(v))).join("&");
}

// runOf is the run an address names, whatever the mode: the playground's
// keys, compare mode's shared ones (its first run's algorithm), or an
// experiment's first problem.
function runOf(values) {
  const v = Object.assign({}, values);
  if (!v.algo && v["a.algo"]) v.algo = v["a.algo"];
  if (!v.problem && v.problems) v.problem = String(v.problems).split(",")[0];
  return v;
}

/** lessonBack is the lesson's address for a playground that runs the lesson's points, or "". */
function lessonBack(v) {
  if (v.problem !== "rosenbrock" || v.algo !== "pmode" || v.pop !== "20" || v.lambda !== "20" || !v.seed) return "";
  return "#" + query([["lesson", "fig1"], ["step", "7"], ["seed", v.seed], ["pcak", v.pcak], ["pcaprob", v.pcaprob]]);
}

/**
 * navLinks returns each mode's link (mode → href) for the address values
 * of the page now (parse(location.hash)), and the lesson link's label.
 */
export function navLinks(values) {
  const v = runOf(values || {});
  // a run is carried when the address names its problem (D, seed or
  // algorithm alone belong to the mode's own defaults)
  const carried = !!(v.problem || v.typed);
  const run = carried ? RUN.map((k) => [k, v[k]]) : [];
  const play = query(run);
  const back = lessonBack(v);
  const cec = /^C\d\d$/.test(v.problem || "");
  return {
    links: {
      play: "#" + play,
      lesson: back || "#lesson=fig1",
      compare: carried ? "#" + query([["compare", "2"], ...run, ["b.pca", "false"]]) : "#compare=2&seeds=10",
      experiment: "#" + query([["mode", "experiment"], ["problems", cec ? v.problem : ""], ["dim", cec ? v.dim : ""]]),
      results: "results.html",
    },
    lessonLabel: back ? "Lesson (back to step 7)" : "Lesson",
  };
}

/**
 * createTopNav fills nav (a [data-role="modes"] element) with the modes'
 * links, the page's own marked aria-current="page", and keeps them in step
 * with the address. mode: the page's ("results" for results.html).
 */
export function createTopNav(nav, mode, win = window) {
  const doc = nav.ownerDocument;
  // on results.html the run pages are index.html's; on index.html the
  // results page is a file beside it
  const base = mode === "results" ? "./" : "";
  nav.textContent = "";
  const a = {};
  for (const m of NAV) {
    const link = doc.createElement("a");
    link.textContent = m.label;
    link.dataset.nav = m.mode;
    if (m.mode === "results") link.dataset.role = "results-link";
    if (m.mode === mode) link.setAttribute("aria-current", "page");
    // a one-file page (onefile.js) holds the run pages, not results.html
    if (m.mode === "results" && win.pcaplayOneFile) link.hidden = true;
    nav.append(link);
    a[m.mode] = link;
  }
  const update = () => {
    // the lesson's keys (its sample's seed) and results.html's are no run's
    const { links, lessonLabel } = navLinks(mode === "results" || mode === "lesson" ? {} : parse(win.location.hash));
    for (const m of NAV) a[m.mode].href = m.mode === "results" ? links.results : base + links[m.mode];
    a.lesson.textContent = lessonLabel;
  };
  update();
  win.addEventListener("hashchange", update);
  win.addEventListener("pcaplay-address", update);
  return { update };
}

// the page's navigation (in a browser, where the page has one)
if (typeof document !== "undefined") {
  const nav = document.querySelector('[data-role="modes"]');
  if (nav) {
    const results = /results\.html$/.test(location.pathname);
    createTopNav(nav, results ? "results" : pageMode(parse(location.hash)));
  }
}
