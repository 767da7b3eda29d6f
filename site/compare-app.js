// compare-app.js: compare mode (compare=2…4, or an address with b./c./d. keys):
// runs A, B (up to D) of one problem side by side. Built from the same parts
// as app.js: one worker holds every run (so Go can compare them), a
// RunController and a RunView per run on a copy of the page's run view, one
// Player over all (lockstep by FES), the settings of A (and what the runs
// share) plus a settings panel per other run, the transport, the embed API.
//
//   address / controls / playground.set ─▶ commands ─▶ State.next
//     ─▶ Go compareSetup (the runs' values, overrides, names, notices)
//     ─▶ RunController.configure per run ─▶ RunViews
//   Player tick ─▶ every run at the lead's FES ─▶ Go compare
//     ─▶ overlaid convergence chart, scoreboard, shared landscape window
//     (seeds=N: Go runs every configuration on N seeds in lockstep too, and
//     the chart is their median with its inter-quartile band, beside the
//     win counts and the rank-sum test; the panels show the runs on the
//     first seed)
//
// Go decides: which values each run gets (internal/play.SanitizeCompare),
// the scoreboard (exact first hits), the chart, the colours and the shared
// zoom window; this file wires and draws. A change of the number of runs
// reloads the page (boot.js picks the mode once). The queue, the address,
// the boot, the embed API, the transport's buttons and a run's failure are
// the page shell's (page-shell.js), as on the single-run page (app.js), and
// so is the problem menu's "custom…" (problem-editor.js, A's settings).
// createComparePage holds the page's parts; the module keeps no state of
// its own.
import { State, pageMode } from "./state.js";
import { PROTOCOL, GRID } from "./protocol.js";
import { Jobs, CHART_MS } from "./run-view.js";
import { createRunParts } from "./run-parts.js";
import { Player } from "./player.js";
import { ChartSet } from "./charts.js";
import { SettingsView } from "./settings-view.js";
import { createProblemEditor } from "./problem-editor.js";
import { statusText } from "./messages.js";
import { fmt, setText } from "./format.js";
import { fitPlots } from "./fit.js";
import { copySnippet, bindTransportKeys } from "./share.js";
import { chartFile, save, button, exportsBox } from "./exports.js";
import { createPageShell, changedPageKeys } from "./page-shell.js";

const LETTERS = PROTOCOL.compare.letters;

/**
 * createComparePage builds compare mode in win's document and starts it;
 * it returns the page's shell.
 */
