// Package rng is the random source of the solvers: PCG-DXSM with exactly
// the stream of math/rand/v2's PCG, and the methods of rand.Rand that the
// algorithms call in their inner loops (Uint64, Float64, IntN) with
// exactly rand.Rand's algorithms, as concrete methods.
//
//	r := rng.New(seed, 0x9e3779b97f4a7c15)
//	r.Float64()          // the same number as rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)).Float64()
//	r.Rand().NormFloat64() // any other rand.Rand method, on the same stream
//
// Why not rand.Rand itself: it reaches its source through an interface,
// PCG's step calls a helper, and math/bits' 128-bit multiply is an
// intrinsic natively but emulated in Go's WebAssembly port, where every
// call is expensive. A random number cost about ten times as much in the
// browser as natively, and DE-type algorithms draw tens of them per
// evaluation. Here a number is one call with the multiply written out.
//
// A PCG also implements rand.Source, and Rand returns a *rand.Rand on the
// same state, so the concrete methods and rand.Rand's can be mixed: the
// stream is one. The tests compare both with math/rand/v2 on every method,
// natively and under GOOS=js.
package rng

import "math/rand/v2"

// PCG is a PCG-DXSM generator with 128-bit state, the same generator as
// rand.PCG. It is not safe for concurrent use.
type PCG struct {
	hi, lo uint64
	std    *rand.Rand // rand.Rand on this PCG, made on first use
}

// New returns a PCG seeded like rand.NewPCG(seed1, seed2).
func New(seed1, seed2 uint64) *PCG { return &PCG{hi: seed1, lo: seed2} }

// Rand returns a *rand.Rand that draws from p: its numbers and p's are one
// stream.
func (p *PCG) Rand() *rand.Rand {
	if p.std == nil {
		p.std = rand.New(p)
	}
	return p.std
}

// The generator: the LCG step state = state·mul + inc (mod 2¹²⁸) and the
// DXSM output function, as rand.PCG. The step is written out in every
// method that draws (Uint64, IntN, Float64s, CountBelow) rather than
// called: it is too big for Go to inline, and a call per number is what
// made rand.Rand slow in WebAssembly.
const (
	mulHi    = 2549297995355413924
	mulLo    = 4865540595714422341
	incHi    = 6364136223846793005
	incLo    = 1442695040888963407
	cheapMul = 0xda942042e4dd58b5
)

