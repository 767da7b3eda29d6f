// page-shell.js: what the page modes share. createModeShell is every
// mode's (the playground, compare mode, the lesson, the experiment view):
// the page's Messages and WorkerClient, the hand-edited address of the
// mode, the boot, the embed API and the "ready"/"failed" events.
// createPageShell builds on it for the run pages (the playground, app.js,
// and compare mode, compare-app.js): the page's state, its one command
// queue, the end of every transition (address, page keys, notices). A mode
// creates its shell with its own parts as hooks and calls start() once its
// views are built:
//
//   controls / address / playground.set ─▶ shell.commands ─▶ (queue)
//     ─▶ hooks.apply (the mode's transition) ─▶ shell.finish
//
// Neither factory holds module-level state: two shells (two pages in one
// test) keep two queues.
//
//   shell.state     the page's State, read from the address hash (the
//                   mode's transition replaces it)
//   shell.messages  the page's Messages (errors, notices, announcements)
//   shell.client    the page's WorkerClient (its worker: every run's, and
//                   the catalog)
//   shell.catalog   the problems and algorithms (from the worker, at boot)
//   shell.ready     true once the boot command is done
//   shell.commands  play, pause, toggle, step, reset, set(changes, origin,
//                   what), sync: each queued behind the commands before it
//
// Events (on(type, fn)):
//   "ready"   {}       the first state is applied and the transport says
//                      so (before the embed API's pcaplay-ready and autoplay)
//   "failed"  {error}  the boot failed, shown (the embed API's ready rejects)
//
// Hooks (the mode's): player() (its Player: play, the speed, autoplay),
// transport() (its TransportView: loaded, or the boot's error),
// apply(changes, origin, what, extraNotices), step, reset and, where they
// do more than the Player's, pause and toggle (unqueued: the shell queues
// them), settings() (the SettingsViews the catalog goes to, at boot),
// show() (the page keys: applyPage), update() (the transport), status(),
// chartInfo() (window.playground's).
//
// Downloads: every page's go through exports.js's save.
import { State, parse, pageMode, PAGE_KEYS } from "./state.js";
import { createAddress } from "./page-mode.js";
import { Messages, noticeText } from "./messages.js";
import { pageClient } from "./worker-client.js";
import { connect } from "./embed-api.js";
import { TransportView } from "./transport.js";
import { loadCharts } from "./charts.js";

/**
 * createQueue runs functions one after another: enqueue(fn) resolves or
 * rejects as fn does, and a failure does not stop the ones behind it.
 */
export function createQueue() {
  let tail = Promise.resolve();
  return function enqueue(fn) {
    const p = tail.then(fn);
    tail = p.catch(() => {});
    return p;
  };
}

/**
 * createBatchQueue is the lesson's queue: request(change) adds a change to
 * the next batch, and run(batch) gets every change that came while the one
 * before was in flight, in order, so that a burst (a dragged slider) asks
 * once. request resolves when the batches so far are done; sync() likewise.
 */
export function createBatchQueue(run) {
  let inflight = null;
  const pending = [];
  const drain = async () => {
    while (pending.length) await run(pending.splice(0));
  };
  return {
    request(change) {
      pending.push(change);
      if (!inflight) inflight = drain().finally(() => { inflight = null; });
      return inflight;
    },
    sync: () => inflight || Promise.resolve(),
  };
}

/** changedPageKeys are the page keys (speed, zoom, …) a transition t changed. */
export const changedPageKeys = (t) => [...t.changed].filter((k) => PAGE_KEYS.includes(k));

/**
 * announce says what a transition tells the reader: {notices} lists them
 * (a change of the address: the list is replaced, even by none), {say} is
 * one announced line, null is nothing. reset ends the line of a control
 * that restarted the run ("the run was reset.").
 */
export function announce({ origin, notices, restart, what, reset }) {
  if (origin === "url") return { notices };
  if (notices.length) return { say: notices.map(noticeText).join("; ") };
  if (restart && origin === "controls") return { say: "Changed " + (what || "a setting") + ": " + reset };
  return null;
}

