//go:build !(js && wasm)

package main

import "os"

// Natively this package only exists so that its plain-Go parts (Sanitize,
// Session, RunDigest) are tested on the host too.
func main() {
	os.Stderr.WriteString("pcaplay/wasm: build with GOOS=js GOARCH=wasm\n")
	os.Exit(2)
}
