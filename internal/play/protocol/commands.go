package protocol

import (
	"reflect"
	"runtime"
	"strconv"

	"pcaplay/internal/play"
	"pcaplay/internal/play/wire"
)

// The commands of the module, written down once: Commands is the table
// that the module's dispatcher (pcaplay/wasm) serves, that Protocol lists
// and that site/protocol.js turns into the page's client (one async
// function per command, with the JSDoc types of its request and reply).
//
// Each command takes one request, an object whose fields are the js tags
// of its request struct, and answers one reply, encoded by the tags of its
// reply type (package wire). A failed command answers an error with a code
// (wire.Codes) instead.
//
// To add a command, add its entry to Commands (with its request and reply
// types, here or beside the code it calls) and a case to its test; to add
// a field to a reply, add it to the reply's struct with its js tag. Then
// regenerate site/protocol.js:
//
//	go test ./internal/play/protocol -run TestProtocolJS -update

// Host is what the commands act on: the module's runs, and what only the
// host of the module knows.
type Host struct {
	Runs *play.Runs
	// LinearMemory returns the bytes of the module's linear memory (nil
	// or natively: none).
	LinearMemory func() int

	fullState // the full module's commands' (commands_full.go)
}

// MaxOpenGIFs is how many GIF recordings may be open at once.
const MaxOpenGIFs = 2

// Command is one command of the table.
type Command struct {
	// Name is the command's name in a request.
	Name string
	// Doc says in one line what the command does.
	Doc string
	// Request is the request's struct type, Reply the reply's type.
	Request, Reply reflect.Type
	// Handle answers a request (a pointer to a Request).
	Handle func(h *Host, req any) (any, error)
	// Full says that only the full module (FullModule) serves the
	// command, not the playground's (PlaygroundModule).
	Full bool
}

// command makes a table entry of a typed handler.
func command[Req, Rep any](name, doc string, handle func(*Host, *Req) (Rep, error)) Command {
	return Command{Name: name, Doc: doc, Request: reflect.TypeFor[Req](), Reply: reflect.TypeFor[Rep](),
		Handle: func(h *Host, req any) (any, error) { return handle(h, req.(*Req)) }}
}

// Empty is the request of a command that takes nothing.
type Empty struct{}

// RunRequest names a run.
type RunRequest struct {
	Run wire.RunID `js:"run"`
}

// StateRequest carries URL values: key → text (numbers and booleans are
// read as their text).
type StateRequest struct {
	State map[string]string `js:"state,omitempty"`
}

// ConfigureRequest starts run Run afresh from the URL values State.
type ConfigureRequest struct {
	Run     wire.RunID            `js:"run"`
	State   map[string]string     `js:"state,omitempty"`
	Options play.ConfigureOptions `js:"options,omitempty"`
}

// StepRequest advances run Run.
type StepRequest struct {
	Run     wire.RunID       `js:"run"`
	Options play.StepOptions `js:"options,omitempty"`
}

// ResetRequest starts run Run again.
type ResetRequest struct {
	Run     wire.RunID        `js:"run"`
	Options play.FrameOptions `js:"options,omitempty"`
}

// ViewRequest sets how run Run's 2-D landscape is shown.
type ViewRequest struct {
	Run     wire.RunID       `js:"run"`
	Options play.ViewOptions `js:"options,omitempty"`
}

// LandscapeRequest samples run Run's 2-D landscape on an NX×NY grid
// (LandscapeGrid and NX when left out) over Extent [x0, x1, y0, y1] (the
// problem's box when left out or empty).
type LandscapeRequest struct {
	Run    wire.RunID `js:"run"`
	NX     *int       `js:"nx,omitempty"`
	NY     *int       `js:"ny,omitempty"`
	Extent []float64  `js:"extent,omitempty"`
}

// DigestRequest runs the URL values State for Steps generations (50 when
// left out).
type DigestRequest struct {
	State map[string]string `js:"state,omitempty"`
	Steps *int              `js:"steps,omitempty"`
}

// DigestReply is a RunDigest on the wire: the hash as hexadecimal text (a
// uint64 does not fit a JavaScript number).
type DigestReply struct {
	Hash        string  `js:"hash"`
	BestF       float64 `js:"bestF"`
	BestV       float64 `js:"bestV"`
	FES         int     `js:"fes"`
	Generations int     `js:"generations"`
}

// Memory is the module's memory and its number of open runs.
type Memory struct {
	// WasmBytes is the size of the module's linear memory (Host.LinearMemory).
	WasmBytes float64 `js:"wasmBytes"`
	// HeapAlloc and HeapSys are the Go heap's (runtime.MemStats).
	HeapAlloc float64 `js:"heapAlloc"`
	HeapSys   float64 `js:"heapSys"`
	// HeapObjects is the number of objects on the Go heap: a leak shows
	// here before it shows in bytes.
	HeapObjects float64 `js:"heapObjects"`
	Runs        int     `js:"runs"`
}

// LessonRequest asks for the guided lesson of the URL values State.
type LessonRequest struct {
	State   map[string]string  `js:"state,omitempty"`
	Options play.LessonOptions `js:"options,omitempty"`
}

