package solver

import (
	"math"

	"pcaplay/core/de"
	"pcaplay/core/pca"
)

// The settings below make the readings of HECO-PDE's PCA lines (§4.2,
// lines 12–14) that the paper's text leaves open into named choices, each
// with the reading the committed results use as its default
// (docs/hecode-choices.md §12 says what the paper says and why).

// HECOPCARank selects which k members of Q PCA-projection computes its
// basis on when pcak < λ (line 13 says only "on set Q"; §3.2's operator
// takes "the k best"). With pcak = λ, the default, every member is used
// and the order does not matter.
type HECOPCARank int

const (
	// PCARankFeasibility: the k best by the feasibility rule (v, then f),
	// as PMODE's k best (§4.1).
	PCARankFeasibility HECOPCARank = iota
	// PCARankE: the k smallest ẽ = |f − f*(P)|, the equivalent objective.
	PCARankE
	// PCARankF: the k smallest f, ignoring v.
	PCARankF
	// PCARankFi: the k smallest f_i(x_i), each member scored on its own
	// sub-problem (eq. (26)) with ẽ, v, f min-max normalised over Q.
	PCARankFi
)

// PCARankNames are the names of the HECOPCARank values.
var PCARankNames = []string{"feasibility", "e", "f", "fi"}

// pcaBoundNames are the choices of pcabound: "trial" (the bound rule of
// HECO's trials for a trial without strategy: see HECOSettings.Bound)
// or one of de's rules for the PCA child alone.
func pcaBoundNames() []string { return append([]string{"trial"}, de.BoundNames...) }

// hecoReadingParams are the HECOSettings parameters of the PCA readings
// (OmitDefault: a record names them only when a run uses them).
func hecoReadingParams(s, d *HECOSettings) []Param {
	bn := pcaBoundNames()
	ps := []Param{
		{Key: "pcarank", Help: "which k members of Q the PCA basis uses when pcak < λ: feasibility (v, then f), e (ẽ), f, or fi (each member's own f_i)",
			Default: float64(d.PCARank), Min: 0, Max: float64(len(PCARankNames) - 1), Kind: Choice, Choices: PCARankNames,
			Get: func() float64 { return float64(s.PCARank) }, Set: func(x float64) { s.PCARank = HECOPCARank(x) }},
		{Key: "pcabound", Help: "bound handling of a PCA child outside the box: trial (as the DE trials) or one rule",
			Default: float64(d.PCABound), Min: 0, Max: float64(len(bn) - 1), Kind: Choice, Choices: bn,
			Get: func() float64 { return float64(s.PCABound) }, Set: func(x float64) { s.PCABound = int(x) }},
		floatParam("pcafrom", "PCA-projection applies from this fraction of MaxFES on", &s.PCAFrom, d.PCAFrom, 0, 1),
		floatParam("pcato", "PCA-projection applies up to this fraction of MaxFES", &s.PCATo, d.PCATo, 0, 1),
	}
	for i := range ps {
		ps[i].OmitDefault = true
	}
	return ps
}

// pcaWindow reports whether PCA-projection applies in a generation that
// starts at tau = FES/MaxFES: pcafrom ≤ tau < pcato (pcato = 1: to the end).
func (s *HECOSettings) pcaWindow(tau float64) bool {
	return s.PCAFrom <= tau && (tau < s.PCATo || s.PCATo >= 1)
}

// repairPCAChild brings the PCA child y of target x back into the box
// (pcabound; with pcabound=trial and bound=halfway, halfway).
func (h *heco) repairPCAChild(y, x []float64) {
	if h.s.PCABound == 0 && h.s.Bound == HECOBoundHalfway {
		de.Halfway(y, h.lo, h.hi)
		return
	}
	h.pcaChildBound().Repair(y, x, h.lo, h.hi, nil)
}

// pcaChildBound is the rule of package de that repairs a PCA child (see
// repairPCAChild for bound=halfway).
func (h *heco) pcaChildBound() de.BoundHandling {
	if h.s.PCABound == 0 {
		return h.bound(hecoNoStrategy)
	}
	return de.BoundHandling(h.s.PCABound - 1)
}

// pcaLess returns the order of Q's members in which PCA-projection takes
// its k best (pcarank).
func (h *heco) pcaLess() func(i, j int) bool {
	switch h.s.PCARank {
	case PCARankE:
		return byValue(h.qe)
	case PCARankF:
		return byValue(h.qf)
	case PCARankFi:
		eLo, eHi := minMax(h.qe)
		fLo, fHi := minMax(h.qf)
		vLo, vHi := minMax(h.qv)
		h.qfi = resize(h.qfi, len(h.qf))
		for i := range h.qfi {
			h.qfi[i] = h.subproblem(i, hecoNorm(h.qe[i], eLo, eHi), hecoNorm(h.qv[i], vLo, vHi), hecoNorm(h.qf[i], fLo, fHi))
		}
		return byValue(h.qfi)
	}
	return pca.ByFeasibility(h.qf, h.qv)
}

// byValue orders indices by s ascending, NaN last.
func byValue(s []float64) func(i, j int) bool {
	return func(i, j int) bool {
		a, b := s[i], s[j]
		return a < b || (math.IsNaN(b) && !math.IsNaN(a))
	}
}
