package de_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/de"
	"pcaplay/core/rng"
)

func newRand(seed uint64) *rng.PCG { return rng.New(seed, 0xda3e39cb94b95bdb) }

// Statistical tests use a fixed seed, so they are deterministic. Their
// tolerances are chosen so that a correct implementation would fail for a
// random seed only with a tiny probability:
//   - proportions: |p̂ − p| ≤ 5σ, σ = sqrt(p(1−p)/T) (two-sided normal tail
//     5.7e-7 per check);
//   - chi-square: the 0.999 quantile of χ² with the right degrees of freedom
//     (Wilson–Hilferty approximation), i.e. false alarm 1e-3 per check.
const zTol = 5

func within5Sigma(t *testing.T, what string, hits, trials int, p float64) {
	t.Helper()
	sigma := math.Sqrt(p * (1 - p) / float64(trials))
	got := float64(hits) / float64(trials)
	if math.Abs(got-p) > zTol*sigma+1e-15 {
		t.Errorf("%s: frequency %.5f, want %.5f ± %.5f (5σ)", what, got, p, zTol*sigma)
	}
}

// chi2Crit is the 0.999 quantile of χ²(df), Wilson–Hilferty:
// df·(1 − 2/(9df) + z·sqrt(2/(9df)))³ with z = 3.0902.
func chi2Crit(df int) float64 {
	d := float64(df)
	a := 2 / (9 * d)
	return d * math.Pow(1-a+3.0902*math.Sqrt(a), 3)
}

func chi2(counts []int, expected float64) float64 {
	s := 0.0
	for _, c := range counts {
		d := float64(c) - expected
		s += d * d / expected
	}
	return s
}

func seq(n int, f func(j int) float64) []float64 {
	s := make([]float64, n)
	for j := range s {
		s[j] = f(j)
	}
	return s
}

// ---------------------------------------------------------------------------
// mutation

func TestRand1(t *testing.T) {
	r1 := []float64{1, -2, 3.5, 0}
	r2 := []float64{4, 4, -1, 2}
	r3 := []float64{0, 6, 1, 2}
	for _, F := range []float64{0, 0.5, 0.9, 2} {
		v := make([]float64, 4)
		de.Rand1(v, r1, r2, r3, F)
		for j := range v {
			if want := r1[j] + F*(r2[j]-r3[j]); v[j] != want {
				t.Errorf("F=%g: v[%d] = %g, want %g", F, j, v[j], want)
			}
		}
	}
	// hand-computed: F = 0.5
	v := make([]float64, 4)
	de.Rand1(v, r1, r2, r3, 0.5)
	if want := []float64{3, -3, 2.5, 0}; !slices.Equal(v, want) {
		t.Errorf("v = %v, want %v", v, want)
	}
	// the output may alias an input
	a := slices.Clone(r1)
	de.Rand1(a, a, r2, r3, 0.5)
	if !slices.Equal(a, v) {
		t.Errorf("aliased: v = %v, want %v", a, v)
	}
}

func TestCurrentToPBest1(t *testing.T) {
	x := []float64{1, 2, 3}
	pb := []float64{2, 2, 0}
	r1 := []float64{5, -1, 1}
	r2 := []float64{1, 1, 1}
	v := make([]float64, 3)
	de.CurrentToPBest1(v, x, pb, r1, r2, 0.5)
	// x + 0.5(pb − x) + 0.5(r1 − r2) = (1+0.5+2, 2+0−1, 3−1.5+0)
	if want := []float64{3.5, 1, 1.5}; !slices.Equal(v, want) {
		t.Errorf("v = %v, want %v", v, want)
	}
	de.CurrentToPBest1(x, x, pb, r1, r2, 0.5) // aliasing v = x
	if !slices.Equal(x, v) {
		t.Errorf("aliased: %v, want %v", x, v)
	}
}

