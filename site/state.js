// state.js: the page's state is ONE object of URL values (strings), kept in
// the address as "k1=v1&k2=v2" (TensorFlow Playground style), and every
// change goes through ONE transition, State.next: the settings controls,
// window.playground.set(), a postMessage "set" and a hand-edited address
// alike. No DOM, no location: app.js reads and writes the address.
//
// The table KEYS says, for every key, its kind, its default and whether a
// change restarts the run; as in TensorFlow Playground's state.ts, one loop
// over it reads the address (checkPage: each page key by its kind's reader,
// KINDS) and one writes it (State.serialize). Run keys (kind "run", and
// every algorithm parameter, kind "param") are checked by Go
// (internal/play.Sanitize), which knows the problems, algorithms and
// ranges, and their defaults are Go's (PROTOCOL.run); the experiment view's
// keys are checked by Go too (internal/play.DefineExperiment, defaults in
// PROTOCOL.experiment); page keys are checked here, because the layout
// needs them before WebAssembly is loaded.
//
// The transition's rule for the keys a change does not name: a run key that
// is at its default for the current settings (fes = 20000·D, a parameter at
// its default, D at the problem's default) is dropped when the run restarts,
// so it follows the new settings (D 2 → 10 takes fes from 40000 to 200000);
// a value set on purpose (fes=500) is kept. D is also dropped when the new
// problem does not offer it.
import { PROTOCOL } from "./protocol.js";
import { cut } from "./format.js";

export const PANELS = ["landscape", "operator", "pcview", "convergence", "controls"];
/** EMBED_PANELS are the panels of embed=1 when the address does not say panels=. */
export const EMBED_PANELS = ["landscape", "operator", "convergence"];
/** SPEEDS[s] is the generations per second of speed s (10: as fast as the worker goes). */
export const SPEEDS = [0, 1, 2, 5, 10, 20, 40, 80, 160, 320, Infinity];

/**
 * KEYS is the table of URL keys: key, kind, default (as written in the
 * address), restart (a change starts the run again). Algorithm parameters
 * are run keys too: kind "param", their defaults come from the configured
 * run (Go's parameter list), restart true.
 */
const RUN = PROTOCOL.run; // the run keys' defaults, Go's (internal/play.Sanitize)
export const KEYS = Object.freeze([
  { key: "problem", kind: "run", default: RUN.problem, restart: true },
  { key: "dim", kind: "run", default: String(RUN.dim), restart: true }, // each problem's: the catalog's defaultDim
  { key: "algo", kind: "run", default: RUN.algo, restart: true },
  { key: "seed", kind: "run", default: RUN.seed, restart: true },
  { key: "fes", kind: "run", default: RUN.fesPerDim + "·D", restart: true },
  { key: "embed", kind: "bool", default: "0", restart: false },
  { key: "panels", kind: "panels", default: PANELS.join(","), restart: false },
  { key: "autoplay", kind: "bool", default: "0", restart: false },
  { key: "loop", kind: "bool", default: "0", restart: false },
  { key: "speed", kind: "speed", default: "6", restart: false },
  { key: "zoom", kind: "zoom", default: "off", restart: false },
  // font=1.5: every text of the page 1.5 times larger (projectors); 0.75–2
  { key: "font", kind: "font", default: "1", restart: false },
  // lesson=fig1 opens the guided lesson of the paper's Fig. 1 (lesson-app.js)
  // at step=N; its keys (and seed, pcak, pcaprob there) are read by Go
  // (internal/lesson.Parse), like run keys
  { key: "lesson", kind: "lesson", default: "", restart: false },
  { key: "step", kind: "lesson", default: "1", restart: false },
  // mode=experiment opens the experiment view (experiment-app.js): many
  // seeded runs of named configurations on a pool of workers. Its keys are
  // checked by Go (internal/play.DefineExperiment); it reads dim, fes, seed
  // and algo (the default configurations' algorithm) from the run keys above.
  { key: "mode", kind: "mode", default: "", restart: false },
  { key: "problems", kind: "exp", default: PROTOCOL.experiment.problems, restart: false },
  { key: "runs", kind: "exp", default: String(PROTOCOL.experiment.runs), restart: false },
  // configs: NAME:ALGO(key=value;…),… ; default: algo with PCA-projection on and off
  { key: "configs", kind: "exp", default: "", restart: false },
  // workers: the pool's size; default navigator.hardwareConcurrency − 1, 1…PROTOCOL.experiment.maxWorkers
  { key: "workers", kind: "exp", default: "", restart: false },
  // compare=N (2–4) compares N runs side by side (compare-app.js); run B's
  // keys are A's with overrides prefixed "b." (b.pca=false), checked by Go
  // (internal/play.SanitizeCompare). Without compare=, a prefixed key implies
  // the runs up to its letter.
  { key: "compare", kind: "compare", default: "1", restart: false },
].map(Object.freeze));

