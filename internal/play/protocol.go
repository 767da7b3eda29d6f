package play

import (
	"bytes"
	"encoding/json"

	"pcaplay/internal/experiment"
	"pcaplay/internal/lesson"
)

// The Go↔JS protocol, written down once.
//
// # Worker messages
//
// The page talks to its Web Worker (site/worker.js, which loads the Go
// module) with requests {id, cmd, run, ...args} and gets back either
// {id, ok: true, result} or {id, error: {code, message}}, code one of
// Codes. Typed arrays in a result are transferred, not copied. The commands
// (Protocol.Commands) and their results:
//
//	protocol()                   → Protocol (the worker checks Version)
//	catalog()                    → {problems: [{name, description, teaching, dims, numIneq, numEq}], algorithms: [{name, title, help}]}
//	open()                       → run id (a Runs id)
//	close(run)                   → true
//	configure(run, state, opts)  → Configured: {config, notices, params, lower, upper, numIneq, numEq, frame, landscape}
//	step(run, StepOptions)       → Frame
//	reset(run, FrameOptions)     → Frame (the initial population again)
//	view(run, ViewOptions)       → Contour, or null for D ≠ 2
//	landscape(run, nx, ny[, x0, x1, y0, y1]) → Contour
//	digest(state, steps)         → {hash, bestF, bestV, fes, generations} (RunDigest)
//	memory()                     → {wasmBytes, heapAlloc, heapSys, runs}
//	lesson(state, {landscape})   → LessonReply: {frame, notices, values, landscape}
//	                               (the guided lesson of Fig. 1; no run involved)
//	needData(state)              → DataNeed: {problem, dim, files, loaded}
//	loadData(problem, dim, files, sums) → DataInfo: {label, note} (files:
//	                               name → Uint8Array; sums: name → SHA-256)
//	dataFailed(problem, dim, reason) → true
//	record(run, name, index)     → the finished run's record, one JSON line of
//	                               the cec run -o schema (configure with
//	                               {record: true})
//
// configure's options also take record (a run of the experiment view) and
// its reply carries data: DataInfo. The worker (site/worker.js) calls
// needData, fetches the files and calls loadData (or dataFailed) before it
// configures a run, so every run of the page at an official D uses the
// official data (internal/play/data.go).
//	summarise(jsonl, options)    → experiment.Results (Summarise: the results view of
//	                               run records, JSON lines as cec run -o writes them;
//	                               options a JSON text of SummariseOptions)
//	compareSetup(state, n)       → CompareSetup: {values, overrides, names, notices}
//	                               (compare mode: the address split into n runs)
//	compare([run…], CompareOptions) → CompareFrame: {chart, scoreboard, colors, landscape, pc}
//	                               (the overlaid chart, the scoreboard, the shared landscape
//	                               or the runs on one principal-component plane)
//	export(run, what)            → Export: {text, name, type}; what one of Exports
//	                               (history csv or json, the cec run command, the chart)
//
// The keys of every object the module returns are listed in Protocol.Keys
// (the wasm tests check the module against them); a frame leaves out the
// fields it does not carry.
//
// # The page's embed API (postMessage)
//
// A parent window sends {type: "pcaplay", cmd, params} with cmd one of
// Protocol.Embed.Commands; the page answers every message of that type with
// {type: "pcaplay-status", status}, plus error: {code, message} when the
// command failed or was unknown (CodeUnknownCommand). When it is ready the
// page posts {type: "pcaplay-ready", status} to its parent once. Commands
// that arrive earlier are queued and applied in order.

// ProtocolVersion changes whenever a message, a key or a constant changes
// in a way the other side must know about.
const ProtocolVersion = 6

// Grid sizes and constants the page and the module share.
const (
	// LandscapeGrid is the nodes per side of the 2-D landscape's contour.
	LandscapeGrid = 160
	// PCGrid is the nodes per side of the PC view's contour slice.
	PCGrid = 64
	// MaxGrid is the most nodes per side of any sampled contour.
	MaxGrid = 1024
	// ContourLevels is the number of iso-lines of f.
	ContourLevels = 14
)