func TestOrderRL(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name    string
		idx     [3]int
		f, viol []float64
		want    [3]int
	}{
		{"all feasible by f", [3]int{0, 1, 2}, []float64{3, 1, 2}, []float64{0, 0, 0}, [3]int{1, 2, 0}},
		{"all infeasible by v, f ignored", [3]int{0, 1, 2}, []float64{-9, 0, 5}, []float64{3, 1, 2}, [3]int{1, 2, 0}},
		{"feasible first though f worse", [3]int{0, 1, 2}, []float64{-5, 100, -7}, []float64{0.1, 0, 2}, [3]int{1, 0, 2}},
		{"two infeasible, one feasible last", [3]int{4, 2, 7}, seq(8, func(j int) float64 { return float64(-j) }), []float64{0, 0, 1, 0, 0.5, 0, 0, 0}, [3]int{7, 4, 2}},
		{"ties keep order", [3]int{2, 0, 1}, []float64{1, 1, 1}, []float64{0, 0, 0}, [3]int{2, 0, 1}},
		{"tie among infeasible", [3]int{0, 1, 2}, []float64{1, 2, 3}, []float64{2, 1, 1}, [3]int{1, 2, 0}},
		{"NaN last", [3]int{0, 1, 2}, []float64{nan, 2, 1}, []float64{0, 0, nan}, [3]int{1, 0, 2}},
		{"reverse", [3]int{0, 1, 2}, []float64{3, 2, 1}, []float64{0, 0, 0}, [3]int{2, 1, 0}},
	}
	for _, c := range cases {
		idx := c.idx
		de.OrderRL(&idx, c.f, c.viol)
		if idx != c.want {
			t.Errorf("%s: %v, want %v", c.name, idx, c.want)
		}
	}
	// all 6 permutations of a strict order end up sorted
	f := []float64{10, 20, 30}
	for _, p := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		idx := p
		de.OrderRL(&idx, f, []float64{0, 0, 0})
		if idx != [3]int{0, 1, 2} {
			t.Errorf("%v sorted to %v", p, idx)
		}
	}
}

// ---------------------------------------------------------------------------
// crossover

func TestBinomial(t *testing.T) {
	const n = 10
	x := make([]float64, n)
	v := seq(n, func(int) float64 { return 1 })
	u := make([]float64, n)
	count := func() int {
		c := 0
		for j, uj := range u {
			switch uj {
			case 1:
				c++
			case 0:
			default:
				t.Fatalf("u[%d] = %g is neither x nor v", j, uj)
			}
		}
		return c
	}
	r := newRand(1)
	for range 2000 {
		de.Binomial(u, x, v, 0, r)
		if c := count(); c != 1 {
			t.Fatalf("CR = 0 took %d mutant coordinates, want exactly 1", c)
		}
		de.Binomial(u, x, v, 1, r)
		if c := count(); c != n {
			t.Fatalf("CR = 1 took %d mutant coordinates, want %d", c, n)
		}
		de.Binomial(u, x, v, 0.3, r)
		if c := count(); c < 1 {
			t.Fatal("no mutant coordinate")
		}
	}
	// Frequency: coordinate j comes from v with probability
	// p = 1/n + (1 − 1/n)·CR (j = j_rand, or not and U ≤ CR).
	const T = 40000
	for _, CR := range []float64{0.1, 0.5, 0.9} {
		hits := make([]int, n)
		total := 0
		for range T {
			de.Binomial(u, x, v, CR, r)
			for j, uj := range u {
				if uj == 1 {
					hits[j]++
					total++
				}
			}
		}
		p := 1.0/n + (1-1.0/n)*CR
		for j := range n {
			within5Sigma(t, fmt.Sprintf("CR=%g coordinate %d", CR, j), hits[j], T, p)
		}
		// Over all coordinates, beyond the forced one, the fraction is CR:
		// (total − T)/(T(n−1)) with standard deviation sqrt(CR(1−CR)/(T(n−1))).
		within5Sigma(t, fmt.Sprintf("CR=%g non-forced coordinates", CR), total-T, T*(n-1), CR)
	}
}

// block returns the start and length of the single cyclic block of ones in
// u (values 0 or 1), or ok = false if the ones do not form one block.
func block(u []float64) (start, length int, ok bool) {
	n := len(u)
	ones := 0
	for _, x := range u {
		if x == 1 {
			ones++
		}
	}
	if ones == 0 {
		return 0, 0, false
	}
	if ones == n {
		return -1, n, true // start undetermined
	}
	starts := 0
	for j := range n {
		if u[j] == 1 && u[(j+n-1)%n] != 1 {
			start = j
			starts++
		}
	}
	return start, ones, starts == 1
}

