// experiment-def.js: the experiment view's definition, read from and
// written to the address (no DOM, no workers; unit-tested in
// site/test/experiment-def.test.js).
//
// An experiment is every configuration × problem × run r = 0 … runs−1,
// in that nesting (the order of `cec run`'s grid, with the configurations
// in the order given): run r uses the seed seed + r, as `cec run` does, so
// a record of the page and one of `cec run -algo A -set … -seed S` with the
// same problem, D and budget are the same bits. A configuration is a name
// (the records' "algo", so that cec table, rank and merge tell the
// configurations apart), an algorithm and parameter values; Go checks the
// values (a probe configure, experiment-app.js).
//
// Keys (state.js KEYS): mode=experiment, problems=C01,C02,…, dim, fes
// (default 20000·D of each problem), runs (25), seed (1), configs, workers.
// Teaching problems are 2-D: they run at D = 2 whatever dim says.
import { PROTOCOL } from "./protocol.js";
import { cut } from "./format.js";

export const DEFAULT_RUNS = 25;
export const MAX_RUNS = 1000;
export const MAX_WORKERS = 8;
/** PCA_OFF is the suffix of the default second configuration's name. */
export const PCA_OFF = "-nopca";
const ECHO = PROTOCOL.limits.echoMax;
const { minFES: MIN_FES, maxFES: MAX_FES } = PROTOCOL.limits;

const NAME = /^[a-z][a-z0-9-]{0,31}$/;
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const VALUE = /^[A-Za-z0-9_.+-]{1,40}$/;
const UINT = /^\d+$/;
const MAX_SEED = (1n << 64n) - 1n;

/** defaultWorkers is navigator.hardwareConcurrency − 1, at least 1, at most MAX_WORKERS. */
export function defaultWorkers(cores) {
  const n = Number(cores) || 2;
  return Math.max(1, Math.min(MAX_WORKERS, n - 1));
}

/** defaultConfigs: algo with PCA-projection on (named algo) and off (algo-nopca). */
export function defaultConfigs(algo) {
  return [
    { name: algo, algo, params: { pca: "true" } },
    { name: algo + PCA_OFF, algo, params: { pca: "false" } },
  ];
}

/**
 * parseConfigs reads "NAME:ALGO(key=value;…),…" into [{name, algo,
 * params}]; errors name the bad part. "(…)" may be left out.
 */
export function parseConfigs(text) {
  const configs = [], errors = [];
  const items = String(text).split(",").map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    const m = /^([^:()]*):([^()]*)(?:\((.*)\))?$/.exec(item);
    if (!m) { errors.push(`"${cut(item, ECHO)}": want NAME:ALGO(key=value;…)`); continue; }
    const name = m[1].trim(), algo = m[2].trim().toLowerCase();
    if (!NAME.test(name)) { errors.push(`configuration name "${cut(name, ECHO)}": want lower-case letters, digits and '-' (at most 32), starting with a letter`); continue; }
    if (configs.some((c) => c.name === name)) { errors.push(`configuration name "${name}" used twice`); continue; }
    if (!NAME.test(algo)) { errors.push(`${name}: algorithm "${cut(algo, ECHO)}" is not a name`); continue; }
    const params = {};
    let bad = false;
    for (const kv of (m[3] || "").split(";").map((s) => s.trim()).filter(Boolean)) {
      const i = kv.indexOf("=");
      const k = i < 0 ? kv : kv.slice(0, i).trim(), v = i < 0 ? "" : kv.slice(i + 1).trim();
      if (!KEY.test(k) || !VALUE.test(v)) { errors.push(`${name}: "${cut(kv, ECHO)}": want key=value`); bad = true; break; }
      params[k] = v;
    }
    if (!bad) configs.push({ name, algo, params });
  }
  return { configs, errors };
}

/** formatConfigs writes configurations as parseConfigs reads them. */
export function formatConfigs(configs) {
  return configs.map((c) => {
    const ps = Object.entries(c.params || {}).map(([k, v]) => k + "=" + v).join(";");
    return c.name + ":" + c.algo + (ps ? "(" + ps + ")" : "");
  }).join(",");
}

function notice(key, value, message) {
  return { key, value: cut(String(value), ECHO), message };
}

/**
 * definition reads the experiment from URL values (strings). catalog
 * ({problems: [{name, teaching, dims}], algorithms: [{name}]}) checks the
 * problem and algorithm names when given. It returns {def, notices}: bad
 * values are replaced by defaults and named in a notice. def: {problems,
 * dim, fes (0: 20000·D), runs, seed (a decimal string), configs, workers
 * (0: default), algo}.
 */
