// experiment-def.js: the runs of an experiment view's definition (no DOM,
// no workers; unit-tested in site/test/experiment-def.test.js).
//
// Go reads and checks the definition (the defineExperiment command,
// internal/play.DefineExperiment): the problems, D, budget, runs, seed,
// the named configurations and the pool's size, with a notice per replaced
// value and an error per configuration Go would not run as written. This
// file only lays out what Go decided: an experiment is every
// configuration × problem (Go's cells: each problem with the D and budget
// it runs at) × run r = 0 … runs−1, in that nesting (cec run's order); run
// r uses the seed seed + r, as cec run does, so that a record of the page
// and one of `cec run -algo A -set … -seed S` are the same bits.

/** formatConfigs writes configurations as the address has them (Go's text of each). */
export function formatConfigs(configs) {
  return configs.map((c) => c.text).join(",");
}

/**
 * jobGrid is the runs of def (Go's ExperimentDef) made on demand, never
 * all at once (an experiment may hold 100,000): job i is configuration
 * ⌊i / (cells × runs)⌋, cell ⌊i / runs⌋ mod cells, run i mod runs (the
 * order of jobs below). It returns {count, fesTotal, at(i), keyAt(i),
 * indexOf(key), fesOf(i), problems, [Symbol.iterator]}: the number of
 * jobs, the budget of all of them, job i ({index, key, config, problem,
 * dim, run, seed, fes, state}, state being the run values Go
 * configures), its key alone, the index of a key (−1 for none of def's),
 * job i's budget, the grid's problems each at its dimension, and every
 * job in order.
 */
export function jobGrid(def) {
  const configs = def.configs, cells = def.cells, runs = def.runs;
  const perConfig = cells.length * runs, count = configs.length * perConfig;
  const configAt = new Map(configs.map((c, i) => [c.name, i]));
  const cellAt = new Map(cells.map((c, i) => [c.problem + "|" + c.dim, i]));
  const base = BigInt(def.seed);
  const split = (i) => [Math.floor(i / perConfig), Math.floor(i / runs) % cells.length, i % runs];
  let fesOneRun = 0;
  for (const c of cells) fesOneRun += c.fes;
  const problems = [];
  const seen = new Set();
  for (const { problem, dim } of cells) {
    const k = problem + "|" + dim;
    if (!seen.has(k)) { seen.add(k); problems.push({ problem, dim }); }
  }
  function at(i) {
    const [ci, pi, r] = split(i);
    const c = configs[ci], { problem, dim, fes, typed } = cells[pi];
    const seed = String(base + BigInt(r));
    const state = {};
    for (const p of c.params) state[p.key] = p.value;
    Object.assign(state, { problem, dim: String(dim), algo: c.algo, seed, fes: String(fes) });
    if (typed) state.typed = typed; // a problem typed as formulas: its definition, Go's encoding
    return { index: i, key: jobKey(c.name, problem, dim, r), config: c.name, problem, dim, run: r, seed, fes, state };
  }
  function keyAt(i) {
    const [ci, pi, r] = split(i);
    return jobKey(configs[ci].name, cells[pi].problem, cells[pi].dim, r);
  }
  function indexOf(key) {
    const k = String(key), a = k.indexOf("|"), b = k.lastIndexOf("|");
    if (a < 0 || b <= a) return -1;
    const ci = configAt.get(k.slice(0, a)), pi = cellAt.get(k.slice(a + 1, b)), run = k.slice(b + 1);
    const r = Number(run);
    if (ci === undefined || pi === undefined || !Number.isInteger(r) || r < 0 || r >= runs || String(r) !== run) return -1;
    return ci * perConfig + pi * runs + r;
  }
  return {
    count, fesTotal: configs.length * runs * fesOneRun, problems, at, keyAt, indexOf,
    fesOf: (i) => cells[split(i)[1]].fes,
    *[Symbol.iterator]() { for (let i = 0; i < count; i++) yield at(i); },
  };
}

