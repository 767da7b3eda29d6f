package fmath

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// Log gives math.Log's bits for normal arguments everywhere, and for every
// argument where math.Log is pure Go (WebAssembly); for subnormal
// arguments it is accurate.
func TestLog(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	n := 2_000_000
	if runtime.GOARCH == "wasm" {
		n = 200_000
	}
	for i := 0; i < n; i++ {
		var x float64
		switch i % 4 {
		case 0:
			x = math.Float64frombits(r.Uint64() >> 1) // any positive double
		case 1:
			x = 1 + (r.Float64()-0.5)*1e-3
		case 2:
			x = r.Float64() * 10
		default:
			x = Exp((r.Float64() - 0.5) * 1400)
		}
		got, want := Log(x), math.Log(x)
		subnormal := x < 0x1p-1022
		if subnormal && runtime.GOARCH != "wasm" {
			// ln x = ln(x·2^600) − 600·ln 2, x·2^600 a normal number
			want = math.Log(x*0x1p600) - 600*math.Ln2
			if math.Abs(got-want) > 1e-12*math.Abs(want) {
				t.Fatalf("Log(%v) = %v, want about %v", x, got, want)
			}
			continue
		}
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("Log(%v) = %v (%016x), math.Log %v (%016x)", x, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
	for _, c := range []struct{ x, want float64 }{
		{1, 0}, {math.E, 1}, {math.Inf(1), math.Inf(1)}, {0, math.Inf(-1)}, {4.0444061844316e-309, -710.1014589977917},
	} {
		if got := Log(c.x); got != c.want {
			t.Errorf("Log(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if !math.IsNaN(Log(-1)) || !math.IsNaN(Log(math.NaN())) {
		t.Error("Log of a negative number or NaN is not NaN")
	}
}
