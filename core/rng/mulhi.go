//go:build !wasm

package rng

import "math/bits"

// mulhi returns the high 64 bits of the 128-bit product x·y (bits.Mul64,
// one instruction on 64-bit platforms).
func mulhi(x, y uint64) uint64 {
	hi, _ := bits.Mul64(x, y)
	return hi
}
