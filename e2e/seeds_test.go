package e2e

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"pcaplay/core/solver"
	"pcaplay/core/stats"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
)

// seedsPage is compare-seeds.js's answer.
type seedsPage struct {
	Seeds *struct {
		N          int         `json:"n"`
		First      string      `json:"first"`
		Last       string      `json:"last"`
		Done       bool        `json:"done"`
		FES        []int       `json:"fes"`
		MedianF    [][]float64 `json:"medianF"`
		MedianV    [][]float64 `json:"medianV"`
		Targets    []string    `json:"targets"`
		FirstCount [][]int     `json:"firstCount"`
		Reached    [][]int     `json:"reached"`
		Test       string      `json:"test"`
		Tests      []struct {
			A     string  `json:"a"`
			B     string  `json:"b"`
			P     float64 `json:"p"`
			PHolm float64 `json:"pHolm"`
			Mark  string  `json:"mark"`
			Text  string  `json:"text"`
		} `json:"tests"`
	} `json:"seeds"`
	Hidden bool       `json:"hidden"`
	Wins   [][]string `json:"wins"`
	Test   string     `json:"test"`
	Pairs  []string   `json:"pairs"`
	Shown  string     `json:"shown"`
	Heads  []string   `json:"heads"`
	Hash   string     `json:"hash"`
}

