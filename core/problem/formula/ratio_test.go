//go:build linux || (js && wasm)

package formula

import (
	"runtime"
	"testing"
)

func perCall(n int, f func()) float64 {
	t0 := threadCPU()
	for i := 0; i < n; i++ {
		f()
	}
	return float64(threadCPU()-t0) / float64(n)
}

// TestSpeedRatio prints the CPU time per evaluation of the typed
// Rosenbrock and CEC-like problems and of their hand-written versions,
// the least of 15 interleaved rounds each, natively (thread CPU time) and
// under WebAssembly (node's process CPU time):
//
//	go test ./core/problem/formula/ -run SpeedRatio -ratio -v
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test ./core/problem/formula/ -run SpeedRatio -ratio -v
func TestSpeedRatio(t *testing.T) {
	if !*ratio {
		t.Skip("-ratio not given")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	both := func(n int, f, g func()) (a, b float64) {
		a, b = 1e18, 1e18
		for r := 0; r < 15; r++ {
			a, b = min(a, perCall(n, f)), min(b, perCall(n, g))
		}
		return a, b
	}
	def, err := Parse([]byte(cecLikeDef))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []int{10, 100} {
		x := randomPoint(d)
		p, err := Compile(rosenSrc, d)
		if err != nil {
			t.Fatal(err)
		}
		a, b := both(5_000_000/d, func() { sink = rosenbrock(x) }, func() { sink = p.Eval(x) })
		t.Logf("Rosenbrock D = %3d: Go %7.1f ns, typed %7.1f ns, %.2f×", d, a, b, b/a)
		q, err := def.Compile(d)
		if err != nil {
			t.Fatal(err)
		}
		for i := range x {
			x[i] *= 50
		}
		g, h := make([]float64, 1), make([]float64, 1)
		a, b = both(1_000_000/d, func() { sink = cecLike(x, g, h) }, func() { sink = q.Evaluate(x, g, h) })
		t.Logf("CEC-like   D = %3d: Go %7.1f ns, typed %7.1f ns, %.2f×", d, a, b, b/a)
	}
}
