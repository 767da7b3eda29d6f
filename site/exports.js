// exports.js: the exports of a run, bound to a run view's root:
//
//   - each panel as PNG: the landscape, PC view and operator canvases as
//     drawn (their backing store, at the device's pixel ratio up to 2), a
//     chart drawn again from its ECharts option at the device's pixel
//     ratio; the convergence chart (and compare mode's overlaid chart) also
//     as SVG;
//   - the run's history as CSV and JSON, and "Reproduce natively": the
//     `cec run` command line that gives the run's final best bit for bit;
//   - the explained-variance chart (under it) as PNG and SVG, drawn again
//     from the option shown, and its numbers as CSV (Go's, with the option:
//     RunView.variance).
//
// Go writes the history files, the command and the chart options (the
// worker's export command, internal/play/export); this file only draws
// and saves. Every file saved is also announced with a "pcaplay-export"
// event on window ({name, type, blob}), which the browser tests read.
import { loadCharts } from "./charts.js";

/**
 * save offers data (a Blob, a string, or a data: URL) as a download named
 * name: the one download helper of every page (the run exports, compare
 * mode's, the experiment's JSON lines, the results view's). type is the
 * file's type where data is not a Blob. With a target (the results view's
 * root), a cancelable "pcaplay-download" event ({name, type, data}) goes
 * to it first, and a listener that calls preventDefault() takes the file
 * instead. Every file saved is announced with a "pcaplay-export" event on
 * the window ({name, type, blob}).
 */
export function save(data, name, { type = "", target = null } = {}) {
  if (target) {
    const ev = new CustomEvent("pcaplay-download", { cancelable: true, detail: { name, type, data } });
    if (!target.dispatchEvent(ev)) return;
  }
  const doc = target ? target.ownerDocument : document;
  const blob = data instanceof Blob ? data
    : typeof data === "string" && data.startsWith("data:") ? dataURLBlob(data)
      : new Blob([data], { type });
  const win = doc.defaultView || window;
  const url = win.URL.createObjectURL(blob);
  const a = doc.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  win.setTimeout(() => win.URL.revokeObjectURL(url), 60000);
  win.dispatchEvent(new CustomEvent("pcaplay-export", { detail: { name, type: blob.type, blob } }));
}

/** canvasPNG returns the canvas' pixels as a PNG blob. */
export function canvasPNG(canvas) {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas gave no PNG"))), "image/png"));
}

