package cec2017

import "math"

// rasSum returns s + Σ_i ((a_i² − amp·cos(k·a_i)) − off), the terms added
// to s one at a time in index order: the Rastrigin-type sums of C01–C05
// (their constraints; C04's objective), each term and each addition rounded as in
//
//	for _, z := range a {
//		s += float64(z*z) - float64(amp*math.Cos(k*z)) - off
//	}
//
// bit for bit (TestRasSum).
//
// Why not math.Cos in the loop: in Go's WebAssembly port a call is
// expensive (arguments and return address go through linear memory, every
// live value is spilled around it), and the Rastrigin-type terms of C01,
// C02, C04, C05, … call cos once per coordinate: about a third of an
// evaluation's time in the browser went to those calls. Here the loop
// holds the body of math.Cos (Go's pure-Go cos, which amd64 and wasm
// both use: math has no assembly cos) with the same expressions, so the
// compiler rounds the same operations in the same order; NaN, ±Inf and
// arguments from 2²⁹ up (Payne–Hanek reduction) go to math.Cos itself.
// TestRasSum compares it with the loop above natively and under GOOS=js.
// One loop rather than a cos loop and a sum loop: in WebAssembly every pass
// of a loop goes back through the function's block dispatcher.
//
// The body below is adapted from the Go distribution's src/math/sin.go
// (Copyright 2011 The Go Authors, BSD-style licence; from the Cephes
// library, Copyright 1985–1995 Stephen L. Moshier).
func rasSum(s float64, a []float64, k, amp, off float64) float64 {
	const (
		pi4A = 7.85398125648498535156e-1 // π/4 split into three parts
		pi4B = 3.77489470793079817668e-8
		pi4C = 2.69515142907905952645e-15

		s0 = 1.58962301576546568060e-10 // math's _sin
		s1 = -2.50507477628578072866e-8
		s2 = 2.75573136213857245213e-6
		s3 = -1.98412698295895385996e-4
		s4 = 8.33333333332211858878e-3
		s5 = -1.66666666666666307295e-1

		c0 = -1.13585365213876817300e-11 // math's _cos
		c1 = 2.08757008419747316778e-9
		c2 = -2.75573141792967388112e-7
		c3 = 2.48015872888517045348e-5
		c4 = -1.38888888888730564116e-3
		c5 = 4.16666666666665929218e-2

		reduceThreshold = 1 << 29
	)
	for _, ai := range a {
		x := k * ai
		// |x| < 2²⁹ (false for NaN and ±Inf): math.cos without the special
		// cases and without trigReduce.
		if !(math.Abs(x) < reduceThreshold) {
			s += float64(ai*ai) - float64(amp*math.Cos(x)) - off
			continue
		}
		sign := false
		x = math.Abs(x)
		j := uint64(x * (4 / math.Pi)) // integer part of x/(π/4)
		y := float64(j)
		if j&1 == 1 { // map zeros to origin
			j++
			y++
		}
		j &= 7                                // octant modulo 2π
		z := ((x - y*pi4A) - y*pi4B) - y*pi4C // extended precision modular arithmetic
		if j > 3 {
			j -= 4
			sign = !sign
		}
		if j > 1 {
			sign = !sign
		}
		zz := z * z
		if j == 1 || j == 2 {
			y = z + z*zz*((((((s0*zz)+s1)*zz+s2)*zz+s3)*zz+s4)*zz+s5)
		} else {
			y = 1.0 - 0.5*zz + zz*zz*((((((c0*zz)+c1)*zz+c2)*zz+c3)*zz+c4)*zz+c5)
		}
		if sign {
			y = -y
		}
		s += float64(ai*ai) - float64(amp*y) - off
	}
	return s
}