/**
 * hashChanges is the change a hand-edited address hash asks of state on a
 * page of the given mode: null when the address is of another mode (boot.js
 * reloads) or says what the page shows already.
 */
export function hashChanges(hash, mode, state) {
  if (pageMode(parse(hash)) !== mode) return null;
  if (hash === "#" + state.serialize()) return null;
  return state.diff(parse(hash));
}

/**
 * createModeShell is what every page mode shares (the run pages through
 * createPageShell below, the lesson, the experiment view): the page's
 * Messages and WorkerClient, the events, the hand-edited address of the
 * mode, the boot and the embed API. Hooks (the mode's):
 *
 *   hashchange(hash)  an address of this mode the page did not write (one
 *                     of another mode: boot.js reloads)
 *   boot()            the mode's first command: a promise, settled when
 *                     the first state is shown; it calls shell.booted(status)
 *                     (or shell.bootFailed(error)) where the embed API is to
 *                     hear it (the experiment view has none)
 *   embed             where the page has the embed API: {play, pause, step,
 *                     reset, set, sync} (each a promise), and status(),
 *                     chartInfo() beside them
 *
 * start() wires the address, runs boot() and then connects the embed API
 * (calls embed-early.js queued go behind the boot, in order); it returns
 * boot()'s promise.
 * @param {{mode: string, hooks: object, win?: Window, messages?: Messages, client?: WorkerClient}} o
 */
export function createModeShell({ mode, hooks, win = window, messages = new Messages(win.document.body), client = pageClient() }) {
  const listeners = new Map();
  const address = createAddress(win);
  let embed = null;
  const emit = (type, ev) => { for (const fn of listeners.get(type) || []) fn(ev); };
  const shell = {
    mode,
    messages,
    client,
    ready: false,
    on(type, fn) {
      if (!listeners.has(type)) listeners.set(type, []);
      listeners.get(type).push(fn);
      return shell;
    },
    /** leave makes the page anew for the address hash (page-mode.js createAddress). */
    leave: (hash) => address.leave(hash),
    /** writeAddress puts hash in the address (no history entry), unless the page is leaving. */
    writeAddress: (hash) => address.writeAddress(hash),
    /** booted says the first state is shown: the "ready" event, the embed API's ready. */
    booted(status) {
      shell.ready = true;
      emit("ready", {});
      if (embed) embed.ready(status);
    },
    /** bootFailed says the boot failed: the "failed" event, the embed API's ready rejects. */
    bootFailed(error) {
      emit("failed", { error });
      if (embed) embed.failed(error);
    },
    start() {
      win.addEventListener("hashchange", () => {
        const hash = win.location.hash;
        if (pageMode(parse(hash)) !== mode) return; // boot.js reloads
        hooks.hashchange(hash);
      });
      const booting = hooks.boot();
      // ECharts after the first state (charts.js loadCharts): the charts
      // that waited are drawn then
      const charts = () => { loadCharts(win).catch((e) => console.warn("pcaplay: " + e.message)); };
      booting.then(charts, charts);
      const e = hooks.embed;
      if (e) {
        embed = connect({
          play: e.play, pause: e.pause, step: e.step, reset: e.reset, set: e.set, sync: e.sync,
          status: () => e.status(),
          chartInfo: () => e.chartInfo(),
        });
      }
      return booting;
    },
  };
  return shell;
}

/**
 * @param {{mode: string, hash?: string, hooks: object, win?: Window, messages?: Messages, client?: WorkerClient}} o
 * (win, its address hash, messages and client: the page's, unless a test gives its own)
 */