func TestExponential(t *testing.T) {
	const n = 10
	x := make([]float64, n)
	v := seq(n, func(int) float64 { return 1 })
	u := make([]float64, n)
	r := newRand(2)
	for _, c := range []struct {
		CR   float64
		want int
	}{{0, 1}, {1, n}} {
		for range 1000 {
			de.Exponential(u, x, v, c.CR, r)
			if _, L, ok := block(u); !ok || L != c.want {
				t.Fatalf("CR=%g: u = %v, want one block of length %d", c.CR, u, c.want)
			}
		}
	}
	const T = 50000
	for _, CR := range []float64{0.3, 0.7, 0.9} {
		atLeast := make([]int, n+2) // atLeast[k] = #trials with L ≥ k
		startCount := make([]int, n)
		partial := 0
		for range T {
			de.Exponential(u, x, v, CR, r)
			s, L, ok := block(u)
			if !ok {
				t.Fatalf("CR=%g: u = %v is not one contiguous cyclic block", CR, u)
			}
			for k := 1; k <= L; k++ {
				atLeast[k]++
			}
			if L < n {
				startCount[s]++
				partial++
			}
		}
		// P(L ≥ k) = CR^(k−1), k = 1..n
		for k := 1; k <= n; k++ {
			within5Sigma(t, fmt.Sprintf("CR=%g P(L≥%d)", CR, k), atLeast[k], T, math.Pow(CR, float64(k-1)))
		}
		// The start l is uniform (seen whenever L < n).
		if s := chi2(startCount, float64(partial)/n); s > chi2Crit(n-1) {
			t.Errorf("CR=%g: start positions %v, χ² = %.1f > %.1f", CR, startCount, s, chi2Crit(n-1))
		}
	}
	// Coordinates outside the block come from x, inside from v (general values).
	xs := seq(n, func(j int) float64 { return float64(-j - 1) })
	vs := seq(n, func(j int) float64 { return float64(j + 1) })
	for range 200 {
		de.Exponential(u, xs, vs, 0.6, r)
		for j := range u {
			if u[j] != xs[j] && u[j] != vs[j] {
				t.Fatalf("u[%d] = %g from neither parent", j, u[j])
			}
		}
	}
}

func TestCrossoverAliasing(t *testing.T) {
	// u may alias x or v: same result as with a separate u.
	x := []float64{1, 2, 3, 4, 5, 6}
	v := []float64{-1, -2, -3, -4, -5, -6}
	for name, op := range map[string]func([]float64, []float64, []float64, float64, *rng.PCG){"binomial": de.Binomial, "exponential": de.Exponential} {
		want := make([]float64, 6)
		op(want, x, v, 0.5, newRand(9))
		ux := slices.Clone(x)
		op(ux, ux, v, 0.5, newRand(9))
		uv := slices.Clone(v)
		op(uv, x, uv, 0.5, newRand(9))
		if !slices.Equal(ux, want) || !slices.Equal(uv, want) {
			t.Errorf("%s: aliasing changed the result: %v %v, want %v", name, ux, uv, want)
		}
	}
}

// ---------------------------------------------------------------------------
// Pick

func TestPickDistinctAndExcluded(t *testing.T) {
	r := newRand(3)
	for trial := range 20000 {
		n := 1 + r.IntN(30)
		ne := r.IntN(4)
		exclude := make([]int, ne)
		for i := range exclude {
			exclude[i] = r.IntN(n+4) - 2 // may be out of range or repeated
		}
		if n-ne < 0 {
			continue
		}
		m := r.IntN(n - ne + 1)
		dst := make([]int, m)
		de.Pick(r, dst, n, exclude...)
		for i, d := range dst {
			if d < 0 || d >= n {
				t.Fatalf("trial %d: index %d outside [0,%d)", trial, d, n)
			}
			if slices.Contains(exclude, d) {
				t.Fatalf("trial %d: picked excluded index %d (exclude %v)", trial, d, exclude)
			}
			if slices.Contains(dst[:i], d) {
				t.Fatalf("trial %d: index %d picked twice: %v", trial, d, dst)
			}
		}
	}
	// Taking every admissible index.
	dst := make([]int, 7)
	de.Pick(r, dst, 10, 3, 3, 9, 0, -1, 12)
	slices.Sort(dst)
	if want := []int{1, 2, 4, 5, 6, 7, 8}; !slices.Equal(dst, want) {
		t.Errorf("all admissible: %v, want %v", dst, want)
	}
}

