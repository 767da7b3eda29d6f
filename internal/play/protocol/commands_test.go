package protocol

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"pcaplay/internal/play"
	"pcaplay/internal/play/wire"
)

// The table: names unique, one-line docs, struct requests, and the
// protocol lists the commands in the table's order with their request
// fields.
func TestCommandsTable(t *testing.T) {
	cmds := Commands()
	p := Protocol()
	if len(p.Commands) != len(cmds) {
		t.Fatalf("protocol lists %d commands, the table has %d", len(p.Commands), len(cmds))
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		if seen[c.Name] {
			t.Errorf("command %q twice", c.Name)
		}
		seen[c.Name] = true
		if c.Doc == "" || strings.ContainsAny(c.Doc, "\n") || strings.HasSuffix(c.Doc, ".") {
			t.Errorf("%s: doc %q: want one line without a final period", c.Name, c.Doc)
		}
		if c.Request.Kind() != reflect.Struct {
			t.Errorf("%s: request %v is not a struct", c.Name, c.Request)
		}
		s := p.Commands[i]
		if s.Name != c.Name || s.Doc != c.Doc {
			t.Errorf("protocol command %d is %q, the table's %q", i, s.Name, c.Name)
		}
		var fields []string
		for _, f := range wire.WireFields(c.Request) {
			fields = append(fields, f.Key)
		}
		if !slices.Equal(s.Request, fields) && len(fields)+len(s.Request) > 0 {
			t.Errorf("%s: protocol request %v, fields %v", c.Name, s.Request, fields)
		}
		if _, ok := p.Keys[s.Reply]; !ok && !slices.Contains([]string{"number", "boolean", "string"}, s.Reply) {
			t.Errorf("%s: reply %q is neither a type of Keys nor a plain value", c.Name, s.Reply)
		}
	}
}

// The keys of the page's hot path, as the page reads them: the reply
// structs' js tags are the contract.
func TestWireKeys(t *testing.T) {
	k := Protocol().Keys
	for name, want := range map[string][]string{
		"Frame":        {"applied", "status", "x", "f", "v", "best", "generations", "charts", "op", "pc", "landscape"},
		"ProblemCheck": {"ok", "message", "formula", "column", "name", "dim", "numIneq", "numEq", "encoded", "json"},
		"Status":       {"fes", "maxFES", "generation", "done", "bestF", "bestV", "feasible", "feasibleFraction", "popSize"},
		"Contour":      {"nx", "ny", "extent", "levels", "logScale", "lines", "lineStart", "lineKind", "lineIndex", "mask"},
		"PCView":       {"generation", "mean", "v1", "v2", "values", "coords", "f", "v", "best", "variance", "varianceCSV", "contour"},
		"Operator":     {"generation", "n", "count", "k", "m", "selected", "inputs", "mean", "values", "vectors", "coords", "points", "trial", "children", "pf", "pv", "accepted"},
		"Configured":   {"config", "notices", "params", "lower", "upper", "numIneq", "numEq", "frame", "landscape", "data", "problem"},
		"CompareFrame": {"chart", "scoreboard", "colors", "landscape", "pc", "seeds"},
		"SeedsFrame":   {"n", "first", "last", "at", "done", "fes", "medianF", "medianV", "targets", "firstCount", "reached", "caption", "test", "tests"},
		"Memory":       {"wasmBytes", "heapAlloc", "heapSys", "heapObjects", "runs"},
	} {
		if !slices.Equal(k[name], want) {
			t.Errorf("Keys[%q] = %v, want %v", name, k[name], want)
		}
	}
	// typed arrays where the page draws, text where it parses
	for _, c := range []struct {
		t    reflect.Type
		key  string
		want string
	}{
		{reflect.TypeFor[play.Frame](), "f", "Float64Array"},
		{reflect.TypeFor[play.Frame](), "charts", "string[]"},
		{reflect.TypeFor[play.Contour](), "extent", "Float64Array"},
		{reflect.TypeFor[play.Contour](), "mask", "Uint8Array"},
		{reflect.TypeFor[play.PCView](), "variance", "string"},
		{reflect.TypeFor[play.Configured](), "landscape", "(Contour|null)"},
		{reflect.TypeFor[play.CompareSetup](), "values", "Array<Object<string, string>>"},
	} {
		for _, f := range wire.WireFields(c.t) {
			if f.Key == c.key {
				if got := wire.DocType(f.Type, false, f.String); got != c.want {
					t.Errorf("%v.%s is a %s on the wire, want %s", c.t, c.key, got, c.want)
				}
			}
		}
	}
}

