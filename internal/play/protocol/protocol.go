package protocol

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"pcaplay/core/problem/cec2017"
	"pcaplay/core/suite"
	"pcaplay/internal/lesson"
	"pcaplay/internal/play"
	"pcaplay/internal/play/wire"
)

// ProtocolVersion changes whenever a message, a key or a constant changes
// in a way the other side must know about.
const ProtocolVersion = 9

// The WebAssembly module is built twice (scripts/build-site.sh): the
// playground's, PlaygroundModule, with the build tag pcaplay_playground
// (the commands of both modules: what the playground, its embeds,
// compare mode and the lesson need), and the full one, FullModule (every
// command: the experiment view, the results page, the one-file page). A
// command only the full one serves says so (Command.Full); the page picks
// the module of each page and of each such command in one place,
// site/worker-client.js's pageModule and WorkerClient.call.
// docs/wasm-size.md measures the two.
const (
	PlaygroundModule = "pcaplay.wasm"
	FullModule       = "pcaplay-full.wasm"
)

// protocolJSON is Protocol as JSON (json.Marshal), written with
// site/protocol.js by TestProtocolJS -update and checked by it: the
// protocol command answers it as it is, so that a worker's first call
// computes nothing (deriving the keys by reflection and marshalling them
// cost a starting worker tens of milliseconds of CPU in WebAssembly).
//
//go:embed protocol.json
var protocolJSON []byte

// ProtocolSpec is the protocol as data: the constants and names both sides
// use. site/protocol.js is this value as a frozen JavaScript object.
type ProtocolSpec struct {
	Version int `json:"version"`
	// Errors maps the JavaScript name of each code to the code.
	Errors map[string]string `json:"errors"`
	// Commands are the worker's commands (the table Commands).
	Commands []CommandSpec `json:"commands"`
	// Modules names the two builds of the module (PlaygroundModule,
	// FullModule).
	Modules struct {
		Playground string `json:"playground"`
		Full       string `json:"full"`
	} `json:"modules"`
	Grid struct {
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
	// Run names the run keys' defaults, as Sanitize takes them for an
	// address without run keys, and the default budget FESPerDim·D
	// (DefaultFES). A problem's default D is its catalog entry's.
	Run struct {
		Problem   string `json:"problem"`
		Dim       int    `json:"dim"`
		Algo      string `json:"algo"`
		Seed      string `json:"seed"`
		FESPerDim int    `json:"fesPerDim"`
	} `json:"run"`
	// Experiment names the experiment view's defaults and limits
	// (DefineExperiment).
	Experiment struct {
		Problems   string `json:"problems"`
		Dim        int    `json:"dim"`
		Runs       int    `json:"runs"`
		MaxRuns    int    `json:"maxRuns"`
		MaxWorkers int    `json:"maxWorkers"`
	} `json:"experiment"`
	// Typed names the key of problems typed as formulas (typed=, written
	// by the checkProblem command's encoded) and the D the page runs them at.
	Typed struct {
		Key      string `json:"key"`
		MaxValue int    `json:"maxValue"`
		MinDim   int    `json:"minDim"`
		MaxDim   int    `json:"maxDim"`
	} `json:"typed"`
	// Dims names the dimensions the playground offers CEC problems at and
	// those with official CEC 2017 data.
	Dims struct {
		Playground []int `json:"playground"`
		Official   []int `json:"official"`
	} `json:"dims"`
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
	Phases []play.Phase `json:"phases"`
	// Symbols are the letters of the page's captions and counters with
	// their meanings, its tooltips (play.Symbols).
	Symbols []play.SymbolHelp `json:"symbols"`
	// Compare names compare mode's constants: the most runs and their
	// letters (the address's prefixes: b.pca=false; run A's "a" is never
	// written), the keys they share, the most seeds (seeds=N).
	Compare struct {
		MaxRuns  int      `json:"maxRuns"`
		MaxSeeds int      `json:"maxSeeds"`
		Letters  []string `json:"letters"`
		Shared   []string `json:"shared"`
	} `json:"compare"`
	// Keys lists the keys of every object type of the commands' requests
	// and replies, by TypeName: their js tags (json tags inside a
	// JSONText).
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
		Keys     []string `json:"keys"`
		Layers   []string `json:"layers"`
		Controls []string `json:"controls"`
	} `json:"lesson"`
}

// CommandSpec is a command of the table as Protocol lists it.
type CommandSpec struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
	// Request are the request's fields (its js keys), in order.
	Request []string `json:"request"`
	// Reply is the reply's type: a TypeName of Keys, or the JSDoc type of
	// a plain value ("number", "boolean", "string").
	Reply string `json:"reply"`
	// Full says that only the full module serves the command
	// (Command.Full).
	Full bool `json:"full,omitempty"`
}

// commandSpecs returns the specs of cmds and the keys of every object
// type their requests and replies carry.
func commandSpecs(cmds []Command) ([]CommandSpec, map[string][]string) {
	var specs []CommandSpec
	var roots []reflect.Type
	for _, c := range cmds {
		s := CommandSpec{Name: c.Name, Doc: c.Doc, Request: []string{}, Reply: replyName(c.Reply), Full: c.Full}
		for _, f := range wire.WireFields(c.Request) {
			s.Request = append(s.Request, f.Key)
		}
		specs = append(specs, s)
		roots = append(roots, c.Request, c.Reply)
	}
	keys := map[string][]string{}
	for name, w := range wire.Types(roots) {
		if k := w.Keys(); len(k) > 0 {
			keys[name] = k
		}
	}
	return specs, keys
}

