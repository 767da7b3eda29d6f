package experiment

import (
	"fmt"
	"math"
	"strings"

	"pcaplay/core/stats"
)

// DisplayName is the paper's spelling of an algorithm: "pmode" → "PMODE".
func DisplayName(algo string) string { return strings.ToUpper(algo) }

// TableTitle is the title of a supplement table: "PMODE, D = 10 (25 runs,
// MaxFES = 200000)"; maxFES 0 leaves the budget out (it varies).
func TableTitle(algo string, dim int, sums []stats.Summary, maxFES int) string {
	lo, hi := math.MaxInt, 0
	for _, s := range sums {
		lo, hi = min(lo, s.Runs), max(hi, s.Runs)
	}
	n := fmt.Sprint(lo)
	if lo != hi {
		n = fmt.Sprintf("%d–%d", lo, hi)
	}
	fes := ""
	if maxFES > 0 {
		fes = fmt.Sprintf(", MaxFES = %d", maxFES)
	}
	return fmt.Sprintf("%s, D = %d (%s runs%s)", DisplayName(algo), dim, n, fes)
}

// SharedMaxFES returns the budget shared by the records of algo at dim,
// or 0 when it varies (or there are none).
func SharedMaxFES(recs []Record, algo string, dim int) int {
	m := -1
	for _, r := range recs {
		if r.Algo == algo && r.Dim == dim {
			if m >= 0 && m != r.MaxFES {
				return 0
			}
			m = r.MaxFES
		}
	}
	return max(m, 0)
}

// ValidAlgo reports whether name can be a record's "algo": lower-case
// letters, digits and '-', at most 32, starting with a letter.
func ValidAlgo(name string) bool { return algoName(name) }
