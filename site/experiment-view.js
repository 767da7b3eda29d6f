// experiment-view.js: the experiment view bound to a root element it fills:
// the definition form (problems, D, budget, runs, seed, workers, the named
// configurations), the run controls (start, pause/resume, cancel, the
// JSON-lines download), the progress bar (runs done/total, elapsed,
// remaining), the offer to resume saved runs, the failed runs, and an
// empty [data-results-root] for the results view. It draws and reports
// the user's changes; experiment-app.js decides. createExperimentView can
// be called on several roots: ids are per instance, from opts.idPrefix
// (default "x"; give each instance in one document its own).
import { formatConfigs } from "./experiment-def.js";
import { setText } from "./format.js";
import { PROTOCOL } from "./protocol.js";

const { maxRuns: MAX_RUNS, maxWorkers: MAX_WORKERS } = PROTOCOL.experiment;

/** cecDims are the D the catalog offers CEC problems at (the playground's before it comes). */
function cecDims(catalog) {
  const p = catalog && catalog.problems.find((q) => !q.teaching);
  return p ? p.dims.slice() : PROTOCOL.dims.playground.slice();
}

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "role") e.dataset.role = v;
    else if (k === "text") e.textContent = v;
    else if (k in e && typeof v !== "string") e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

/** duration formats milliseconds as 1 h 02 min, 3 min 05 s or 12 s. */
export function duration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  const s = Math.round(ms / 1000);
  if (s < 60) return s + " s";
  const m = Math.floor(s / 60);
  if (m < 60) return m + " min " + String(s % 60).padStart(2, "0") + " s";
  return Math.floor(m / 60) + " h " + String(m % 60).padStart(2, "0") + " min";
}

/**
 * createExperimentView fills root and returns the view. opts: onChange(values)
 * (URL values of the form), onStart, onPause, onResume, onCancel,
 * onResumeSaved, onStartOver, onDownload.
 */
