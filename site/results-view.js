// results-view.js: the results of an experiment, bound to a
// root element it fills: the paper's supplement table per configuration,
// the pairwise Wilcoxon rank-sum tests with their +/−/≈ marks, the CEC 2018
// ranking, the charts of each problem and the runtime ECDF, and the
// exports (records as JSON lines, tables as CSV and LaTeX, charts as PNG
// and SVG).
//
// Go decides, JS draws: every number, table cell, mark and chart option
// comes from the summarise command (internal/play.Summarise →
// internal/experiment/results.Summarise, in the worker); this file lays them out.
//
// Partial results (showPartial): the finished runs of an experiment that
// is still running, with its grid, so that Go says how far it is and what
// the partial results are of (Results.progress: its label is shown above
// the tables, with the pairs still pending). An update keeps the page as
// the user left it (the chosen problem, the log FES option, the focus,
// the open list) and updates the charts already drawn with setOption
// (charts.js), never a new ECharts instance. It updates the tables, the
// notes and the pending list in place (morph.js): the same elements, only
// the cells whose numbers changed and the rows that are new, so that the
// page lays out what changed, not every table again. During partial results every
// export exports what is shown and its file name says so (runs-partial.jsonl,
// …-partial.csv, .tex, .png, .svg; the LaTeX's first line and the charts'
// titles say "partial" too).
// Many problems: a dimension of more than PAGE (100) problems shows its
// supplement tables, tests and ranks a page of problems at a time, with
// Previous, Next and a filter box (pageOf), and the problems' menu of its
// charts lists that page's problems; the totals and every export are of
// all of them. Paging and filtering draw again what Go gave, without
// asking it (the tables updated in place, morph.js).
// The records go to Go as JSON lines in exactly the `cec run -o` schema,
// and the JSON lines export is Go's canonical re-encoding of them, so
// `cec table`, `cec rank`, `cec wilcoxon` and `cec merge` read it.
//
//   const view = createResultsView(root, { summarise: (jsonl, options) => client.summarise({ jsonl, options }) });
//   await view.show({ configs: ["pmode", "cmode"], source: "exp.jsonl" }, records);
//   await view.showPartial({ configs: ["pmode", "cmode"] }, records, { runs: 25, problems: [{ problem: "C01", dim: 10 }] });
//
// records: one string of JSON lines, or an array of lines (strings) or of
// record objects. definition: {configs, source, alpha, targets} — configs
// name the configurations (strings, or objects with a name) in the order to
// show them; a configuration is the "algo" of its records. Every export
// dispatches a cancelable "pcaplay-download" event on the root with
// {name, type, data} (data: a string, or a data: URL for PNG) before it
// downloads; a listener that calls preventDefault() takes it instead.
import { ChartSet, fit } from "./charts.js";
import { morph } from "./morph.js";
import { save } from "./exports.js";

/** toJSONL turns records (a JSONL string, lines, or objects) into JSON lines, refusing non-finite numbers. */
export function toJSONL(records) {
  if (typeof records === "string") return records;
  if (!Array.isArray(records)) throw new Error("records: want a string of JSON lines or an array of records");
  const out = [];
  records.forEach((r, i) => {
    if (typeof r === "string") {
      if (r.includes("\n") && r.trim().includes("\n")) throw new Error(`record ${i + 1}: a line holds a line break`);
      out.push(r.trim());
      return;
    }
    if (!r || typeof r !== "object") throw new Error(`record ${i + 1}: want an object or a JSON line, got ${typeof r}`);
    finiteOnly(r, `record ${i + 1}`);
    out.push(JSON.stringify(r, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));
  });
  return out.join("\n") + (out.length ? "\n" : "");
}

// finiteOnly throws, naming the field, for a NaN or ±Infinity anywhere in v
// (JSON.stringify would write null, which no run record holds).
function finiteOnly(v, where) {
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`${where} = ${v}: not a finite number (a run record holds none)`);
    return;
  }
  if (!v || typeof v !== "object") return;
  if (ArrayBuffer.isView(v)) v = Array.from(v);
  if (Array.isArray(v)) v.forEach((x, k) => finiteOnly(x, `${where}[${k}]`));
  else for (const k of Object.keys(v)) finiteOnly(v[k], `${where}.${k}`);
}

