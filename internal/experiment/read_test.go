package experiment

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"pcaplay/core/solver"
)

// goodLine is one valid record line without its newline.
func goodLine(t testing.TB) string {
	b, err := MarshalLine(rec("pmode", "C01", 3, 1.5, 0))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(string(b), "\n")
}

// TestReadStrict: every silent misreading of a run file (a missing, null,
// duplicate, unknown or out-of-range field) is an error that
// names the file, the line and the field.
func TestReadStrict(t *testing.T) {
	line := goodLine(t)
	sub := func(old, new string) string {
		if !strings.Contains(line, old) {
			t.Fatalf("%q not in %s", old, line)
		}
		return strings.Replace(line, old, new, 1)
	}
	for _, tc := range []struct {
		name, in, want string
	}{
		{"f missing", sub(`"f":1.5,`, ""), `missing "f"`},
		{"f null", sub(`"f":1.5`, `"f":null`), `"f" is null`},
		{"run overflows", sub(`"run":3`, `"run":9223372036854775807`), `"run" = 9223372036854775807`},
		{"run beyond int64", sub(`"run":3`, `"run":92233720368547758070`), `"run"`},
		{"run fraction", sub(`"run":3`, `"run":3.5`), `"run" = 3.5`},
		{"counts extra", sub(`"counts":[0,0,0]`, `"counts":[0,0,0,7]`), `"counts": 4 entries, want 3`},
		{"counts short", sub(`"counts":[0,0,0]`, `"counts":[0,0]`), `"counts": 2 entries`},
		{"counts null entry", sub(`"counts":[0,0,0]`, `"counts":[0,null,0]`), `"counts"[1] is null`},
		{"counts of a feasible point", sub(`"counts":[0,0,0]`, `"counts":[0,1,0]`), `a feasible point violates nothing`},
		{"x null entry", sub(`"x":[0,`, `"x":[null,`), `"x"[0] is null`},
		{"x short", sub(`"x":[0,`, `"x":[`), `"x": 9 coordinates, "dim" = 10`},
		{"x not finite", sub(`"x":[0,`, `"x":[1e999,`), `"x"`},
		{"duplicate key", sub(`"f":1.5,`, `"f":1.5,"f":0,`), `"f" given twice`},
		{"unknown key (case)", sub(`"f":1.5,`, `"f":1.5,"F":0,`), `unknown field "F"`},
		{"unknown key", sub(`"settings"`, `"comment":"hi","settings"`), `unknown field "comment"`},
		{"algo markup", sub(`"algo":"pmode"`, `"algo":"\u003c/script\u003e"`), `"algo" = "</script>"`},
		{"problem markup", sub(`"problem":"C01"`, `"problem":"C01<img>"`), `"problem" = "C01<img>"`},
		{"settings markup", sub(`"settings":"pop=5,k=0.5"`, `"settings":"pop=5<b>"`), `"settings"`},
		{"dim huge", sub(`"dim":10`, `"dim":20000`), `"dim" = 20000`},
		{"maxfes huge", sub(`"maxfes":100`, `"maxfes":9223372036854775807`), `"maxfes"`},
		{"fes over budget", sub(`"fes":100,`, `"fes":101,`), `"fes" = 101`},
		{"best_fes zero", sub(`"best_fes":90`, `"best_fes":0`), `"best_fes" = 0`},
		{"seed negative", sub(`"seed":4`, `"seed":-4`), `"seed"`},
		{"feasible string", sub(`"feasible":true`, `"feasible":"yes"`), `"feasible"`},
		{"checkpoint missing", sub(`{"frac":0.1,"fes":10,"f":2.5,"v":0},`, ""), `"checkpoints": 2, want 3`},
		{"checkpoint frac", sub(`"frac":0.1`, `"frac":0.2`), `checkpoints[0].frac = 0.2`},
		{"checkpoint null", sub(`"frac":0.1,"fes":10,"f":2.5`, `"frac":0.1,"fes":10,"f":null`), `checkpoints[0].f is null`},
		{"checkpoint unknown", sub(`"frac":0.1,`, `"frac":0.1,"g":1,`), `unknown field checkpoints[0].g`},
		{"curve missing v", sub(`,"v":[0]}`, `}`), `missing curve.v`},
		{"curve not increasing", sub(`"curve":{"fes":[100]`, `"curve":{"fes":[0]`), `curve.fes[0] = 0`},
		{"curve lengths", sub(`"f":[1.5]`, `"f":[1.5,1]`), `differ in length`},
		{"curve contradicts f", sub(`"f":[1.5]`, `"f":[-1e9]`), `curve[0] (its last point): f = -1e+09, v = 0 disagree with the final "f" = 1.5`},
		{"curve contradicts v", sub(`"v":[0]}`, `"v":[2]}`), `curve[0] (its last point): f = 1.5, v = 2 disagree`},
		{"last checkpoint contradicts f", sub(`{"frac":1,"fes":100,"f":1.5`, `{"frac":1,"fes":100,"f":1.25`), `checkpoints[2] (at 1 of maxfes): fes = 100, f = 1.25, v = 0 disagree with the final "fes" = 100, "f" = 1.5`},
		{"last checkpoint before fes", sub(`{"frac":1,"fes":100`, `{"frac":1,"fes":99`), `checkpoints[2] (at 1 of maxfes): fes = 99`},
		{"checkpoints out of order", sub(`{"frac":0.5,"fes":50`, `{"frac":0.5,"fes":5`), `checkpoints[1].fes = 5: below checkpoints[0].fes = 10`},
		{"not an object", `[1,2]`, `not a run record`},
		{"two values", line + ` {}`, `more than one JSON value`},
		{"truncated", line[:len(line)/2], `not a run record`},
	} {
		_, _, err := Read(strings.NewReader(line+"\n"+tc.in+"\n"), "runs.jsonl")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "runs.jsonl:2: ") {
			t.Errorf("%s: err = %v, want runs.jsonl:2: … %s", tc.name, err, tc.want)
		}
	}
	if _, _, err := Read(strings.NewReader(line+"\n"), "ok"); err != nil {
		t.Fatalf("the good line: %v", err)
	}
	long := strings.Repeat(" ", maxLine+10) + line
	if _, _, err := Read(strings.NewReader(line+"\n"+long), "big"); err == nil || !strings.Contains(err.Error(), "big:2: a line longer than") {
		t.Errorf("a huge line: %v", err)
	}
}

