//go:build !js

package main

import (
	"math"
	"strconv"
	"testing"
)

func TestGoldenNative(t *testing.T) {
	d, err := RunDigest(goldenState, goldenSteps)
	if err != nil {
		t.Fatal(err)
	}
	got := strconv.FormatUint(d.Hash, 16)
	if got != goldenHash || math.Float64bits(d.BestF) != math.Float64bits(goldenBestF) {
		t.Errorf("golden run: hash %s bestF %v (%d generations, %d FES); want hash %s bestF %v",
			got, strconv.FormatFloat(d.BestF, 'g', -1, 64), d.Generations, d.FES, goldenHash, goldenBestF)
	}
}
