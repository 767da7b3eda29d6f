package published

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"pcaplay/internal/experiment"
)

// The HECO-DE set: 25 runs of 28 problems at four D, the variants named as
// such, and every record survives the strict reader.
func TestHECODEGECCO2019(t *testing.T) {
	fsys, err := FS("heco-de-gecco2019")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := Read(fsys, HECODEGECCO2019)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 28*4*25 {
		t.Fatalf("%d records, want %d", len(recs), 28*4*25)
	}
	var b bytes.Buffer
	for _, r := range recs {
		line, err := experiment.MarshalLine(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	back, _, err := experiment.Read(&b, "published")
	if err != nil {
		t.Fatal(err)
	}
	if err := experiment.Check(back, experiment.Where(back)); err != nil {
		t.Fatal(err)
	}
	// a few values read by hand from the files
	for _, c := range []struct {
		prob string
		dim  int
		run  int
		f, v float64
		c    [3]int
	}{
		{"C07", 10, 0, -680.4036750968603, 0.0018515125364364394, [3]int{0, 0, 2}},
		{"C21-author", 10, 24, 0, 0, [3]int{}},
	} {
		found := false
		for _, r := range back {
			if r.Problem == c.prob && r.Dim == c.dim && r.Run == c.run {
				found = true
				if c.prob == "C07" && (r.F != c.f || r.V != c.v || r.Counts != c.c || r.Feasible) {
					t.Errorf("%s D=%d run %d: f %v v %v c %v feasible %v", c.prob, c.dim, c.run, r.F, r.V, r.Counts, r.Feasible)
				}
				if r.MaxFES != 20000*c.dim || !r.FinalOnly() || r.Algo != "heco-de-published" {
					t.Errorf("%s: maxfes %d, final only %v, algo %s", c.prob, r.MaxFES, r.FinalOnly(), r.Algo)
				}
			}
		}
		if !found {
			t.Errorf("no record of %s D=%d run %d", c.prob, c.dim, c.run)
		}
	}
}

// A folder in the one-file layout, with and without counts; bad files get
// one line naming the file, the line and the value.
func TestReadLayouts(t *testing.T) {
	one := Layout{Algo: "x-published", Source: "a paper", Pattern: "P{P}_D{D}.txt", Dims: []int{10}}
	recs, err := Read(fstest.MapFS{
		"P01_D10.txt": {Data: []byte("1.5 0\n2.5 0\n\n")},
		"P07_D10.txt": {Data: []byte("-3 0.25 0 1 0\n-4 0 0 0 0\n")},
	}, one)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 || recs[0].Problem != "C01" || recs[2].Problem != "C07" || recs[2].Counts != [3]int{0, 1, 0} || recs[2].Feasible || !recs[3].Feasible {
		t.Fatalf("records %+v", recs)
	}
	two := Layout{Algo: "x-published", Source: "a paper", Pattern: "F{p}_{D}D_{kind}.txt", Dims: []int{10}}
	for _, c := range []struct {
		files fstest.MapFS
		l     Layout
		want  string
	}{
		{fstest.MapFS{}, two, "no file of the pattern"},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1\n2\n")}}, two, "F1_10D_obj.txt has no F1_10D_vio.txt"},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1\n2\n")}, "F1_10D_vio.txt": {Data: []byte("0\n")}}, two, "2 runs in F1_10D_obj.txt, 1 in F1_10D_vio.txt"},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1\nNaN\n")}, "F1_10D_vio.txt": {Data: []byte("0\n0\n")}}, two, `F1_10D_obj.txt:2: "NaN" is not a finite number`},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1\n")}, "F1_10D_vio.txt": {Data: []byte("-1\n")}}, two, "v̄ = -1 is negative"},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1\n")}, "F1_10D_vio.txt": {Data: []byte("0\n")}, "F1_10D_c.txt": {Data: []byte("0 1 0\n")}}, two, "counts [0 1 0] on a feasible run"},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1\n")}, "F1_10D_vio.txt": {Data: []byte("2\n")}, "F1_10D_c.txt": {Data: []byte("0 1.5 0\n")}}, two, "count 1.5 is not a whole number"},
		{fstest.MapFS{"F1_10D_obj.txt": {Data: []byte("1 2\n")}}, two, "F1_10D_obj.txt:1: 2 numbers, want 1"},
		{fstest.MapFS{"P01_D10.txt": {Data: []byte("1 0 0\n")}}, one, "P01_D10.txt, run 1: 3 numbers, want 2 (f v̄) or 5"},
		{fstest.MapFS{}, Layout{Algo: "X", Source: "s", Pattern: "{p}{D}"}, `algorithm name "X"`},
		{fstest.MapFS{}, Layout{Algo: "x", Pattern: "{p}{D}"}, "source"},
		{fstest.MapFS{}, Layout{Algo: "x", Source: "s", Pattern: "{D}.txt"}, "names no problem"},
	} {
		_, err := Read(c.files, c.l)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("want an error with %q, got %v", c.want, err)
		}
	}
}

// Read never panics and never returns a record the strict reader refuses.
func FuzzRead(f *testing.F) {
	f.Add([]byte("1.5 0\n2 0.5 1 0 0\n"), []byte("0\n"))
	f.Add([]byte("-680.4\n1e308\n"), []byte("0.1\n0\n"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		for _, l := range []Layout{
			{Algo: "f-published", Source: "fuzz", Pattern: "F{p}_{D}D_{kind}.txt", Dims: []int{10}},
			{Algo: "f-published", Source: "fuzz", Pattern: "F{p}_{D}D_obj.txt", Dims: []int{10}},
		} {
			recs, err := Read(fstest.MapFS{"F1_10D_obj.txt": {Data: a}, "F1_10D_vio.txt": {Data: b}, "F1_10D_c.txt": {Data: b}}, l)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("a message of more than one line: %q", err)
				}
				continue
			}
			var buf bytes.Buffer
			for _, r := range recs {
				line, err := experiment.MarshalLine(r)
				if err != nil {
					t.Fatal(err)
				}
				buf.Write(line)
			}
			if _, _, err := experiment.Read(&buf, "fuzz"); err != nil {
				t.Fatalf("Read made a record the strict reader refuses: %v", err)
			}
		}
	})
}