// LoadDataRequest hands the official files of Problem at Dim to the
// module: Files by official name, Sums their SHA-256 by name (the
// manifest).
type LoadDataRequest struct {
	Problem string            `js:"problem"`
	Dim     int               `js:"dim"`
	Files   map[string][]byte `js:"files,omitempty"`
	Sums    map[string]string `js:"sums,omitempty"`
}

// DataFailedRequest says why the official files of Problem at Dim could
// not be fetched.
type DataFailedRequest struct {
	Problem string `js:"problem"`
	Dim     int    `js:"dim"`
	Reason  string `js:"reason"`
}

// RecordRequest asks for the record of finished run Run, named Name
// (the configuration), run number Index.
type RecordRequest struct {
	Run   wire.RunID `js:"run"`
	Name  string     `js:"name"`
	Index int        `js:"index"`
}

// SummariseRequest asks for the results view of run records: JSONL as
// cec run -o writes them, Options a SummariseOptions (an object, or its
// JSON text).
type SummariseRequest struct {
	JSONL   string                               `js:"jsonl"`
	Options wire.JSONText[play.SummariseOptions] `js:"options,omitempty"`
}

// CompareSetupRequest splits the URL values State into N compared runs (2
// when left out).
type CompareSetupRequest struct {
	State map[string]string `js:"state,omitempty"`
	N     *int              `js:"n,omitempty"`
}

// CompareRequest asks for the compare frame of Runs (A first).
type CompareRequest struct {
	Runs    []wire.RunID        `js:"runs"`
	Options play.CompareOptions `js:"options,omitempty"`
}

// ExportRequest asks for export What (one of Exports) of run Run.
type ExportRequest struct {
	Run  wire.RunID `js:"run"`
	What string     `js:"what"`
}

// CheckProblemRequest carries a problem typed as formulas: its JSON
// definition, as a problem file has it (package formula), or, when JSON is
// empty, the value of typed= (Encoded; the reply then has the canonical
// JSON).
type CheckProblemRequest struct {
	JSON    string `js:"json,omitempty"`
	Encoded string `js:"encoded,omitempty"`
}

// GIFStartRequest starts an animated GIF of Width×Height pixels whose
// frames show for Delay hundredths of a second each (export.NewGIF).
type GIFStartRequest struct {
	Width  int `js:"width"`
	Height int `js:"height"`
	Delay  int `js:"delay"`
}

// GIFFrameRequest adds a frame to recording GIF: RGBA, the canvas' pixels
// (ImageData's bytes).
type GIFFrameRequest struct {
	GIF  int    `js:"gif"`
	RGBA []byte `js:"rgba"`
}

// GIFEndRequest ends recording GIF: its file, or nothing when Cancel.
type GIFEndRequest struct {
	GIF    int  `js:"gif"`
	Cancel bool `js:"cancel,omitempty"`
}

// GIFFile is an ended GIF recording: the file and its number of frames
// (none when cancelled).
type GIFFile struct {
	Bytes  []byte `js:"bytes"`
	Frames int    `js:"frames"`
}

// ZipRequest asks for a zip archive of Files (name → bytes; export.Zip).
type ZipRequest struct {
	Files map[string][]byte `js:"files"`
}

// ZipFile is a zip archive.
type ZipFile struct {
	Bytes []byte `js:"bytes"`
}

// OneFileRequest asks for the page in the state of the address Hash as one
// self-contained HTML file, built from Files: the built site's files the
// page fetched so far (name → content: "index.html", "boot.js",
// "data/cec2017/manifest.json", …).
type OneFileRequest struct {
	Hash  string            `js:"hash"`
	Files map[string][]byte `js:"files,omitempty"`
}

// OneFile is the one-file page (HTML), or, while Files lacks some, the
// names of the files to fetch and send again with the others (Missing).
type OneFile struct {
	Missing []string `js:"missing"`
	HTML    []byte   `js:"html,omitempty"`
	// Mode is the address's mode: play, compare or lesson.
	Mode string `js:"mode"`
}

// Commands returns the table of commands, in the order Protocol lists
// them: the playground module's (playgroundCommands), then those only the
// full module serves (fullCommands, whose entries say Full). (A function,
// not a variable: the protocol command's handler reads the table.)
func Commands() []Command {
	return append(playgroundCommands(), fullCommands()...)
}