/** LETTERS name compare mode's runs (Go's); run i's keys are prefixed LETTERS[i] + "." (none for A). */
const LETTERS = PROTOCOL.compare.letters, MAX_RUNS = PROTOCOL.compare.maxRuns;
/** RUN_PREFIX matches a compared run's key: b.pca, c.algo, d.pcaprob. */
export const RUN_PREFIX = new RegExp("^(" + LETTERS.slice(1).join("|") + ")\\.", "i");

/** FONT_MIN, FONT_MAX bound font=. */
export const FONT_MIN = 0.75, FONT_MAX = 2;

const BY_KEY = new Map(KEYS.map((k) => [k.key, k]));
export const RUN_KEYS = KEYS.filter((k) => k.kind === "run").map((k) => k.key);
export const PAGE_KEYS = KEYS.filter((k) => k.kind !== "run").map((k) => k.key);
const isPage = (k) => BY_KEY.has(k) && BY_KEY.get(k).kind !== "run";

/** runsOf returns how many runs values imply by their prefixed keys (1: none). */
function runsOf(values) {
  let n = 1;
  for (const k of Object.keys(values)) {
    const m = RUN_PREFIX.exec(k);
    if (m) n = Math.max(n, LETTERS.indexOf(m[1].toLowerCase()) + 1);
  }
  return n;
}

/**
 * pageMode returns the page's mode for address values: "lesson" (a lesson
 * key), "experiment" (mode=experiment), "compare" (compare=2…4 or a
 * prefixed key) or "play" (one run).
 */
export function pageMode(values) {
  if ("lesson" in values) return "lesson";
  if (values.mode === "experiment") return "experiment";
  return checkPage(values).ui.compare > 1 ? "compare" : "play";
}

/** parse returns the hash "#k=v&…" as a plain object (later keys win; unsafe keys dropped). */
export function parse(hash) {
  const out = {};
  const h = String(hash || "").replace(/^#/, "");
  if (!h) return out;
  for (const part of h.split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    const k = safeDecode(i < 0 ? part : part.slice(0, i)).trim();
    const v = i < 0 ? "" : safeDecode(part.slice(i + 1));
    if (k && !/^(__proto__|constructor|prototype)$/.test(k)) out[k] = v;
  }
  return out;
}

function safeDecode(s) {
  try { return decodeURIComponent(s.replace(/\+/g, " ")); } catch (e) { return s; }
}

export function parseBool(v) {
  const s = String(v).trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(s)) return true;
  if (["0", "false", "no", "off", ""].includes(s)) return false;
  return null;
}

function notice(key, value, message) {
  const max = PROTOCOL.limits.echoMax;
  return { key, value: cut(value, max), message };
}

const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

const WHOLE = /^\s*\d+\s*$/;
const MAX_SPEED = SPEEDS.length - 1;

/**
 * KINDS reads and writes the page keys, by kind: read(text, bad, key,
 * values, ui) returns the typed value of the key's text in the address
 * (undefined: the key is absent), calling bad(message) for a value it
 * replaces (the message ends with what it uses instead); write(value,
 * values, ui) returns its text (undefined: the address leaves it out). A
 * reader takes its default from the key's row of KEYS; ui holds the keys
 * read before it (panels depends on embed).
 */