func TestPickUniform(t *testing.T) {
	r := newRand(4)
	// Ordered triples from [0,10) \ {2, 5}: 8·7·6 = 336 equally likely tuples.
	const n, T = 10, 200000
	counts := map[[3]int]int{}
	var slot [3][n]int
	dst := make([]int, 3)
	for range T {
		de.Pick(r, dst, n, 2, 5)
		counts[[3]int(dst)]++
		for i, d := range dst {
			slot[i][d]++
		}
	}
	if len(counts) != 336 {
		t.Errorf("%d distinct tuples seen, want 336", len(counts))
	}
	c := make([]int, 0, 336)
	for _, v := range counts {
		c = append(c, v)
	}
	if s, crit := chi2(c, T/336.0), chi2Crit(335); s > crit {
		t.Errorf("ordered triples: χ² = %.1f > %.1f", s, crit)
	}
	for i := range slot {
		if slot[i][2] != 0 || slot[i][5] != 0 {
			t.Errorf("slot %d picked an excluded index: %v", i, slot[i])
		}
		adm := slices.Concat(slot[i][:2], slot[i][3:5], slot[i][6:])
		if s, crit := chi2(adm, T/8.0), chi2Crit(7); s > crit {
			t.Errorf("slot %d: counts %v, χ² = %.1f > %.1f", i, slot[i], s, crit)
		}
	}
	// A full permutation (dst as large as the admissible set).
	perm := map[[4]int]int{}
	d4 := make([]int, 4)
	for range 48000 {
		de.Pick(r, d4, 5, 0)
		perm[[4]int(d4)]++
	}
	pc := make([]int, 0, 24)
	for _, v := range perm {
		pc = append(pc, v)
	}
	if len(pc) != 24 {
		t.Errorf("%d permutations seen, want 24", len(pc))
	}
	if s, crit := chi2(pc, 48000/24.0), chi2Crit(23); s > crit {
		t.Errorf("permutations: χ² = %.1f > %.1f", s, crit)
	}
}

func TestPickPanicsWhenImpossible(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "cannot pick 3 distinct indices from [0,4) with 2 excluded values (2 admissible)") {
			t.Errorf("panic %q", msg)
		}
	}()
	de.Pick(newRand(1), make([]int, 3), 4, 0, 1)
	t.Error("no panic")
}

// pickReference is Pick as its comment describes it, one r.IntN per draw:
// the distinct in-range exclusions, Floyd's subset of the N admissible
// positions, a Fisher–Yates shuffle, each position mapped past the
// exclusions. ok is false when fewer than len(dst) indices are admissible.
func pickReference(r *rng.PCG, dst []int, n int, exclude []int) (ok bool) {
	var ex []int
	for _, e := range exclude {
		if e >= 0 && e < n && !slices.Contains(ex, e) {
			ex = append(ex, e)
		}
	}
	slices.Sort(ex)
	m, N := len(dst), max(n, 0)-len(ex)
	if N < m {
		return false
	}
	for i, j := 0, N-m; j < N; i, j = i+1, j+1 {
		t := r.IntN(j + 1)
		if slices.Contains(dst[:i], t) {
			t = j
		}
		dst[i] = t
	}
	for i := m - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		dst[i], dst[j] = dst[j], dst[i]
	}
	for i, t := range dst {
		for _, e := range ex {
			if e <= t {
				t++
			}
		}
		dst[i] = t
	}
	return true
}

// Pick's paths (at most 3 indices and 2 exclusions without loops; the
// general one with the draws on the stack or one call per draw, and with
// Floyd's set as bits or a scan) give the
// reference's indices and leave the generator in the reference's state;
// where the reference finds too few indices, Pick panics.
func TestPickMatchesReference(t *testing.T) {
	src := newRand(21)
	for c := range 20000 {
		n := src.IntN(40)
		if c%4 == 0 {
			n = 20 + src.IntN(200)
		}
		if c%50 == 1 {
			n = 1000 + src.IntN(50) // both sides of the bit set's limit N ≤ 1024
		}
		m := src.IntN(6)
		if c%10 == 0 {
			m = 12 + src.IntN(10) // 2m−1 > 32: one call per draw
		}
		exclude := make([]int, src.IntN(4))
		for k := range exclude {
			exclude[k] = src.IntN(n+4) - 2 // some out of range
			if k > 0 && src.IntN(4) == 0 {
				exclude[k] = exclude[k-1] // a repeat
			}
		}
		seed := src.Uint64()
		want := make([]int, m)
		r := newRand(seed)
		ok := pickReference(r, want, n, exclude)
		got := make([]int, m)
		q := newRand(seed)
		panicked := func() (p bool) {
			defer func() { p = recover() != nil }()
			de.Pick(q, got, n, exclude...)
			return false
		}()
		if panicked != !ok {
			t.Fatalf("Pick(m=%d, n=%d, exclude %v): panicked %v, reference finds enough indices %v", m, n, exclude, panicked, ok)
		}
		if !ok {
			continue
		}
		if !slices.Equal(got, want) || q.Uint64() != r.Uint64() {
			t.Fatalf("Pick(m=%d, n=%d, exclude %v) = %v, reference %v (or the streams differ after it)", m, n, exclude, got, want)
		}
	}
}

