//go:build !(js && wasm)

package main

import "os"

// Natively there is nothing to run: the module's logic is in
// pcaplay/internal/play, tested there.
func main() {
	os.Stderr.WriteString("pcaplay/wasm: build with GOOS=js GOARCH=wasm\n")
	os.Exit(2)
}