const KINDS = {
  bool: {
    read(s, bad, k) {
      const def = parseBool(k.default);
      if (s === undefined) return def;
      const b = parseBool(s);
      if (b === null) { bad("want 1 or 0; using " + k.default); return def; }
      return b;
    },
    write: (b) => (b ? "1" : "0"),
  },
  speed: {
    read(s, bad, k) {
      const def = Number(k.default);
      if (s === undefined) return def;
      if (!DECIMAL.test(s)) { bad("want a whole number 1–" + MAX_SPEED + "; using " + def); return def; }
      const n = Number(s);
      const c = Math.min(MAX_SPEED, Math.max(1, Math.round(n)));
      if (c !== n || !WHOLE.test(s)) bad("speed is a whole number in [1, " + MAX_SPEED + "]; using " + c);
      return c;
    },
    write: String,
  },
  panels: {
    // an embed without panels= shows the run's views, no settings: they
    // fill the frame side by side (style.css); the address stays as given
    read(s, bad, k, values, ui) {
      const all = k.default.split(",");
      if (s === undefined) return ui.embed ? EMBED_PANELS.slice() : all;
      const want = s.split(",").map((p) => p.trim().toLowerCase()).filter(Boolean);
      const known = want.filter((p) => all.includes(p));
      const unknown = want.filter((p) => !all.includes(p));
      if (unknown.length) bad("unknown panel " + cut(unknown.join(", "), PROTOCOL.limits.echoMax) + " ignored (known: " + all.join(", ") + ")");
      if (known.length) return [...new Set(known)];
      bad(unknown.length ? "no known panel; showing all panels" : "empty list; showing all panels");
      return all;
    },
    write: (p, values, ui) => (ui.embed && !("panels" in values) ? undefined : p.join(",")),
  },
  // zoom=pop fits the 2-D landscape to the population; off: the box
  zoom: {
    read(s, bad, k) {
      if (s === undefined) return k.default === "pop";
      const z = s.trim().toLowerCase();
      if (z === "pop") return true;
      if (z !== "off") bad("want pop (zoom to the population) or off; using " + k.default);
      return k.default === "pop";
    },
    write: (on) => (on ? "pop" : "off"),
  },
  font: {
    read(s, bad, k) {
      const def = Number(k.default);
      if (s === undefined) return def;
      const n = Number(s);
      if (!DECIMAL.test(s) || !Number.isFinite(n)) { bad("want a text scale such as 1.5; using " + def); return def; }
      const c = Math.min(FONT_MAX, Math.max(FONT_MIN, n));
      if (c !== n) bad("the text scale is in [" + FONT_MIN + ", " + FONT_MAX + "]; using " + c);
      return c;
    },
    write: String,
  },
  // without compare=, the prefixed keys imply the runs up to their letter
  compare: {
    read(s, bad, k, values) {
      const def = runsOf(values);
      if (s === undefined) return def;
      if (!WHOLE.test(s)) { bad("want the number of runs to compare, 1–" + MAX_RUNS + "; using " + def); return def; }
      const n = Number(s);
      if (n >= 1 && n <= MAX_RUNS) return n;
      const c = Math.min(MAX_RUNS, Math.max(1, n));
      bad("compare mode shows 1 to " + MAX_RUNS + " runs; using " + c);
      return c;
    },
    write: String,
  },
};

/**
 * checkPage checks the page keys of values, in one loop over KEYS: returns
 * the normalised values (bad ones replaced by their default), the page
 * settings as types (ui) and a notice per bad value.
 */
export function checkPage(values) {
  const v = Object.assign({}, values);
  const notices = [];
  const ui = {};
  for (const k of KEYS) {
    const kind = KINDS[k.kind];
    if (!kind) continue;
    const bad = (message) => notices.push(notice(k.key, values[k.key], message));
    ui[k.key] = kind.read(k.key in v ? String(v[k.key]) : undefined, bad, k, values, ui);
    const text = kind.write(ui[k.key], values, ui);
    if (text === undefined) delete v[k.key];
    else v[k.key] = text;
  }
  ui.lesson = "lesson" in v;
  return { values: v, ui, notices };
}

/**
 * State is one immutable page state: values (key → string) and the context
 * the defaults depend on: the catalog (problems and their D) and the
 * parameter list of the configured run.
 */
export class State {
  constructor(values = {}, ctx = {}) {
    const checked = checkPage(values);
    this.values = Object.freeze(checked.values);
    this.ui = Object.freeze(checked.ui);
    /** notices for the page keys of values that were replaced */
    this.notices = checked.notices;
    this.ctx = Object.freeze(Object.assign({ catalog: null, params: [] }, ctx));
  }

  /** fromHash reads an address hash; its notices name the bad page values. */
  static fromHash(hash, ctx) { return new State(parse(hash), ctx); }

