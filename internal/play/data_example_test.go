package play_test

import (
	"fmt"
	"io/fs"
	"strings"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/internal/play"
)

// The page's path to a record: the worker asks which official files a run
// needs, loads them (here from the embedded copy; the page fetches them),
// configures the run with {record: true}, steps it to its end and asks for
// its record, one JSON line of the cec run -o schema.
func ExampleRuns_Record() {
	runs := play.NewRuns()
	state := map[string]string{"problem": "C01", "dim": "10", "algo": "pmode", "seed": "3", "fes": "1000"}
	need, _ := runs.NeedData(state)
	fmt.Println(need.Problem, need.Dim, need.Files, need.Loaded)

	files := map[string][]byte{}
	for _, n := range need.Files {
		files[n], _ = fs.ReadFile(official.FS(), n)
	}
	info, err := runs.LoadData(need.Problem, need.Dim, files, official.SHA256())
	fmt.Println(info.Label, err)

	id := runs.Open()
	c, _ := runs.Configure(id, state, play.ConfigureOptions{Record: true})
	fmt.Println(c.Data.Label)
	s, _ := runs.Session(id)
	for !s.Solver.Done() {
		s.Advance(play.StepOptions{N: 100})
	}
	line, err := runs.Record(id, "pmode", 0)
	fmt.Println(strings.Join(strings.SplitAfterN(line, ",", 5)[:4], ""), err)
	// Output:
	// C01 10 [shift_data_1.txt] false
	// official <nil>
	// official
	// {"algo":"pmode","problem":"C01","dim":10,"data":"official", <nil>
}