// Every command answers through its handler natively, with the defaults
// the requests document; a run's commands act on the run the request
// names.
func TestCommandsNatively(t *testing.T) {
	h := &Host{Runs: play.NewRuns()}
	cmd := map[string]Command{}
	for _, c := range Commands() {
		cmd[c.Name] = c
	}
	call := func(name string, req any) any {
		t.Helper()
		r, err := cmd[name].Handle(h, req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return r
	}
	if p := call("protocol", &Empty{}).(wire.JSONText[ProtocolSpec]); !strings.Contains(string(p), `"version":`) {
		t.Errorf("protocol: %.80s", p)
	}
	if c := call("catalog", &Empty{}).(play.Catalog); len(c.Problems) < 28 || len(c.Algorithms) < 5 {
		t.Errorf("catalog: %d problems, %d algorithms", len(c.Problems), len(c.Algorithms))
	}
	id := call("open", &Empty{}).(wire.RunID)
	cf := call("configure", &ConfigureRequest{Run: id, State: map[string]string{"problem": "circle", "seed": "2"}}).(*play.Configured)
	if cf.Config["seed"] != "2" || cf.Landscape == nil {
		t.Errorf("configure: config %v, landscape %v", cf.Config, cf.Landscape != nil)
	}
	if f := call("step", &StepRequest{Run: id, Options: play.StepOptions{N: 3}}).(*play.Frame); f.Applied != 3 {
		t.Errorf("step: applied %d", f.Applied)
	}
	if c := call("landscape", &LandscapeRequest{Run: id}).(*play.Contour); c.NX != play.LandscapeGrid || c.NY != play.LandscapeGrid {
		t.Errorf("landscape without a grid: %d×%d", c.NX, c.NY)
	}
	nx := 30
	if c := call("landscape", &LandscapeRequest{Run: id, NX: &nx, Extent: []float64{0, 1, 0, 2}}).(*play.Contour); c.NY != 30 || c.Extent != [4]float64{0, 1, 0, 2} {
		t.Errorf("landscape nx = 30 over [0,1]×[0,2]: %d×%d over %v", c.NX, c.NY, c.Extent)
	}
	if c := call("view", &ViewRequest{Run: id, Options: play.ViewOptions{Grid: 20}}).(*play.Contour); c.NX != 20 {
		t.Errorf("view grid 20: %d", c.NX)
	}
	if f := call("reset", &ResetRequest{Run: id}).(*play.Frame); f.Status.Generation != 0 {
		t.Errorf("reset: generation %d", f.Status.Generation)
	}
	if e := call("export", &ExportRequest{Run: id, What: "command"}).(*play.Export); !strings.Contains(e.Text, "circle") {
		t.Errorf("export command: %q", e.Text)
	}
	if d := call("digest", &DigestRequest{State: play.Golden.State}).(DigestReply); d.Generations == 0 {
		t.Errorf("digest without steps: %+v", d)
	}
	steps := play.Golden.Steps
	if d := call("digest", &DigestRequest{State: play.Golden.State, Steps: &steps}).(DigestReply); d.Hash != play.Golden.Hash {
		t.Errorf("digest hash %s, want %s", d.Hash, play.Golden.Hash)
	}
	if x := call("defineExperiment", &play.ExperimentRequest{State: map[string]string{"mode": "experiment", "runs": "0"}, Cores: 4}).(play.ExperimentReply); x.Def.Runs != play.DefaultRuns || x.Def.Pool != 3 || len(x.Notices) != 1 || x.ID == "" {
		t.Errorf("defineExperiment: %+v", x)
	}
	if m := call("memory", &Empty{}).(Memory); m.Runs != 1 || m.HeapAlloc == 0 || m.HeapObjects == 0 || m.WasmBytes != 0 {
		t.Errorf("memory natively: %+v", m)
	}
	if l := call("lesson", &LessonRequest{}).(*play.LessonReply); l.Frame == nil || l.Landscape != nil {
		t.Errorf("lesson: frame %v, landscape %v", l.Frame != nil, l.Landscape != nil)
	}
	if n := call("needData", &StateRequest{State: map[string]string{"problem": "C03", "dim": "10"}}).(play.DataNeed); len(n.Files) == 0 {
		t.Errorf("needData C03 at D = 10: %+v", n)
	}
	call("dataFailed", &DataFailedRequest{Problem: "C03", Dim: 10, Reason: "test"})
	s := call("compareSetup", &CompareSetupRequest{State: map[string]string{"problem": "circle"}}).(*play.CompareSetup)
	if len(s.Values) != 2 {
		t.Errorf("compareSetup without n: %d runs", len(s.Values))
	}
	id2 := call("open", &Empty{}).(wire.RunID)
	call("configure", &ConfigureRequest{Run: id2, State: s.Values[1]})
	call("configure", &ConfigureRequest{Run: id, State: s.Values[0]})
	if f := call("compare", &CompareRequest{Runs: []wire.RunID{id, id2}}).(*play.CompareFrame); len(f.Colors) != 2 {
		t.Errorf("compare: %d colours", len(f.Colors))
	}
	if _, err := cmd["record"].Handle(h, &RecordRequest{Run: id, Name: "x"}); wire.CodeOf(err) != wire.CodeBadArgument {
		t.Errorf("record of a run that records nothing: %v", err)
	}
	if _, err := cmd["summarise"].Handle(h, &SummariseRequest{JSONL: "", Options: wire.JSONText[play.SummariseOptions](`{"dim": 10}`)}); err == nil || !strings.Contains(err.Error(), "no runs") {
		t.Errorf("summarise of nothing: %v", err)
	}
	ring := `{"name": "ring", "dim": 2, "lower": -3, "upper": 3, "f": "x1^2 + x2^2", "g": ["1 - x1^2 - x2^2"]}`
	if c := call("checkProblem", &CheckProblemRequest{JSON: ring}).(play.ProblemCheck); !c.OK || !strings.HasPrefix(c.Name, "ring_") || c.NumIneq != 1 || c.Encoded == "" {
		t.Errorf("checkProblem: %+v", c)
	} else if cf := call("configure", &ConfigureRequest{Run: id2, State: map[string]string{play.TypedKey: c.Encoded}}).(*play.Configured); cf.Config["problem"] != c.Name || cf.Config[play.TypedKey] != c.Encoded || cf.Landscape == nil {
		t.Errorf("configure of checkProblem's typed=: config %v, landscape %v", cf.Config, cf.Landscape != nil)
	}
	if c := call("checkProblem", &CheckProblemRequest{JSON: ring}).(play.ProblemCheck); true {
		e := call("checkProblem", &CheckProblemRequest{Encoded: c.Encoded}).(play.ProblemCheck)
		if !e.OK || e.Name != c.Name || e.Encoded != c.Encoded || !strings.Contains(e.JSON, "\n  \"f\": \"x1^2 + x2^2\"") {
			t.Errorf("checkProblem of encoded: %+v", e)
		}
	}
	bad := `{"name": "ring", "dim": 2, "lower": -3, "upper": 3, "f": "x1^2 + x3"}`
	if c := call("checkProblem", &CheckProblemRequest{JSON: bad}).(play.ProblemCheck); c.OK || c.Formula != "f" || c.Column != 8 || !strings.Contains(c.Error, "column 8") {
		t.Errorf("checkProblem of x3 at D = 2: %+v", c)
	}
	if call("close", &RunRequest{Run: id2}) != true || h.Runs.Len() != 1 {
		t.Errorf("close: %d runs left", h.Runs.Len())
	}
}

// The protocol's run defaults are Sanitize's for an empty address.
func TestProtocolRunDefaults(t *testing.T) {
	r := Protocol().Run
	cfg, _, _, _ := play.Sanitize(nil)
	if r.Problem != cfg.Problem || r.Dim != cfg.Dim || r.Algo != cfg.Algo || r.Seed != "1" || r.FESPerDim*cfg.Dim != cfg.FES {
		t.Errorf("protocol run defaults %+v; Sanitize gives %+v", r, cfg)
	}
}

// No reply has a string "error" at its top: the worker (site/worker.js)
// reads such a reply as a failed command with that message.
func TestNoReplyKeyError(t *testing.T) {
	for _, c := range Commands() {
		r := c.Reply
		for r.Kind() == reflect.Pointer {
			r = r.Elem()
		}
		if r.Kind() != reflect.Struct {
			continue
		}
		for _, f := range wire.WireFields(r) {
			if f.Key == "error" {
				t.Errorf("%s: its reply %s has the key error", c.Name, r)
			}
		}
	}
}