function el(doc, tag, attrs, ...kids) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "type" || k === "title" || k === "value") e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of kids) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** pFmt writes a p-value with three significant digits, as Go's %.3g (cec wilcoxon). */
export function pFmt(p) {
  if (p === 0 || !Number.isFinite(p)) return String(p);
  const [m, e] = p.toExponential(2).split("e");
  const x = Number(e);
  const digits = m.replace(/\.?0+$/, "");
  if (x < -4 || x >= 3) return digits + "e" + (x < 0 ? "-" : "+") + String(Math.abs(x)).padStart(2, "0");
  return String(Number(p.toPrecision(3)));
}

function configName(c) { return typeof c === "string" ? c : (c && (c.name || c.algo)) || ""; }

const upper = (s) => String(s).toUpperCase();

/**
 * PAGE is the most problems the tables, tests and ranks of one dimension
 * show at a time (and the problems' menu lists): a file of many problems
 * is shown a page at a time, with a filter, so that the page holds a
 * bounded number of cells whatever the file (20,000 problems were 560,000
 * cells). The paper's 28 problems and an experiment's 64 fit on one page.
 */
export const PAGE = 100;

/**
 * pageOf is the page of problems shown of all (a dimension's problems,
 * Go's order): those whose name holds filter (case-insensitive), page
 * number page of them (clamped), at most size. It returns {match, page,
 * pages, list}: the number matching, the page shown and the number of
 * pages, and the problems on it.
 */
export function pageOf(all, filter, page, size = PAGE) {
  const f = String(filter || "").trim().toLowerCase();
  const match = f ? all.filter((p) => String(p).toLowerCase().includes(f)) : all;
  const pages = Math.max(1, Math.ceil(match.length / size));
  const at = Math.min(Math.max(0, page | 0), pages - 1);
  return { match: match.length, page: at, pages, list: match.slice(at * size, at * size + size) };
}

/** pageText says which problems a page (pageOf) shows: "Problems 101–200 of 20000 (page 2 of 200)". */
export function pageText(pg, filter, size = PAGE) {
  const f = String(filter || "").trim();
  if (pg.match === 0) return `No problem matches "${f}"`;
  const from = pg.page * size + 1, to = Math.min(pg.match, from + size - 1);
  return `Problems ${from}–${to} of ${pg.match}` + (f ? ` matching "${f}"` : "") + ` (page ${pg.page + 1} of ${pg.pages})`;
}

// palette is the colour list of Go's chart options (every chart of the
// results draws configuration i in palette[i mod n]): the first found
function palette(r) {
  for (const d of (r && r.dims) || []) {
    for (const o of [d.charts && d.charts[0] && d.charts[0].convergence, d.ecdf]) {
      if (o && Array.isArray(o.color) && o.color.length) return o.color;
    }
  }
  return [];
}

/**
 * createResultsView binds a results view to root (emptied and filled).
 * opts.summarise(jsonl, options) → Promise of the results (Go's summarise).
 */
