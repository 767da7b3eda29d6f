package lesson

import "testing"

// BenchmarkNew is one lesson: the sample, 20 PCAs, one PMODE generation.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAngleStats is the first call of AngleStats (StatSamples samples).
func BenchmarkAngleStats(b *testing.B) {
	for b.Loop() {
		if _, err := angleStats(StatSamples); err != nil {
			b.Fatal(err)
		}
	}
}