// ---------------------------------------------------------------------------
// bound handling

func TestParseBoundHandling(t *testing.T) {
	for i, name := range de.BoundNames {
		b, err := de.ParseBoundHandling(name)
		if err != nil || int(b) != i || b.String() != name {
			t.Errorf("%q: %v, %v", name, b, err)
		}
	}
	if b, err := de.ParseBoundHandling(" Reflect "); err != nil || b != de.Reflect {
		t.Errorf("case/blank-insensitive parse: %v %v", b, err)
	}
	if de.Resample.String() != "resample" || de.Reflect.String() != "reflect" || de.Midpoint.String() != "midpoint" {
		t.Error("constants and BoundNames disagree")
	}
	if got := de.BoundHandling(7).String(); got != "BoundHandling(7)" {
		t.Errorf("String of 7 = %q", got)
	}
	for _, bad := range []string{"", "clip", "reflection", "midpoint2"} {
		_, err := de.ParseBoundHandling(bad)
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("%q", bad)) || strings.Contains(msg, "\n") {
			t.Errorf("error %q does not name %q on one line", msg, bad)
		}
	}
}

func TestReflectFormula(t *testing.T) {
	lo := []float64{0, 0, -1, -1, 2, 0, 0, 0}
	hi := []float64{10, 10, 1, 1, 3, 1, 1, 1}
	v := []float64{-3, 12, -5, 0.5, 3, math.Inf(-1), math.Inf(1), math.NaN()}
	// −3 → 3; 12 → 8; −5 → min(1, 3) = 1; inside stays; on the bound stays;
	// −Inf → U; +Inf → L; NaN → parent's coordinate.
	parent := []float64{1, 1, 0, 0, 2.5, 0.5, 0.5, 0.25}
	want := []float64{3, 8, 1, 0.5, 3, 1, 0, 0.25}
	if n := de.Reflect.Repair(v, parent, lo, hi, nil); n != 0 {
		t.Errorf("Reflect used %d re-mutations", n)
	}
	if !slices.Equal(v, want) {
		t.Errorf("Reflect: %v, want %v", v, want)
	}
}

func TestMidpointFormula(t *testing.T) {
	lo := []float64{0, 0, -1, 5}
	hi := []float64{10, 10, 1, 6}
	parent := []float64{4, 6, 0.5, 5.5}
	v := []float64{-3, 12, 0.7, 100}
	// (0+4)/2 = 2; (10+6)/2 = 8; inside stays; (6+5.5)/2 = 5.75.
	want := []float64{2, 8, 0.7, 5.75}
	de.Midpoint.Repair(v, parent, lo, hi, nil)
	if !slices.Equal(v, want) {
		t.Errorf("Midpoint: %v, want %v", v, want)
	}
	// nil parent: Reflect.
	v = []float64{-3, 12, 0.7, 100}
	de.Midpoint.Repair(v, nil, lo, hi, nil)
	// 100 > 6: max(5, 2·6 − 100) = 5.
	if want := []float64{3, 8, 0.7, 5}; !slices.Equal(v, want) {
		t.Errorf("Midpoint without parent: %v, want the reflection %v", v, want)
	}
}

