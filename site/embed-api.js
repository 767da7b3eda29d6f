// embed-api.js: the page's API for scripts and parent frames.
//
//   window.playground: ready (a promise), play(), pause(), step(), reset(),
//   set(params), status(), chartInfo() — each command returns a promise of
//   the status after it.
//   postMessage: {type: "pcaplay", cmd, params} with cmd one of
//   PROTOCOL.embed.commands; every such message is answered with
//   {type: "pcaplay-status", status}, plus error: {code, message} when the
//   command failed or is unknown (ERR.UNKNOWN_COMMAND).
//   When ready, the page posts {type: "pcaplay-ready", status} to its parent.
//
// Calls and messages that arrive before the page is ready are queued by
// embed-early.js and applied in order; every command goes through the app's
// one command queue, so each applies to the state at the time it runs.
import { PROTOCOL, ERR } from "./protocol.js";

const EMBED = PROTOCOL.embed;

/**
 * connect installs the implementation behind window.playground.
 * @param {{play, pause, step, reset, set, sync: () => Promise, status: () => object, chartInfo: () => object}} app
 */
export function connect(app) {
  const early = window.__pcaplayEarly;
  const then = (p) => Promise.resolve(p).then(() => app.status());
  const api = {
    play: () => then(app.play()),
    pause: () => then(app.pause()),
    step: () => then(app.step()),
    reset: () => then(app.reset()),
    set: (params) => { try { return then(app.set(setParams(params))); } catch (e) { return Promise.reject(e); } },
    status: () => app.status(),
    chartInfo: () => app.chartInfo(),
    message: (ev) => { handle(app, ev); },
  };
  early.connect(api);
  return {
    ready(status) {
      early.resolveReady(true);
      if (window.parent && window.parent !== window) {
        window.parent.postMessage({ type: EMBED.ready, status }, "*");
      }
    },
    failed(e) { early.rejectReady(e); },
  };
}

/**
 * setParams checks the shape of a set message's params before they reach
 * the page's state: an object (or none) whose values are strings, finite
 * numbers or booleans, as an address holds, or null (the key back to its
 * default, as state.js reads it). What a value means is Go's to
 * judge (a notice, as for the address); a value that no address can carry
 * is refused here, with an error naming it.
 */
export function setParams(params) {
  if (params === undefined || params === null) return {};
  const bad = (what) => Object.assign(new Error("set: " + what), { code: ERR.BAD_ARGUMENT });
  if (typeof params !== "object" || Array.isArray(params)) {
    throw bad("params must be an object of key: value, not " + (Array.isArray(params) ? "an array" : typeof params));
  }
  const out = {};
  for (const [k, v] of Object.entries(params)) {
    const key = JSON.stringify(k.length > 40 ? k.slice(0, 40) + "…" : k);
    if (typeof v === "number" && !Number.isFinite(v)) throw bad(key + " is " + v + ", not a finite number");
    if (v !== null && typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") {
      throw bad(key + " is " + (Array.isArray(v) ? "an array" : typeof v) + "; want a string, number, boolean or null");
    }
    out[k] = v;
  }
  return out;
}

async function handle(app, ev) {
  const d = ev.data;
  let error = null;
  try {
    switch (d.cmd) {
      case "play": await app.play(); break;
      case "pause": await app.pause(); break;
      case "step": await app.step(); break;
      case "reset": await app.reset(); break;
      case "set": await app.set(setParams(d.params)); break;
      case "status": await app.sync(); break;
      default: {
        await app.sync();
        const what = d.cmd === undefined ? "no cmd" : "unknown cmd " + JSON.stringify(String(d.cmd)).slice(0, 60);
        error = { code: ERR.UNKNOWN_COMMAND, message: what + "; known: " + EMBED.commands.join(", ") };
      }
    }
  } catch (e) {
    error = { code: (e && e.code) || ERR.INTERNAL, message: String((e && e.message) || e) };
  }
  if (ev.source && typeof ev.source.postMessage === "function") {
    const reply = { type: EMBED.status, status: app.status() };
    if (error) reply.error = error;
    // The reply goes to the window that sent the message, restricted to its
    // origin. A sender with an opaque origin ("null": a file:// deck, a
    // sandboxed frame) can only be answered with "*"; the reply is the
    // page's status, nothing a third party could not see by embedding it.
    ev.source.postMessage(reply, ev.origin && ev.origin !== "null" ? ev.origin : "*");
  }
}
