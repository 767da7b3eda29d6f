package solver

import "pcaplay/core/rng"

// PCAStream selects the random source of the coin that decides, member by
// member of Q, whether a child of PMODE (§4.1, line 10) or a trial of
// HECO-PDE (§4.2, line 12) comes from PCA-projection. The paper draws
// "rand < p" without saying from which source; a single random stream is
// the obvious reading, and the committed reproductions use it.
//
// With the coin on the run's stream, PMODE and CMODE (HECO-PDE and HECO-DE)
// part ways at the first coin: every later draw of the run is shifted by
// it, so even pcaprob = 0 gives other runs than the algorithm without
// PCA-projection. With a stream of its own, the coin consumes none of the
// run's draws: at pcaprob = 0 PMODE is CMODE and HECO-PDE is HECO-DE bit for
// bit (the runs' f, v, points and FES; only the algorithm's name differs),
// and at pcaprob > 0 both share their random numbers until the first PCA
// child changes the population (common random numbers: every difference
// between the paired runs is PCA-projection's own).
type PCAStream int

const (
	// PCAStreamShared draws the coin from the run's stream (the default;
	// the committed reproductions in docs/results were made so).
	PCAStreamShared PCAStream = iota
	// PCAStreamOwn draws the coin from a stream of its own, seeded with
	// the run's seed and pcaCoinSeed2 (see Context.stream).
	PCAStreamOwn
)

// PCAStreamNames are the names of the PCAStream values, indexed by value.
var PCAStreamNames = []string{"shared", "own"}

// pcaCoinSeed2 is the second seed word of the coin's own stream; the run's
// stream has 0x9e3779b97f4a7c15 (New). The two PCG states (seed, each
// word) lie at an unrelated distance apart on the generator's 2^128-long
// cycle, so the two streams do not overlap in any run.
const pcaCoinSeed2 = 0x243f6a8885a308d3

func pcaStreamParam(p *PCAStream, def PCAStream) Param {
	return Param{Key: "pcastream",
		Help:    "where the PCA coin is drawn: shared (the run's stream, as the committed results) or own (a stream of its own: with pcaprob 0 the runs of the algorithm without PCA bit for bit)",
		Default: float64(def), Min: 0, Max: float64(len(PCAStreamNames) - 1), Kind: Choice, Choices: PCAStreamNames,
		Get: func() float64 { return float64(*p) }, Set: func(x float64) { *p = PCAStream(x) }, OmitDefault: true}
}

// pcaCoin returns the source of the PCA coin for a run with setting s:
// the run's stream, or the stream of its own kept in *own (made on the
// first call of the run).
func pcaCoin(c *Context, s PCAStream, own **rng.PCG) *rng.PCG {
	if s != PCAStreamOwn {
		return c.RNG
	}
	if *own == nil {
		*own = c.stream(pcaCoinSeed2)
	}
	return *own
}