func TestRepairResultsInside(t *testing.T) {
	r := newRand(5)
	const n = 6
	lo, hi := make([]float64, n), make([]float64, n)
	for trial := range 5000 {
		for j := range n {
			lo[j] = 20 * (r.Float64() - 0.5)
			hi[j] = lo[j] + 5*r.Float64()
		}
		parent := make([]float64, n)
		for j := range parent {
			parent[j] = lo[j] + (hi[j]-lo[j])*r.Float64()
		}
		mutant := func(v []float64) {
			for j := range v {
				v[j] = lo[j] + (hi[j]-lo[j])*(4*r.Float64()-1.5) // often outside
				if r.IntN(50) == 0 {
					v[j] = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e308, -1e308}[r.IntN(5)]
				}
			}
		}
		for _, b := range []de.BoundHandling{de.Resample, de.Reflect, de.Midpoint} {
			v := make([]float64, n)
			mutant(v)
			before := slices.Clone(v)
			de.BoundHandling(b).Repair(v, parent, lo, hi, mutant)
			if !de.Inside(v, lo, hi) {
				t.Fatalf("trial %d %v: %v → %v outside [%v, %v]", trial, b, before, v, lo, hi)
			}
			if b != de.Resample {
				for j := range v {
					if before[j] >= lo[j] && before[j] <= hi[j] && v[j] != before[j] {
						t.Fatalf("%v changed an inside coordinate %g → %g", b, before[j], v[j])
					}
				}
			}
		}
	}
}

func TestResample(t *testing.T) {
	lo := []float64{0, 0}
	hi := []float64{1, 1}
	// remutate produces an outside mutant twice, then an inside one.
	calls := 0
	remutate := func(v []float64) {
		calls++
		if calls < 3 {
			v[0], v[1] = 5, 0.5
		} else {
			v[0], v[1] = 0.25, 0.75
		}
	}
	v := []float64{-1, 0.5}
	if n := de.Resample.Repair(v, nil, lo, hi, remutate); n != 3 || calls != 3 {
		t.Errorf("Repair returned %d with %d calls, want 3 and 3", n, calls)
	}
	if want := []float64{0.25, 0.75}; !slices.Equal(v, want) {
		t.Errorf("v = %v, want the third mutant %v", v, want)
	}

	// Inside already: no call.
	calls = 0
	if n := de.Resample.Repair([]float64{0.5, 0.5}, nil, lo, hi, remutate); n != 0 || calls != 0 {
		t.Errorf("inside mutant: %d, %d calls", n, calls)
	}

	// Never inside: MaxResample calls, then reflection of the last mutant.
	calls = 0
	always := func(v []float64) { calls++; v[0], v[1] = 1.25+float64(calls)/1000, -0.5 }
	v = []float64{7, 7}
	if n := de.Resample.Repair(v, nil, lo, hi, always); n != de.MaxResample || calls != de.MaxResample {
		t.Errorf("Repair returned %d with %d calls, want %d", n, calls, de.MaxResample)
	}
	last := []float64{1.25 + float64(de.MaxResample)/1000, -0.5}
	de.Reflect.Repair(last, nil, lo, hi, nil)
	if !slices.Equal(v, last) {
		t.Errorf("after the cap: %v, want the reflected last mutant %v", v, last)
	}

	// nil remutate: Reflect.
	v = []float64{-0.25, 1.5}
	if n := de.Resample.Repair(v, nil, lo, hi, nil); n != 0 {
		t.Errorf("nil remutate: %d", n)
	}
	if want := []float64{0.25, 0.5}; !slices.Equal(v, want) {
		t.Errorf("nil remutate: %v, want %v", v, want)
	}
}

func TestInside(t *testing.T) {
	lo := []float64{0, -1}
	hi := []float64{1, 1}
	for _, c := range []struct {
		v    []float64
		want bool
	}{
		{[]float64{0, -1}, true}, {[]float64{1, 1}, true}, {[]float64{0.5, 0}, true},
		{[]float64{-1e-300, 0}, false}, {[]float64{0, 1.0000001}, false}, {[]float64{math.NaN(), 0}, false},
		{[]float64{0, math.Inf(1)}, false},
	} {
		if got := de.Inside(c.v, lo, hi); got != c.want {
			t.Errorf("Inside(%v) = %v", c.v, got)
		}
	}
}

