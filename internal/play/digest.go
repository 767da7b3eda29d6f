package play

import "math"

// Digest summarises a run bit for bit: an FNV-1a hash over the FES and the
// IEEE-754 bits of every population, its f and v values and the best point
// of every generation. The same Digest natively and under GOOS=js proves
// that the browser replays exactly the run the command line computes.
type Digest struct {
	Hash        uint64
	BestF       float64
	BestV       float64
	FES         int
	Generations int
}

type fnv64 uint64

func (h *fnv64) word(w uint64) {
	for i := 0; i < 8; i++ {
		*h ^= fnv64(byte(w >> (8 * i)))
		*h *= 1099511628211
	}
}

func (h *fnv64) floats(a []float64) {
	for _, x := range a {
		h.word(math.Float64bits(x))
	}
}

// RunDigest sanitizes raw (URL values), runs at most steps generations and
// returns the digest.
func RunDigest(raw map[string]string, steps int) (Digest, error) {
	c, _, _, err := Sanitize(raw)
	if err != nil {
		return Digest{}, err
	}
	s, err := NewSession(c)
	if err != nil {
		return Digest{}, err
	}
	h := fnv64(14695981039346656037)
	for g := 0; g < steps; g++ {
		n, err := s.Step(1, nil)
		if err != nil {
			return Digest{}, err
		}
		if n == 0 {
			break
		}
		l := &s.Last
		h.word(uint64(l.FES))
		h.floats(l.X)
		h.floats(l.F)
		h.floats(l.V)
		h.floats(l.Best.X)
		h.word(math.Float64bits(l.Best.F))
		h.word(math.Float64bits(l.Best.V))
	}
	st := s.Status()
	return Digest{Hash: uint64(h), BestF: st.BestF, BestV: st.BestV, FES: st.FES, Generations: s.History.Added()}, nil
}