// replyDocType is the JSDoc type of c's reply: a pointer is its value
// (a handler answers nil only with an error), except where the command
// says it answers null.
func replyDocType(c Command) string {
	t := c.Reply
	if t.Kind() == reflect.Pointer && !strings.Contains(c.Doc, "null") {
		t = t.Elem()
	}
	return wire.DocType(t, false, false)
}

// replyName is the name of a reply type in CommandSpec.Reply.
func replyName(t reflect.Type) string {
	if j := wire.JSONTextType(t); j != nil {
		t = j
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Struct {
		return wire.TypeName(t)
	}
	return wire.DocType(t, false, false)
}

// Protocol returns the protocol spec.
func Protocol() ProtocolSpec {
	var p ProtocolSpec
	p.Version = ProtocolVersion
	p.Errors = map[string]string{
		"BAD_ARGUMENT": wire.CodeBadArgument, "NO_RUN": wire.CodeNoRun, "RUN_FAILED": wire.CodeRunFailed,
		"INTERNAL": wire.CodeInternal, "EXITED": wire.CodeExited, "WORKER_FAILED": wire.CodeWorkerFailed,
		"UNKNOWN_COMMAND": wire.CodeUnknownCommand, "FULL": wire.CodeFull,
	}
	p.Commands, p.Keys = commandSpecs(Commands())
	p.Modules.Playground, p.Modules.Full = PlaygroundModule, FullModule
	p.Grid.Landscape, p.Grid.PC, p.Grid.Max = play.LandscapeGrid, play.PCGrid, play.MaxGrid
	p.ContourLevels = play.ContourLevels
	p.Chart.Points, p.Chart.PointsPlaying = play.ChartPoints, play.ChartPointsPlaying
	p.Limits.MinFES, p.Limits.MaxFES, p.Limits.EchoMax = play.MinFES, play.MaxFES, play.EchoMax
	if c, _, _, err := play.Sanitize(nil); err == nil {
		p.Run.Problem, p.Run.Dim, p.Run.Algo, p.Run.Seed = c.Problem, c.Dim, c.Algo, strconv.FormatUint(c.Seed, 10)
	}
	p.Run.FESPerDim = play.DefaultFES(1)
	p.Experiment.Problems, p.Experiment.Dim, p.Experiment.Runs = play.DefaultExperimentProblem, play.DefaultExperimentDim, play.DefaultRuns
	p.Experiment.MaxRuns, p.Experiment.MaxWorkers = play.MaxRuns, play.MaxWorkers
	p.Typed.Key, p.Typed.MaxValue, p.Typed.MinDim, p.Typed.MaxDim = play.TypedKey, play.MaxTypedValue, play.MinTypedDim, play.MaxTypedDim
	p.Dims.Playground, p.Dims.Official = suite.PlaygroundDims, cec2017.OfficialDims
	p.LineKind.Level, p.LineKind.G, p.LineKind.H = play.LineLevel, play.LineG, play.LineH
	p.Mask.Infeasible, p.Mask.Outside = play.MaskInfeasible, play.MaskOutside
	p.Phases = play.OperatorPhases
	p.Symbols = play.Symbols
	p.Compare.MaxRuns, p.Compare.Letters, p.Compare.Shared = play.MaxCompareRuns, play.RunLetters, play.SharedKeys
	p.Compare.MaxSeeds = play.MaxSeeds
	p.Embed.Command, p.Embed.Status, p.Embed.Ready = "pcaplay", "pcaplay-status", "pcaplay-ready"
	p.Embed.Commands = []string{"play", "pause", "step", "reset", "set", "status"}
	p.Lesson.Name = lesson.Name
	p.Lesson.Keys = lesson.Keys
	p.Lesson.Layers = lesson.Layers()
	p.Lesson.Controls = lesson.Controls()
	return p
}

// ProtocolJS returns site/protocol.js: the Protocol as an ES module, the
// JSDoc types of the commands' requests and replies, and the page's client
// of the module (Commands: one async method per command).
func ProtocolJS() []byte {
	p := Protocol()
	j, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		panic(err) // the spec is plain data
	}
	var b bytes.Buffer
	b.WriteString(`// protocol.js: the Go↔JS protocol (commands, message keys, error codes,
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
	cmds := Commands()
	var roots []reflect.Type
	for _, c := range cmds {
		roots = append(roots, c.Request, c.Reply)
	}
	var t strings.Builder
	t.WriteString(`
// The objects of the commands' requests and replies, by their Go type's
// name (their keys: PROTOCOL.keys). A key in brackets may be left out; so
// may every key of a request's options (its zero value), and a request
// may give an Array where a Float64Array is named.
`)
	wire.Typedefs(&t, wire.Types(roots))
	b.WriteString(t.String())
	b.WriteString(`
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
`)
	for _, c := range cmds {
		b.WriteString("\n  /**\n   * " + c.Name + ": " + c.Doc + ".\n")
		param, arg := "", "{}"
		if len(wire.WireFields(c.Request)) > 0 {
			b.WriteString("   * @param {" + wire.TypeName(c.Request) + "} request\n")
			param, arg = "request", "request"
		}
		b.WriteString("   * @returns {Promise<" + replyDocType(c) + ">}\n   */\n")
		b.WriteString("  async " + c.Name + "(" + param + ") { return this.call(" + wire.Quote(c.Name) + ", " + arg + "); }\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}