function dataURLBlob(url) {
  const [head, body] = url.split(",");
  const type = /data:([^;,]+)/.exec(head)[1];
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * chartFile draws an ECharts option (from Go) once more at width×height CSS
 * pixels and resolves with it as a PNG (at the device's pixel ratio) or an
 * SVG blob.
 */
export async function chartFile(option, kind, width, height) {
  await loadCharts(); // the page loads it after its first landscape
  const opt = Object.assign({}, option, { animation: false });
  const w = Math.max(320, Math.round(width)), h = Math.max(200, Math.round(height));
  if (kind === "svg") {
    const c = echarts.init(null, null, { renderer: "svg", ssr: true, width: w, height: h });
    try {
      c.setOption(opt);
      return new Blob([c.renderToSVGString()], { type: "image/svg+xml" });
    } finally { c.dispose(); }
  }
  const dpr = window.devicePixelRatio || 1;
  const div = document.createElement("div");
  div.style.cssText = "position:fixed;left:-20000px;top:0;width:" + w + "px;height:" + h + "px";
  document.body.append(div);
  const c = echarts.init(div, null, { renderer: "canvas", devicePixelRatio: dpr });
  try {
    c.setOption(opt);
    return dataURLBlob(c.getDataURL({ type: "png", pixelRatio: dpr, backgroundColor: "#fff" }));
  } finally { c.dispose(); div.remove(); }
}

export function button(label, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "export";
  b.textContent = label;
  b.title = title;
  return b;
}

/** exportsBox returns the box of export buttons in a panel's title (made once). */
export function exportsBox(section) {
  const h2 = section.querySelector("h2");
  let box = h2.querySelector(".exports");
  if (!box) {
    box = document.createElement("span");
    box.className = "exports";
    h2.prepend(box); // floats right, before the title's text so the text flows around it
  }
  return box;
}

/** the canvases of the panels that have one, by panel */
const CANVAS = { landscape: "landscape-canvas", pcview: "pcview-canvas", operator: "operator-canvas" };

export class RunExports {
  /**
   * @param {Element} root a run view's root ([data-run-view])
   * @param {{controller: import("./run-controller.js").RunController, say: (text: string) => void,
   *          onError: (e: Error) => void}} opts
   */
  constructor(root, opts) {
    this.root = root;
    this.opts = opts;
    this.controller = opts.controller;
    for (const [panel, role] of Object.entries(CANVAS)) {
      const sec = root.querySelector(`[data-panel="${panel}"]`);
      if (!sec) continue;
      const b = button("PNG", "Save this panel's picture as PNG");
      b.setAttribute("aria-label", "Save the " + (sec.getAttribute("aria-label") || panel) + " as PNG");
      b.onclick = () => this.run(async () => {
        const canvas = sec.querySelector(`[data-role="${role}"]`);
        save(await canvasPNG(canvas), this.name(panel + ".png"));
      });
      exportsBox(sec).append(b);
    }
    const conv = root.querySelector('[data-panel="convergence"]');
    if (conv) {
      for (const kind of ["png", "svg"]) {
        const b = button(kind.toUpperCase(), "Save the convergence chart as " + kind.toUpperCase());
        b.setAttribute("aria-label", "Save the convergence chart as " + kind.toUpperCase());
        b.onclick = () => this.run(async () => {
          const e = await this.controller.handle.exportOf("chart");
          const box = conv.querySelector('[data-role="convergence"]');
          save(await chartFile(JSON.parse(e.text), kind, box.clientWidth, Math.max(box.clientHeight, 480)), this.name("convergence." + kind));
        });
        exportsBox(conv).append(b);
      }
    }
    // the explained variance shown (RunView.variance): a row under its chart
    const variance = root.querySelector('[data-role="variance"]');
    if (variance && opts.view) {
      const row = document.createElement("div");
      row.className = "row exports-row";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", "export the explained variance");
      const kinds = { png: "chart as PNG", svg: "chart as SVG", csv: "numbers as CSV (per component: eigenvalue, explained and cumulative fraction)" };
      for (const [kind, what] of Object.entries(kinds)) {
        const b = button("Variance " + kind.toUpperCase(), "Save the explained-variance " + what);
        b.dataset.role = "export-variance-" + kind;
        b.onclick = () => this.run(async () => {
          const v = opts.view.variance;
          if (!v) { this.opts.say("No explained variance shown yet."); return; }
          const name = this.varianceName(kind);
          if (kind === "csv") save(new Blob([v.csv], { type: "text/csv" }), name);
          else save(await chartFile(JSON.parse(v.option), kind, variance.clientWidth, Math.max(variance.clientHeight, 240)), name);
        });
        row.append(b);
      }
      variance.after(row);
    }
    // the run's files and command: a row the page places
    this.row = document.createElement("div");
    this.row.className = "row exports-row";
    this.row.setAttribute("role", "group");
    this.row.setAttribute("aria-label", "export the run");
    const csv = button("History CSV", "Save the run's history (per generation: FES, best f, v of the best, feasible fraction, population size) as CSV");
    const json = button("History JSON", "Save the run's settings, command and history as JSON");
    const cmd = button("Reproduce natively", "Show the cec run command that gives this run's final best bit for bit");
    csv.dataset.role = "export-csv";
    json.dataset.role = "export-json";
    cmd.dataset.role = "export-command";
    this.command = document.createElement("pre");
    this.command.className = "command";
    this.command.dataset.role = "command";
    this.command.hidden = true;
    this.command.tabIndex = 0;
    this.command.setAttribute("aria-label", "cec run command");
    const file = (what) => this.run(async () => {
      const e = await this.controller.handle.exportOf(what);
      save(new Blob([e.text], { type: e.type }), e.name);
    });
    csv.onclick = () => file("csv");
    json.onclick = () => file("json");
    // a typed problem's command reads its file (-problem @NAME.json): the
    // button beside the command saves it (Go's "problem" export)
    const problemFile = button("Save the problem file", "Save the typed problem's JSON file, which the command reads");
    problemFile.dataset.role = "export-problem";
    problemFile.hidden = true;
    problemFile.onclick = () => file("problem");
    cmd.onclick = () => this.run(async () => {
      const e = await this.controller.handle.exportOf("command");
      this.command.textContent = e.text;
      this.command.hidden = false;
      window.getSelection().selectAllChildren(this.command);
      const typed = Boolean(this.controller.run.config.typed);
      problemFile.hidden = !typed;
      const note = "Run natively (go build ./cmd/cec)" + (typed ? ", beside the problem file it names (Save the problem file)" : "") +
        ": it ends with this run's final best, bit for bit.";
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(e.text).then(() => this.opts.say("Copied the command. " + note), () => this.opts.say(note));
      } else this.opts.say(note);
    });
    this.row.append(csv, json, cmd, problemFile);
  }

  /**
   * varianceName returns the explained variance's file name with extension
   * ext: this run's (pcaplay-C05-D10-pmode-seed1-variance.csv), or
   * opts.varianceName's (compare mode: one PCA of every run's points).
   */
  varianceName(ext) {
    return this.opts.varianceName ? this.opts.varianceName(ext) : this.name("variance." + ext);
  }

  /** name returns a file name for this run: pcaplay-C05-D10-pmode-seed1-landscape.png. */
  name(suffix) {
    const c = this.controller.run ? this.controller.run.config : {};
    return ["pcaplay", c.problem, "D" + c.dim, c.algo, "seed" + c.seed].join("-") + "-" + suffix;
  }

  run(fn) {
    if (!this.controller.run) { this.opts.say("Not ready yet."); return Promise.resolve(); }
    return fn().catch((e) => this.opts.onError(e));
  }

  /** place puts the run's export row (and its command) into el. */
  place(el) { el.append(this.row, this.command); return this; }
}