// out is the DXSM output of the state (hi, lo).
func out(hi, lo uint64) uint64 {
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// Uint64 returns a uniformly distributed 64-bit value, as rand.PCG.Uint64.
func (p *PCG) Uint64() uint64 {
	hi := mulhi(p.lo, mulLo) + p.hi*mulLo + p.lo*mulHi + incHi // step
	lo := p.lo*mulLo + incLo
	if lo < incLo {
		hi++
	}
	p.hi, p.lo = hi, lo
	return out(hi, lo)
}

// Float64 returns a uniform float64 in [0, 1), as rand.Rand.Float64.
func (p *PCG) Float64() float64 {
	return float64(p.Uint64()<<11>>11) / (1 << 53)
}

// Float64s fills dst with successive Float64 values: the same numbers as
// calling Float64 len(dst) times, in one call.
func (p *PCG) Float64s(dst []float64) {
	hi, lo := p.hi, p.lo
	for i := range dst {
		h := mulhi(lo, mulLo) + hi*mulLo + lo*mulHi + incHi // step
		l := lo*mulLo + incLo
		if l < incLo {
			h++
		}
		hi, lo = h, l
		dst[i] = float64(out(hi, lo)<<11>>11) / (1 << 53)
	}
	p.hi, p.lo = hi, lo
}

// CountBelow draws Float64 values while they are below x, at most max of
// them, and returns how many were below: the draws of
//
//	n := 0
//	for n < max && p.Float64() < x { n++ }
//
// in one call.
func (p *PCG) CountBelow(x float64, max int) int {
	hi, lo := p.hi, p.lo
	n := 0
	for n < max {
		h := mulhi(lo, mulLo) + hi*mulLo + lo*mulHi + incHi // step
		l := lo*mulLo + incLo
		if l < incLo {
			h++
		}
		hi, lo = h, l
		if !(float64(out(hi, lo)<<11>>11)/(1<<53) < x) {
			break
		}
		n++
	}
	p.hi, p.lo = hi, lo
	return n
}

// IntN returns a uniform int in [0, n), as rand.Rand.IntN on a 64-bit
// platform (Lemire's multiply-and-reject on 64 bits; rand.Rand switches to
// 32 bits on 32-bit platforms, IntN does not). It panics if n ≤ 0.
func (p *PCG) IntN(n int) int {
	if n <= 0 {
		panic("rng: invalid argument to IntN")
	}
	u := uint64(n)
	if u&(u-1) == 0 { // a power of two: mask
		return int(p.Uint64() & (u - 1))
	}
	sh := mulhi(p.lo, mulLo) + p.hi*mulLo + p.lo*mulHi + incHi // step
	sl := p.lo*mulLo + incLo
	if sl < incLo {
		sh++
	}
	p.hi, p.lo = sh, sl
	x := out(sh, sl)
	hi, lo := mulhi(x, u), x*u
	if lo < u {
		thresh := -u % u
		for lo < thresh {
			x = p.Uint64()
			hi, lo = mulhi(x, u), x*u
		}
	}
	return int(hi)
}

// IntNs fills dst with IntN draws whose bounds form an arithmetic
// sequence: dst[k] = IntN(n0 + k·dn), in order k = 0, 1, …: the same
// numbers as those len(dst) calls, in one call (Floyd's sampling and a
// Fisher–Yates shuffle draw exactly such sequences). It panics if a bound
// is ≤ 0.
func (p *PCG) IntNs(dst []int, n0, dn int) {
	hi, lo := p.hi, p.lo
	for k := range dst {
		n := n0 + k*dn
		if n <= 0 {
			p.hi, p.lo = hi, lo
			panic("rng: invalid argument to IntNs")
		}
		sh := mulhi(lo, mulLo) + hi*mulLo + lo*mulHi + incHi // step
		sl := lo*mulLo + incLo
		if sl < incLo {
			sh++
		}
		hi, lo = sh, sl
		x := out(hi, lo)
		u := uint64(n)
		if u&(u-1) == 0 { // a power of two: mask
			dst[k] = int(x & (u - 1))
			continue
		}
		h, l := mulhi(x, u), x*u
		if l < u {
			p.hi, p.lo = hi, lo
			thresh := -u % u
			for l < thresh {
				x = p.Uint64()
				h, l = mulhi(x, u), x*u
			}
			hi, lo = p.hi, p.lo
		}
		dst[k] = int(h)
	}
	p.hi, p.lo = hi, lo
}

// IntNsOf fills dst with IntN draws of the given bounds: dst[k] =
// IntN(n[k]), in order k = 0, 1, … (len(n) ≥ len(dst)): the same numbers as
// those len(dst) calls, in one call, for draws whose bounds are not one
// arithmetic sequence (de.Pick's Floyd draws then its Fisher–Yates draws).
// It panics if a bound is ≤ 0.
func (p *PCG) IntNsOf(dst, n []int) {
	hi, lo := p.hi, p.lo
	n = n[:len(dst)]
	for k := range dst {
		if n[k] <= 0 {
			p.hi, p.lo = hi, lo
			panic("rng: invalid argument to IntNsOf")
		}
		sh := mulhi(lo, mulLo) + hi*mulLo + lo*mulHi + incHi // step
		sl := lo*mulLo + incLo
		if sl < incLo {
			sh++
		}
		hi, lo = sh, sl
		x := out(hi, lo)
		u := uint64(n[k])
		if u&(u-1) == 0 { // a power of two: mask
			dst[k] = int(x & (u - 1))
			continue
		}
		h, l := mulhi(x, u), x*u
		if l < u {
			p.hi, p.lo = hi, lo
			thresh := -u % u
			for l < thresh {
				x = p.Uint64()
				h, l = mulhi(x, u), x*u
			}
			hi, lo = p.hi, p.lo
		}
		dst[k] = int(h)
	}
	p.hi, p.lo = hi, lo
}

// IntNFloat64s returns IntN(n) and then fills dst with successive Float64
// values: the draws of
//
//	j := p.IntN(n)
//	p.Float64s(dst)
//
// in one call (a binomial crossover's j_rand and its U_j). It panics if
// n ≤ 0.
func (p *PCG) IntNFloat64s(n int, dst []float64) int {
	if n <= 0 {
		panic("rng: invalid argument to IntNFloat64s")
	}
	// IntN(n), written out (IntN is not inlined in WebAssembly).
	hi := mulhi(p.lo, mulLo) + p.hi*mulLo + p.lo*mulHi + incHi // step
	lo := p.lo*mulLo + incLo
	if lo < incLo {
		hi++
	}
	x, u := out(hi, lo), uint64(n)
	var j uint64
	if u&(u-1) == 0 { // a power of two: mask
		j = x & (u - 1)
	} else {
		h, l := mulhi(x, u), x*u
		if l < u {
			p.hi, p.lo = hi, lo
			thresh := -u % u
			for l < thresh {
				x = p.Uint64()
				h, l = mulhi(x, u), x*u
			}
			hi, lo = p.hi, p.lo
		}
		j = h
	}
	// Float64s(dst).
	for i := range dst {
		h := mulhi(lo, mulLo) + hi*mulLo + lo*mulHi + incHi // step
		l := lo*mulLo + incLo
		if l < incLo {
			h++
		}
		hi, lo = h, l
		dst[i] = float64(out(hi, lo)<<11>>11) / (1 << 53)
	}
	p.hi, p.lo = hi, lo
	return int(j)
}
