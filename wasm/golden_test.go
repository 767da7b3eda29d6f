package main

// The golden run: computed natively (golden_native_test.go) and in the
// browser module under Node (main_js_test.go). Both must give exactly these
// values, which proves that a shared link replays the same run bit for bit
// on every platform.
var goldenState = map[string]string{"problem": "C03", "dim": "10", "algo": "pmode", "seed": "2024", "fes": "20000"}

const (
	goldenSteps = 60
	goldenHash  = "dad50a6595f23070"
	goldenBestF = 29200.025274296608
)