// Phase is one phase of PCA-projection as the operator view plays it.
type Phase struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// OperatorPhases are the phases of one PCA-projection (paper §3.2, and the
// PCA lines of PMODE §4.1 and HECO-PDE §4.2), in order.
var OperatorPhases = []Phase{
	{"select", "select the k best", "Select: the k best inputs by the feasibility rule (orange squares) define the basis."},
	{"axes", "principal axes", "Principal axes: the mean m (◆) and the eigenvectors of the covariance of the k selected points, drawn as arrows of length √λ. Kept axes are solid, dropped ones dashed."},
	{"project", "project", "Project: y = Vᵀ(x − m), the coordinates of every input on the m kept axes (dotted drops)."},
	{"reconstruct", "reconstruct", "Reconstruct: x′ = m + V y, back in the search space (arrows from x to x′)."},
	{"evaluate", "evaluate", "Evaluate: each member of Q gets a PCA child with probability pcaprob, the others a DE child. The PCA children (repaired into the box when x′ left it) are evaluated: ● feasible, × infeasible; faint rings are reconstructions no child used."},
	{"replace", "replace", "Replace: the PCA children the selection accepted are ringed in blue; the others are discarded."},
}

// ProtocolSpec is the protocol as data: the constants and names both sides
// use. site/protocol.js is this value as a frozen JavaScript object.
type ProtocolSpec struct {
	Version int `json:"version"`
	// Errors maps the JavaScript name of each code to the code.
	Errors map[string]string `json:"errors"`
	// Commands are the worker's commands.
	Commands []string `json:"commands"`
	Grid     struct {
		Landscape int `json:"landscape"`
		PC        int `json:"pc"`
		Max       int `json:"max"`
	} `json:"grid"`
	ContourLevels int `json:"contourLevels"`
	Chart         struct {
		Points        int `json:"points"`
		PointsPlaying int `json:"pointsPlaying"`
	} `json:"chart"`
	Limits struct {
		MinFES  int `json:"minFES"`
		MaxFES  int `json:"maxFES"`
		EchoMax int `json:"echoMax"`
	} `json:"limits"`
	// LineKind and Mask are the codes of Contour.LineKind and Contour.Mask.
	LineKind struct {
		Level int `json:"level"`
		G     int `json:"g"`
		H     int `json:"h"`
	} `json:"lineKind"`
	Mask struct {
		Infeasible int `json:"infeasible"`
		Outside    int `json:"outside"`
	} `json:"mask"`
	Phases []Phase `json:"phases"`
	// Compare names compare mode's constants: the most runs and their
	// letters (the address's prefixes: b.pca=false), the keys they share.
	Compare struct {
		MaxRuns int      `json:"maxRuns"`
		Letters []string `json:"letters"`
		Shared  []string `json:"shared"`
	} `json:"compare"`
	// Keys lists the keys of each object the module returns.
	Keys  map[string][]string `json:"keys"`
	Embed struct {
		Command  string   `json:"command"`  // message type of a command
		Status   string   `json:"status"`   // message type of a reply
		Ready    string   `json:"ready"`    // message type of the ready handshake
		Commands []string `json:"commands"` // the commands
	} `json:"embed"`
	// Lesson names the guided lesson's constants (internal/lesson): the
	// layers a step's figure can show and the controls it can offer.
	Lesson struct {
		Name     string   `json:"name"`
		Layers   []string `json:"layers"`
		Controls []string `json:"controls"`
	} `json:"lesson"`
}