// TestSettingsReadable: the settings every algorithm writes pass the reader.
func TestSettingsReadable(t *testing.T) {
	for _, name := range solver.Names() {
		for _, d := range []int{2, 10, 100} {
			s, err := NewSettings(name, d, nil)
			if err != nil {
				t.Fatal(err)
			}
			if f := FormatSettings(s); !settingsStr(f) {
				t.Errorf("%s at D=%d: settings %q would be refused", name, d, f)
			}
		}
	}
}

// FuzzRead: the reader never panics, and whatever it accepts is a valid
// record that MarshalLine writes back and Read reads again to the same
// record. `go test -fuzz FuzzRead ./internal/experiment` runs it.
func FuzzRead(f *testing.F) {
	line := goodLine(f)
	f.Add(line)
	f.Add(strings.Replace(line, `"run":3`, `"run":9223372036854775807`, 1))
	f.Add(strings.Replace(line, `"counts":[0,0,0]`, `"counts":[0,0,0,1]`, 1))
	f.Add(strings.Replace(line, `"f":1.5`, `"f":null`, 1))
	f.Add(strings.Replace(line, `"x":[0,`, `"x":[1e308,`, 1))
	f.Add(line + "\n" + line)
	f.Add(`{"algo":"heco-de-published","problem":"C07","dim":10,"data":"official","run":2,"seed":0,"maxfes":200000,"fes":200000,"f":-680.4,"v":0.0018,"feasible":false,"counts":[0,0,2],"best_fes":0,"x":[],"settings":"","checkpoints":[],"curve":{"fes":[],"f":[],"v":[]},"source":"github.com/x/y@abc:Results"}`)
	f.Add(`{"algo":"a"}`)
	f.Add(`{}`)
	f.Add(`[`)
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		recs, lines, err := Read(strings.NewReader(in), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz") || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error %q does not start with the file name or spans lines", err)
			}
			return
		}
		if len(recs) != len(lines) {
			t.Fatalf("%d records, %d line numbers", len(recs), len(lines))
		}
		var buf bytes.Buffer
		for _, r := range recs {
			if err := checkRecord(r); err != nil {
				t.Fatalf("accepted an invalid record: %v", err)
			}
			b, err := MarshalLine(r)
			if err != nil {
				t.Fatalf("MarshalLine: %v", err)
			}
			buf.Write(b)
		}
		again, _, err := Read(&buf, "again")
		if err != nil || !reflect.DeepEqual(again, recs) {
			t.Fatalf("written and read again: %v", err)
		}
	})
}

