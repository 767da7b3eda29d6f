// settings-view.js: the Settings panel (problem, D, algorithm, every
// parameter with its default and help, seed, budget, share buttons), bound
// to its root by data-role. It shows a State and reports what the user
// changed as URL values (onChange); app.js sends them through the one
// state transition, like window.playground.set.
import { fmt } from "./format.js";

function option(o) {
  const e = document.createElement("option");
  e.value = o.value; e.textContent = o.label; if (o.title) e.title = o.title;
  return e;
}

function fillSelect(sel, items) {
  sel.textContent = "";
  for (const it of items) {
    if (it.group) {
      const g = document.createElement("optgroup");
      g.label = it.group;
      for (const o of it.items) g.append(option(o));
      sel.append(g);
    } else sel.append(option(it));
  }
}

/** CUSTOM is the problem menu's value of "custom…": a problem typed as formulas (onCustom). */
export const CUSTOM = "custom…";

export class SettingsView {
  /**
   * @param {Element} root the settings panel
   * @param {{onChange: (changes: object, what: string) => void, onCopy: (what: "link"|"iframe"|"onefile") => void,
   *          onCompare?: () => void, compareAlways?: boolean, idPrefix?: string, onCustom?: () => void}} opts
   *          (onCompare: the compare button, shown for algorithms with PCA-projection unless
   *          compareAlways; idPrefix: the prefix of the ids of its inputs, "s" unless given: each
   *          view of a page its own; onCustom: the problem menu's "custom…", which it offers then)
   */
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.id = opts.idPrefix || "s";
    const q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.el = {
      problem: q("problem"), dim: q("dim"), problemHelp: q("problem-help"), dataNote: q("data-note"), algo: q("algo"), algoHelp: q("algo-help"),
      pcaWrap: q("pca-switch-wrap"), pca: q("pca-switch"), params: q("params"), seed: q("seed"), reseed: q("reseed"),
      budget: q("budget"), copyEmbed: q("copy-embed"), copyLink: q("copy-link"), snippet: q("embed-snippet"), oneFile: q("download-html"),
      compare: q("compare"),
    };
    this.catalog = null;
    const el = this.el, change = (c, what) => this.opts.onChange(c, what);
    el.problem.onchange = () => {
      if (el.problem.value !== CUSTOM) return change({ problem: el.problem.value }, "problem to " + el.problem.value);
      el.problem.value = this.shown || ""; // the menu keeps showing the run's problem
      this.opts.onCustom();
    };
    el.dim.onchange = () => change({ dim: el.dim.value }, "D to " + el.dim.value);
    el.algo.onchange = () => change({ algo: el.algo.value }, "algorithm to " + el.algo.value);
    el.pca.onchange = () => change({ pca: String(el.pca.checked) }, "PCA-projection " + (el.pca.checked ? "on" : "off"));
    el.seed.onchange = () => change({ seed: el.seed.value }, "seed to " + el.seed.value);
    el.reseed.onclick = () => {
      const s = String(Math.floor(Math.random() * 1e9));
      change({ seed: s }, "seed to " + s);
    };
    el.budget.onchange = () => change({ fes: el.budget.value }, "FES budget to " + el.budget.value);
    el.copyEmbed.onclick = () => this.opts.onCopy("iframe");
    el.copyLink.onclick = () => this.opts.onCopy("link");
    if (el.oneFile) el.oneFile.onclick = () => this.opts.onCopy("onefile");
    if (el.compare) el.compare.onclick = () => { if (this.opts.onCompare) this.opts.onCompare(); };
  }

  /** setCatalog fills the problem and algorithm lists. */
  setCatalog(catalog) {
    this.catalog = catalog;
    const item = (p) => ({ value: p.name, label: p.name, title: p.description });
    const groups = [
      { group: "2-D teaching problems", items: catalog.problems.filter((p) => p.teaching).map(item) },
      { group: "CEC 2017 constrained", items: catalog.problems.filter((p) => !p.teaching).map(item) },
    ];
    if (this.opts.onCustom) groups.push({ group: "Your own", items: [{ value: CUSTOM, label: CUSTOM, title: "type a problem as formulas" }] });
    fillSelect(this.el.problem, groups);
    fillSelect(this.el.algo, catalog.algorithms.map((a) => ({ value: a.name, label: a.title || a.name, title: a.help })));
  }

  /** show displays a configured run (run.config, run.params). */
  show(run) {
    const c = run.config, el = this.el;
    // Go says what the problem is (run.problem): a typed one is in no catalog
    const info = run.problem || this.catalog.problems.find((p) => p.name === c.problem);
    if (info.typed) this.showTyped(info);
    el.problem.value = c.problem;
    this.shown = c.problem;
    fillSelect(el.dim, info.dims.map((d) => ({ value: String(d), label: String(d) })));
    el.dim.value = c.dim;
    el.problemHelp.textContent = info.description + " · " + info.numIneq + " g≤0, " + info.numEq + " h=0";
    // which CEC 2017 data the run uses (Go says): official, or generated and why
    const data = run.data || {};
    el.dataNote.textContent = data.label === "official" ? "official CEC 2017 instance (shift and rotation data)" : (data.note || "");
    el.dataNote.dataset.label = data.label || "";
    el.algo.value = c.algo;
    const a = this.catalog.algorithms.find((x) => x.name === c.algo);
    el.algoHelp.textContent = a ? a.help : "";
    el.seed.value = c.seed;
    el.budget.value = c.fes;
    this.buildParams(run.params);
  }

  /** showTyped puts the typed problem info in the menu, before "custom…" (one at a time). */
  showTyped(info) {
    const sel = this.el.problem;
    const custom = Array.from(sel.options).find((o) => o.value === CUSTOM);
    for (const o of Array.from(sel.options)) if (o.dataset.typed) o.remove();
    const o = option({ value: info.name, label: info.name, title: info.description });
    o.dataset.typed = "1";
    if (custom) custom.before(o);
    else sel.append(o);
  }

  buildParams(params) {
    const el = this.el, box = el.params;
    box.textContent = "";
    const sw = params.find((p) => p.key === "pca" && p.kind === "bool");
    el.pcaWrap.hidden = !sw;
    // "compare PCA-projection on vs off" only for an algorithm with the switch
    if (el.compare && !this.opts.compareAlways) el.compare.hidden = !sw;
    if (sw) {
      el.pca.checked = sw.value === "true";
      el.pcaWrap.title = sw.help;
    }
    for (const p of params) {
      if (p === sw) continue;
      const row = document.createElement("div");
      row.className = "param";
      const id = this.id + "-param-" + p.key;
      const lab = document.createElement("label");
      lab.htmlFor = id;
      // Go's label: the key, or a name where the key alone would mislead
      // (CMODE's k beside pcak), the key then in the title
      lab.textContent = p.label || p.key;
      if (p.label && p.label !== p.key) lab.title = "URL key " + p.key;
      let input;
      if (p.kind === "bool") {
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = p.value === "true";
      } else if (p.kind === "choice") {
        input = document.createElement("select");
        for (const ch of p.choices || []) input.append(option({ value: ch, label: ch }));
        input.value = p.value;
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.min = p.min; input.max = p.max;
        input.step = p.kind === "int" ? "1" : "any";
        input.value = p.value;
      }
      input.id = id;
      input.dataset.key = p.key;
      input.addEventListener("change", () => {
        const v = input.type === "checkbox" ? String(input.checked) : input.value;
        this.opts.onChange({ [p.key]: v }, p.key + " = " + v);
      });
      const help = document.createElement("span");
      help.className = "help";
      help.textContent = p.help + " (default " + p.default + (p.kind === "int" || p.kind === "float" ? ", " + fmt(p.min) + "…" + fmt(p.max) : "") + ")";
      row.append(lab, input, help);
      box.append(row);
    }
  }

  /** showSnippet puts text in the copy box (when the clipboard is not there). */
  showSnippet(text, select) {
    const ta = this.el.snippet;
    ta.value = text;
    ta.hidden = false;
    if (select) ta.select();
  }
}
