// Package sha256 is SHA-256 (FIPS 180-4 §6.2) in plain Go: Sum256 gives
// the bytes crypto/sha256.Sum256 gives (sha256_test.go checks it on the
// standard's examples, on every length up to 1,000 bytes and by fuzzing).
//
// It exists for the WebAssembly module: since Go 1.24 crypto/sha256 brings
// the Go Cryptographic Module with it (its FIPS 140 self-tests and the AES,
// SHA-3, SHA-512 and HMAC code they run, ~87 kB of code), though pcaplay
// only hashes content (the official data files' label, a typed problem's
// name_hash), never for security. The command-line programs may use either;
// the two are the same function.
package sha256

import (
	"encoding/binary"
	"math/bits"
)

// Size is the size of a SHA-256 checksum in bytes.
const Size = 32

// k are the round constants (§4.2.2): the first 32 bits of the fractional
// parts of the cube roots of the first 64 primes.
var k = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// Sum256 returns the SHA-256 checksum of data.
//
// Cost: one pass over data, 64 rounds per 64-byte block; no allocation
// but the last one or two padded blocks.
func Sum256(data []byte) [Size]byte {
	// the initial hash value (§5.3.3)
	h := [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	n := len(data) - len(data)%64
	blocks(&h, data[:n])
	// padding (§5.1.1): a 1 bit, zeros, the message's length in bits
	var tail [128]byte
	rest := copy(tail[:], data[n:])
	tail[rest] = 0x80
	end := 64
	if rest >= 56 {
		end = 128
	}
	binary.BigEndian.PutUint64(tail[end-8:], uint64(len(data))<<3)
	blocks(&h, tail[:end])
	var out [Size]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// blocks runs the compression function (§6.2.2) on each 64-byte block of p.
func blocks(h *[8]uint32, p []byte) {
	var w [64]uint32
	for ; len(p) >= 64; p = p[64:] {
		// the message schedule
		for t := range 16 {
			w[t] = binary.BigEndian.Uint32(p[4*t:])
		}
		for t := 16; t < 64; t++ {
			s0 := bits.RotateLeft32(w[t-15], -7) ^ bits.RotateLeft32(w[t-15], -18) ^ w[t-15]>>3
			s1 := bits.RotateLeft32(w[t-2], -17) ^ bits.RotateLeft32(w[t-2], -19) ^ w[t-2]>>10
			w[t] = w[t-16] + s0 + w[t-7] + s1
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for t := range 64 {
			S1 := bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)
			ch := (e & f) ^ (^e & g)
			t1 := hh + S1 + ch + k[t] + w[t]
			S0 := bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)
			maj := (a & b) ^ (a & c) ^ (b & c)
			t2 := S0 + maj
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
	}
}
