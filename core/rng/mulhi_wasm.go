package rng

// mulhi returns the high 64 bits of the 128-bit product x·y, computed as
// math/bits.Mul64's generic code does (WebAssembly has no 64×64→128
// multiply, so bits.Mul64 is no intrinsic there), written out so that it
// is inlined.
func mulhi(x, y uint64) uint64 {
	const m32 = 1<<32 - 1
	x0, x1 := x&m32, x>>32
	y0, y1 := y&m32, y>>32
	w0 := x0 * y0
	t := x1*y0 + w0>>32
	w1 := t&m32 + x0*y1
	return x1*y1 + t>>32 + w1>>32
}