func TestNoAllocations(t *testing.T) {
	const n = 10
	r := newRand(6)
	x := seq(n, func(j int) float64 { return float64(j) })
	v := seq(n, func(j int) float64 { return float64(-j) })
	u := make([]float64, n)
	lo := seq(n, func(int) float64 { return -1 })
	hi := seq(n, func(int) float64 { return 1 })
	dst := make([]int, 3)
	idx := [3]int{0, 1, 2}
	remutate := func(w []float64) { copy(w, lo) }
	allocs := testing.AllocsPerRun(200, func() {
		de.Rand1(u, x, v, x, 0.5)
		de.CurrentToPBest1(u, x, v, x, v, 0.5)
		de.OrderRL(&idx, x, v)
		de.Binomial(u, x, v, 0.5, r)
		de.Exponential(u, x, v, 0.5, r)
		de.Pick(r, dst, n, 1, 2)
		de.Pick(r, dst, n)
		de.Pick(r, dst, 4*n, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
		copy(u, x)
		de.Resample.Repair(u, x, lo, hi, remutate)
		copy(u, x)
		de.Reflect.Repair(u, x, lo, hi, nil)
		copy(u, v)
		de.Midpoint.Repair(u, lo, lo, hi, nil)
		_ = de.Inside(u, lo, hi)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

// ---------------------------------------------------------------------------
// PickFew gives Pick's indices and draws: on its own path (at most 3
// indices, 2 exclusions) and when it hands a larger pick to Pick.
func TestPickFewIsPick(t *testing.T) {
	src := newRand(12)
	for range 20000 {
		n := 1 + src.IntN(40)
		m := src.IntN(min(n, 6) + 1)
		var ex []int
		for range src.IntN(4) {
			ex = append(ex, src.IntN(n+4)-2)
		}
		admissible := 0
		for i := range n {
			if !slices.Contains(ex, i) {
				admissible++
			}
		}
		if admissible < m {
			continue
		}
		seed := src.Uint64()
		ra, rb := newRand(seed), newRand(seed)
		a, b := make([]int, m), make([]int, m)
		de.PickFew(ra, a, n, ex...)
		de.Pick(rb, b, n, ex...)
		if !slices.Equal(a, b) || ra.Uint64() != rb.Uint64() {
			t.Fatalf("PickFew(%d of %d, exclude %v) = %v, Pick %v (or other draws)", m, n, ex, a, b)
		}
	}
}

// benchmarks

func BenchmarkBinomial(b *testing.B) {
	const n = 10
	r := newRand(1)
	x, v, u := make([]float64, n), make([]float64, n), make([]float64, n)
	b.ReportAllocs()
	for b.Loop() {
		de.Binomial(u, x, v, 0.9, r)
	}
}

func BenchmarkExponential(b *testing.B) {
	const n = 10
	r := newRand(1)
	x, v, u := make([]float64, n), make([]float64, n), make([]float64, n)
	b.ReportAllocs()
	for b.Loop() {
		de.Exponential(u, x, v, 0.9, r)
	}
}

// BenchmarkRand1Bin is one fused DE/rand/1/bin trial at D = 10 with the
// mutant inside the box (the usual case): its draws and its pass.
func BenchmarkRand1Bin(b *testing.B) {
	const n = 10
	r := newRand(1)
	u, v, x, r1, r2, r3, us := make([]float64, n), make([]float64, n), make([]float64, n),
		make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	lo, hi := make([]float64, n), make([]float64, n)
	for j := range n {
		lo[j], hi[j] = -100, 100
		x[j], r1[j], r2[j], r3[j] = float64(j), float64(2*j), float64(j+1), float64(j-1)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !de.Rand1Bin(u, v, x, r1, r2, r3, lo, hi, 0.5, 0.9, r, us) {
			b.Fatal("mutant outside the box")
		}
	}
}

func BenchmarkPick3(b *testing.B) {
	r := newRand(1)
	dst := make([]int, 3)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		de.Pick(r, dst, 180, i%180)
	}
}

// Pick sorts up to 8 exclusions on the stack and scans longer lists
// instead: both paths give the same indices for the same set.
func TestPickLongExclusionLists(t *testing.T) {
	src := newRand(11)
	for range 5000 {
		n := 10 + src.IntN(30)
		var long, short []int
		seen := map[int]bool{}
		for len(long) < 9+src.IntN(8) {
			e := src.IntN(n+6) - 3
			if e >= 0 && e < n && !seen[e] {
				if len(short) == 8 {
					continue
				}
				seen[e] = true
				short = append(short, e)
			}
			long = append(long, e)
		}
		m := 1 + src.IntN(n-len(short))
		a, b := make([]int, m), make([]int, m)
		seed := src.Uint64()
		de.Pick(rng.New(seed, 1), a, n, long...)
		de.Pick(rng.New(seed, 1), b, n, short...)
		if !slices.Equal(a, b) {
			t.Fatalf("n=%d exclude %v: %v; the same set as %v: %v", n, long, a, short, b)
		}
		for _, x := range a {
			if seen[x] || x < 0 || x >= n {
				t.Fatalf("n=%d exclude %v: picked %d", n, long, x)
			}
		}
	}
}
