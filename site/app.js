// app.js: the single-run page. It makes one worker, one run (controller and
// view), the settings, the transport and the embed API, and wires them:
//
//   URL ─┐
//   controls ─┼─▶ commands (one queue) ─▶ State.next ─▶ RunController ─▶ RunView
//   playground.set / postMessage ─┘                        ▲ Player (play loop)
//
// Every change goes through apply(): the one state transition, applied to
// the state at the time the command runs (so set({fes: 500}); set({pop: 50})
// ends with both). A compare or lesson page makes its own app module from
// the same parts.
import { State, parse, pageMode, PAGE_KEYS } from "./state.js";
import { leave, writeAddress } from "./page-mode.js";
import { WorkerClient } from "./worker-client.js";
import { RunController } from "./run-controller.js";
import { RunView } from "./run-view.js";
import { Player } from "./player.js";
import { SettingsView } from "./settings-view.js";
import { TransportView } from "./transport.js";
import { Messages, noticeText, statusText } from "./messages.js";
import { copySnippet, bindTransportKeys } from "./share.js";
import { connect } from "./embed-api.js";
import { RunExports } from "./exports.js";

const $ = (s) => document.querySelector(s);

let state = State.fromHash(location.hash);
const bootNotices = state.notices;
let catalog = null;
let ready = false;

const messages = new Messages(document.body);
const say = (text) => messages.say(text);
const client = new WorkerClient();
const controller = new RunController(client.runHandle());
const view = new RunView($("[data-run-view]"), {
  counters: $('[data-role="counters"]'),
  onZoom: (on) => commands.set({ zoom: on ? "pop" : "off" }, "controls"),
  onOperatorPlay: () => commands.pause(),
  say,
  onError: (e) => messages.error(e.message),
}).bind(controller);
new RunExports($("[data-run-view]"), { controller, view, say, onError: (e) => messages.error(e.message) })
  .place($('[data-panel="convergence"]'));
const player = new Player([{ run: controller, view }], {
  speed: () => state.ui.speed,
  loop: () => state.ui.loop,
  onChange: (running) => { view.setRunning(running); updateTransport(); },
  onMessage: say,
  onError: (e) => failed(e),
});
const settings = new SettingsView($('[data-panel="controls"]'), {
  onChange: (changes, what) => commands.set(changes, "controls", what).catch(() => {}),
  onCopy: copy,
  // compare mode (compare-app.js): the page anew, in that mode
  onCompare: () => leave("#" + state.serialize({ compare: "2", "b.pca": "false" })),
});
const transport = new TransportView($('[data-role="transport"]'), {
  onPlay: () => commands.toggle(),
  onStep: () => commands.step().catch(() => {}),
  onReset: () => commands.reset().then(() => say("Run reset (same seed)."), () => {}),
  onSpeed: (s) => commands.set({ speed: s }, "controls"),
});

controller.on("frame", updateTransport);
controller.on("error", ({ error }) => failed(error));

function updateTransport() {
  transport.update({ ready: ready && !!controller.run, running: player.running, done: controller.done });
  // the announced status line, whenever the run stands still
  if (controller.frame && !player.running) messages.status(statusText(controller.status()));
}

// failed shows an error; the run stops (reset configures it again when the
// worker died).
function failed(e) {
  player.stop();
  messages.error(e && e.message ? e.message : String(e));
  updateTransport();
}

// ---------- the command queue ----------
let queue = Promise.resolve();
function enqueue(fn) {
  const p = queue.then(fn);
  queue = p.catch(() => {});
  return p;
}