/**
 * jobs lists the runs of def (Go's ExperimentDef) in order, every one
 * (jobGrid makes them one at a time): {index, key, config, problem, dim,
 * run, seed, fes, state}, state being the run values Go configures.
 */
export function jobs(def) {
  return [...jobGrid(def)];
}

/**
 * savedRunProblem says why a line saved under job's key is not job's
 * record, or null when it is: not JSON, not an object, or the record of
 * another run (another configuration, problem, D, run, seed or budget: a
 * damaged store, or another experiment's record under this one's key).
 * Whether the record itself is sound is Go's to judge when it summarises
 * it; this is only which run it claims to be. The seed is read from the
 * text: JSON.parse would round a seed above 2^53.
 * @returns {string|null}
 */
export function savedRunProblem(job, line) {
  if (typeof line !== "string") return "not a line of text";
  let r;
  try { r = JSON.parse(line); } catch { return "not JSON"; }
  if (!r || typeof r !== "object" || Array.isArray(r)) return "not a run record";
  // the seed's digits as written (a seed beyond 2^53 loses its last digits
  // in JSON.parse); they must be the top-level seed's, which JSON.parse
  // read (a "seed" inside another value is not it)
  const seed = /"seed":(\d+)[,}]/.exec(line);
  const digits = seed && Number(seed[1]) === r.seed ? seed[1] : r.seed;
  const fields = [["algo", job.config, r.algo], ["problem", job.problem, r.problem], ["dim", job.dim, r.dim],
    ["run", job.run, r.run], ["maxfes", job.fes, r.maxfes], ["seed", job.seed, digits]];
  for (const [key, want, got] of fields) {
    if (got !== want) return `"${key}" is ${String(JSON.stringify(got)).slice(0, 40)}, not ${JSON.stringify(want)}`;
  }
  return null;
}

/** dataLabel is the "data" of a record's line ("official", "generated", …), or "". */
export function dataLabel(line) {
  const m = /"data":"([^"]*)"/.exec(line);
  return m ? m[1] : "";
}

/** jobKey names one run of an experiment. */
export function jobKey(config, problem, dim, run) { return config + "|" + problem + "|" + dim + "|" + run; }

/**
 * EXPERIMENT_STEPS is the experiment view's state machine, in one table:
 * event → {state before: state after}. An event a state does not list
 * leaves it as it is (experimentStep returns it unchanged).
 *
 *   idle ─start─▶ running ─pause─▶ paused ─resume─▶ running
 *   running, paused ─cancel─▶ cancelled;  running, paused ─end─▶ done
 *   cancelled ─end─▶ cancelled (the pool's last runs are in)
 *   idle, done, cancelled ─saved─▶ idle (a definition's saved runs shown)
 *   idle, done, cancelled ─savedCancelled─▶ cancelled (the same, right
 *   after a cancel: the page keeps saying what happened)
 *   done, cancelled ─start─▶ running
 */
export const EXPERIMENT_STEPS = deepFreeze({
  start: { idle: "running", done: "running", cancelled: "running" },
  pause: { running: "paused" },
  resume: { paused: "running" },
  cancel: { running: "cancelled", paused: "cancelled" },
  end: { running: "done", paused: "done", cancelled: "cancelled" },
  saved: { idle: "idle", done: "idle", cancelled: "idle" },
  savedCancelled: { idle: "cancelled", done: "cancelled", cancelled: "cancelled" },
});

function deepFreeze(o) {
  for (const v of Object.values(o)) if (v && typeof v === "object") deepFreeze(v);
  return Object.freeze(o);
}

/** experimentStep is the state after event in state (EXPERIMENT_STEPS). */
export function experimentStep(state, event) {
  const row = EXPERIMENT_STEPS[event];
  if (!row) throw new Error("unknown experiment event " + JSON.stringify(event));
  return row[state] ?? state;
}

/** experimentBusy says whether runs are under way (running or paused): the definition is locked. */
export const experimentBusy = (state) => state === "running" || state === "paused";