// TestCompareSeeds: compare mode with seeds=6 runs PMODE and CMODE on
// seeds 3…8 to the end; its median curves are those of `cec run -seed 3
// -runs 6`'s records (stats.ConvergenceBand, bit for bit), its p-value is
// `cec wilcoxon`'s (the CSV's 17 digits, and the 3 digits its table
// prints), and its win counts are each seed's scoreboard, recomputed here
// from every generation of the native runs. A bad seeds= is refused with a
// notice naming it.
func TestCompareSeeds(t *testing.T) {
	const n, seed, fes, prob = 6, 3, 3000, "valley"
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", prob, "fes", strconv.Itoa(fes), "seed", strconv.Itoa(seed), "compare", "2", "b.algo", "cmode", "seeds", strconv.Itoa(n)))
	tb.noNotice()
	tb.call("play")
	tb.waitFor("the end of the budget", 90*time.Second, func(s Status) bool { return s.Done })
	var pg seedsPage
	deadline := time.Now().Add(60 * time.Second)
	for {
		pg = eval[seedsPage](tb, 30*time.Second, jsExpr("compare-seeds"))
		if pg.Seeds != nil && pg.Seeds.Done || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	sf := pg.Seeds
	if sf == nil || !sf.Done || sf.N != n || sf.First != "3" || sf.Last != "8" || pg.Hidden {
		t.Fatalf("seeds frame %+v, box hidden %v", sf, pg.Hidden)
	}
	tb.shot("compare-seeds")
	if !strings.Contains(pg.Hash, "seeds=6") || !strings.Contains(pg.Shown, "seed 3") || !strings.Contains(pg.Heads[1], "seed 3 (1 of 6, live)") {
		t.Errorf("address %s; shown %q; heads %q", pg.Hash, pg.Shown, pg.Heads)
	}

	dir := t.TempDir()
	f := filepath.Join(dir, "runs.jsonl")
	cec(t, "run", "-algo", "pmode,cmode", "-problem", prob, "-dim", "2", "-fes", strconv.Itoa(fes), "-runs", strconv.Itoa(n),
		"-seed", strconv.Itoa(seed), "-workers", "2", "-quiet", "-o", f)
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := experiment.Read(strings.NewReader(string(b)), f)
	if err != nil {
		t.Fatal(err)
	}
	// the medians: the records' bands, A = pmode, B = cmode
	for i, algo := range []string{"pmode", "cmode"} {
		band, err := stats.ConvergenceBand(experiment.StatsCurves(experiment.Select(recs, algo, prob, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sf.FES, band.FES) || !slices.Equal(sf.MedianF[i], band.Median.F) || !slices.Equal(sf.MedianV[i], band.Median.V) {
			t.Errorf("%s: the page's median curve differs from cec run's records'\npage %v\ncec  %v", algo, sf.MedianF[i], band.Median.F)
		}
	}
	// the test: cec wilcoxon's p (its pair is cmode vs pmode, the canonical
	// order; the two-sided p is the same either way round)
	csv := strings.Split(strings.TrimSpace(cec(t, "wilcoxon", f, "-format", "csv")), "\n")
	if len(csv) != 2 || len(sf.Tests) != 1 {
		t.Fatalf("cec wilcoxon: %q; page's tests %+v", csv, sf.Tests)
	}
	cols := strings.Split(csv[1], ",")
	p, _ := strconv.ParseFloat(cols[9], 64)
	pHolm, _ := strconv.ParseFloat(cols[11], 64)
	mirror := map[string]string{"+": "−", "-": "+", "=": "≈"}
	if sf.Tests[0].P != p || sf.Tests[0].PHolm != pHolm || sf.Tests[0].Mark != mirror[cols[12]] {
		t.Errorf("page's test %+v; cec wilcoxon: %s", sf.Tests[0], csv[1])
	}
	printed := strconv.FormatFloat(pHolm, 'g', 3, 64)
	if md := cec(t, "wilcoxon", f); !strings.Contains(md, " "+printed+" |") || len(pg.Pairs) != 1 || !strings.Contains(pg.Pairs[0], "p = "+printed+" ") {
		t.Errorf("cec wilcoxon prints p %s:\n%s\nthe page: %q", printed, md, pg.Pairs)
	}
	if !strings.Contains(pg.Test, "Wilcoxon rank-sum") || !strings.Contains(pg.Test, "final results of 6 seeds") {
		t.Errorf("the test's name: %q", pg.Test)
	}
	// the win counts, shown as "first / at all"
	first, reached := nativeWins(t, prob, []string{"pmode", "cmode"}, seed, n, fes)
	for i := range first {
		for j := range first[i] {
			want := strconv.Itoa(first[i][j]) + " / " + strconv.Itoa(reached[i][j])
			if sf.FirstCount[i][j] != first[i][j] || sf.Reached[i][j] != reached[i][j] || pg.Wins[i][j] != want {
				t.Errorf("configuration %d, %s: page %d / %d (%q), want %s", i, sf.Targets[j], sf.FirstCount[i][j], sf.Reached[i][j], pg.Wins[i][j], want)
			}
		}
	}
	t.Logf("wins %v; %s; %s", pg.Wins, pg.Test, pg.Pairs)
	tb.noConsoleErrors()

	// a bad value: refused, named, and the runs shown alone
	tb = h.newTab(t)
	tb.open(hash("compare", "2", "fes", "1000", "seeds", "31"))
	if shown, text := tb.notice(); !shown || !strings.Contains(text, "seeds") || !strings.Contains(text, "31") {
		t.Errorf("seeds=31: notice %v %q", shown, text)
	}
	if pg := eval[seedsPage](tb, 30*time.Second, jsExpr("compare-seeds")); pg.Seeds != nil || !pg.Hidden || strings.Contains(pg.Hash, "seeds=") {
		t.Errorf("seeds=31: frame %+v, hidden %v, address %s", pg.Seeds, pg.Hidden, pg.Hash)
	}
	// the Seeds field sets seeds= (Go reads it); 1 drops it
	for _, v := range []string{"4", "1"} {
		eval[bool](tb, 10*time.Second, `(() => { const i = document.querySelector('[data-role="seeds-input"]'); i.value = "`+v+`"; i.dispatchEvent(new Event("change")); return true; })()`)
		deadline := time.Now().Add(30 * time.Second)
		for {
			pg = eval[seedsPage](tb, 30*time.Second, jsExpr("compare-seeds"))
			ok := v == "4" && pg.Seeds != nil && pg.Seeds.N == 4 && strings.Contains(pg.Hash, "seeds=4") ||
				v == "1" && pg.Seeds == nil && pg.Hidden && !strings.Contains(pg.Hash, "seeds=")
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the Seeds field at %s: frame %+v, address %s", v, pg.Seeds, pg.Hash)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// nativeWins runs each algorithm on seeds seed…seed+n−1 natively and counts,
// per target of the scoreboard (feasible, then f − f_best ≤ 1e-2, 1e-4,
// 1e-8, f_best on a seed being min(f*, every algorithm's best feasible f
// on it)), on how many seeds each reached it with the fewest FES (ties
// count for each) and at all.
func nativeWins(t *testing.T, prob string, algos []string, seed uint64, n, fes int) (first, reached [][]int) {
	t.Helper()
	eps := []float64{1e-2, 1e-4, 1e-8}
	for range algos {
		first = append(first, make([]int, 4))
		reached = append(reached, make([]int, 4))
	}
	type gen struct {
		fes  int
		f, v float64
	}
	for k := uint64(0); k < uint64(n); k++ {
		gens := make([][]gen, len(algos))
		fbest := math.Inf(1)
		var p interface{ Optimum() ([]float64, float64) }
		for i, algo := range algos {
			pr, err := suite.New(prob, 2, suite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			p, _ = pr.(interface{ Optimum() ([]float64, float64) })
			st, err := experiment.NewSettings(algo, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			sv, err := solver.New(pr, st, seed+k, fes)
			if err != nil {
				t.Fatal(err)
			}
			for !sv.Done() {
				snap, err := sv.Step()
				if errors.Is(err, solver.ErrDone) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				gens[i] = append(gens[i], gen{snap.FES, snap.Best.F, snap.Best.V})
				if snap.Best.V == 0 {
					fbest = math.Min(fbest, snap.Best.F)
				}
			}
		}
		if p != nil {
			_, fstar := p.Optimum()
			fbest = math.Min(fbest, fstar)
		}
		rows := make([][]int, len(algos))
		for i := range algos {
			rows[i] = []int{-1, -1, -1, -1}
			for _, g := range gens[i] {
				for j := 0; j < 4; j++ {
					if g.v == 0 && rows[i][j] < 0 && (j == 0 || g.f-fbest <= eps[j-1]) {
						rows[i][j] = g.fes
					}
				}
			}
		}
		for j := 0; j < 4; j++ {
			best := -1
			for i := range algos {
				if r := rows[i][j]; r >= 0 && (best < 0 || r < best) {
					best = r
				}
			}
			for i := range algos {
				if rows[i][j] >= 0 {
					reached[i][j]++
				}
				if rows[i][j] >= 0 && rows[i][j] == best {
					first[i][j]++
				}
			}
		}
	}
	return first, reached
}
