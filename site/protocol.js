// protocol.js: the Go↔JS protocol (message keys, error codes, shared
// constants) as one frozen object. GENERATED from internal/play/protocol.go:
//
//	go test ./internal/play -run TestProtocolJS -update
//
// Do not edit by hand; TestProtocolJS fails when this file and Go disagree.
// The shapes of the messages are documented in internal/play/protocol.go.

const freeze = (o) => {
  for (const v of Object.values(o)) if (v && typeof v === "object") freeze(v);
  return Object.freeze(o);
};

export const PROTOCOL = freeze({
  "version": 6,
  "errors": {
    "BAD_ARGUMENT": "bad-argument",
    "EXITED": "exited",
    "INTERNAL": "internal",
    "NO_RUN": "no-run",
    "RUN_FAILED": "run-failed",
    "UNKNOWN_COMMAND": "unknown-command",
    "WORKER_FAILED": "worker-failed"
  },
  "commands": [
    "protocol",
    "catalog",
    "open",
    "close",
    "configure",
    "step",
    "reset",
    "view",
    "landscape",
    "digest",
    "memory",
    "lesson",
    "needData",
    "loadData",
    "dataFailed",
    "record",
    "summarise",
    "compareSetup",
    "compare",
    "export"
  ],
  "grid": {
    "landscape": 160,
    "pc": 64,
    "max": 1024
  },
  "contourLevels": 14,
  "chart": {
    "points": 400,
    "pointsPlaying": 100
  },
  "limits": {
    "minFES": 100,
    "maxFES": 100000000,
    "echoMax": 40
  },
  "lineKind": {
    "level": 0,
    "g": 1,
    "h": 2
  },
  "mask": {
    "infeasible": 1,
    "outside": 2
  },
  "phases": [
    {
      "key": "select",
      "title": "select the k best",
      "text": "Select: the k best inputs by the feasibility rule (orange squares) define the basis."
    },
    {
      "key": "axes",
      "title": "principal axes",
      "text": "Principal axes: the mean m (◆) and the eigenvectors of the covariance of the k selected points, drawn as arrows of length √λ. Kept axes are solid, dropped ones dashed."
    },
    {
      "key": "project",
      "title": "project",
      "text": "Project: y = Vᵀ(x − m), the coordinates of every input on the m kept axes (dotted drops)."
    },
    {
      "key": "reconstruct",
      "title": "reconstruct",
      "text": "Reconstruct: x′ = m + V y, back in the search space (arrows from x to x′)."
    },
    {
      "key": "evaluate",
      "title": "evaluate",
      "text": "Evaluate: each member of Q gets a PCA child with probability pcaprob, the others a DE child. The PCA children (repaired into the box when x′ left it) are evaluated: ● feasible, × infeasible; faint rings are reconstructions no child used."
    },
    {
      "key": "replace",
      "title": "replace",
      "text": "Replace: the PCA children the selection accepted are ringed in blue; the others are discarded."
    }
  ],
  "compare": {
    "maxRuns": 4,
    "letters": [
      "a",
      "b",
      "c",
      "d"
    ],
    "shared": [
      "problem",
      "dim",
      "seed",
      "fes"
    ]
  },
  "keys": {
    "compareFrame": [
      "chart",
      "scoreboard",
      "colors",
      "landscape",
      "pc"
    ],
    "compareSetup": [
      "values",
      "overrides",
      "names",
      "notices"
    ],
    "configured": [
      "config",
      "notices",
      "params",
      "lower",
      "upper",
      "numIneq",
      "numEq",
      "frame",
      "landscape",
      "data"
    ],
    "contour": [
      "nx",
      "ny",
      "extent",
      "levels",
      "logScale",
      "lines",
      "lineStart",
      "lineKind",
      "lineIndex",
      "mask"
    ],
    "dataInfo": [
      "label",
      "note"
    ],
    "dataNeed": [
      "problem",
      "dim",
      "files",
      "loaded"
    ],
    "export": [
      "text",
      "name",
      "type"
    ],
    "frame": [
      "applied",
      "status",
      "x",
      "f",
      "v",
      "best",
      "generations",
      "charts",
      "op",
      "pc",
      "landscape"
    ],
    "lesson": [
      "frame",
      "notices",
      "values",
      "landscape"
    ],
    "lessonFit": [
      "selected",
      "mean",
      "values",
      "axis",
      "line",
      "coords",
      "points",
      "pointsF",
      "pointsDist",
      "foot",
      "tangent",
      "tangentLine",
      "angle",
      "meanDist",
      "improved"
    ],
    "lessonFrame": [
      "lesson",
      "step",
      "numSteps",
      "seed",
      "k",
      "minK",
      "maxK",
      "pcaprob",
      "problem",
      "lower",
      "upper",
      "optimum",
      "floor",
      "x",
      "f",
      "dist",
      "best",
      "bestFit",
      "allFit",
      "angles",
      "stats",
      "gen",
      "steps",
      "playground"
    ],
    "lessonGen": [
      "mu",
      "lambda",
      "k",
      "m",
      "pcaprob",
      "q",
      "children",
      "childF",
      "fromPCA",
      "nonDominated",
      "replaced",
      "hasPCA",
      "pcaMean",
      "pcaLine",
      "after",
      "afterF"
    ],
    "lessonStats": [
      "samples",
      "q1",
      "median",
      "q3"
    ],
    "lessonStep": [
      "key",
      "label",
      "title",
      "caption",
      "text",
      "layers",
      "controls",
      "readouts"
    ],
    "memory": [
      "wasmBytes",
      "heapAlloc",
      "heapSys",
      "runs"
    ],
    "notice": [
      "key",
      "value",
      "message"
    ],
    "operator": [
      "generation",
      "n",
      "count",
      "k",
      "m",
      "selected",
      "inputs",
      "mean",
      "values",
      "vectors",
      "coords",
      "points",
      "trial",
      "children",
      "pf",
      "pv",
      "accepted"
    ],
    "param": [
      "key",
      "help",
      "kind",
      "default",
      "value",
      "min",
      "max",
      "choices"
    ],
    "pc": [
      "generation",
      "mean",
      "v1",
      "v2",
      "values",
      "coords",
      "f",
      "v",
      "best",
      "variance",
      "varianceCSV",
      "contour"
    ],
    "results": [
      "configs",
      "runs",
      "notes",
      "dims",
      "progress",
      "jsonl"
    ],
    "resultsCharts": [
      "problem",
      "convergence",
      "box_f",
      "box_v",
      "ecdf"
    ],
    "resultsDim": [
      "dim",
      "problems",
      "tables",
      "latex",
      "compared",
      "tests",
      "rank",
      "charts",
      "ecdf",
      "targets"
    ],
    "resultsPending": [
      "config",
      "problem",
      "dim",
      "done",
      "runs"
    ],
    "resultsProgress": [
      "done",
      "total",
      "pending",
      "label"
    ],
    "resultsTable": [
      "config",
      "title",
      "problems",
      "sums",
      "rows",
      "csv"
    ],
    "scoreboard": [
      "targets",
      "fbest",
      "known",
      "fes",
      "partial",
      "at",
      "maxFES",
      "csv",
      "latex"
    ],
    "status": [
      "fes",
      "maxFES",
      "generation",
      "done",
      "bestF",
      "bestV",
      "feasible",
      "feasibleFraction",
      "popSize"
    ],
    "summariseOptions": [
      "configs",
      "dim",
      "alpha",
      "targets",
      "log_fes",
      "charts_of",
      "jsonl",
      "grid",
      "source"
    ]
  },
  "embed": {
    "command": "pcaplay",
    "status": "pcaplay-status",
    "ready": "pcaplay-ready",
    "commands": [
      "play",
      "pause",
      "step",
      "reset",
      "set",
      "status"
    ]
  },
  "lesson": {
    "name": "fig1",
    "layers": [
      "contour",
      "floor",
      "sample",
      "best",
      "best-axis",
      "best-projected",
      "all-axis",
      "all-projected",
      "projection",
      "generation"
    ],
    "controls": [
      "resample",
      "pcak",
      "pcaprob",
      "run"
    ]
  }
});

/** Error codes by name: ERR.NO_RUN === "no-run". */
export const ERR = PROTOCOL.errors;
/** The operator's phases: {key, title, text}. */
export const PHASES = PROTOCOL.phases;
/** Grid sizes: landscape, pc, max nodes per side. */
export const GRID = PROTOCOL.grid;