export function createComparePage(win = window) {
  const doc = win.document;
  const $ = (s) => doc.querySelector(s);
  doc.documentElement.classList.add("compare-mode");
  const shell = createPageShell({
    mode: "compare",
    win,
    hooks: {
      player: () => player,
      transport: () => transport,
      apply,
      pause: async () => { await player.pause(); await refresh(); },
      toggle: async () => { if (player.running) { await player.pause(); await refresh(); } else player.play(); },
      step,
      reset,
      // A's settings, then each other run's
      settings: () => [settings].concat(runs.filter((r) => r.settings).map((r) => r.settings)),
      show: applyPage,
      update: updateTransport,
      status,
      chartInfo,
    },
  });
  const { messages, commands, client } = shell;
  const say = (text) => messages.say(text);
  const N = shell.state.ui.compare; // fixed for this page: a change reloads

  // ---------- the runs: a copy of the page's run view each ----------
  const tpl = $("[data-run-view]");
  const host = doc.createElement("div");
  host.className = "compare-runs";
  host.dataset.runs = String(N);
  tpl.before(host);
  tpl.querySelector('[data-panel="convergence"]').remove(); // one overlaid chart instead
  const settingsTpl = $('[data-panel="controls"]');
  const runs = [];
  const roots = [tpl];
  for (let i = 1; i < N; i++) roots.push(tpl.cloneNode(true)); // copies of the untouched view
  for (let i = 0; i < N; i++) {
    const root = roots[i];
    root.dataset.run = LETTERS[i];
    const head = doc.createElement("header");
    head.className = "run-head";
    head.innerHTML = '<h2 data-role="run-name"></h2><span class="counter">FES <b data-role="fes">0</b> · gen <b data-role="gen">–</b> · best f <b data-role="bestf">–</b> · v <b data-role="bestv">–</b><span data-role="maxfes" hidden></span></span>';
    root.prepend(head);
    let settings = null;
    if (i > 0) {
      // the settings of run B…: its algorithm and parameters (the shared keys
      // are A's), as a copy of the settings panel whose changes are prefixed
      const box = doc.createElement("details");
      box.className = "run-settings";
      const sum = doc.createElement("summary");
      sum.textContent = "Settings of run " + LETTERS[i].toUpperCase();
      const panel = settingsTpl.cloneNode(true);
      panel.removeAttribute("data-panel");
      panel.removeAttribute("aria-label");
      panel.querySelector("h2").remove();
      box.append(sum, panel);
      root.append(box); // under the panels, so the runs' panels line up
      const prefix = LETTERS[i] + ".";
      settings = new SettingsView(panel, {
        onChange: (changes, what) => {
          const c = {};
          for (const [k, v] of Object.entries(changes)) c[prefix + k] = v;
          commands.set(c, "controls", "run " + LETTERS[i].toUpperCase() + "'s " + what).catch(() => {});
        },
        onCopy: () => {},
        compareAlways: true,
        idPrefix: "s-" + LETTERS[i],
      });
      panel.querySelector('[data-role="compare"]').closest("[data-shared]").remove();
      // the problem is shared: its editor is A's alone
      panel.querySelector('[data-role="problem-editor"]').remove();
    }
    host.append(root);
    // the run's controller, view and exports (run-parts.js, as the
    // playground's; the explained variance is of every run's points:
    // compare mode's file)
    const { controller, view } = createRunParts(shell, root, {
      counters: head,
      varianceName: (ext) => compareFile("variance." + ext),
      onFrame: () => updateTransport(),
    });
    runs.push({ letter: LETTERS[i], root, head, controller, view, settings });
  }
  const A = runs[0];

  // ---------- the comparison: overlaid chart and scoreboard ----------
  const cmpRoot = $('[data-panel="compare"]');
  const cmp = {
    charts: new ChartSet(cmpRoot),
    chartEl: cmpRoot.querySelector('[data-role="compare-chart"]'),
    table: cmpRoot.querySelector('[data-role="scoreboard"]'),
    note: cmpRoot.querySelector('[data-role="scoreboard-note"]'),
    jobs: new Jobs((e) => messages.error(e.message)),
    lastChartAt: 0,
    lastPCAt: 0,
    points: 0,
    scoreboard: null,
    // the runs' names and colours, as Go last gave them
    names: LETTERS.slice(0, N).map((l) => l.toUpperCase()),
    colors: [],
    // seeds=N (Go's compareSetup): each configuration on N seeds; the last
    // frame Go sent over them
    seeds: 1,
    seedsFrame: null,
  };
  cmpRoot.hidden = false;

  // compareFile names a file of the comparison: pcaplay-compare-C05-D10-SUFFIX
  function compareFile(suffix) {
    const c = runs[0].controller.run ? runs[0].controller.run.config : {};
    return ["pcaplay-compare", c.problem, "D" + c.dim].join("-") + "-" + suffix;
  }

  // the overlaid chart as PNG and SVG, from the last option Go sent
  for (const kind of ["png", "svg"]) {
    const b = button(kind.toUpperCase(), "Save the overlaid convergence chart as " + kind.toUpperCase());
    b.setAttribute("aria-label", "Save the overlaid convergence chart as " + kind.toUpperCase());
    b.onclick = async () => {
      if (!cmp.option) return;
      try {
        save(await chartFile(JSON.parse(cmp.option), kind, cmp.chartEl.clientWidth, cmp.chartEl.clientHeight), compareFile("convergence." + kind));
      } catch (e) { messages.error(e.message); }
    };
    exportsBox(cmpRoot).append(b);
  }
  // the scoreboard shown as CSV and LaTeX, Go's files with the board: while
  // the runs have not reached the end of their budget the names end in
  // -partial and the LaTeX's first line says where they stand
  {
    const row = doc.createElement("div");
    row.className = "row exports-row";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", "export the scoreboard");
    const kinds = [["csv", "CSV", "text/csv"], ["latex", "LaTeX", "text/x-tex", "tex"]];
    for (const [kind, label, type, ext = kind] of kinds) {
      const b = button("Scoreboard " + label, "Save the scoreboard as " + label);
      b.dataset.role = "export-scoreboard-" + kind;
      b.onclick = () => {
        const sb = cmp.scoreboard;
        if (!sb) { say("No scoreboard yet."); return; }
        save(new Blob([sb[kind]], { type }), compareFile("scoreboard" + (sb.partial ? "-partial" : "") + "." + ext));
      };
      row.append(b);
    }
    cmp.note.after(row);
    cmp.seedsBox = seedsBox(row);
  }

  // seedsBox builds, after el, the part of seeds=N: the win counts (a table
  // like the scoreboard), their caption, the rank-sum test and which runs
  // the panels show; hidden without seeds.
  function seedsBox(el) {
    const box = doc.createElement("div");
    box.dataset.role = "seeds";
    box.className = "seeds";
    box.hidden = true;
    box.innerHTML = '<p data-role="seeds-shown" class="help"></p>' +
      '<table data-role="wins" class="scoreboard"><caption></caption><thead></thead><tbody></tbody></table>' +
      '<p data-role="wins-note" class="help"></p>' +
      '<div data-role="seeds-test" class="seeds-test" aria-live="off"><p data-role="test-name"></p><ul data-role="test-pairs"></ul></div>';
    el.after(box);
    return box;
  }

  // refresh asks Go for what spans the runs (they stand at one FES) and draws
  // it: the scoreboard at once, the chart in a task of its own, the shared
  // landscape on every run's view. chart: "due" while playing (CHART_MS).
  async function refresh({ chart = true, view = false, playing = false, now = performance.now() } = {}) {
    if (chart === "due") chart = now - cmp.lastChartAt > CHART_MS;
    // D > 2: every run on one principal-component plane, its contour sampled
    // as often as the chart (points only in between)
    const pc = A.controller.dim > 2 ? (!playing || now - cmp.lastPCAt > CHART_MS ? GRID.pc : 1) : 0;
    if (pc > 1) cmp.lastPCAt = now;
    const ids = await Promise.all(runs.map((r) => r.controller.handle.ensure()));
    const cf = await client.compare({ runs: ids, options: { chart, playing, view, zoom: shell.state.ui.zoom, names: cmp.names, pc, seeds: cmp.seeds } });
    if (cf.pc) runs.forEach((r, i) => { r.view.showPC(cf.pc[i], !playing); r.view.drawViews(); });
    cmp.colors = cf.colors;
    drawScoreboard(cf.scoreboard);
    drawSeeds(cf.seeds || null);
    if (cf.chart) {
      cmp.lastChartAt = now;
      const opt = cmp.option = cf.chart;
      cmp.jobs.later("chart", () => { cmp.points = cmp.charts.set(cmp.chartEl, JSON.parse(opt)); });
    }
    if (cf.landscape) {
      for (const r of runs) { r.view.setLandscape(cf.landscape, !playing); r.view.drawViews(); }
    }
  }

  // fillTable fills a table of the runs against the targets: a row per run
  // (its name, in its colour), cells the texts of rows[i].
  function fillTable(t, targets, rows) {
    const head = t.tHead, body = t.tBodies[0];
    if (head.rows.length === 0 || head.rows[0].cells.length !== targets.length + 1) {
      head.textContent = "";
      const tr = head.insertRow();
      const th0 = doc.createElement("th");
      th0.textContent = "run";
      th0.scope = "col";
      tr.append(th0);
      for (const name of targets) {
        const th = doc.createElement("th");
        th.scope = "col";
        th.textContent = name;
        tr.append(th);
      }
    }
    while (body.rows.length > rows.length) body.deleteRow(-1);
    rows.forEach((row, i) => {
      const tr = body.rows[i] || body.insertRow();
      if (!tr.cells.length) {
        const th = doc.createElement("th");
        th.scope = "row";
        tr.append(th);
        for (let j = 0; j < row.length; j++) tr.insertCell();
      }
      tr.style.setProperty("--run", cmp.colors[i] || "");
      setText(tr.cells[0], cmp.names[i]);
      row.forEach((text, j) => setText(tr.cells[j + 1], text));
    });
  }

  function drawScoreboard(sb) {
    cmp.scoreboard = sb;
    fillTable(cmp.table, sb.targets, sb.fes.map((row) => row.map((fes) => (fes < 0 ? "–" : String(fes)))));
    const ref = Number.isNaN(sb.fbest) || sb.fbest === null ? "none yet (no run is feasible)" : fmt(sb.fbest);
    setText(cmp.note, "f_best = " + ref + (sb.known ? " (the problem's optimum f*, or a run's better f)" : " (the best any run has found so far: the problem's optimum is not known)") + "; – not reached yet");
  }

  // drawSeeds shows Go's frame over the seeds (null: no seeds): the win
  // counts "first / at all", their caption, the test, which runs the panels
  // show.
  function drawSeeds(sf) {
    cmp.seedsFrame = sf;
    const box = cmp.seedsBox;
    box.hidden = !sf;
    setText(cmp.table.caption, sf ? "FES at which each run on seed " + sf.first + " (the runs shown) first reached a target" : "FES at which each run first reached a target");
    cmp.chartEl.setAttribute("aria-label", sf
      ? "median best feasible f of every configuration over " + sf.n + " seeds, with the band between its quartile runs, against FES"
      : "best feasible f and violation of the best point of every run against FES");
    if (!sf) return;
    const $b = (r) => box.querySelector('[data-role="' + r + '"]');
    setText($b("seeds-shown"), "Each configuration runs on " + sf.n + " seeds, " + sf.first + " to " + sf.last +
      " (the runs of cec run -seed " + sf.first + " -runs " + sf.n + "), in lockstep. The landscapes and operator panels show the runs on seed " + sf.first +
      " live; the chart is each configuration's median run over the seeds, its band the quartile runs" + (sf.done ? "." : " (FES " + sf.at + ", the runs go on)."));
    const wins = $b("wins");
    setText(wins.caption, "Win counts over " + sf.n + " seeds: first / at all");
    fillTable(wins, sf.targets, sf.firstCount.map((row, i) => row.map((c, j) => c + " / " + sf.reached[i][j])));
    setText($b("wins-note"), sf.caption);
    setText($b("test-name"), sf.test + ":");
    const ul = $b("test-pairs");
    while (ul.children.length > sf.tests.length) ul.lastChild.remove();
    sf.tests.forEach((t, i) => setText(ul.children[i] || ul.appendChild(doc.createElement("li")), t.text));
  }

  function showNames() {
    // with seeds=N the panels show the runs on the first seed: each head says so
    const seed = cmp.seeds > 1 ? " · seed " + shell.state.values.seed + " (1 of " + cmp.seeds + ", live)" : "";
    runs.forEach((r, i) => {
      setText(r.head.querySelector('[data-role="run-name"]'), cmp.names[i] + seed);
      if (cmp.colors[i]) r.root.style.setProperty("--run", cmp.colors[i]);
    });
  }

  // ---------- the play loop over every run ----------
  const player = new Player(runs.map((r) => ({
    run: r.controller,
    view: {
      busy: () => r.view.busy() || cmp.jobs.size > 0,
      // the chart and the PC view come from the comparison (refresh)
      wants: (now) => Object.assign(r.view.wants(now), { chart: false, pc: 0 }),
    },
  })), {
    speed: () => shell.state.ui.speed,
    loop: () => shell.state.ui.loop,
    onChange: (running) => { for (const r of runs) r.view.setRunning(running); updateTransport(); },
    onMessage: say,
    onError: (e) => shell.fail(e),
    onAdvance: (now, final) => refresh(final ? {} : { chart: "due", playing: true, now }),
  });

  // "custom…", as on the single-run page: a problem typed as formulas,
  // checked by Go as it is typed; "use" sets typed= and problem=, which
  // every run shares (SharedKeys in internal/play/compare.go), so the runs
  // are configured anew on it, seeds= included
  const editor = createProblemEditor(settingsTpl.querySelector('[data-role="problem-editor"]'), {
    check: (req) => client.checkProblem(req),
    use: (changes, name) => commands.set(changes, "controls", "problem to " + name).catch(() => {}),
  });
  const settings = new SettingsView(settingsTpl, {
    onChange: (changes, what) => commands.set(changes, "controls", what).catch(() => {}),
    onCustom: () => editor.open(shell.state.values[PROTOCOL.typed.key]),
    onCopy: copy,
    onCompare: () => shell.leave("#" + oneRun()),
    compareAlways: true,
  });
  setText(settingsTpl.querySelector("h2"), "Settings of run A, and what the runs share");
  setText(settingsTpl.querySelector('[data-role="compare"]'), "Back to one run");
  settingsTpl.querySelector('[data-role="compare"]').title = "Run A alone (drops the compared runs from the address)";
  if (N < PROTOCOL.compare.maxRuns) {
    // one more run (a copy of A until its settings change it): the page anew
    const add = doc.createElement("button");
    add.type = "button";
    add.dataset.role = "add-run";
    add.textContent = "Add run " + LETTERS[N].toUpperCase();
    add.title = "Compare one more run (up to " + PROTOCOL.compare.maxRuns + "): compare=" + (N + 1) + " in the address";
    add.onclick = () => commands.set({ compare: String(N + 1) }, "controls").catch(() => {});
    settingsTpl.querySelector('[data-role="compare"]').after(add);
  }
  {
    // seeds=N: every configuration on N seeds (Go reads and checks the value)
    const label = doc.createElement("label");
    label.className = "seeds-control";
    label.title = "Run every configuration on this many seeds (seed, seed+1, …; 1 to " + PROTOCOL.compare.maxSeeds +
      "): the chart shows their median and quartiles, with win counts and a rank-sum test; seeds=N in the address";
    label.append("Seeds ");
    const input = doc.createElement("input");
    input.type = "number";
    input.min = "1";
    input.max = String(PROTOCOL.compare.maxSeeds);
    input.dataset.role = "seeds-input";
    input.value = String(shell.state.values.seeds || 1);
    input.onchange = () => commands.set({ seeds: input.value === "1" ? null : input.value }, "controls", "the seeds").catch(() => {});
    label.append(input);
    cmp.seedsInput = input;
    (settingsTpl.querySelector('[data-role="add-run"]') || settingsTpl.querySelector('[data-role="compare"]')).after(label);
  }
  const transport = shell.transportView($('[data-role="transport"]'), "Runs reset (same seed).");
  $('.transport [data-role="counters"]').hidden = true; // each run has its own

  const allDone = () => runs.every((r) => r.controller.done);
  function updateTransport() {
    transport.update({ ready: shell.ready && runs.every((r) => r.controller.run), running: player.running, done: allDone() });
    // the announced status line, whenever the runs stand still
    if (!player.running && runs.every((r) => r.controller.frame)) {
      messages.status(runs.map((r, i) => cmp.names[i] + ": " + statusText(r.controller.status())).join("; "));
    }
  }

  // oneRun is the address of run A alone.
  function oneRun() {
    const v = {};
    const state = shell.state;
    for (const [k, x] of Object.entries(state.values)) if (!/^[b-d]\./i.test(k) && k !== "compare" && k !== "seeds") v[k] = x;
    return new State(v, state.ctx).serialize();
  }

  // ---------- the commands (queued by the shell) ----------
  // stepAll applies one generation of A and brings the others to A's FES
  // (to their end once A is done).
  async function stepAll() {
    const f = await A.controller.advance({ n: 1, chart: false, pc: 0 }, { force: true });
    for (const r of runs.slice(1)) {
      const past = f.status.done && r.controller.frame.status.fes >= f.status.fes;
      const o = past ? { n: 1 } : { n: 1e9, untilFES: f.status.fes };
      await r.controller.advance(Object.assign(o, { chart: false, pc: 0 }), { force: true });
    }
    await refresh();
  }

  async function step() {
    if (!A.controller.run) throw new Error("not ready");
    player.stop();
    for (const r of runs) r.view.operator.stop();
    await stepAll();
  }

  async function reset() {
    if (!A.controller.run) throw new Error("not ready");
    player.stop();
    for (const r of runs) { r.view.operator.stop(); await r.controller.reset(); }
    await refresh({ view: true });
    messages.clearError();
  }

  // ---------- the one transition ----------
  async function apply(changes, origin, what, extraNotices = []) {
    const t = shell.state.next(changes);
    let next = t.state;
    if (pageMode(next.values) !== "compare" || next.ui.compare !== N) {
      // one run (boot.js reloads into its mode), or another number of runs:
      // the page made anew for them
      player.stop();
      shell.leave("#" + next.serialize());
      return;
    }
    let runNotices = [];
    if (t.restart || !A.controller.run) {
      player.stop();
      const setup = await client.compareSetup({ state: next.run(), n: N });
      const configured = [];
      for (let i = 0; i < N; i++) configured.push(await runs[i].controller.configure(setup.values[i], { zoom: false }));
      // the state: A's sanitized values, the others' overrides prefixed
      const s = next.configured(configured[0], shell.catalog);
      const vals = Object.assign({}, s.values);
      // (in one order: algo, then the rest by name)
      const order = (o) => Object.keys(o).sort((x, y) => (x === "algo" ? -1 : y === "algo" ? 1 : x < y ? -1 : x > y ? 1 : 0));
      setup.overrides.forEach((o, i) => { for (const k of order(o)) vals[LETTERS[i] + "." + k] = o[k]; });
      // seeds=N, as Go read it (1, the runs shown only, is not written)
      cmp.seeds = setup.seeds;
      cmp.seedsInput.value = String(setup.seeds);
      if (setup.seeds > 1) vals.seeds = String(setup.seeds);
      next = new State(vals, s.ctx);
      cmp.names = setup.names;
      runNotices = setup.notices;
      messages.clearError();
      settings.show(configured[0]);
      runs.forEach((r, i) => { if (r.settings) r.settings.show(configured[i]); });
      shell.state = next;
      await refresh({ view: true });
      showNames();
    } else {
      shell.state = next;
      if (changedPageKeys(t).includes("zoom")) await refresh({ view: true, chart: false });
    }
    const notices = extraNotices.concat(t.notices, runNotices);
    shell.finish(t, { origin, what, notices, reset: "the runs were reset." });
  }

  // applyPage shows the page keys: embed, font, panels, speed, zoom.
  function applyPage() {
    const ui = shell.state.ui;
    shell.showPageKeys(() => { for (const r of runs) r.view.resize(); cmp.charts.resize(); });
    settingsTpl.hidden = !ui.panels.includes("controls");
    doc.documentElement.classList.toggle("no-controls", settingsTpl.hidden);
    for (const r of runs) {
      r.view.layout(ui.panels);
      r.view.setZoom(ui.zoom);
      const box = r.root.querySelector(".run-settings");
      if (box) box.hidden = !ui.panels.includes("controls");
    }
    cmpRoot.hidden = !ui.panels.includes("convergence");
    fit();
    win.requestAnimationFrame(() => { cmp.charts.flush(); cmp.charts.resize(); });
    transport.setSpeed(ui.speed);
  }

  // fit: an embed leaves out what its frame has no room for (fit.js): the
  // runs' operators, then the overlaid chart, then the runs' panels (the
  // chart alone: 4 runs on a 640×360 slide)
  const fitGroups = [
    { name: "the runs' operators", els: () => runs.map((r) => r.root.querySelector('[data-panel="operator"]')) },
    { name: "the overlaid convergence", els: () => [cmpRoot] },
    { name: "the runs' panels", els: () => [host] },
  ];
  function fit() {
    fitPlots({ doc, root: $("main.panels"), groups: fitGroups, enabled: shell.state.ui.embed });
  }

  function copy(what) {
    copySnippet(what, { state: shell.state, settings, say, title: "pcaplay: PCA-projection compared" });
  }

  // ---------- events ----------
  bindTransportKeys(commands);
  win.addEventListener("resize", () => { fit(); for (const r of runs) r.view.resize(); cmp.charts.resize(); });

  // status is window.playground.status(): run A's fields, as on the
  // single-run page, and every run's under runs.
  function status() {
    const running = player.running;
    const all = runs.map((r, i) => Object.assign(r.controller.status(), { running, run: r.letter, name: cmp.names[i] }));
    return Object.assign({}, all[0], { runs: all });
  }

  // chartInfo is window.playground.chartInfo(): run A's, every run's and the
  // comparison's.
  function chartInfo() {
    return Object.assign(A.view.chartInfo(), {
      runs: runs.map((r) => r.view.chartInfo()),
      compare: {
        points: cmp.points, scoreboard: cmp.scoreboard, colors: cmp.colors.slice(), names: cmp.names.slice(),
        // Go's frame over the seeds (seeds=N), null without
        seeds: cmp.seedsFrame,
        // the values Go configured each run with (compareSetup)
        values: runs.map((r) => Object.assign({}, r.controller.state)),
      },
    });
  }

  // ---------- boot: the first command, then the embed API ----------
  return shell.start();
}

createComparePage();