export function createExperimentView(root, opts) {
  const id = opts.idPrefix || "x";
  const call = (name, ...a) => opts[name] && opts[name](...a);
  root.textContent = "";
  root.classList.add("experiment");

  const problems = el("fieldset", { role: "problems", class: "problems" }, el("legend", { text: "Problems" }));
  const dim = el("select", { role: "dim", id: id + "-dim" });
  const fillDims = (dims) => {
    dim.textContent = "";
    for (const d of dims) dim.append(el("option", { value: String(d), text: String(d) }));
  };
  fillDims(cecDims(null));
  const fes = el("input", { role: "fes", type: "number", min: "100", step: "1000", placeholder: "20000·D", id: id + "-fes" });
  const runs = el("input", { role: "runs", type: "number", min: "1", max: String(MAX_RUNS), step: "1", id: id + "-runs" });
  const seed = el("input", { role: "seed", type: "text", inputmode: "numeric", id: id + "-seed", size: "8" });
  const workers = el("input", { role: "workers", type: "number", min: "1", max: String(MAX_WORKERS), step: "1", id: id + "-workers" });
  const configs = el("div", { role: "configs", class: "configs" });
  const addConfig = el("button", { role: "add-config", type: "button", text: "+ configuration" });
  const dataNote = el("p", { role: "data-note", class: "help" });

  const start = el("button", { role: "start", type: "button", text: "▶ Run experiment", class: "primary" });
  const pause = el("button", { role: "pause", type: "button", text: "❚❚ Pause", disabled: true });
  const cancel = el("button", { role: "cancel", type: "button", text: "■ Cancel", disabled: true });
  const download = el("button", { role: "download", type: "button", text: "Download JSON lines", disabled: true, title: "the runs in the cec run -o schema: cec table, rank, report and merge read them" });
  const oneFile = el("button", { role: "download-html", type: "button", text: "Download as one HTML file", title: "Save this experiment's page (its definition, not its runs) as one HTML file that runs offline from file:// (no server, no network)" });
  const bar = el("progress", { role: "bar", max: "1", value: 0 });
  const counts = el("span", { role: "counts", class: "counter" });
  const times = el("span", { role: "times", class: "dim" });
  const status = el("p", { role: "status", class: "exp-status", "aria-live": "polite" });
  const resumeBox = el("div", { role: "resume-box", class: "notice", hidden: true });
  const resumeText = el("span", { role: "resume-text" });
  const resumeBtn = el("button", { role: "resume-saved", type: "button", text: "Resume" });
  const overBtn = el("button", { role: "start-over", type: "button", text: "Start over" });
  resumeBox.append(resumeText, " ", resumeBtn, " ", overBtn);
  const failures = el("ul", { role: "failures", class: "failures" });
  const results = el("section", { "data-results-root": "", class: "results", "aria-label": "Results" });

  const lab = (text, input) => el("label", { for: input.id, text: text + " " }, input);
  root.append(
    el("h2", { text: "Experiment" }),
    el("p", { class: "help", text: "Independent seeded runs of two or more configurations on each problem, on a pool of Web Workers. Run r uses seed + r, as cec run does, so that the records are cec run's, bit for bit. The whole definition is in the page address: a link runs the same experiment again." }),
    el("section", { class: "panel", "aria-label": "Definition", role: "definition" },
      problems,
      el("div", { class: "row" }, lab("D", dim), lab("FES budget", fes), lab("runs", runs), lab("seed", seed), lab("workers", workers)),
      dataNote,
      el("h3", { text: "Configurations" }),
      el("p", { class: "help", text: "A name (the records' \"algo\": lower-case letters, digits, '-'), an algorithm and its parameters as key=value;… (the rest at their defaults)." }),
      configs, addConfig),
    el("section", { class: "panel", "aria-label": "Progress", role: "progress" },
      resumeBox,
      el("div", { class: "row" }, start, pause, cancel, download, oneFile),
      el("div", { class: "row" }, bar, counts, times),
      status, failures),
    results);

  let catalog = null;
  let locked = false;

  function configRow(c) {
    const row = el("div", { class: "config row", role: "config" });
    const name = el("input", { role: "config-name", type: "text", value: c.name, size: "14", "aria-label": "configuration name" });
    const algo = el("select", { role: "config-algo", "aria-label": "algorithm" });
    for (const a of (catalog ? catalog.algorithms : [{ name: c.algo }])) algo.append(el("option", { value: a.name, text: a.name, title: a.help || "" }));
    algo.value = c.algo;
    const params = el("input", { role: "config-params", type: "text", size: "28", placeholder: "key=value;…", "aria-label": "parameters",
      value: (c.params || []).map((p) => p.key + "=" + p.value).join(";") });
    const remove = el("button", { role: "remove-config", type: "button", text: "×", title: "remove this configuration" });
    remove.onclick = () => { row.remove(); changed(); };
    for (const x of [name, algo, params]) x.addEventListener("change", changed);
    row.append(name, algo, params, remove);
    return row;
  }

  function readConfigs() {
    const parts = [];
    for (const row of configs.querySelectorAll('[data-role="config"]')) {
      const q = (r) => row.querySelector(`[data-role="${r}"]`).value.trim();
      parts.push(q("config-name") + ":" + q("config-algo") + (q("config-params") ? "(" + q("config-params") + ")" : ""));
    }
    return parts.join(",");
  }

  function values() {
    const chosen = [...problems.querySelectorAll("input:checked")].map((i) => i.value);
    const v = { problems: chosen.join(","), dim: dim.value, runs: runs.value, seed: seed.value.trim(), configs: readConfigs() };
    if (fes.value.trim()) v.fes = fes.value.trim();
    if (workers.value.trim()) v.workers = workers.value.trim();
    return v;
  }

  function changed() { if (!locked) call("onChange", values()); }

  for (const x of [dim, fes, runs, seed, workers]) x.addEventListener("change", changed);
  problems.addEventListener("change", changed);
  addConfig.onclick = () => {
    const rows = configs.querySelectorAll('[data-role="config"]');
    const algo = catalog ? catalog.algorithms[0].name : PROTOCOL.run.algo;
    configs.append(configRow({ name: "config" + (rows.length + 1), algo, params: [] }));
    changed();
  };
  start.onclick = () => call("onStart");
  pause.onclick = () => call(pause.dataset.state === "paused" ? "onResume" : "onPause");
  cancel.onclick = () => call("onCancel");
  download.onclick = () => call("onDownload");
  oneFile.onclick = () => call("onOneFile");
  resumeBtn.onclick = () => call("onResumeSaved");
  overBtn.onclick = () => call("onStartOver");

  return {
    root,
    results,
    setCatalog(c) {
      catalog = c;
      fillDims(cecDims(c));
      problems.querySelectorAll("div").forEach((d) => d.remove());
      const group = (title, list) => {
        const box = el("div", { class: "group" }, el("span", { class: "dim", text: title + ": " }));
        for (const p of list) {
          const cb = el("input", { type: "checkbox", value: p.name, "data-problem": p.name });
          box.append(el("label", { class: "problem", title: p.description || "" }, cb, " " + p.name));
        }
        problems.append(box);
      };
      group("2-D teaching problems (run at D = 2)", c.problems.filter((p) => p.teaching));
      group("CEC 2017", c.problems.filter((p) => !p.teaching));
    },
    /** show puts a definition in the form (Go's ExperimentDef). */
    show(def) {
      for (const cb of problems.querySelectorAll("input")) cb.checked = def.problems.includes(cb.value);
      dim.value = String(def.dim);
      fes.value = def.fes ? String(def.fes) : "";
      runs.value = String(def.runs);
      seed.value = def.seed;
      workers.value = def.workers ? String(def.workers) : "";
      if (!def.workers) workers.placeholder = String(def.pool); // the default pool's size
      // rows are rebuilt only when the configurations differ from those shown
      // (a change that Go or the checks kept as typed keeps the focus)
      if (formatConfigs(def.configs) !== readConfigs()) {
        configs.textContent = "";
        for (const c of def.configs) configs.append(configRow(c));
      }
      const official = PROTOCOL.dims.official.includes(def.dim);
      setText(dataNote, official
        ? "CEC problems use the official CEC 2017 shift and rotation data (fetched once per problem and D)."
        : "CEC problems at D = " + def.dim + ": generated rotation and shift, not the official instance.");
    },
    /** lock disables the form while the experiment runs. */
    lock(on) {
      locked = on;
      for (const x of root.querySelectorAll('[data-role="definition"] input, [data-role="definition"] select, [data-role="definition"] button')) x.disabled = on;
    },
    /** setState: "idle", "running", "paused", "done" or "cancelled". */
    setState(state, hasRecords) {
      const active = state === "running" || state === "paused";
      start.disabled = active;
      pause.disabled = !active;
      cancel.disabled = !active;
      pause.dataset.state = state;
      pause.textContent = state === "paused" ? "▶ Resume" : "❚❚ Pause";
      download.disabled = !hasRecords;
      root.dataset.state = state;
    },
    /** progress shows {done, failed, total, elapsed, eta} (ms). */
    progress(p) {
      bar.max = Math.max(1, p.total);
      bar.value = p.done + p.failed;
      setText(counts, (p.done + p.failed) + " / " + p.total + " runs" + (p.failed ? " (" + p.failed + " failed)" : ""));
      setText(times, "elapsed " + duration(p.elapsed) + " · remaining " + (p.eta == null ? "–" : duration(p.eta)));
    },
    say(text) { setText(status, text); },
    offerResume(text) {
      resumeBox.hidden = !text;
      setText(resumeText, text || "");
    },
    showFailures(list) {
      failures.textContent = "";
      for (const f of list) failures.append(el("li", { role: "failure", text: f }));
    },
  };
}

