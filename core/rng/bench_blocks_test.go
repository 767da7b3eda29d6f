package rng

import "testing"

// BenchmarkBlocks measures the block draws as the solvers make them: ten
// Float64 values (a trial's U_j at D = 10) and three IntN draws of Floyd's
// sampling from a population of 100.
func BenchmarkBlocks(b *testing.B) {
	b.Run("Float64s-10", func(b *testing.B) {
		r := New(1, 2)
		var u [10]float64
		s := 0.0
		for b.Loop() {
			r.Float64s(u[:])
			s += u[9]
		}
		sink = uint64(s)
	})
	b.Run("IntNs-3", func(b *testing.B) {
		r := New(1, 2)
		var k [3]int
		s := 0
		for b.Loop() {
			r.IntNs(k[:], 98, 1)
			s += k[2]
		}
		sink = uint64(s)
	})
}
