package play

// Golden is a fixed run whose digest is known: computed natively (the play
// tests) and in the browser module under Node (the wasm tests), both must
// give exactly Hash and BestF. That proves a shared link replays the same
// run bit for bit on every platform.
var Golden = struct {
	State map[string]string
	Steps int
	Hash  string  // RunDigest's hash, hexadecimal
	BestF float64 // its best f
}{
	State: map[string]string{"problem": "C03", "dim": "10", "algo": "pmode", "seed": "2024", "fes": "20000"},
	Steps: 60,
	Hash:  "dad50a6595f23070",
	BestF: 29200.025274296608,
}
