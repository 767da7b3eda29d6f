// protocol.js: the Go↔JS protocol (commands, message keys, error codes,
// shared constants) as one frozen object, the types of the commands'
// requests and replies, and the page's client of the module. GENERATED from
// internal/play/protocol (protocol.go, commands.go and the js tags of the types):
//
//	go test ./internal/play/protocol -run TestProtocolJS -update
//
// Do not edit by hand; TestProtocolJS fails when this file and Go disagree.

const freeze = (o) => {
  for (const v of Object.values(o)) if (v && typeof v === "object") freeze(v);
  return Object.freeze(o);
};

export const PROTOCOL = freeze({
  "version": 9,
  "errors": {
    "BAD_ARGUMENT": "bad-argument",
    "EXITED": "exited",
    "FULL": "full",
    "INTERNAL": "internal",
    "NO_RUN": "no-run",
    "RUN_FAILED": "run-failed",
    "UNKNOWN_COMMAND": "unknown-command",
    "WORKER_FAILED": "worker-failed"
  },
  "commands": [
    {
      "name": "protocol",
      "doc": "the protocol (Protocol): the worker checks its version",
      "request": [],
      "reply": "ProtocolSpec"
    },
    {
      "name": "catalog",
      "doc": "the problems and algorithms the page offers",
      "request": [],
      "reply": "Catalog"
    },
    {
      "name": "open",
      "doc": "opens a run and returns its id; configure it next",
      "request": [],
      "reply": "number"
    },
    {
      "name": "close",
      "doc": "forgets a run",
      "request": [
        "run"
      ],
      "reply": "boolean"
    },
    {
      "name": "configure",
      "doc": "starts a run afresh from URL values and returns what the page shows first",
      "request": [
        "run",
        "state",
        "options"
      ],
      "reply": "Configured"
    },
    {
      "name": "step",
      "doc": "applies generations as the options say and returns the frame after them",
      "request": [
        "run",
        "options"
      ],
      "reply": "Frame"
    },
    {
      "name": "reset",
      "doc": "starts a run again from its configuration: the frame of its initial population",
      "request": [
        "run",
        "options"
      ],
      "reply": "Frame"
    },
    {
      "name": "view",
      "doc": "sets how the 2-D landscape is shown: its contour, or null for D ≠ 2",
      "request": [
        "run",
        "options"
      ],
      "reply": "Contour"
    },
    {
      "name": "landscape",
      "doc": "samples the 2-D landscape on a grid over an extent",
      "request": [
        "run",
        "nx",
        "ny",
        "extent"
      ],
      "reply": "Contour"
    },
    {
      "name": "digest",
      "doc": "runs URL values afresh, apart from every open run, and returns the run's digest (RunDigest)",
      "request": [
        "state",
        "steps"
      ],
      "reply": "DigestReply"
    },
    {
      "name": "memory",
      "doc": "the module's memory and open runs",
      "request": [],
      "reply": "Memory"
    },
    {
      "name": "lesson",
      "doc": "the guided lesson of Fig. 1 for URL values (no run involved)",
      "request": [
        "state",
        "options"
      ],
      "reply": "LessonReply"
    },
    {
      "name": "needData",
      "doc": "the official CEC 2017 files the run of URL values needs",
      "request": [
        "state"
      ],
      "reply": "DataNeed"
    },
    {
      "name": "loadData",
      "doc": "hands the official files of a problem and dimension to the module",
      "request": [
        "problem",
        "dim",
        "files",
        "sums"
      ],
      "reply": "DataInfo"
    },
    {
      "name": "dataFailed",
      "doc": "says why the official files could not be fetched (the runs use generated data)",
      "request": [
        "problem",
        "dim",
        "reason"
      ],
      "reply": "boolean"
    },
    {
      "name": "compareSetup",
      "doc": "compare mode: URL values split into the compared runs",
      "request": [
        "state",
        "n"
      ],
      "reply": "CompareSetup"
    },
    {
      "name": "checkProblem",
      "doc": "checks a problem typed as formulas (its JSON definition, or a typed= value): the error with its formula and column, or its name_hash, counts and typed= value",
      "request": [
        "json",
        "encoded"
      ],
      "reply": "ProblemCheck"
    },
    {
      "name": "compare",
      "doc": "compare mode: the overlaid chart, the scoreboard and the shared views of the runs",
      "request": [
        "runs",
        "options"
      ],
      "reply": "CompareFrame"
    },
    {
      "name": "export",
      "doc": "an export of a run (Exports): its history as CSV or JSON, the cec run command, the chart",
      "request": [
        "run",
        "what"
      ],
      "reply": "Export"
    },
    {
      "name": "record",
      "doc": "the finished run's record, one JSON line of the cec run -o schema (configure with record: true)",
      "request": [
        "run",
        "name",
        "index"
      ],
      "reply": "string",
      "full": true
    },
    {
      "name": "summarise",
      "doc": "the results view of run records (Summarise)",
      "request": [
        "jsonl",
        "options"
      ],
      "reply": "ExperimentResults",
      "full": true
    },
    {
      "name": "defineExperiment",
      "doc": "the experiment view: its definition read from URL values, with a notice per replaced value",
      "request": [
        "state",
        "cores"
      ],
      "reply": "ExperimentReply",
      "full": true
    },
    {
      "name": "gifStart",
      "doc": "starts an animated GIF recording of the page's frames (export.GIF) and returns its id",
      "request": [
        "width",
        "height",
        "delay"
      ],
      "reply": "number",
      "full": true
    },
    {
      "name": "gifFrame",
      "doc": "adds a frame (a canvas' RGBA pixels) to a GIF recording and returns its number of frames",
      "request": [
        "gif",
        "rgba"
      ],
      "reply": "number",
      "full": true
    },
    {
      "name": "gifEnd",
      "doc": "ends a GIF recording: the GIF file, or nothing when cancelled",
      "request": [
        "gif",
        "cancel"
      ],
      "reply": "GIFFile",
      "full": true
    },
    {
      "name": "zip",
      "doc": "a zip archive of files the page made (the lesson's steps as PNGs)",
      "request": [
        "files"
      ],
      "reply": "ZipFile",
      "full": true
    },
    {
      "name": "oneFile",
      "doc": "the page in the state of an address as one self-contained HTML file (internal/onefile, as cec export-html writes it) from the site's files the page fetched, or the files it still needs",
      "request": [
        "hash",
        "files"
      ],
      "reply": "OneFile",
      "full": true
    }
  ],
  "modules": {
    "playground": "pcaplay.wasm",
    "full": "pcaplay-full.wasm"
  },
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
  "run": {
    "problem": "rosenbrock",
    "dim": 2,
    "algo": "pmode",
    "seed": "1",
    "fesPerDim": 20000
  },
  "experiment": {
    "problems": "C01",
    "dim": 10,
    "runs": 25,
    "maxRuns": 1000,
    "maxWorkers": 8
  },
  "typed": {
    "key": "typed",
    "maxValue": 65536,
    "minDim": 2,
    "maxDim": 100
  },
  "dims": {
    "playground": [
      2,
      10,
      20,
      30,
      50,
      100
    ],
    "official": [
      10,
      30,
      50,
      100
    ]
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
      "text": "Principal axes: the mean x̄ (◆) and the eigenvectors v₁, v₂, … of the covariance of the k selected points, each drawn as an arrow of length σ, the standard deviation of those points along it (σ², the variance along it, is its eigenvalue). Kept axes are solid, dropped ones dashed."
    },
    {
      "key": "project",
      "title": "project",
      "text": "Project: y = Vᵀ(x − x̄), the coordinates of every input on the m kept axes (dotted drops)."
    },
    {
      "key": "reconstruct",
      "title": "reconstruct",
      "text": "Reconstruct: x′ = x̄ + V y, back in the search space (arrows from x to x′)."
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
  "symbols": [
    {
      "key": "g",
      "text": "g: the inequality constraints g_i(x) ≤ 0 (the landscape draws g_i = 0 as solid lines)"
    },
    {
      "key": "h",
      "text": "h: the equality constraints h_j(x) = 0, met within δ = 1e-4 (dashed lines)"
    },
    {
      "key": "v",
      "text": "v: the constraint violation of the best point, Σ max(0, g_i) + Σ max(0, |h_j| − δ) (eq. 3–5); 0 means feasible"
    },
    {
      "key": "k",
      "text": "k: how many of the best inputs the principal axes come from (the parameter pcak)"
    },
    {
      "key": "m",
      "text": "m: how many principal axes PCA-projection keeps (the parameter pcam)"
    },
    {
      "key": "n",
      "text": "n: the dimension D of the search space"
    }
  ],
  "compare": {
    "maxRuns": 4,
    "maxSeeds": 30,
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
      "fes",
      "typed",
      "seeds"
    ]
  },
  "keys": {
    "AlgorithmInfo": [
      "name",
      "title",
      "help"
    ],
    "Catalog": [
      "problems",
      "algorithms"
    ],
    "CheckProblemRequest": [
      "json",
      "encoded"
    ],
    "CommandSpec": [
      "name",
      "doc",
      "request",
      "reply",
      "full"
    ],
    "CompareFrame": [
      "chart",
      "scoreboard",
      "colors",
      "landscape",
      "pc",
      "seeds"
    ],
    "CompareOptions": [
      "chart",
      "playing",
      "zoom",
      "view",
      "names",
      "pc",
      "seeds"
    ],
    "CompareRequest": [
      "runs",
      "options"
    ],
    "CompareSetup": [
      "values",
      "overrides",
      "names",
      "notices",
      "seeds"
    ],
    "CompareSetupRequest": [
      "state",
      "n"
    ],
    "ConfigParam": [
      "key",
      "value"
    ],
    "ConfigureOptions": [
      "view",
      "frame",
      "record"
    ],
    "ConfigureRequest": [
      "run",
      "state",
      "options"
    ],
    "Configured": [
      "config",
      "notices",
      "params",
      "lower",
      "upper",
      "numIneq",
      "numEq",
      "frame",
      "landscape",
      "data",
      "problem"
    ],
    "Contour": [
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
    "DataFailedRequest": [
      "problem",
      "dim",
      "reason"
    ],
    "DataInfo": [
      "label",
      "note"
    ],
    "DataNeed": [
      "problem",
      "dim",
      "files",
      "loaded"
    ],
    "DigestReply": [
      "hash",
      "bestF",
      "bestV",
      "fes",
      "generations"
    ],
    "DigestRequest": [
      "state",
      "steps"
    ],
    "ExperimentCell": [
      "problem",
      "dim",
      "fes",
      "typed"
    ],
    "ExperimentConfig": [
      "name",
      "algo",
      "params",
      "text"
    ],
    "ExperimentConfigTable": [
      "config",
      "title",
      "problems",
      "sums",
      "rows",
      "csv"
    ],
    "ExperimentDef": [
      "problems",
      "dim",
      "fes",
      "runs",
      "seed",
      "configs",
      "workers",
      "pool",
      "algo",
      "cells"
    ],
    "ExperimentDimResults": [
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
    "ExperimentGrid": [
      "runs",
      "problems"
    ],
    "ExperimentGridProblem": [
      "problem",
      "dim"
    ],
    "ExperimentPendingCell": [
      "config",
      "problem",
      "dim",
      "done",
      "runs"
    ],
    "ExperimentProblemCharts": [
      "problem",
      "convergence",
      "boxF",
      "boxV",
      "ecdf"
    ],
    "ExperimentProgress": [
      "done",
      "total",
      "pending",
      "label"
    ],
    "ExperimentReply": [
      "def",
      "notices",
      "errors",
      "values",
      "id"
    ],
    "ExperimentRequest": [
      "state",
      "cores"
    ],
    "ExperimentResults": [
      "configs",
      "runs",
      "notes",
      "dims",
      "progress",
      "jsonl"
    ],
    "Export": [
      "text",
      "name",
      "type"
    ],
    "ExportRequest": [
      "run",
      "what"
    ],
    "Frame": [
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
    "FrameOptions": [
      "chart",
      "playing",
      "pc",
      "op"
    ],
    "GIFEndRequest": [
      "gif",
      "cancel"
    ],
    "GIFFile": [
      "bytes",
      "frames"
    ],
    "GIFFrameRequest": [
      "gif",
      "rgba"
    ],
    "GIFStartRequest": [
      "width",
      "height",
      "delay"
    ],
    "LandscapeRequest": [
      "run",
      "nx",
      "ny",
      "extent"
    ],
    "LessonFitFrame": [
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
    "LessonFrame": [
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
    "LessonGenFrame": [
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
    "LessonOptions": [
      "landscape"
    ],
    "LessonReadout": [
      "key",
      "label",
      "value"
    ],
    "LessonReply": [
      "frame",
      "notices",
      "values",
      "landscape"
    ],
    "LessonRequest": [
      "state",
      "options"
    ],
    "LessonStatsFrame": [
      "samples",
      "q1",
      "median",
      "q3"
    ],
    "LessonStep": [
      "key",
      "label",
      "title",
      "caption",
      "text",
      "layers",
      "controls",
      "readouts"
    ],
    "LoadDataRequest": [
      "problem",
      "dim",
      "files",
      "sums"
    ],
    "Memory": [
      "wasmBytes",
      "heapAlloc",
      "heapSys",
      "heapObjects",
      "runs"
    ],
    "Notice": [
      "key",
      "value",
      "message"
    ],
    "OneFile": [
      "missing",
      "html",
      "mode"
    ],
    "OneFileRequest": [
      "hash",
      "files"
    ],
    "Operator": [
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
    "PCView": [
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
    "ParamInfo": [
      "key",
      "label",
      "help",
      "kind",
      "default",
      "value",
      "min",
      "max",
      "choices"
    ],
    "Phase": [
      "key",
      "title",
      "text"
    ],
    "ProblemCheck": [
      "ok",
      "message",
      "formula",
      "column",
      "name",
      "dim",
      "numIneq",
      "numEq",
      "encoded",
      "json"
    ],
    "ProblemInfo": [
      "name",
      "description",
      "teaching",
      "dims",
      "defaultDim",
      "names",
      "numIneq",
      "numEq",
      "typed"
    ],
    "ProtocolSpec": [
      "version",
      "errors",
      "commands",
      "modules",
      "grid",
      "contourLevels",
      "chart",
      "limits",
      "run",
      "experiment",
      "typed",
      "dims",
      "lineKind",
      "mask",
      "phases",
      "symbols",
      "compare",
      "keys",
      "embed",
      "lesson"
    ],
    "RecordRequest": [
      "run",
      "name",
      "index"
    ],
    "ResetRequest": [
      "run",
      "options"
    ],
    "RunRequest": [
      "run"
    ],
    "Scoreboard": [
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
    "SeedsFrame": [
      "n",
      "first",
      "last",
      "at",
      "done",
      "fes",
      "medianF",
      "medianV",
      "targets",
      "firstCount",
      "reached",
      "caption",
      "test",
      "tests"
    ],
    "SeedsPair": [
      "a",
      "b",
      "p",
      "pHolm",
      "u",
      "exact",
      "mark",
      "text"
    ],
    "StateRequest": [
      "state"
    ],
    "StatsComparison": [
      "alpha",
      "configs",
      "problems",
      "pairs",
      "totals"
    ],
    "StatsPair": [
      "a",
      "b",
      "na",
      "nb",
      "rankA",
      "rankB",
      "u",
      "p",
      "exact",
      "pHolm",
      "significant",
      "mark"
    ],
    "StatsSummary": [
      "best",
      "median",
      "mean",
      "worst",
      "std",
      "medianCounts",
      "medianV",
      "sr",
      "vio",
      "runs",
      "feasibleRuns"
    ],
    "StatsTable": [
      "problems",
      "algorithms",
      "mean",
      "median",
      "meanTotal",
      "medianTotal",
      "total"
    ],
    "StatsTally": [
      "a",
      "b",
      "wins",
      "ties",
      "losses"
    ],
    "StatsTarget": [
      "feasible",
      "delta"
    ],
    "Status": [
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
    "StepOptions": [
      "n",
      "untilFES",
      "maxMs",
      "chart",
      "playing",
      "pc",
      "op"
    ],
    "StepRequest": [
      "run",
      "options"
    ],
    "SummariseOptions": [
      "configs",
      "dim",
      "alpha",
      "targets",
      "logFES",
      "chartsOf",
      "jsonl",
      "grid",
      "source"
    ],
    "SummariseRequest": [
      "jsonl",
      "options"
    ],
    "SymbolHelp": [
      "key",
      "text"
    ],
    "ViewOptions": [
      "zoom",
      "grid"
    ],
    "ViewRequest": [
      "run",
      "options"
    ],
    "ZipFile": [
      "bytes"
    ],
    "ZipRequest": [
      "files"
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
    "keys": [
      "lesson",
      "step",
      "seed",
      "pcak",
      "pcaprob"
    ],
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

// The objects of the commands' requests and replies, by their Go type's
// name (their keys: PROTOCOL.keys). A key in brackets may be left out; so
// may every key of a request's options (its zero value), and a request
// may give an Array where a Float64Array is named.

/**
 * @typedef {Object} AlgorithmInfo
 * @property {string} name
 * @property {string} title
 * @property {string} help
 */

/**
 * @typedef {Object} Catalog
 * @property {ProblemInfo[]} problems
 * @property {AlgorithmInfo[]} algorithms
 */

/**
 * @typedef {Object} CheckProblemRequest
 * @property {string} [json]
 * @property {string} [encoded]
 */

/**
 * @typedef {Object} CommandSpec
 * @property {string} name
 * @property {string} doc
 * @property {string[]} request
 * @property {string} reply
 * @property {boolean} [full]
 */

/**
 * @typedef {Object} CompareFrame
 * @property {string} [chart]
 * @property {Scoreboard} scoreboard
 * @property {string[]} colors
 * @property {Contour} [landscape]
 * @property {Array<(PCView|null)>} [pc]
 * @property {SeedsFrame} [seeds]
 */

/**
 * @typedef {Object} CompareOptions
 * @property {boolean} chart
 * @property {boolean} playing
 * @property {boolean} zoom
 * @property {boolean} view
 * @property {string[]} names
 * @property {number} pc
 * @property {number} seeds
 */

/**
 * @typedef {Object} CompareRequest
 * @property {number[]} runs
 * @property {CompareOptions} [options]
 */

/**
 * @typedef {Object} CompareSetup
 * @property {Array<Object<string, string>>} values
 * @property {Array<Object<string, string>>} overrides
 * @property {string[]} names
 * @property {Notice[]} notices
 * @property {number} seeds
 */

/**
 * @typedef {Object} CompareSetupRequest
 * @property {Object<string, string>} [state]
 * @property {number} [n]
 */

/**
 * @typedef {Object} ConfigParam
 * @property {string} key
 * @property {string} value
 */

/**
 * @typedef {Object} ConfigureOptions
 * @property {ViewOptions} view
 * @property {FrameOptions} frame
 * @property {boolean} record
 */

/**
 * @typedef {Object} ConfigureRequest
 * @property {number} run
 * @property {Object<string, string>} [state]
 * @property {ConfigureOptions} [options]
 */

/**
 * @typedef {Object} Configured
 * @property {Object<string, string>} config
 * @property {Notice[]} notices
 * @property {ParamInfo[]} params
 * @property {Float64Array} lower
 * @property {Float64Array} upper
 * @property {number} numIneq
 * @property {number} numEq
 * @property {(Frame|null)} frame
 * @property {(Contour|null)} landscape
 * @property {DataInfo} data
 * @property {ProblemInfo} problem
 */

/**
 * @typedef {Object} Contour
 * @property {number} nx
 * @property {number} ny
 * @property {Float64Array} extent
 * @property {Float64Array} levels
 * @property {boolean} logScale
 * @property {Float64Array} lines
 * @property {Float64Array} lineStart
 * @property {Float64Array} lineKind
 * @property {Float64Array} lineIndex
 * @property {Uint8Array} mask
 */

/**
 * @typedef {Object} DataFailedRequest
 * @property {string} problem
 * @property {number} dim
 * @property {string} reason
 */

/**
 * @typedef {Object} DataInfo
 * @property {string} label
 * @property {string} note
 */

/**
 * @typedef {Object} DataNeed
 * @property {string} problem
 * @property {number} dim
 * @property {string[]} files
 * @property {boolean} loaded
 */

/**
 * @typedef {Object} DigestReply
 * @property {string} hash
 * @property {number} bestF
 * @property {number} bestV
 * @property {number} fes
 * @property {number} generations
 */

/**
 * @typedef {Object} DigestRequest
 * @property {Object<string, string>} [state]
 * @property {number} [steps]
 */

/**
 * @typedef {Object} ExperimentCell
 * @property {string} problem
 * @property {number} dim
 * @property {number} fes
 * @property {string} typed
 */

/**
 * @typedef {Object} ExperimentConfig
 * @property {string} name
 * @property {string} algo
 * @property {ConfigParam[]} params
 * @property {string} text
 */

/**
 * @typedef {Object} ExperimentConfigTable
 * @property {string} config
 * @property {string} title
 * @property {string[]} problems
 * @property {StatsSummary[]} sums
 * @property {string[][]} rows
 * @property {string} csv
 */

/**
 * @typedef {Object} ExperimentDef
 * @property {string[]} problems
 * @property {number} dim
 * @property {number} fes
 * @property {number} runs
 * @property {string} seed
 * @property {ExperimentConfig[]} configs
 * @property {number} workers
 * @property {number} pool
 * @property {string} algo
 * @property {ExperimentCell[]} cells
 */

/**
 * @typedef {Object} ExperimentDimResults
 * @property {number} dim
 * @property {string[]} problems
 * @property {ExperimentConfigTable[]} tables
 * @property {string} latex
 * @property {string[]} compared
 * @property {(StatsComparison|null)} tests
 * @property {(StatsTable|null)} rank
 * @property {ExperimentProblemCharts[]} charts
 * @property {number[]} [ecdf]
 * @property {string[]} targets
 */

/**
 * @typedef {Object} ExperimentGrid
 * @property {number} runs
 * @property {ExperimentGridProblem[]} problems
 */

/**
 * @typedef {Object} ExperimentGridProblem
 * @property {string} problem
 * @property {number} dim
 */

/**
 * @typedef {Object} ExperimentPendingCell
 * @property {string} config
 * @property {string} problem
 * @property {number} dim
 * @property {number} done
 * @property {number} runs
 */

/**
 * @typedef {Object} ExperimentProblemCharts
 * @property {string} problem
 * @property {number[]} [convergence]
 * @property {number[]} boxF
 * @property {number[]} [boxV]
 * @property {number[]} [ecdf]
 */

/**
 * @typedef {Object} ExperimentProgress
 * @property {number} done
 * @property {number} total
 * @property {ExperimentPendingCell[]} pending
 * @property {string} label
 */

/**
 * @typedef {Object} ExperimentReply
 * @property {ExperimentDef} def
 * @property {Notice[]} notices
 * @property {string[]} errors
 * @property {Object<string, string>} values
 * @property {string} id
 */

/**
 * @typedef {Object} ExperimentRequest
 * @property {Object<string, string>} [state]
 * @property {number} cores
 */

/**
 * @typedef {Object} ExperimentResults
 * @property {string[]} configs
 * @property {number} runs
 * @property {string[]} notes
 * @property {ExperimentDimResults[]} dims
 * @property {(ExperimentProgress|null)} progress
 * @property {string} [jsonl]
 */

/**
 * @typedef {Object} Export
 * @property {string} text
 * @property {string} name
 * @property {string} type
 */

/**
 * @typedef {Object} ExportRequest
 * @property {number} run
 * @property {string} what
 */

/**
 * @typedef {Object} Frame
 * @property {number} applied
 * @property {Status} status
 * @property {Float64Array} [x]
 * @property {Float64Array} f
 * @property {Float64Array} v
 * @property {Float64Array} best
 * @property {number} generations
 * @property {string[]} [charts]
 * @property {Operator} [op]
 * @property {PCView} [pc]
 * @property {Contour} [landscape]
 */

/**
 * @typedef {Object} FrameOptions
 * @property {boolean} chart
 * @property {boolean} playing
 * @property {number} pc
 * @property {boolean} op
 */

/**
 * @typedef {Object} GIFEndRequest
 * @property {number} gif
 * @property {boolean} [cancel]
 */

/**
 * @typedef {Object} GIFFile
 * @property {Uint8Array} bytes
 * @property {number} frames
 */

/**
 * @typedef {Object} GIFFrameRequest
 * @property {number} gif
 * @property {Uint8Array} rgba
 */

/**
 * @typedef {Object} GIFStartRequest
 * @property {number} width
 * @property {number} height
 * @property {number} delay
 */

/**
 * @typedef {Object} LandscapeRequest
 * @property {number} run
 * @property {number} [nx]
 * @property {number} [ny]
 * @property {Float64Array} [extent]
 */

/**
 * @typedef {Object} LessonFitFrame
 * @property {number[]} selected
 * @property {Float64Array} mean
 * @property {Float64Array} values
 * @property {Float64Array} axis
 * @property {Float64Array} line
 * @property {Float64Array} coords
 * @property {Float64Array} points
 * @property {Float64Array} pointsF
 * @property {Float64Array} pointsDist
 * @property {Float64Array} foot
 * @property {Float64Array} tangent
 * @property {Float64Array} tangentLine
 * @property {number} angle
 * @property {number} meanDist
 * @property {number} improved
 */

/**
 * @typedef {Object} LessonFrame
 * @property {string} lesson
 * @property {number} step
 * @property {number} numSteps
 * @property {string} seed
 * @property {number} k
 * @property {number} minK
 * @property {number} maxK
 * @property {number} pcaprob
 * @property {string} problem
 * @property {Float64Array} lower
 * @property {Float64Array} upper
 * @property {Float64Array} optimum
 * @property {Float64Array} floor
 * @property {Float64Array} x
 * @property {Float64Array} f
 * @property {Float64Array} dist
 * @property {number[]} best
 * @property {LessonFitFrame} bestFit
 * @property {LessonFitFrame} allFit
 * @property {Float64Array} angles
 * @property {LessonStatsFrame} stats
 * @property {LessonGenFrame} gen
 * @property {LessonStep[]} steps
 * @property {string} playground
 */

/**
 * @typedef {Object} LessonGenFrame
 * @property {number} mu
 * @property {number} lambda
 * @property {number} k
 * @property {number} m
 * @property {number} pcaprob
 * @property {number[]} q
 * @property {Float64Array} children
 * @property {Float64Array} childF
 * @property {boolean[]} fromPCA
 * @property {boolean[]} nonDominated
 * @property {number[]} replaced
 * @property {boolean} hasPCA
 * @property {Float64Array} pcaMean
 * @property {Float64Array} pcaLine
 * @property {Float64Array} after
 * @property {Float64Array} afterF
 */

/**
 * @typedef {Object} LessonOptions
 * @property {boolean} landscape
 */

/**
 * @typedef {Object} LessonReadout
 * @property {string} key
 * @property {string} label
 * @property {string} value
 */

/**
 * @typedef {Object} LessonReply
 * @property {(LessonFrame|null)} frame
 * @property {Notice[]} notices
 * @property {Object<string, string>} values
 * @property {(Contour|null)} landscape
 */

/**
 * @typedef {Object} LessonRequest
 * @property {Object<string, string>} [state]
 * @property {LessonOptions} [options]
 */

/**
 * @typedef {Object} LessonStatsFrame
 * @property {number} samples
 * @property {Float64Array} q1
 * @property {Float64Array} median
 * @property {Float64Array} q3
 */

/**
 * @typedef {Object} LessonStep
 * @property {string} key
 * @property {string} label
 * @property {string} title
 * @property {string} caption
 * @property {string[]} text
 * @property {string[]} layers
 * @property {string[]} controls
 * @property {LessonReadout[]} readouts
 */

/**
 * @typedef {Object} LoadDataRequest
 * @property {string} problem
 * @property {number} dim
 * @property {Object<string, Uint8Array>} [files]
 * @property {Object<string, string>} [sums]
 */

/**
 * @typedef {Object} Memory
 * @property {number} wasmBytes
 * @property {number} heapAlloc
 * @property {number} heapSys
 * @property {number} heapObjects
 * @property {number} runs
 */

/**
 * @typedef {Object} Notice
 * @property {string} key
 * @property {string} value
 * @property {string} message
 */

/**
 * @typedef {Object} OneFile
 * @property {string[]} missing
 * @property {Uint8Array} [html]
 * @property {string} mode
 */

/**
 * @typedef {Object} OneFileRequest
 * @property {string} hash
 * @property {Object<string, Uint8Array>} [files]
 */

/**
 * @typedef {Object} Operator
 * @property {number} generation
 * @property {number} n
 * @property {number} count
 * @property {number} k
 * @property {number} m
 * @property {Float64Array} selected
 * @property {Float64Array} inputs
 * @property {Float64Array} mean
 * @property {Float64Array} values
 * @property {Float64Array} vectors
 * @property {Float64Array} coords
 * @property {Float64Array} points
 * @property {Float64Array} trial
 * @property {Float64Array} children
 * @property {Float64Array} pf
 * @property {Float64Array} pv
 * @property {Float64Array} accepted
 */

/**
 * @typedef {Object} PCView
 * @property {number} generation
 * @property {Float64Array} mean
 * @property {Float64Array} v1
 * @property {Float64Array} v2
 * @property {Float64Array} values
 * @property {Float64Array} coords
 * @property {Float64Array} f
 * @property {Float64Array} v
 * @property {Float64Array} best
 * @property {string} variance
 * @property {string} varianceCSV
 * @property {Contour} [contour]
 */

/**
 * @typedef {Object} ParamInfo
 * @property {string} key
 * @property {string} label
 * @property {string} help
 * @property {string} kind
 * @property {string} default
 * @property {string} value
 * @property {number} min
 * @property {number} max
 * @property {string[]} choices
 */

/**
 * @typedef {Object} Phase
 * @property {string} key
 * @property {string} title
 * @property {string} text
 */

/**
 * @typedef {Object} ProblemCheck
 * @property {boolean} ok
 * @property {string} message
 * @property {string} formula
 * @property {number} column
 * @property {string} name
 * @property {number} dim
 * @property {number} numIneq
 * @property {number} numEq
 * @property {string} encoded
 * @property {string} json
 */

/**
 * @typedef {Object} ProblemInfo
 * @property {string} name
 * @property {string} description
 * @property {boolean} teaching
 * @property {number[]} dims
 * @property {number} defaultDim
 * @property {string[]} names
 * @property {number} numIneq
 * @property {number} numEq
 * @property {boolean} typed
 */

/**
 * @typedef {Object} ProtocolSpec
 * @property {number} version
 * @property {Object<string, string>} errors
 * @property {CommandSpec[]} commands
 * @property {Object} modules
 * @property {Object} grid
 * @property {number} contourLevels
 * @property {Object} chart
 * @property {Object} limits
 * @property {Object} run
 * @property {Object} experiment
 * @property {Object} typed
 * @property {Object} dims
 * @property {Object} lineKind
 * @property {Object} mask
 * @property {Phase[]} phases
 * @property {SymbolHelp[]} symbols
 * @property {Object} compare
 * @property {Object<string, string[]>} keys
 * @property {Object} embed
 * @property {Object} lesson
 */

/**
 * @typedef {Object} RecordRequest
 * @property {number} run
 * @property {string} name
 * @property {number} index
 */

/**
 * @typedef {Object} ResetRequest
 * @property {number} run
 * @property {FrameOptions} [options]
 */

/**
 * @typedef {Object} RunRequest
 * @property {number} run
 */

/**
 * @typedef {Object} Scoreboard
 * @property {string[]} targets
 * @property {number} fbest
 * @property {boolean} known
 * @property {number[][]} fes
 * @property {boolean} partial
 * @property {number} at
 * @property {number} maxFES
 * @property {string} csv
 * @property {string} latex
 */

/**
 * @typedef {Object} SeedsFrame
 * @property {number} n
 * @property {string} first
 * @property {string} last
 * @property {number} at
 * @property {boolean} done
 * @property {number[]} fes
 * @property {Float64Array[]} medianF
 * @property {Float64Array[]} medianV
 * @property {string[]} targets
 * @property {number[][]} firstCount
 * @property {number[][]} reached
 * @property {string} caption
 * @property {string} test
 * @property {SeedsPair[]} tests
 */

/**
 * @typedef {Object} SeedsPair
 * @property {string} a
 * @property {string} b
 * @property {number} p
 * @property {number} pHolm
 * @property {number} u
 * @property {boolean} exact
 * @property {string} mark
 * @property {string} text
 */

/**
 * @typedef {Object} StateRequest
 * @property {Object<string, string>} [state]
 */

/**
 * @typedef {Object} StatsComparison
 * @property {number} alpha
 * @property {string[]} configs
 * @property {string[]} problems
 * @property {StatsPair[][]} pairs
 * @property {StatsTally[]} totals
 */

/**
 * @typedef {Object} StatsPair
 * @property {string} a
 * @property {string} b
 * @property {number} na
 * @property {number} nb
 * @property {number} rankA
 * @property {number} rankB
 * @property {number} u
 * @property {number} p
 * @property {boolean} exact
 * @property {number} pHolm
 * @property {boolean} significant
 * @property {string} mark
 */

/**
 * @typedef {Object} StatsSummary
 * @property {number} best
 * @property {number} median
 * @property {number} mean
 * @property {number} worst
 * @property {number} std
 * @property {number[]} medianCounts
 * @property {number} medianV
 * @property {number} sr
 * @property {number} vio
 * @property {number} runs
 * @property {number} feasibleRuns
 */

/**
 * @typedef {Object} StatsTable
 * @property {string[]} problems
 * @property {string[]} algorithms
 * @property {number[][]} mean
 * @property {number[][]} median
 * @property {number[]} meanTotal
 * @property {number[]} medianTotal
 * @property {number[]} total
 */

/**
 * @typedef {Object} StatsTally
 * @property {string} a
 * @property {string} b
 * @property {number} wins
 * @property {number} ties
 * @property {number} losses
 */

/**
 * @typedef {Object} StatsTarget
 * @property {boolean} feasible
 * @property {number} delta
 */

/**
 * @typedef {Object} Status
 * @property {number} fes
 * @property {number} maxFES
 * @property {number} generation
 * @property {boolean} done
 * @property {number} bestF
 * @property {number} bestV
 * @property {boolean} feasible
 * @property {number} feasibleFraction
 * @property {number} popSize
 */

/**
 * @typedef {Object} StepOptions
 * @property {number} n
 * @property {number} untilFES
 * @property {number} maxMs
 * @property {boolean} chart
 * @property {boolean} playing
 * @property {number} pc
 * @property {boolean} op
 */

/**
 * @typedef {Object} StepRequest
 * @property {number} run
 * @property {StepOptions} [options]
 */

/**
 * @typedef {Object} SummariseOptions
 * @property {string[]} configs
 * @property {number} dim
 * @property {number} alpha
 * @property {StatsTarget[]} targets
 * @property {boolean} logFES
 * @property {string} chartsOf
 * @property {boolean} jsonl
 * @property {(ExperimentGrid|null)} grid
 * @property {string} source
 */

/**
 * @typedef {Object} SummariseRequest
 * @property {string} jsonl
 * @property {SummariseOptions} [options]
 */

/**
 * @typedef {Object} SymbolHelp
 * @property {string} key
 * @property {string} text
 */

/**
 * @typedef {Object} ViewOptions
 * @property {boolean} zoom
 * @property {number} grid
 */

/**
 * @typedef {Object} ViewRequest
 * @property {number} run
 * @property {ViewOptions} [options]
 */

/**
 * @typedef {Object} ZipFile
 * @property {Uint8Array} bytes
 */

/**
 * @typedef {Object} ZipRequest
 * @property {Object<string, Uint8Array>} files
 */

/**
 * Commands is the page's client of the module: one async method per
 * command of PROTOCOL.commands, each of which sends its request with
 * this.call(cmd, request) and resolves with the reply. A subclass (the
 * worker client) supplies call.
 */
export class Commands {
  /**
   * @abstract
   * @param {string} cmd
   * @param {Object} request
   * @returns {Promise<*>}
   */
  call(cmd, request) { return Promise.reject(new Error("Commands.call: no transport for " + cmd + " " + typeof request)); }

  /**
   * protocol: the protocol (Protocol): the worker checks its version.
   * @returns {Promise<ProtocolSpec>}
   */
  async protocol() { return this.call("protocol", {}); }

  /**
   * catalog: the problems and algorithms the page offers.
   * @returns {Promise<Catalog>}
   */
  async catalog() { return this.call("catalog", {}); }

  /**
   * open: opens a run and returns its id; configure it next.
   * @returns {Promise<number>}
   */
  async open() { return this.call("open", {}); }

  /**
   * close: forgets a run.
   * @param {RunRequest} request
   * @returns {Promise<boolean>}
   */
  async close(request) { return this.call("close", request); }

  /**
   * configure: starts a run afresh from URL values and returns what the page shows first.
   * @param {ConfigureRequest} request
   * @returns {Promise<Configured>}
   */
  async configure(request) { return this.call("configure", request); }

  /**
   * step: applies generations as the options say and returns the frame after them.
   * @param {StepRequest} request
   * @returns {Promise<Frame>}
   */
  async step(request) { return this.call("step", request); }

  /**
   * reset: starts a run again from its configuration: the frame of its initial population.
   * @param {ResetRequest} request
   * @returns {Promise<Frame>}
   */
  async reset(request) { return this.call("reset", request); }

  /**
   * view: sets how the 2-D landscape is shown: its contour, or null for D ≠ 2.
   * @param {ViewRequest} request
   * @returns {Promise<(Contour|null)>}
   */
  async view(request) { return this.call("view", request); }

  /**
   * landscape: samples the 2-D landscape on a grid over an extent.
   * @param {LandscapeRequest} request
   * @returns {Promise<Contour>}
   */
  async landscape(request) { return this.call("landscape", request); }

  /**
   * digest: runs URL values afresh, apart from every open run, and returns the run's digest (RunDigest).
   * @param {DigestRequest} request
   * @returns {Promise<DigestReply>}
   */
  async digest(request) { return this.call("digest", request); }

  /**
   * memory: the module's memory and open runs.
   * @returns {Promise<Memory>}
   */
  async memory() { return this.call("memory", {}); }

  /**
   * lesson: the guided lesson of Fig. 1 for URL values (no run involved).
   * @param {LessonRequest} request
   * @returns {Promise<LessonReply>}
   */
  async lesson(request) { return this.call("lesson", request); }

  /**
   * needData: the official CEC 2017 files the run of URL values needs.
   * @param {StateRequest} request
   * @returns {Promise<DataNeed>}
   */
  async needData(request) { return this.call("needData", request); }

  /**
   * loadData: hands the official files of a problem and dimension to the module.
   * @param {LoadDataRequest} request
   * @returns {Promise<DataInfo>}
   */
  async loadData(request) { return this.call("loadData", request); }

  /**
   * dataFailed: says why the official files could not be fetched (the runs use generated data).
   * @param {DataFailedRequest} request
   * @returns {Promise<boolean>}
   */
  async dataFailed(request) { return this.call("dataFailed", request); }

  /**
   * compareSetup: compare mode: URL values split into the compared runs.
   * @param {CompareSetupRequest} request
   * @returns {Promise<CompareSetup>}
   */
  async compareSetup(request) { return this.call("compareSetup", request); }

  /**
   * checkProblem: checks a problem typed as formulas (its JSON definition, or a typed= value): the error with its formula and column, or its name_hash, counts and typed= value.
   * @param {CheckProblemRequest} request
   * @returns {Promise<ProblemCheck>}
   */
  async checkProblem(request) { return this.call("checkProblem", request); }

  /**
   * compare: compare mode: the overlaid chart, the scoreboard and the shared views of the runs.
   * @param {CompareRequest} request
   * @returns {Promise<CompareFrame>}
   */
  async compare(request) { return this.call("compare", request); }

  /**
   * export: an export of a run (Exports): its history as CSV or JSON, the cec run command, the chart.
   * @param {ExportRequest} request
   * @returns {Promise<Export>}
   */
  async export(request) { return this.call("export", request); }

  /**
   * record: the finished run's record, one JSON line of the cec run -o schema (configure with record: true).
   * @param {RecordRequest} request
   * @returns {Promise<string>}
   */
  async record(request) { return this.call("record", request); }

  /**
   * summarise: the results view of run records (Summarise).
   * @param {SummariseRequest} request
   * @returns {Promise<ExperimentResults>}
   */
  async summarise(request) { return this.call("summarise", request); }

  /**
   * defineExperiment: the experiment view: its definition read from URL values, with a notice per replaced value.
   * @param {ExperimentRequest} request
   * @returns {Promise<ExperimentReply>}
   */
  async defineExperiment(request) { return this.call("defineExperiment", request); }

  /**
   * gifStart: starts an animated GIF recording of the page's frames (export.GIF) and returns its id.
   * @param {GIFStartRequest} request
   * @returns {Promise<number>}
   */
  async gifStart(request) { return this.call("gifStart", request); }

  /**
   * gifFrame: adds a frame (a canvas' RGBA pixels) to a GIF recording and returns its number of frames.
   * @param {GIFFrameRequest} request
   * @returns {Promise<number>}
   */
  async gifFrame(request) { return this.call("gifFrame", request); }

  /**
   * gifEnd: ends a GIF recording: the GIF file, or nothing when cancelled.
   * @param {GIFEndRequest} request
   * @returns {Promise<GIFFile>}
   */
  async gifEnd(request) { return this.call("gifEnd", request); }

  /**
   * zip: a zip archive of files the page made (the lesson's steps as PNGs).
   * @param {ZipRequest} request
   * @returns {Promise<ZipFile>}
   */
  async zip(request) { return this.call("zip", request); }

  /**
   * oneFile: the page in the state of an address as one self-contained HTML file (internal/onefile, as cec export-html writes it) from the site's files the page fetched, or the files it still needs.
   * @param {OneFileRequest} request
   * @returns {Promise<OneFile>}
   */
  async oneFile(request) { return this.call("oneFile", request); }
}