export function createResultsView(root, opts) {
  if (!root) throw new Error("createResultsView: no root element");
  if (!opts || typeof opts.summarise !== "function") throw new Error("createResultsView: opts.summarise is required");
  const doc = root.ownerDocument;
  const charts = new ChartSet(root);
  let jsonl = "", definition = {}, results = null, logFES = false, problem = "*", seq = 0;
  let grid = null;           // the experiment's grid while its runs are partial (showPartial)
  let pendingOpen = false;   // the list of pending pairs is open
  // the page of problems shown at each dimension with more than PAGE:
  // dim → {page, filter}; kept by an update, reset by another file
  let paging = new Map();

  root.replaceChildren();
  root.classList.add("results-view");
  const status = el(doc, "p", { class: "results-status", "data-role": "results-status" });
  const partial = el(doc, "div", { class: "results-partial", "data-role": "results-partial", hidden: true });
  const notes = el(doc, "ul", { class: "results-notes", "data-role": "results-notes" });
  const body = el(doc, "div", { "data-role": "results-body" });
  root.append(status, partial, notes, body);

  // every download goes through exports.js's save: the "pcaplay-download"
  // event on root first (see above), then the file
  const download = (name, type, data) => save(data, name, { type, target: root });

  const button = (label, role, onclick, title) =>
    el(doc, "button", { type: "button", "data-role": role, text: label, title: title || "", onclick });

  function options(extra) {
    const o = { logFES, chartsOf: problem };
    const configs = (definition.configs || []).map(configName).filter(Boolean);
    if (configs.length) o.configs = configs;
    if (definition.source) o.source = String(definition.source);
    if (definition.alpha) o.alpha = definition.alpha;
    if (definition.targets) o.targets = definition.targets;
    if (definition.dim) o.dim = definition.dim;
    if (grid) o.grid = grid;
    return Object.assign(o, extra || {});
  }

  async function summarise(keep) {
    const my = ++seq;
    if (!keep) {
      status.textContent = "Summarising…";
      status.classList.remove("error");
    }
    let r;
    try {
      r = await opts.summarise(jsonl, options());
    } catch (e) {
      if (my !== seq) return null;
      status.textContent = (e && e.message) || String(e);
      status.classList.add("error");
      body.replaceChildren();
      notes.replaceChildren();
      showProgress(null);
      charts.dispose();
      results = null;
      throw e;
    }
    if (my !== seq) return null;
    results = r;
    render(keep);
    return r;
  }

  /**
   * show summarises records of an experiment and draws them; resolves with
   * Go's results. opts.keep: the view shows partial results of the same
   * experiment (their end): keep the chosen problem and the charts drawn.
   */
  async function show(def, records, opts) {
    const keep = !!(opts && opts.keep && results);
    // partial results are not the results asked for: none until these come
    if (results && results.progress) results = null;
    return load(def, records, null, keep);
  }

  /**
   * showPartial shows the finished runs of an experiment still running:
   * grid is its grid ({runs, problems: [{problem, dim}]}, with def.configs
   * its configurations), Go's Grid; records are the finished runs. Calls
   * after the first update what is shown in place.
   */
  async function showPartial(def, records, g) {
    if (!g) throw new Error("showPartial: no grid");
    return load(def, records, g, !!results);
  }

  async function load(def, records, g, keep) {
    definition = def || {};
    grid = g;
    if (!keep) { problem = "*"; paging = new Map(); stopFilter(); }
    try {
      jsonl = toJSONL(records);
    } catch (e) {
      status.textContent = e.message;
      status.classList.add("error");
      body.replaceChildren();
      showProgress(null);
      charts.dispose();
      results = null;
      throw e;
    }
    return summarise(keep);
  }

  // showProgress shows Go's label of partial results and the pairs still
  // pending, or hides them (p: Results.progress, null when complete).
  function showProgress(p) {
    if (!p || !p.label) {
      partial.hidden = true;
      partial.replaceChildren();
      return;
    }
    const list = el(doc, "ul", {}, ...p.pending.map((c) =>
      el(doc, "li", { text: `${upper(c.config)} on ${c.problem} at D = ${c.dim}: ${c.done} of ${c.runs} runs` })));
    const details = el(doc, "details", { "data-role": "results-pending", open: pendingOpen },
      el(doc, "summary", { text: `Pending: ${p.pending.length} (configuration, problem) pair(s), ${p.total - p.done} run(s)` }), list);
    details.addEventListener("toggle", () => { pendingOpen = details.open; });
    update(partial, el(doc, "p", { "data-role": "results-partial-label", text: p.label }), details);
    partial.hidden = false;
  }

  // the suffix of export file names: what is shown is partial
  const partialSuffix = () => (results && results.progress && results.progress.label ? "-partial" : "");

  // update gives live the children kids: in place (morph) when it has
  // some, which keeps its elements and changes what differs
  function update(live, ...kids) {
    if (!live.firstChild) { live.replaceChildren(...kids); return; }
    const fresh = live.cloneNode(false);
    fresh.append(...kids);
    morph(live, fresh);
  }

  // focusKey names the focused control inside the view (its role and its
  // index among the controls of that role), so that an update that
  // rebuilds the tables gives the focus back
  function focusKey() {
    const a = doc.activeElement;
    if (!a || !root.contains(a) || !a.dataset || !a.dataset.role) return null;
    const role = a.dataset.role;
    return { role, i: [...root.querySelectorAll(`[data-role="${role}"]`)].indexOf(a) };
  }

  function render(keep) {
    // keep: reuse the chart elements drawn (by dimension and chart), so
    // that their ECharts instances are updated with setOption
    const focus = keep ? focusKey() : null;
    reuse = new Map();
    waiting = [];
    if (keep) {
      for (const c of charts.charts.keys()) if (c.dataset.key) reuse.set(c.dataset.key, c);
    } else {
      charts.dispose();
    }
    drawers = [];
    const r = results;
    const dims = r.dims.map((d) => "D = " + d.dim).join(", ");
    status.textContent = `${r.runs} run(s) of ${r.configs.map(upper).join(", ")} at ${dims}.`;
    status.classList.remove("error");
    showProgress(r.progress);
    update(notes, ...r.notes.map((n) => el(doc, "li", { text: n })));
    // keep: the tables updated in place (morph.js), the same elements
    (keep ? update : (live, ...kids) => live.replaceChildren(...kids))(body,
      el(doc, "div", { class: "results-bar" },
        button("Runs as JSON lines", "export-jsonl", () => exportJSONL().catch(failed), "every record, in the cec run -o schema (cec table, rank, merge read it)"),
        // the summary's error is shown (summarise): nothing rejects unhandled
        el(doc, "label", {}, el(doc, "input", { type: "checkbox", "data-role": "log-fes", checked: logFES, onchange: (ev) => setLogFES(ev.target.checked).catch(() => {}) }), " log FES axis")),
      ...r.dims.map(renderDim));
    // the charts not drawn again go
    for (const c of reuse.values()) {
      const entry = charts.charts.get(c);
      if (entry) entry.chart.dispose();
      charts.charts.delete(c);
      charts.pending.delete(c);
    }
    reuse = new Map();
    if (focus) {
      const e = root.querySelectorAll(`[data-role="${focus.role}"]`)[focus.i];
      if (e) e.focus({ preventScroll: true });
    }
  }

  // swatch: the colour of configuration name in every chart, beside its
  // name in the tables' headers (none for a name that is not a configuration)
  function swatch(name) {
    const i = results ? results.configs.indexOf(name) : -1, pal = palette(results);
    if (i < 0 || !pal.length) return null;
    const s = el(doc, "span", { class: "config-swatch", "data-colour": pal[i % pal.length] });
    s.style.background = pal[i % pal.length];
    s.setAttribute("aria-hidden", "true");
    return s;
  }

  // paged is the page of d's problems shown (pageOf), with shown the set of
  // them; null when every problem fits on one page
  function paged(d) {
    if (d.problems.length <= PAGE) return null;
    const st = paging.get(d.dim) || { page: 0, filter: "" };
    const pg = pageOf(d.problems, st.filter, st.page);
    return Object.assign(pg, { filter: st.filter, shown: new Set(pg.list) });
  }
  const isShown = (pg, p) => !pg || pg.shown.has(p);

  function renderDim(d, di) {
    const sec = el(doc, "section", { class: "results-dim", "data-dim": String(d.dim) });
    sec.append(el(doc, "h2", { text: `D = ${d.dim}` }));
    const pg = paged(d);
    if (pg) sec.append(pager(d, pg));
    sec.append(el(doc, "div", { "data-role": "results-paged" }, ...renderPaged(d, pg)));
    sec.append(renderCharts(d, di));
    return sec;
  }

  // pager: the filter and the page of problems shown at d.dim. Its
  // handlers name the dimension only (an update in place keeps the live
  // elements and their handlers).
  function pager(d, pg) {
    const dim = d.dim;
    const prev = button("Previous", "page-prev", () => turn(dim, -1), "the previous page of problems");
    const next = button("Next", "page-next", () => turn(dim, +1), "the next page of problems");
    prev.disabled = pg.page === 0;
    next.disabled = pg.page >= pg.pages - 1;
    const input = el(doc, "input", { type: "search", "data-role": "problem-filter", value: pg.filter, placeholder: "name or part of it", spellcheck: false });
    input.addEventListener("input", () => filterLater(dim, input.value));
    return el(doc, "div", { class: "results-pager", "data-role": "pager" },
      el(doc, "label", {}, "Filter problems ", input),
      prev, el(doc, "span", { "data-role": "page-status", "aria-live": "polite", text: pageText(pg, pg.filter) }), next,
      el(doc, "p", { class: "hint", text: `${d.problems.length} problems: the tables, tests and ranks show ${PAGE} at a time; the totals (w/t/l, Total) and every export are of all of them.` }));
  }

  // turn shows the page by pages after the one shown at dim
  function turn(dim, by) {
    const st = paging.get(dim) || { page: 0, filter: "" };
    paging.set(dim, { page: Math.max(0, st.page + by), filter: st.filter });
    repage(dim);
  }

  // filterLater shows the problems matching text at dim once the typing
  // pauses (stopFilter forgets what was typed for another file)
  let filterTimer = null;
  function stopFilter() {
    if (filterTimer !== null) clearTimeout(filterTimer);
    filterTimer = null;
  }
  function filterLater(dim, text) {
    if (filterTimer !== null) clearTimeout(filterTimer);
    filterTimer = setTimeout(() => {
      filterTimer = null;
      paging.set(dim, { page: 0, filter: text });
      repage(dim);
    }, 120);
  }

  // repage draws the tables, tests and ranks of dim's page again (in place)
  // and the problems' menu; Go is not asked: the page is a view of its results
  function repage(dim) {
    const d = results && results.dims.find((x) => x.dim === dim);
    const sec = d && body.querySelector(`section[data-dim="${dim}"]`);
    if (!sec) return;
    const pg = paged(d);
    if (!pg) return;
    const st = paging.get(dim);
    st.page = pg.page; // clamped
    const bar = sec.querySelector('[data-role="pager"]');
    const fresh = pager(d, pg);
    fresh.querySelector('[data-role="problem-filter"]').remove(); // the live one keeps what is typed
    for (const role of ["page-prev", "page-status", "page-next"]) {
      const live = bar.querySelector(`[data-role="${role}"]`), f = fresh.querySelector(`[data-role="${role}"]`);
      morph(live, f);
    }
    update(sec.querySelector('[data-role="results-paged"]'), ...renderPaged(d, pg));
    const sel = sec.querySelector('[data-role="chart-problem"]');
    problemOptions(sel, d, sec.querySelector('[data-role="problem-charts"]').dataset.problem);
  }

  // renderPaged: the supplement tables, tests and ranks of d, of the
  // problems of pg (pageOf) only, or of all with no page
  function renderPaged(d, pg) {
    const sfx = partialSuffix();
    // supplement tables
    const tables = el(doc, "div", { class: "results-tables" },
      el(doc, "h3", { text: "Supplement tables" }),
      el(doc, "p", { class: "hint", text: "As the paper's supplement: best, median, c (violated constraints at the median solution, by violation > 1, > 0.01, > 0.0001), v̄ (its mean violation), mean, worst, std of f over the runs, SR (feasibility rate, %), vio (mean violation of all runs). Runs are ordered by the feasibility rule; the median of an even number of runs is the better middle run." }),
      button("All tables as LaTeX", "export-latex", () => download(`results-D${d.dim}${sfx}.tex`, "text/x-tex", d.latex), "cec table -format latex"));
    for (const t of d.tables) {
      const tbl = el(doc, "table", { class: "results-table", "data-config": t.config });
      const [head, ...rows] = t.rows;
      // the columns shown: the label, then the problems of the page
      const cols = [0];
      t.problems.forEach((p, k) => { if (isShown(pg, p)) cols.push(k + 1); });
      tbl.append(el(doc, "thead", {}, el(doc, "tr", {}, ...cols.map((k) => el(doc, "th", { text: head[k] })))));
      tbl.append(el(doc, "tbody", {}, ...rows.map((row) => el(doc, "tr", {}, el(doc, "th", { text: row[0] }), ...cols.slice(1).map((k) => el(doc, "td", { text: row[k] }))))));
      tables.append(el(doc, "div", { class: "results-table-wrap" },
        el(doc, "h4", {}, swatch(t.config), t.title),
        button("CSV", "export-csv", () => download(`${t.config}-D${d.dim}${sfx}.csv`, "text/csv", t.csv), "cec table -format csv -algo " + t.config),
        scroller(t.title, tbl)));
    }
    const out = [tables];
    if (d.tests) out.push(renderTests(d.tests, pg));
    if (d.rank) out.push(renderRank(d.rank, pg));
    return out;
  }

  // scroller: a table that scrolls sideways in a region reached by the
  // keyboard (Tab, then the arrow keys), named by label
  function scroller(label, tbl) {
    return el(doc, "div", { class: "scroll", tabIndex: 0, role: "region", "aria-label": label }, tbl);
  }

  function renderTests(c, pg) {
    const tbl = el(doc, "table", { class: "results-tests", "data-role": "tests" });
    tbl.append(el(doc, "thead", {}, el(doc, "tr", {}, el(doc, "th", { text: "problem" }),
      ...c.totals.map((t) => el(doc, "th", { text: `${upper(t.a)} vs ${upper(t.b)}` })))));
    const tb = el(doc, "tbody");
    c.problems.forEach((p, i) => {
      if (!isShown(pg, p)) return;
      tb.append(el(doc, "tr", { "data-problem": p }, el(doc, "th", { text: p }),
        ...c.pairs[i].map((pr) => el(doc, "td", { class: "test-cell", "data-mark": pr.mark, title: `U = ${pr.u}, p = ${pFmt(pr.p)} (${pr.exact ? "exact" : "asymptotic"}), Holm-adjusted ${pFmt(pr.pHolm)}` },
          el(doc, "b", { text: pr.mark }), " " + pFmt(pr.pHolm)))));
    });
    tb.append(el(doc, "tr", { class: "totals", "data-role": "wtl" }, el(doc, "th", { text: "w/t/l" }),
      ...c.totals.map((t) => el(doc, "td", { text: `${t.wins}/${t.ties}/${t.losses}` }))));
    tbl.append(tb);
    return el(doc, "div", { class: "results-tests-wrap" },
      el(doc, "h3", { text: "Wilcoxon rank-sum tests" }),
      el(doc, "p", { class: "hint", text: `Two-sided tests of the final results, ordered by the feasibility rule (feasible first by f, then infeasible by v̄, then f), Holm's correction over the pairs of each problem. A cell is the first configuration's mark against the second at α = ${c.alpha} (+ better, − worse, ≈ no significant difference) and the Holm-adjusted p-value.` }),
      scroller("Wilcoxon rank-sum tests", tbl));
  }

  function renderRank(t, pg) {
    const cols = [];
    t.problems.forEach((p, pi) => { if (isShown(pg, p)) cols.push(pi); });
    const one = (title, ranks, total, role) => {
      const tbl = el(doc, "table", { class: "results-rank", "data-role": role });
      tbl.append(el(doc, "thead", {}, el(doc, "tr", {}, el(doc, "th", { text: "Problem" }), ...cols.map((pi) => el(doc, "th", { text: t.problems[pi] })), el(doc, "th", { text: "Total" }))));
      tbl.append(el(doc, "tbody", {}, ...t.algorithms.map((a, ai) => el(doc, "tr", { "data-config": a }, el(doc, "th", {}, swatch(a), upper(a)),
        ...cols.map((pi) => el(doc, "td", { text: String(ranks[pi][ai]) })), el(doc, "td", { text: String(total[ai]) })))));
      return el(doc, "div", {}, el(doc, "h4", { text: title }), scroller(title, tbl));
    };
    const totals = el(doc, "table", { class: "results-rank", "data-role": "rank-total" },
      el(doc, "thead", {}, el(doc, "tr", {}, ...["Configuration", "mean", "median", "Total"].map((h) => el(doc, "th", { text: h })))),
      el(doc, "tbody", {}, ...t.algorithms.map((a, ai) => el(doc, "tr", { "data-config": a }, el(doc, "th", {}, swatch(a), upper(a)),
        ...[t.meanTotal[ai], t.medianTotal[ai], t.total[ai]].map((v) => el(doc, "td", { text: String(v) }))))));
    return el(doc, "div", { class: "results-rank-wrap" },
      el(doc, "h3", { text: "CEC 2018 ranking" }),
      el(doc, "p", { class: "hint", text: "Ranks on each problem by the mean and by the median solution (feasibility rule), summed over the problems; the total is Σ mean ranks + Σ median ranks, lower is better (as cec rank)." }),
      one("Ranks based on mean values", t.mean, t.meanTotal, "rank-mean"),
      one("Ranks based on the median solution", t.median, t.medianTotal, "rank-median"),
      el(doc, "h4", { text: "Total ranks" }), totals);
  }

  function chartBox(name, option, file, key) {
    // drawn in a task of its own (drawNext): an ECharts instance and its
    // first draw take some 20–40 ms, several in one task would freeze the page.
    // An update of partial results takes the element of the chart drawn
    // before (key: dimension and chart), whose instance setOption updates.
    let c = reuse.get(key);
    if (c) {
      reuse.delete(key);
      c.dataset.chart = name;
    } else {
      c = el(doc, "div", { class: "chart-wait", "data-chart": name, "data-key": key });
    }
    file += partialSuffix();
    const box = el(doc, "figure", { class: "results-chart" }, c,
      el(doc, "figcaption", {},
        button("PNG", "export-png", () => download(file + ".png", "image/png", png(c))),
        " ",
        button("SVG", "export-svg", () => download(file + ".svg", "image/svg+xml", svg(option, c)))));
    waiting.push([c, option]);
    if (!pumping) { pumping = true; setTimeout(drawNext, 0); }
    return box;
  }

  // drawAll draws the waiting charts now (an export asks for one)
  function drawAll() { while (waiting.length) drawNext(); }

  // waiting charts, drawn one per task (ChartSet instances only the .chart
  // elements: a waiting one is .chart-wait until its turn)
  let waiting = [], pumping = false;
  // reuse: key → chart element drawn before, while render(keep) runs
  let reuse = new Map();
  function drawNext() {
    const job = waiting.shift();
    if (job) {
      const [c, option] = job;
      if (c.isConnected) {
        c.classList.replace("chart-wait", "chart");
        charts.set(c, option);
        charts.flush();
      }
    }
    if (waiting.length) setTimeout(drawNext, 0);
    else pumping = false;
  }

  // drawers[di](d) draws the charts of dimension di's problem in d.charts
  let drawers = [];

  function renderCharts(d, di) {
    const wrap = el(doc, "div", { class: "results-charts" }, el(doc, "h3", { text: "Charts" }));
    const sel = el(doc, "select", { "data-role": "chart-problem" });
    const per = el(doc, "div", { class: "results-chart-grid", "data-role": "problem-charts" });
    // drawers[di](dd) draws into the charts of the page (an update in
    // place keeps the elements on the page, not these new ones)
    drawers[di] = (dd, at) => {
      const w = at || body.querySelector(`section[data-dim="${dd.dim}"] .results-charts`);
      const sel = w.querySelector('[data-role="chart-problem"]'), per = w.querySelector('[data-role="problem-charts"]');
      for (const c of per.querySelectorAll(".chart")) {
        const entry = charts.charts.get(c);
        if (entry) { entry.chart.dispose(); charts.charts.delete(c); }
        charts.pending.delete(c);
      }
      const pc = dd.charts[0], base = `${pc.problem}-D${dd.dim}`;
      problemOptions(sel, dd, pc.problem);
      per.dataset.problem = pc.problem;
      const k = (name) => dd.dim + "/" + name;
      // (no convergence or ECDF when every configuration is published
      // runs, which hold final values only: Go leaves them out)
      per.replaceChildren(
        ...(pc.convergence ? [chartBox("convergence", pc.convergence, base + "-convergence", k("convergence"))] : []),
        chartBox("box-f", pc.boxF, base + "-final-f", k("box-f")),
        ...(pc.boxV ? [chartBox("box-v", pc.boxV, base + "-final-v", k("box-v"))] : []),
        ...(pc.ecdf ? [chartBox("ecdf", pc.ecdf, base + "-ecdf", k("ecdf"))] : []));
    };
    // Go draws the charts of one problem (chartsOf): another problem asks again
    sel.onchange = (ev) => { problem = ev.target.value; redrawCharts(); };
    wrap.append(
      el(doc, "p", { class: "hint", text: `The median run's best f with the band between the lower and the upper quartile runs; box plots of the final f of the feasible runs (and of v̄ of the infeasible ones); the runtime ECDF: the fraction of (run, target) pairs reached by each FES, targets ${d.targets.join(", ")}, f_ref the best final f of any configuration.` }),
      el(doc, "label", {}, "Problem ", sel), per,
      ...(d.ecdf ? [el(doc, "h4", { text: "Runtime ECDF over every problem" }),
        el(doc, "div", { class: "results-chart-grid" }, chartBox("ecdf-all", d.ecdf, `ecdf-D${d.dim}`, d.dim + "/ecdf-all"))] : []));
    drawers[di](d, wrap);
    return wrap;
  }

  // problemOptions lists in sel, the problems' menu of d, the problems of
  // the page shown (all of them when they fit on one), with current (the
  // problem whose charts are drawn) first when it is not on that page
  function problemOptions(sel, d, current) {
    const pg = paged(d);
    const list = pg ? pg.list : d.problems;
    const opts = list.map((p) => el(doc, "option", { value: p, text: p }));
    if (current && !(pg ? pg.shown.has(current) : true)) opts.unshift(el(doc, "option", { value: current, text: current }));
    sel.replaceChildren(...opts);
    if (current) sel.value = current;
  }

  // redrawCharts asks Go for the charts of the chosen problem and redraws
  // only the per-problem charts (the tables keep their place on the page).
  async function redrawCharts() {
    const my = ++seq;
    let r;
    try {
      r = await opts.summarise(jsonl, options());
    } catch (e) {
      if (my === seq) { status.textContent = (e && e.message) || String(e); status.classList.add("error"); }
      return;
    }
    if (my !== seq) return;
    const same = results && r.dims.length === results.dims.length && r.dims.every((d, i) => d.dim === results.dims[i].dim);
    results = r;
    if (!same) { render(); return; }
    r.dims.forEach((d, i) => drawers[i](d));
  }

  function png(c) {
    if (c.classList.contains("chart-wait")) drawAll();
    const entry = charts.charts.get(c);
    if (!entry) throw new Error("the chart is not drawn yet");
    return entry.chart.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: "#fff" });
  }

  function svg(option, c) {
    const w = c.clientWidth || 800, h = c.clientHeight || 460;
    const inst = echarts.init(null, null, { renderer: "svg", ssr: true, width: w, height: h });
    try {
      inst.setOption(fit(option, 1, w)); // as the page draws it: a colour per configuration
      return inst.renderToSVGString();
    } finally {
      inst.dispose();
    }
  }

  async function exportJSONL() {
    const r = await opts.summarise(jsonl, options({ jsonl: true }));
    download(`runs${partialSuffix()}.jsonl`, "application/jsonl", r.jsonl);
  }

  async function setLogFES(on) {
    if (logFES === !!on) return;
    logFES = !!on;
    if (results) await summarise();
  }

  // failed shows the error of an export in the status line (the tables stay)
  function failed(e) {
    status.textContent = (e && e.message) || String(e);
    status.classList.add("error");
  }

  /**
   * fail empties the view and shows message, one line, as its error (a
   * file refused before Go sees it: the results page's size limit).
   */
  function fail(message) {
    clear();
    failed(message);
  }

  /** clear empties the view (no runs yet). */
  function clear() {
    seq++;
    paging = new Map();
    stopFilter();
    charts.dispose();
    results = null;
    grid = null;
    waiting = [];
    showProgress(null);
    jsonl = "";
    status.textContent = "";
    status.classList.remove("error");
    notes.replaceChildren();
    body.replaceChildren();
  }

  return {
    show,
    showPartial,
    clear,
    fail,
    setLogFES,
    /** results are Go's last results (null before show or after an error). */
    get results() { return results; },
    exportJSONL,
    resize: () => charts.resize(),
    destroy() {
      seq++;
      charts.dispose();
      root.replaceChildren();
      root.classList.remove("results-view");
    },
  };
}