const commands = {
  play: () => enqueue(() => player.play()),
  pause: () => enqueue(() => player.pause()),
  toggle: () => enqueue(() => (player.running ? player.pause() : player.play())),
  step: () => enqueue(async () => {
    if (!controller.run) throw new Error("not ready");
    player.stop();
    view.operator.stop();
    await controller.step(1);
  }),
  reset: () => enqueue(async () => {
    if (!controller.run) throw new Error("not ready");
    player.stop();
    view.operator.stop();
    await controller.reset();
    messages.clearError();
  }),
  /** set applies URL values (origin: "api", "controls" or "url"). */
  set: (changes, origin = "api", what = "") => enqueue(() => apply(changes, origin, what)),
  /** sync resolves when every command queued before it is done. */
  sync: () => enqueue(() => {}),
};

// ---------- the one transition ----------
async function apply(changes, origin, what, extraNotices = []) {
  const t = state.next(changes);
  let next = t.state;
  let runNotices = [];
  const page = [...t.changed].filter((k) => PAGE_KEYS.includes(k));
  if (t.restart || !controller.run) {
    player.stop();
    const run = await controller.configure(next.run(), { zoom: next.ui.zoom });
    next = next.configured(run, catalog);
    runNotices = run.notices || [];
    messages.clearError();
    settings.show(run);
  } else if (page.includes("zoom")) {
    await controller.setZoom(next.ui.zoom);
  }
  state = next;
  writeURL();
  applyPage();
  if (page.includes("speed")) player.resync();
  const notices = extraNotices.concat(t.notices, runNotices);
  if (origin === "url") messages.notices(notices);
  else if (notices.length) say(notices.map(noticeText).join("; "));
  else if (t.restart && origin === "controls") say("Changed " + (what || "a setting") + ": the run was reset.");
  updateTransport();
}

function writeURL() {
  writeAddress("#" + state.serialize());
}

// applyPage shows the page keys: embed, font, panels, speed, zoom.
function applyPage() {
  const ui = state.ui;
  document.body.classList.toggle("embed", ui.embed);
  const font = String(ui.font);
  if (document.documentElement.style.getPropertyValue("--font") !== font) {
    document.documentElement.style.setProperty("--font", font);
    requestAnimationFrame(() => view.resize()); // canvas text follows the scale
  }
  const controls = $('[data-panel="controls"]');
  if (controls) controls.hidden = !ui.panels.includes("controls");
  view.layout(ui.panels);
  view.setZoom(ui.zoom);
  transport.setSpeed(ui.speed);
}

function copy(what) {
  copySnippet(what, { state, settings, say, title: "pcaplay: PCA-projection playground" });
}

// ---------- events ----------
bindTransportKeys(commands);
window.addEventListener("resize", () => view.resize());
window.addEventListener("hashchange", () => {
  // a hand-edited address: the same transition, from the state it changes
  const hash = location.hash;
  if (pageMode(parse(hash)) !== "play") return; // boot.js reloads into the lesson or compare mode
  enqueue(() => {
    if (hash === "#" + state.serialize()) return;
    return apply(state.diff(parse(hash)), "url");
  }).catch(() => {});
});

// ---------- boot: the first command ----------
applyPage();
updateTransport();
enqueue(async () => {
  try {
    catalog = await client.catalog();
    settings.setCatalog(catalog);
    state = state.with({ catalog });
    await apply({}, "url", "", bootNotices);
  } catch (e) {
    transport.loaded(e.message);
    messages.error(e.message);
    embed.failed(e);
    throw e;
  }
  ready = true;
  transport.loaded();
  updateTransport();
  embed.ready(Object.assign(controller.status(), { running: false }));
  if (state.ui.autoplay) player.play();
});

// ---------- the embed API ----------
// Connected after the boot command is queued: the calls and messages that
// embed-early.js queued before this module ran go into the command queue
// behind it, so they apply to the page's first state, in order.
const embed = connect({
  play: commands.play,
  pause: commands.pause,
  step: commands.step,
  reset: commands.reset,
  set: (params) => commands.set(Object.assign({}, params || {}), "api"),
  sync: commands.sync,
  status: () => Object.assign(controller.status(), { running: player.running }),
  chartInfo: () => view.chartInfo(),
});
