// app.js: the single-run page. It makes one worker, one run (controller and
// view), the settings, the transport and the embed API, and wires them:
//
//   URL ─┐
//   controls ─┼─▶ commands (one queue) ─▶ State.next ─▶ RunController ─▶ RunView
//   playground.set / postMessage ─┘                        ▲ Player (play loop)
//
// Every change goes through apply(): the one state transition, applied to
// the state at the time the command runs (so set({fes: 500}); set({pop: 50})
// ends with both). The queue, the address, the boot, the embed API, the
// transport's buttons and a run's failure are the page shell's
// (page-shell.js), which compare mode shares. createPlaygroundPage holds
// the page's parts; the module keeps no state of its own.
import { createRunParts } from "./run-parts.js";
import { Player } from "./player.js";
import { SettingsView } from "./settings-view.js";
import { createProblemEditor } from "./problem-editor.js";
import { PROTOCOL } from "./protocol.js";
import { statusText } from "./messages.js";
import { copySnippet, bindTransportKeys } from "./share.js";
import { createPageShell, changedPageKeys } from "./page-shell.js";
import { createFold } from "./fold.js";
import { fitPlots } from "./fit.js";

/**
 * createPlaygroundPage builds the single-run page in win's document and
 * starts it; it returns the page's shell.
 */
export function createPlaygroundPage(win = window) {
  const doc = win.document;
  const $ = (s) => doc.querySelector(s);

  const shell = createPageShell({
    mode: "play",
    win,
    hooks: {
      player: () => player,
      transport: () => transport,
      apply,
      step,
      reset,
      settings: () => [settings],
      show: applyPage,
      update: updateTransport,
      status: () => Object.assign(controller.status(), { running: player.running }),
      chartInfo: () => view.chartInfo(),
    },
  });
  const { messages, commands } = shell;
  const say = (text) => messages.say(text);
  const failed = (e) => shell.fail(e);
  // the run: its controller, view and exports (run-parts.js, as each of compare mode's)
  const { controller, view } = createRunParts(shell, $("[data-run-view]"), {
    counters: $('[data-role="counters"]'),
    place: $('[data-panel="convergence"]'),
    onFrame: () => updateTransport(),
    playground: true,
  });
  const player = new Player([{ run: controller, view }], {
    speed: () => shell.state.ui.speed,
    loop: () => shell.state.ui.loop,
    onChange: (running) => { view.setRunning(running); updateTransport(); },
    onMessage: say,
    onError: failed,
  });
  // "custom…": a problem typed as formulas, checked by Go as it is typed
  const editor = createProblemEditor($('[data-role="problem-editor"]'), {
    check: (req) => shell.client.checkProblem(req),
    use: (changes, name) => commands.set(changes, "controls", "problem to " + name).catch(() => {}),
  });
  const settings = new SettingsView($('[data-panel="controls"]'), {
    onCustom: () => editor.open(shell.state.values[PROTOCOL.typed.key]),
    onChange: (changes, what) => commands.set(changes, "controls", what).catch(() => {}),
    onCopy: copy,
    // compare mode (compare-app.js): the page anew, in that mode
    onCompare: () => shell.leave("#" + shell.state.serialize({ compare: "2", "b.pca": "false" })),
  });
  const transport = shell.transportView($('[data-role="transport"]'), "Run reset (same seed).");
  // on a phone the Settings fold under their title: the landscape comes first
  createFold($('[data-panel="controls"]'));

  function updateTransport() {
    transport.update({ ready: shell.ready && !!controller.run, running: player.running, done: controller.done });
    // the announced status line, whenever the run stands still
    if (controller.frame && !player.running) messages.status(statusText(controller.status()));
  }

  // ---------- the commands (queued by the shell) ----------
  async function step() {
    if (!controller.run) throw new Error("not ready");
    player.stop();
    view.operator.stop();
    await controller.step(1);
  }

  async function reset() {
    if (!controller.run) throw new Error("not ready");
    player.stop();
    view.operator.stop();
    await controller.reset();
    messages.clearError();
  }

  // ---------- the one transition ----------
  async function apply(changes, origin, what, extraNotices = []) {
    const t = shell.state.next(changes);
    let next = t.state;
    let runNotices = [];
    if (t.restart || !controller.run) {
      player.stop();
      const run = await controller.configure(next.run(), { zoom: next.ui.zoom });
      next = next.configured(run, shell.catalog);
      runNotices = run.notices || [];
      messages.clearError();
      settings.show(run);
    } else if (changedPageKeys(t).includes("zoom")) {
      await controller.setZoom(next.ui.zoom);
    }
    shell.state = next;
    const notices = extraNotices.concat(t.notices, runNotices);
    shell.finish(t, { origin, what, notices, reset: "the run was reset." });
  }

  // applyPage shows the page keys: embed, font, panels, speed, zoom.
  function applyPage() {
    const ui = shell.state.ui;
    shell.showPageKeys(() => view.resize()); // canvas text follows the scale
    const controls = $('[data-panel="controls"]');
    if (controls) controls.hidden = !ui.panels.includes("controls");
    view.layout(ui.panels);
    fit();
    view.setZoom(ui.zoom);
    transport.setSpeed(ui.speed);
  }

  // fit: an embed leaves out what its frame has no room for (fit.js), the
  // least needed first: the violation's chart (the convergence keeps f),
  // the explained variance, the operator, the convergence
  const groups = [
    { name: "the violation's chart", els: () => view.convParts.slice(1, 2) },
    { name: "the explained variance", els: () => [$('[data-role="variance"]')] },
    { name: "the operator", els: () => [$('[data-panel="operator"]')] },
    { name: "the convergence", els: () => [$('[data-panel="convergence"]')] },
  ];
  function fit() {
    fitPlots({ doc, root: $("main.panels"), groups, enabled: shell.state.ui.embed });
  }

  function copy(what) {
    copySnippet(what, { state: shell.state, settings, say, title: "pcaplay: PCA-projection playground" });
  }

  // ---------- events ----------
  bindTransportKeys(commands);
  win.addEventListener("resize", () => { fit(); view.resize(); });

  // ---------- boot: the first command, then the embed API ----------
  return shell.start();
}

createPlaygroundPage();