export function definition(values, catalog = null, cores = 2) {
  const v = values || {}, notices = [];
  const bad = (k, msg) => notices.push(notice(k, v[k], msg));
  // a problem by any casing of its name or of the other names Go reads as
  // it (the catalog's names: c5 for C05)
  const problemsOf = catalog ? new Map(catalog.problems.flatMap((p) => [p.name, ...(p.names || [])].map((n) => [n.toLowerCase(), p]))) : null;
  let problems = [];
  for (const raw of String(v.problems ?? "C01").split(",").map((s) => s.trim()).filter(Boolean)) {
    if (problemsOf && !problemsOf.has(raw.toLowerCase())) { bad("problems", `unknown problem "${cut(raw, ECHO)}" left out`); continue; }
    const name = problemsOf ? problemsOf.get(raw.toLowerCase()).name : raw;
    if (!problems.includes(name)) problems.push(name);
  }
  if (!problems.length) {
    if ("problems" in v) bad("problems", "no problem; using C01");
    problems = ["C01"];
  }
  let dim = 10;
  if ("dim" in v) {
    const d = Number(v.dim);
    const dims = cecDims(catalog);
    if (!UINT.test(String(v.dim).trim()) || !dims.includes(d)) bad("dim", "D is one of " + dims.join(", ") + "; using 10");
    else dim = d;
  }
  let fes = 0;
  if ("fes" in v && String(v.fes).trim() !== "") {
    const f = Number(v.fes);
    if (!UINT.test(String(v.fes).trim()) || f < MIN_FES || f > MAX_FES) bad("fes", `the budget is a whole number in [${MIN_FES}, ${MAX_FES}]; using ${PROTOCOL.run.fesPerDim}·D`);
    else fes = f;
  }
  let runs = DEFAULT_RUNS;
  if ("runs" in v) {
    const r = Number(v.runs);
    if (!UINT.test(String(v.runs).trim()) || r < 1 || r > MAX_RUNS) bad("runs", `runs is a whole number in [1, ${MAX_RUNS}]; using ${DEFAULT_RUNS}`);
    else runs = r;
  }
  let seed = "1";
  if ("seed" in v) {
    const s = String(v.seed).trim();
    if (!UINT.test(s) || BigInt(s) > MAX_SEED) bad("seed", "want a whole number in [0, 2^64); using 1");
    else seed = String(BigInt(s));
  }
  // the last run's seed must stay below 2^64 too
  if (BigInt(seed) + BigInt(runs - 1) > MAX_SEED) { bad("seed", "seed + runs − 1 passes 2^64 − 1; using 1"); seed = "1"; }
  let workers = 0;
  if ("workers" in v && String(v.workers).trim() !== "") {
    const w = Number(v.workers);
    if (!UINT.test(String(v.workers).trim()) || w < 1 || w > MAX_WORKERS) bad("workers", `workers is a whole number in [1, ${MAX_WORKERS}]; using ${defaultWorkers(cores)}`);
    else workers = w;
  }
  let algo = String(v.algo ?? PROTOCOL.run.algo).trim().toLowerCase();
  const algos = catalog ? catalog.algorithms.map((a) => a.name) : null;
  if (algos && !algos.includes(algo)) { bad("algo", "unknown algorithm; using " + PROTOCOL.run.algo); algo = PROTOCOL.run.algo; }
  let configs = defaultConfigs(algo);
  if ("configs" in v && String(v.configs).trim() !== "") {
    const r = parseConfigs(v.configs);
    const known = r.configs.filter((c) => !algos || algos.includes(c.algo));
    for (const c of r.configs) if (!known.includes(c)) r.errors.push(`${c.name}: unknown algorithm "${cut(c.algo, ECHO)}"`);
    for (const e of r.errors) bad("configs", e);
    if (known.length >= 1 && !r.errors.length) configs = known;
    else bad("configs", "using the default configurations (" + formatConfigs(configs) + ")");
  }
  return { def: { problems, dim, fes, runs, seed, configs, workers, algo }, notices };
}

/** values writes a definition as URL values (defaults left out). */
export function toValues(def) {
  const out = { mode: "experiment", problems: def.problems.join(","), dim: String(def.dim), runs: String(def.runs), seed: def.seed };
  if (def.fes) out.fes = String(def.fes);
  if (def.workers) out.workers = String(def.workers);
  out.algo = def.algo;
  if (formatConfigs(def.configs) !== formatConfigs(defaultConfigs(def.algo))) out.configs = formatConfigs(def.configs);
  return out;
}

/** cecDims are the D the catalog offers for CEC problems. */
export function cecDims(catalog) {
  const p = catalog && catalog.problems.find((q) => !q.teaching);
  return p ? p.dims.slice() : PROTOCOL.dims.playground.slice();
}

/** dimOf is the D a problem runs at: 2 for a teaching problem. */
export function dimOf(def, problem, catalog) {
  const info = catalog && catalog.problems.find((p) => p.name === problem);
  return info && info.teaching ? 2 : def.dim;
}

/**
 * jobs lists the runs of def in order: {index, key, config, problem, dim,
 * run, seed, fes, state}, state being the run values Go configures.
 */
export function jobs(def, catalog) {
  const out = [];
  for (const c of def.configs) {
    for (const problem of def.problems) {
      const dim = dimOf(def, problem, catalog);
      const fes = def.fes || PROTOCOL.run.fesPerDim * dim;
      for (let r = 0; r < def.runs; r++) {
        const seed = String(BigInt(def.seed) + BigInt(r));
        const state = Object.assign({}, c.params, { problem, dim: String(dim), algo: c.algo, seed, fes: String(fes) });
        out.push({ index: out.length, key: jobKey(c.name, problem, dim, r), config: c.name, problem, dim, run: r, seed, fes, state });
      }
    }
  }
  return out;
}

/** jobKey names one run of an experiment. */
export function jobKey(config, problem, dim, run) { return config + "|" + problem + "|" + dim + "|" + run; }

/**
 * experimentId names the experiment's results: everything that changes a
 * record (not the number of workers), so that a link opened again finds
 * its finished runs.
 */
export function experimentId(def) {
  return JSON.stringify({ p: def.problems, d: def.dim, f: def.fes, r: def.runs, s: def.seed, c: formatConfigs(def.configs) });
}