export function createPageShell({ mode, hooks, win = window, hash = win.location.hash, messages = new Messages(win.document.body), client = pageClient() }) {
  const state = State.fromHash(hash);
  const player = () => hooks.player();
  const enqueue = createQueue();
  const bootNotices = state.notices;

  const commands = {
    play: () => enqueue(() => player().play()),
    pause: () => enqueue(() => (hooks.pause ? hooks.pause() : player().pause())),
    toggle: () => enqueue(() => {
      if (hooks.toggle) return hooks.toggle();
      return player().running ? player().pause() : player().play();
    }),
    step: () => enqueue(() => hooks.step()),
    reset: () => enqueue(() => hooks.reset()),
    /** set applies URL values (origin: "api", "controls" or "url"). */
    set: (changes, origin = "api", what = "") => enqueue(() => hooks.apply(changes, origin, what)),
    /** sync resolves when every command queued before it is done. */
    sync: () => enqueue(() => {}),
  };

  // the hand-edited address: a change of state, queued
  const hashchange = (h) => {
    enqueue(() => {
      const changes = hashChanges(h, mode, shell.state);
      return changes && hooks.apply(changes, "url");
    }).catch(() => {});
  };

  // the boot command: the catalog, then the first state
  const boot = () => {
    hooks.show();
    hooks.update();
    return enqueue(async () => {
      try {
        shell.catalog = await client.catalog();
        for (const s of hooks.settings()) s.setCatalog(shell.catalog);
        shell.state = shell.state.with({ catalog: shell.catalog });
        await hooks.apply({}, "url", "", bootNotices);
      } catch (e) {
        hooks.transport().loaded(e.message);
        messages.error(e.message);
        shell.bootFailed(e);
        throw e;
      }
      shell.ready = true;
      hooks.transport().loaded();
      hooks.update();
      shell.booted(hooks.status());
      if (shell.state.ui.autoplay) player().play();
    });
  };

  const embed = {
    play: commands.play,
    pause: commands.pause,
    step: commands.step,
    reset: commands.reset,
    set: (params) => commands.set(Object.assign({}, params || {}), "api"),
    sync: commands.sync,
    status: () => hooks.status(),
    chartInfo: () => hooks.chartInfo(),
  };

  const shell = createModeShell({ mode, win, messages, client, hooks: { hashchange, boot, embed } });
  const start = shell.start;
  Object.assign(shell, {
    state,
    catalog: null,
    enqueue,
    commands,

    /**
     * finish ends a transition t the mode applied (shell.state is its new
     * state): the address, the page keys, the speed, the notices (all of them,
     * in the mode's order), the transport.
     */
    finish(t, { origin, what, notices, reset }) {
      shell.writeAddress("#" + shell.state.serialize());
      hooks.show();
      if (changedPageKeys(t).includes("speed")) player().resync();
      const a = announce({ origin, notices, restart: t.restart, what, reset });
      if (a && a.notices) messages.notices(a.notices);
      else if (a) messages.say(a.say);
      hooks.update();
    },

    /**
     * fail shows an error of a run; the runs stop (reset configures them
     * again when the worker died).
     */
    fail(e) {
      player().stop();
      messages.error(e && e.message ? e.message : String(e));
      hooks.update();
    },

    /**
     * transportView makes the run page's transport on el (play/pause,
     * step, reset, speed), each button one of the shell's commands; reset
     * then says resetSaid.
     */
    transportView(el, resetSaid) {
      const c = shell.commands;
      return new TransportView(el, {
        onPlay: () => c.toggle(),
        onStep: () => c.step().catch(() => {}),
        onReset: () => c.reset().then(() => messages.say(resetSaid), () => {}),
        onSpeed: (s) => c.set({ speed: s }, "controls"),
      });
    },

    /**
     * showPageKeys shows the keys every run page shows alike: embed and the
     * font scale (onFont runs in the next frame when the scale changed, for
     * the canvases' text).
     */
    showPageKeys(onFont) {
      const ui = shell.state.ui;
      win.document.body.classList.toggle("embed", ui.embed);
      const font = String(ui.font);
      const root = win.document.documentElement;
      if (root.style.getPropertyValue("--font") !== font) {
        root.style.setProperty("--font", font);
        win.requestAnimationFrame(onFont);
      }
    },

    /**
     * start wires the page once the mode's views are built: the hand-edited
     * address, the page keys, the boot command, then the embed API (the
     * calls embed-early.js queued go behind the boot, in order).
     */
    start() {
      start().catch(() => {}); // the boot's error is shown, and the embed API's ready rejects
      return shell;
    },
  });
  return shell;
}
