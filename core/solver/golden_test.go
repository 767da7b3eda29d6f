package solver_test

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"os"
	"strconv"
	"testing"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// The golden runs pin every algorithm bit for bit: the final best (f, v, x)
// and an FNV-style digest of every snapshot of a whole run, on a few problems
// at D = 2, 10, 30 and 100 (generated CEC data, so the test needs no files
// and runs under GOOS=js too: `make test-wasm`). The values were computed
// before any speed work and must never change: an optimisation that changes
// one of them changed a random stream or the order of a floating-point
// operation. Only a deliberate change of an algorithm may regenerate them,
// with PCAPLAY_UPDATE_GOLDEN=1 go test ./core/solver -run TestGoldenRuns,
// and the commit must say why.

// goldenCase is one run of the golden set.
type goldenCase struct {
	algo, problem string
	dim           int
	seed          uint64
	fes           int
}

// goldenCases returns every algorithm on C01, C05 and C20 at D = 10, 30,
// 100 and on the 2-D Rosenbrock valley. Budgets are short (two runs per
// algorithm are longer) but long enough
// for many generations, PCA-projections, HECO's population reduction and
// archive trimming and CMODE's infeasible-solution replacement.
func goldenCases() []goldenCase {
	var cs []goldenCase
	for _, algo := range solver.Names() {
		cs = append(cs, goldenCase{algo, "rosenbrock", 2, 11, 3000})
		for _, prob := range []string{"C01", "C05", "C20"} {
			for _, d := range []int{10, 30, 100} {
				fes := map[int]int{10: 3000, 30: 4000, 100: 4000}[d]
				cs = append(cs, goldenCase{algo, prob, d, uint64(d) + 3, fes})
			}
		}
		// Long runs: converged populations (rank-deficient and identical
		// points for PCA-projection) and the end of HECO's schedule.
		cs = append(cs, goldenCase{algo, "rosenbrock", 2, 5, 20000}, goldenCase{algo, "C05", 10, 9, 50000})
	}
	return cs
}

func (c goldenCase) key() string {
	return fmt.Sprintf("%s/%s/%d/%d/%d", c.algo, c.problem, c.dim, c.seed, c.fes)
}

// goldenResult is what a golden run must reproduce.
type goldenResult struct {
	Hash         uint64 // digest of every snapshot
	BestF, BestV float64
	BestX        uint64 // digest of the final best point
	Generations  int
}

type fnv uint64

func newFNV() fnv { return 14695981039346656037 }

// word mixes in a 64-bit word at once (FNV-1a on words, not bytes: the
// digests hash every population, and byte-wise hashing would dominate the
// test's time).
func (h *fnv) word(w uint64) {
	*h ^= fnv(w)
	*h *= 1099511628211
	*h ^= *h >> 29
}

func (h *fnv) int(i int)     { h.word(uint64(i)) }
func (h *fnv) f64(x float64) { h.word(math.Float64bits(x)) }
func (h *fnv) floats(a []float64) {
	h.int(len(a))
	for _, x := range a {
		h.f64(x)
	}
}

// snapshot adds everything a caller can read from s: the population, the
// best point with its measures, the PCA-projection (the first M basis
// vectors: the ones the projection used) and the adaptive state.
func (h *fnv) snapshot(s *solver.Snapshot) {
	h.int(s.Generation)
	h.int(s.FES)
	h.int(s.MaxFES)
	h.int(s.Dim)
	if s.Done {
		h.int(1)
	}
	h.floats(s.X)
	h.floats(s.F)
	h.floats(s.V)
	h.floats(s.Best.X)
	h.f64(s.Best.F)
	h.f64(s.Best.V)
	h.f64(s.Best.MeanV)
	for _, c := range s.Best.Counts {
		h.int(c)
	}
	h.int(s.Best.FES)
	if p := s.PCA; p != nil {
		h.int(-1)
		h.int(p.N)
		h.int(p.Count)
		h.int(p.K)
		h.int(p.M)
		for _, i := range p.Selected {
			h.int(i)
		}
		h.floats(p.Mean)
		h.floats(p.Values)
		h.floats(p.Vectors[:p.M*p.N])
		h.floats(p.Coords)
		h.floats(p.Points)
		h.floats(p.Input)
	}
	if a := s.Adaptation; a != nil {
		h.int(-2)
		h.floats(a.StrategyProb)
		h.floats(a.MeanF)
		h.floats(a.MeanCR)
	}
}

func runGolden(t *testing.T, c goldenCase) goldenResult {
	t.Helper()
	p, err := suite.New(c.problem, c.dim, suite.Options{DataSeed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, err := solver.Lookup(c.algo)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := solver.New(p, a.Defaults(c.dim), c.seed, c.fes)
	if err != nil {
		t.Fatal(err)
	}
	h := newFNV()
	var r goldenResult
	for !sv.Done() {
		s, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		h.snapshot(&s)
		r.Generations++
	}
	b := sv.Best()
	hx := newFNV()
	hx.floats(b.X)
	r.Hash, r.BestF, r.BestV, r.BestX = uint64(h), b.F, b.V, uint64(hx)
	return r
}

func TestGoldenRuns(t *testing.T) {
	update := os.Getenv("PCAPLAY_UPDATE_GOLDEN") == "1"
	got := map[string]goldenResult{}
	var keys []string
	for _, c := range goldenCases() {
		k := c.key()
		keys = append(keys, k)
		r := runGolden(t, c)
		got[k] = r
		if update {
			continue
		}
		want, ok := golden[k]
		switch {
		case !ok:
			t.Errorf("%s: no golden value", k)
		case r.Hash != want.Hash || r.BestX != want.BestX || r.Generations != want.Generations ||
			math.Float64bits(r.BestF) != math.Float64bits(want.BestF) ||
			math.Float64bits(r.BestV) != math.Float64bits(want.BestV):
			t.Errorf("%s: got hash %x, best f %v v %v x %x, %d generations; want %x, %v, %v, %x, %d",
				k, r.Hash, r.BestF, r.BestV, r.BestX, r.Generations,
				want.Hash, want.BestF, want.BestV, want.BestX, want.Generations)
		}
	}
	if len(golden) != len(keys) && !update {
		t.Errorf("%d golden values for %d cases", len(golden), len(keys))
	}
	if !update {
		return
	}
	var body bytes.Buffer
	needMath := false
	for _, k := range keys {
		r := got[k]
		bf, bv := goFloat(r.BestF), goFloat(r.BestV)
		needMath = needMath || bf[0] == 'm' || bv[0] == 'm'
		fmt.Fprintf(&body, "\t%q: {0x%x, %s, %s, 0x%x, %d},\n", k, r.Hash, bf, bv, r.BestX, r.Generations)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by PCAPLAY_UPDATE_GOLDEN=1 go test ./core/solver -run TestGoldenRuns. DO NOT EDIT.\n\n")
	b.WriteString("package solver_test\n\n")
	if needMath {
		b.WriteString("import \"math\"\n\n")
	}
	b.WriteString("// golden holds the golden runs (see golden_test.go). They must never change.\n")
	b.WriteString("var golden = map[string]goldenResult{\n")
	b.Write(body.Bytes())
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("golden_data_test.go", src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote golden_data_test.go (%d runs)", len(keys))
}

// goFloat writes x as a Go expression with exactly its bits.
func goFloat(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "math.Inf(1)"
	case math.IsInf(x, -1):
		return "math.Inf(-1)"
	case math.IsNaN(x):
		return "math.NaN()"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
