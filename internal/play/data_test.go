package play

import (
	"context"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/wire"
)

// officialFiles reads the official files of problem at dim from the
// embedded copy, as the page fetches them from data/cec2017/.
func officialFiles(t testing.TB, problem string, dim int) map[string][]byte {
	t.Helper()
	names, err := suite.DataFiles(problem, dim)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, n := range names {
		if files[n], err = fs.ReadFile(official.FS(), n); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// runToEnd configures run values with {record: true}, steps to the end and
// returns the record line.
func runToEnd(t *testing.T, r *Runs, raw map[string]string, name string, run int) (string, *Configured) {
	t.Helper()
	id := r.Open()
	c, err := r.Configure(id, raw, ConfigureOptions{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := r.Session(id)
	if _, err := r.Record(id, name, run); err == nil || !strings.Contains(err.Error(), "not finished") {
		t.Errorf("a record before the end: %v, want an error saying the run has not finished", err)
	}
	for !s.Solver.Done() {
		if _, err := s.Advance(StepOptions{N: 1000}); err != nil {
			t.Fatal(err)
		}
	}
	line, err := r.Record(id, name, run)
	if err != nil {
		t.Fatal(err)
	}
	return line, c
}

// A run of the page on the official data loaded with LoadData records
// exactly what `cec run` (experiment.RunOne on the embedded copy) records
// for the same problem, D, algorithm, settings and seed.
func TestRecordOnOfficialDataIsCecRun(t *testing.T) {
	cases := []struct {
		problem, algo string
		dim           int
		set           map[string]string
	}{
		{"C05", "pmode", 10, nil},    // two matrices
		{"C02", "heco-pde", 10, nil}, // one matrix
		{"C01", "pmode", 10, map[string]string{"pca": "false"}},
		{"C01", "cmode", 30, nil},
	}
	for _, tc := range cases {
		r := NewRuns()
		need, err := r.NeedData(map[string]string{"problem": strings.ToLower(tc.problem), "dim": itoa(tc.dim)})
		if err != nil || need.Problem != tc.problem || need.Dim != tc.dim || len(need.Files) == 0 || need.Loaded {
			t.Fatalf("%s: NeedData = %+v, %v", tc.problem, need, err)
		}
		info, err := r.LoadData(tc.problem, tc.dim, officialFiles(t, tc.problem, tc.dim), official.SHA256())
		if err != nil || info.Label != "official" || info.Note != "" {
			t.Fatalf("LoadData: %+v, %v", info, err)
		}
		if need, _ := r.NeedData(map[string]string{"problem": tc.problem, "dim": itoa(tc.dim)}); !need.Loaded {
			t.Errorf("NeedData after LoadData: not loaded")
		}
		fes := 2000 * tc.dim
		raw := map[string]string{"problem": tc.problem, "dim": itoa(tc.dim), "algo": tc.algo, "seed": "7", "fes": itoa(fes)}
		var set []experiment.Assignment
		for k, v := range tc.set {
			raw[k] = v
			a, err := experiment.ParseSet(k + "=" + v)
			if err != nil {
				t.Fatal(err)
			}
			set = append(set, a...)
		}
		line, c := runToEnd(t, r, raw, "mine", 3)
		if c.Data.Label != "official" || len(c.Notices) != 0 {
			t.Errorf("%s: configured data %+v, notices %v", tc.problem, c.Data, c.Notices)
		}
		p, err := suite.New(tc.problem, tc.dim, suite.Options{Data: official.FS()})
		if err != nil {
			t.Fatal(err)
		}
		s, err := experiment.NewSettings(tc.algo, tc.dim, set)
		if err != nil {
			t.Fatal(err)
		}
		want, err := experiment.RunOne(context.Background(), p, s, 7, fes)
		if err != nil {
			t.Fatal(err)
		}
		want.Algo, want.Problem, want.Run, want.Data = "mine", tc.problem, 3, experiment.DataOfficial
		wl, _ := experiment.MarshalLine(want)
		if line != string(wl) {
			t.Errorf("%s %s D=%d: the page's record\n%s\ndiffers from cec run's\n%s", tc.algo, tc.problem, tc.dim, short(line), short(string(wl)))
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func short(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// Without loaded files a CEC run uses generated data and says so; after a
// failed load its notices say why; teaching problems use none.
func TestDataLabelsAndNotes(t *testing.T) {
	r := NewRuns()
	line, c := runToEnd(t, r, map[string]string{"problem": "C03", "dim": "10", "fes": "500"}, "pmode", 0)
	if c.Data.Label != "generated" || !strings.Contains(c.Data.Note, GeneratedNote) || len(c.Notices) != 0 {
		t.Errorf("not loaded: %+v, notices %v", c.Data, c.Notices)
	}
	if !strings.Contains(line, `"data":"generated"`) {
		t.Errorf("record %s: want data generated", short(line))
	}
	// D = 2: no official files exist, and the page says so
	need, err := r.NeedData(map[string]string{"problem": "C03", "dim": "2"})
	if err != nil || len(need.Files) != 0 {
		t.Errorf("NeedData at D = 2: %+v, %v", need, err)
	}
	_, c = runToEnd(t, r, map[string]string{"problem": "C03", "dim": "2", "fes": "500"}, "pmode", 0)
	if c.Data.Label != "generated" || !strings.Contains(c.Data.Note, "D = 2") {
		t.Errorf("D = 2: %+v", c.Data)
	}
	// D = 20: no official files either
	if need, err := r.NeedData(map[string]string{"problem": "C03", "dim": "20"}); err != nil || need.Dim != 20 || len(need.Files) != 0 {
		t.Errorf("NeedData at D = 20: %+v, %v", need, err)
	}
	line, c = runToEnd(t, r, map[string]string{"problem": "C03", "dim": "20", "fes": "500"}, "pmode", 0)
	if c.Data.Label != "generated" || !strings.Contains(c.Data.Note, GeneratedNote) || !strings.Contains(c.Data.Note, "D = 20") ||
		!strings.Contains(line, `"dim":20`) || !strings.Contains(line, `"data":"generated"`) {
		t.Errorf("D = 20: %+v, %s", c.Data, short(line))
	}
	// a failed fetch: a notice naming the reason, generated data
	if err := r.DataFailed("c3", 10, "HTTP 404"); err != nil {
		t.Fatal(err)
	}
	_, c = runToEnd(t, r, map[string]string{"problem": "C03", "dim": "10", "fes": "500"}, "pmode", 0)
	if c.Data.Label != "generated" || len(c.Notices) != 1 || c.Notices[0].Key != "data" ||
		!strings.Contains(c.Notices[0].Message, "HTTP 404") || !strings.Contains(c.Notices[0].Message, GeneratedNote) {
		t.Errorf("after a failed fetch: %+v, notices %+v", c.Data, c.Notices)
	}
	// loading clears it
	if _, err := r.LoadData("C03", 10, officialFiles(t, "C03", 10), official.SHA256()); err != nil {
		t.Fatal(err)
	}
	_, c = runToEnd(t, r, map[string]string{"problem": "C03", "dim": "10", "fes": "500"}, "pmode", 0)
	if c.Data.Label != "official" || len(c.Notices) != 0 {
		t.Errorf("after LoadData: %+v, %v", c.Data, c.Notices)
	}
	// teaching problem
	line, c = runToEnd(t, r, map[string]string{"problem": "rosenbrock", "fes": "500"}, "de", 1)
	if c.Data.Label != "none" || c.Data.Note != "" || !strings.Contains(line, `"data":"none"`) {
		t.Errorf("teaching: %+v %s", c.Data, short(line))
	}
}

func TestLoadDataErrors(t *testing.T) {
	r := NewRuns()
	files := officialFiles(t, "C05", 10)
	// a changed file is not official: a content label
	changed := map[string][]byte{}
	for k, v := range files {
		changed[k] = v
	}
	changed["shift_data_5.txt"] = []byte(strings.Replace(string(files["shift_data_5.txt"]), "1", "2", 1))
	info, err := r.LoadData("C05", 10, changed, official.SHA256())
	if err != nil || !regexp.MustCompile(`^sha256:[0-9a-f]{16}$`).MatchString(info.Label) || info.Note == "" {
		t.Errorf("changed file: %+v, %v", info, err)
	}
	// without the manifest the same files are official still: the sums are
	// compiled into the module
	if info, err := r.LoadData("C05", 10, files, nil); err != nil || info.Label != "official" {
		t.Errorf("no manifest: %+v, %v", info, err)
	}
	for _, tc := range []struct {
		problem string
		dim     int
		files   map[string][]byte
		want    string
	}{
		{"C05", 10, map[string][]byte{"shift_data_5.txt": files["shift_data_5.txt"]}, "M1_5_D10.txt"},
		{"C05", 10, map[string][]byte{"shift_data_5.txt": []byte("1 x 3"), "M1_5_D10.txt": files["M1_5_D10.txt"], "M2_5_D10.txt": files["M2_5_D10.txt"]}, `"x"`},
		{"rosenbrock", 2, files, "not a CEC 2017 problem"},
		{"C05", 20, files, "dimension 20"},
	} {
		r := NewRuns()
		_, err := r.LoadData(tc.problem, tc.dim, tc.files, official.SHA256())
		if err == nil || !strings.Contains(err.Error(), tc.want) || wire.CodeOf(err) != wire.CodeBadArgument {
			t.Errorf("LoadData(%s, %d): %v, want a bad-argument error naming %s", tc.problem, tc.dim, err, tc.want)
		}
		if need, _ := r.NeedData(map[string]string{"problem": "C05", "dim": "10"}); need.Loaded {
			t.Errorf("a failed load was kept")
		}
	}
}

func TestRecordErrors(t *testing.T) {
	r := NewRuns()
	id := r.Open()
	if _, err := r.Configure(id, map[string]string{"problem": "C01", "fes": "500"}, ConfigureOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Record(id, "pmode", 0); err == nil || !strings.Contains(err.Error(), "record: true") {
		t.Errorf("a run configured without record: %v", err)
	}
	if _, err := r.Record(99, "pmode", 0); wire.CodeOf(err) != wire.CodeNoRun {
		t.Errorf("no run: %v", err)
	}
	r2 := NewRuns()
	for _, bad := range []struct {
		name string
		run  int
		want string
	}{{"PCA on", 0, `"algo"`}, {"pmode", -1, `"run"`}} {
		id := r2.Open()
		if _, err := r2.Configure(id, map[string]string{"problem": "C01", "fes": "500"}, ConfigureOptions{Record: true}); err != nil {
			t.Fatal(err)
		}
		s, _ := r2.Session(id)
		for !s.Solver.Done() {
			s.Step(100, nil)
		}
		if _, err := r2.Record(id, bad.name, bad.run); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Record(%q, %d): %v, want an error naming %s", bad.name, bad.run, err, bad.want)
		}
	}
}

// FuzzLoadData: files from the network never panic the module; a load
// that fails is a bad-argument error and keeps nothing.
func FuzzLoadData(f *testing.F) {
	files := officialFiles(f, "C05", 10)
	f.Add(files["shift_data_5.txt"], files["M1_5_D10.txt"], files["M2_5_D10.txt"])
	f.Add([]byte("1 2 3"), []byte("nan"), []byte(""))
	f.Add([]byte("1e308 1e308 1e308 1e308 1e308 1e308 1e308 1e308 1e308 1e308"), files["M1_5_D10.txt"], files["M1_5_D10.txt"])
	f.Fuzz(func(t *testing.T, shift, m1, m2 []byte) {
		r := NewRuns()
		info, err := r.LoadData("C05", 10, map[string][]byte{"shift_data_5.txt": shift, "M1_5_D10.txt": m1, "M2_5_D10.txt": m2}, official.SHA256())
		need, _ := r.NeedData(map[string]string{"problem": "C05", "dim": "10"})
		if err != nil {
			if wire.CodeOf(err) != wire.CodeBadArgument || need.Loaded {
				t.Fatalf("error %v (code %s), loaded %v", err, wire.CodeOf(err), need.Loaded)
			}
			return
		}
		if info.Label == "" || !need.Loaded {
			t.Fatalf("loaded: %+v, %v", info, need.Loaded)
		}
		id := r.Open()
		if _, err := r.Configure(id, map[string]string{"problem": "C05", "dim": "10", "fes": "200"}, ConfigureOptions{Record: true}); err != nil && wire.CodeOf(err) == wire.CodeInternal {
			t.Fatalf("configure on loaded data: %v", err)
		}
	})
}