// playgroundCommands are the commands of both modules: what the
// playground, its embeds, compare mode and the lesson call in the worker
// of their runs.
func playgroundCommands() []Command {
	return []Command{
		command("protocol", "the protocol (Protocol): the worker checks its version",
			func(*Host, *Empty) (wire.JSONText[ProtocolSpec], error) {
				return wire.JSONText[ProtocolSpec](protocolJSON), nil
			}),
		command("catalog", "the problems and algorithms the page offers", catalogCmd),
		command("open", "opens a run and returns its id; configure it next",
			func(h *Host, _ *Empty) (wire.RunID, error) { return wire.RunID(h.Runs.Open()), nil }),
		command("close", "forgets a run",
			func(h *Host, r *RunRequest) (bool, error) { return true, h.Runs.Close(int(r.Run)) }),
		command("configure", "starts a run afresh from URL values and returns what the page shows first",
			func(h *Host, r *ConfigureRequest) (*play.Configured, error) {
				return h.Runs.Configure(int(r.Run), r.State, r.Options)
			}),
		command("step", "applies generations as the options say and returns the frame after them",
			func(h *Host, r *StepRequest) (*play.Frame, error) {
				s, err := h.Runs.Session(int(r.Run))
				if err != nil {
					return nil, err
				}
				return s.Advance(r.Options)
			}),
		command("reset", "starts a run again from its configuration: the frame of its initial population",
			func(h *Host, r *ResetRequest) (*play.Frame, error) { return h.Runs.Reset(int(r.Run), r.Options) }),
		command("view", "sets how the 2-D landscape is shown: its contour, or null for D ≠ 2",
			func(h *Host, r *ViewRequest) (*play.Contour, error) {
				s, err := h.Runs.Session(int(r.Run))
				if err != nil {
					return nil, err
				}
				return s.View(r.Options)
			}),
		command("landscape", "samples the 2-D landscape on a grid over an extent", landscapeCmd),
		command("digest", "runs URL values afresh, apart from every open run, and returns the run's digest (RunDigest)", digestCmd),
		command("memory", "the module's memory and open runs",
			func(h *Host, _ *Empty) (Memory, error) {
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				mem := Memory{HeapAlloc: float64(m.HeapAlloc), HeapSys: float64(m.HeapSys), HeapObjects: float64(m.HeapObjects), Runs: h.Runs.Len()}
				if h.LinearMemory != nil {
					mem.WasmBytes = float64(h.LinearMemory())
				}
				return mem, nil
			}),
		command("lesson", "the guided lesson of Fig. 1 for URL values (no run involved)",
			func(_ *Host, r *LessonRequest) (*play.LessonReply, error) { return play.Lesson(r.State, r.Options) }),
		command("needData", "the official CEC 2017 files the run of URL values needs",
			func(h *Host, r *StateRequest) (play.DataNeed, error) { return h.Runs.NeedData(r.State) }),
		command("loadData", "hands the official files of a problem and dimension to the module",
			func(h *Host, r *LoadDataRequest) (play.DataInfo, error) {
				return h.Runs.LoadData(r.Problem, r.Dim, r.Files, r.Sums)
			}),
		command("dataFailed", "says why the official files could not be fetched (the runs use generated data)",
			func(h *Host, r *DataFailedRequest) (bool, error) {
				return true, h.Runs.DataFailed(r.Problem, r.Dim, r.Reason)
			}),
		command("compareSetup", "compare mode: URL values split into the compared runs",
			func(_ *Host, r *CompareSetupRequest) (*play.CompareSetup, error) {
				n := 2
				if r.N != nil {
					n = *r.N
				}
				return play.SanitizeCompare(r.State, n)
			}),
		command("checkProblem", "checks a problem typed as formulas (its JSON definition, or a typed= value): the error with its formula and column, or its name_hash, counts and typed= value",
			func(_ *Host, r *CheckProblemRequest) (play.ProblemCheck, error) {
				if r.JSON == "" && r.Encoded != "" {
					return play.CheckEncoded(r.Encoded), nil
				}
				return play.CheckProblem(r.JSON), nil
			}),
		command("compare", "compare mode: the overlaid chart, the scoreboard and the shared views of the runs", compareCmd),
		command("export", "an export of a run (Exports): its history as CSV or JSON, the cec run command, the chart",
			func(h *Host, r *ExportRequest) (*play.Export, error) {
				s, err := h.Runs.Session(int(r.Run))
				if err != nil {
					return nil, err
				}
				return s.Export(r.What)
			}),
	}
}

// catalogCmd answers the catalog (play.NewCatalog).
func catalogCmd(*Host, *Empty) (play.Catalog, error) { return play.NewCatalog(), nil }

func landscapeCmd(h *Host, r *LandscapeRequest) (*play.Contour, error) {
	s, err := h.Runs.Session(int(r.Run))
	if err != nil {
		return nil, err
	}
	nx := play.LandscapeGrid
	if r.NX != nil {
		nx = *r.NX
	}
	ny := nx
	if r.NY != nil {
		ny = *r.NY
	}
	var e [4]float64
	copy(e[:], r.Extent)
	return s.Landscape(nx, ny, e[0], e[1], e[2], e[3])
}

func digestCmd(_ *Host, r *DigestRequest) (DigestReply, error) {
	steps := 50
	if r.Steps != nil {
		steps = *r.Steps
	}
	d, err := play.RunDigest(r.State, steps)
	if err != nil {
		return DigestReply{}, err
	}
	return DigestReply{Hash: strconv.FormatUint(d.Hash, 16), BestF: d.BestF, BestV: d.BestV, FES: d.FES, Generations: d.Generations}, nil
}

func compareCmd(h *Host, r *CompareRequest) (*play.CompareFrame, error) {
	ids := make([]int, len(r.Runs))
	for i, id := range r.Runs {
		ids[i] = int(id)
	}
	return h.Runs.Compare(ids, r.Options)
}