  /** run returns the values Go's sanitiser reads (everything but page keys). */
  run() {
    const out = {};
    for (const [k, v] of Object.entries(this.values)) if (!isPage(k)) out[k] = v;
    return out;
  }

  /** paramKeys lists the configured run's parameter keys, in order. */
  paramKeys() { return this.ctx.params.map((p) => p.key); }

  /** defaultOf returns key's default under the current settings, or undefined. */
  defaultOf(key) {
    const v = this.values;
    if (key === "fes") return String(RUN.fesPerDim * Number(v.dim));
    if (key === "dim") {
      const info = this.problem(v.problem);
      return info ? String(info.defaultDim) : undefined;
    }
    const p = this.ctx.params.find((q) => q.key === key);
    if (p) return p.default;
    const k = BY_KEY.get(key);
    return k && k.kind === "run" ? k.default : undefined;
  }

  problem(name) {
    const c = this.ctx.catalog;
    return c ? c.problems.find((p) => p.name === name) : undefined;
  }

  /**
   * next is the one transition: it applies changes (key → value; null or
   * undefined removes the key, i.e. its default) to this state and returns
   * {state, restart, changed, notices}. restart: a run key changed;
   * changed: the keys whose value changed; notices: bad page values.
   */
  next(changes) {
    const vals = Object.assign({}, this.values);
    const named = new Set();
    for (const [k, raw] of Object.entries(changes || {})) {
      if (!k || /^(__proto__|constructor|prototype)$/.test(k)) continue;
      named.add(k);
      if (raw === null || raw === undefined) delete vals[k];
      else vals[k] = String(raw);
    }
    const differs = (k) => this.values[k] !== vals[k];
    const restart = [...named].some((k) => !isPage(k) && differs(k));
    if (restart) {
      // keys at their default follow the new settings
      for (const k of Object.keys(this.values)) {
        if (isPage(k) || named.has(k) || k === "problem" || k === "algo" || k === "seed") continue;
        if (this.values[k] === this.defaultOf(k)) delete vals[k];
      }
      // a D the new problem does not offer goes back to its default
      if ("dim" in vals && !named.has("dim")) {
        const info = this.problem(vals.problem);
        if (info && !info.dims.map(String).includes(String(vals.dim).trim())) delete vals.dim;
      }
    }
    const state = new State(vals, this.ctx);
    const changed = new Set();
    for (const k of new Set([...Object.keys(this.values), ...Object.keys(state.values)])) {
      if (this.values[k] !== state.values[k]) changed.add(k);
    }
    return { state, restart, changed, notices: state.notices };
  }

  /**
   * diff returns the changes that turn this state into other (keys other
   * lacks map to null): a hand-edited address becomes a transition.
   */
  diff(other) {
    const changes = {};
    for (const k of new Set([...Object.keys(this.values), ...Object.keys(other)])) {
      if (!(k in other)) changes[k] = null;
      else if (this.values[k] !== other[k]) changes[k] = other[k];
    }
    return changes;
  }

  /**
   * configured returns the state of a run Go has configured: its sanitised
   * values (run keys and parameters) with this state's page keys.
   */
  configured(run, catalog) {
    const vals = {};
    for (const k of PAGE_KEYS) if (k in this.values) vals[k] = this.values[k];
    Object.assign(vals, run.config);
    return new State(vals, { catalog: catalog || this.ctx.catalog, params: run.params || [] });
  }

  /** with returns this state with its context extended (e.g. the catalog). */
  with(ctx) { return new State(this.values, Object.assign({}, this.ctx, ctx)); }

  /**
   * serialize writes the state as a hash (no "#"): run keys first, then the
   * parameters in the run's order, then other keys, then the page keys
   * that differ from their defaults. extra values are merged in first.
   */
  serialize(extra) {
    const s = Object.assign({}, this.values, extra || {});
    const parts = [];
    const done = new Set();
    const put = (k) => {
      if (done.has(k) || !(k in s) || s[k] === undefined || s[k] === null) return;
      done.add(k);
      parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(String(s[k])).replace(/%2C/g, ","));
    };
    RUN_KEYS.forEach(put);
    this.paramKeys().forEach(put);
    for (const k of Object.keys(s)) if (!isPage(k)) put(k);
    for (const k of PAGE_KEYS) if (k in s && String(s[k]) !== BY_KEY.get(k).default) put(k);
    return parts.join("&");
  }
}
