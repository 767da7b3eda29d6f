package sha256

import (
	stdsha256 "crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestExamples: the examples of FIPS 180-4's companion document (one
// block, two blocks, a million a's) and the empty message.
func TestExamples(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
		{strings.Repeat("a", 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
	} {
		if got := Sum256([]byte(c.in)); hex.EncodeToString(got[:]) != c.want {
			t.Errorf("Sum256(%.20q…, %d bytes) = %x, want %s", c.in, len(c.in), got, c.want)
		}
	}
}

// TestMatchesStd: every length from 0 to 1,000 bytes (every padding case,
// one to seventeen blocks) of random bytes.
func TestMatchesStd(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	buf := make([]byte, 1000)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	for n := 0; n <= len(buf); n++ {
		if got, want := Sum256(buf[:n]), stdsha256.Sum256(buf[:n]); got != want {
			t.Fatalf("%d bytes: %x, crypto/sha256 %x", n, got, want)
		}
	}
}

func FuzzMatchesStd(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte(strings.Repeat("x", 55)))
	f.Add([]byte(strings.Repeat("y", 64)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := Sum256(data), stdsha256.Sum256(data); got != want {
			t.Fatalf("%x: %x, crypto/sha256 %x", data, got, want)
		}
	})
}

func BenchmarkSum256(b *testing.B) {
	data := make([]byte, 1<<20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Sum256(data)
	}
}