// Protocol returns the protocol spec.
func Protocol() ProtocolSpec {
	var p ProtocolSpec
	p.Version = ProtocolVersion
	p.Errors = map[string]string{
		"BAD_ARGUMENT": CodeBadArgument, "NO_RUN": CodeNoRun, "RUN_FAILED": CodeRunFailed,
		"INTERNAL": CodeInternal, "EXITED": CodeExited, "WORKER_FAILED": CodeWorkerFailed,
		"UNKNOWN_COMMAND": CodeUnknownCommand,
	}
	p.Commands = []string{"protocol", "catalog", "open", "close", "configure", "step", "reset", "view", "landscape", "digest", "memory", "lesson",
		"needData", "loadData", "dataFailed", "record", "summarise",
		"compareSetup", "compare", "export"}
	p.Grid.Landscape, p.Grid.PC, p.Grid.Max = LandscapeGrid, PCGrid, MaxGrid
	p.ContourLevels = ContourLevels
	p.Chart.Points, p.Chart.PointsPlaying = ChartPoints, ChartPointsPlaying
	p.Limits.MinFES, p.Limits.MaxFES, p.Limits.EchoMax = MinFES, MaxFES, EchoMax
	p.LineKind.Level, p.LineKind.G, p.LineKind.H = LineLevel, LineG, LineH
	p.Mask.Infeasible, p.Mask.Outside = MaskInfeasible, MaskOutside
	p.Phases = OperatorPhases
	p.Compare.MaxRuns, p.Compare.Letters, p.Compare.Shared = MaxCompareRuns, RunLetters, SharedKeys
	p.Keys = map[string][]string{
		"configured": {"config", "notices", "params", "lower", "upper", "numIneq", "numEq", "frame", "landscape", "data"},
		"dataNeed":   {"problem", "dim", "files", "loaded"},
		"dataInfo":   {"label", "note"},
		"frame":      {"applied", "status", "x", "f", "v", "best", "generations", "charts", "op", "pc", "landscape"},
		"status":     {"fes", "maxFES", "generation", "done", "bestF", "bestV", "feasible", "feasibleFraction", "popSize"},
		"operator": {"generation", "n", "count", "k", "m", "selected", "inputs", "mean", "values", "vectors", "coords",
			"points", "trial", "children", "pf", "pv", "accepted"},
		"contour": {"nx", "ny", "extent", "levels", "logScale", "lines", "lineStart", "lineKind", "lineIndex", "mask"},
		"pc":      {"generation", "mean", "v1", "v2", "values", "coords", "f", "v", "best", "variance", "varianceCSV", "contour"},
		"notice":  {"key", "value", "message"},
		"param":   {"key", "help", "kind", "default", "value", "min", "max", "choices"},
		"memory":  {"wasmBytes", "heapAlloc", "heapSys", "runs"},
		"lesson":  {"frame", "notices", "values", "landscape"},
		// compare mode
		"compareSetup": {"values", "overrides", "names", "notices"},
		"compareFrame": {"chart", "scoreboard", "colors", "landscape", "pc"},
		"scoreboard":   jsKeys(Scoreboard{}),
		"export":       jsKeys(Export{}),
		// the lesson's frame and its parts: the js tags of internal/lesson
		"lessonFrame": jsKeys(lesson.Frame{}),
		"lessonFit":   jsKeys(lesson.FitFrame{}),
		"lessonGen":   jsKeys(lesson.GenFrame{}),
		"lessonStats": jsKeys(lesson.StatsFrame{}),
		"lessonStep":  jsKeys(lesson.Step{}),
		// the summarise command's results and options (json tags of
		// internal/experiment)
		"results":          jsonKeys(experiment.Results{}),
		"resultsDim":       jsonKeys(experiment.DimResults{}),
		"resultsTable":     jsonKeys(experiment.ConfigTable{}),
		"resultsCharts":    jsonKeys(experiment.ProblemCharts{}),
		"resultsProgress":  jsonKeys(experiment.Progress{}),
		"resultsPending":   jsonKeys(experiment.PendingCell{}),
		"summariseOptions": jsonKeys(SummariseOptions{}),
	}
	p.Embed.Command, p.Embed.Status, p.Embed.Ready = "pcaplay", "pcaplay-status", "pcaplay-ready"
	p.Embed.Commands = []string{"play", "pause", "step", "reset", "set", "status"}
	p.Lesson.Name = lesson.Name
	p.Lesson.Layers = lesson.Layers()
	p.Lesson.Controls = lesson.Controls()
	return p
}

// ProtocolJS returns site/protocol.js: the Protocol as an ES module.
func ProtocolJS() []byte {
	j, err := json.MarshalIndent(Protocol(), "", "  ")
	if err != nil {
		panic(err) // the spec is plain data
	}
	var b bytes.Buffer
	b.WriteString(`// protocol.js: the Go↔JS protocol (message keys, error codes, shared
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

export const PROTOCOL = freeze(`)
	b.Write(j)
	b.WriteString(`);

/** Error codes by name: ERR.NO_RUN === "no-run". */
export const ERR = PROTOCOL.errors;
/** The operator's phases: {key, title, text}. */
export const PHASES = PROTOCOL.phases;
/** Grid sizes: landscape, pc, max nodes per side. */
export const GRID = PROTOCOL.grid;
`)
	return b.Bytes()
}