// TestReadSharesCurveGrid: records of one budget share their curve's FES
// (the memory of a large file), and a record of another budget has its own.
func TestReadSharesCurveGrid(t *testing.T) {
	line := goodLine(t)
	other := strings.Replace(strings.Replace(line, `"curve":{"fes":[100]`, `"curve":{"fes":[99]`, 1), `"run":3`, `"run":4`, 1)
	recs, _, err := Read(strings.NewReader(line+"\n"+strings.Replace(line, `"run":3`, `"run":5`, 1)+"\n"+other+"\n"), "x")
	if err != nil {
		t.Fatal(err)
	}
	if &recs[0].Curve.FES[0] != &recs[1].Curve.FES[0] || &recs[1].Curve.FES[0] == &recs[2].Curve.FES[0] || recs[2].Curve.FES[0] != 99 {
		t.Errorf("curve FES %v %v %v: want the first two shared, the third its own", recs[0].Curve.FES, recs[1].Curve.FES, recs[2].Curve.FES)
	}
}

// A record of published runs ("source") holds final values only; every
// other shape with a source is refused, and an empty source too.
func TestReadFinalOnly(t *testing.T) {
	r := Record{Algo: "heco-de-published", Problem: "C07", Dim: 10, Data: DataOfficial, Run: 0, MaxFES: 200000, FES: 200000,
		F: -680.4, V: 0.0018, Counts: [3]int{0, 0, 2}, X: []float64{}, Checkpoints: []Checkpoint{},
		Curve: Curve{FES: []int{}, F: []float64{}, V: []float64{}}, Source: "github.com/x/y@abc:Results"}
	b, err := MarshalLine(r)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSuffix(string(b), "\n")
	recs, _, err := Read(strings.NewReader(line), "pub.jsonl")
	if err != nil || len(recs) != 1 || !recs[0].FinalOnly() || !reflect.DeepEqual(recs[0], r) {
		t.Fatalf("the good line: %v %+v", err, recs)
	}
	sub := func(old, new string) string {
		if !strings.Contains(line, old) {
			t.Fatalf("%q not in %s", old, line)
		}
		return strings.Replace(line, old, new, 1)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"empty source", sub(`"source":"github.com/x/y@abc:Results"`, `"source":""`), `"source" is empty`},
		{"control in source", sub(`"source":"github.com`, `"source":"\u0007github.com`), `"source" = `},
		{"a point", sub(`"x":[]`, `"x":[1,2,3,4,5,6,7,8,9,10]`), `final values only`},
		{"a curve", sub(`"curve":{"fes":[],"f":[],"v":[]}`, `"curve":{"fes":[5],"f":[1],"v":[0]}`), `final values only`},
		{"a seed", sub(`"seed":0`, `"seed":3`), `"best_fes" and "seed" 0`},
		{"fes below maxfes", sub(`"fes":200000,"f"`, `"fes":199000,"f"`), `"fes" = "maxfes"`},
		{"no source, no point", sub(`,"source":"github.com/x/y@abc:Results"`, ``), `"best_fes" = 0`},
	} {
		_, _, err := Read(strings.NewReader(tc.in+"\n"), "pub.jsonl")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want … %s", tc.name, err, tc.want)
		}
	}
	// Check takes them without seeds
	if err := Check(recs, Where(recs)); err != nil {
		t.Errorf("Check: %v", err)
	}
}
