// Command wasm is the playground's WebAssembly module: the syscall/js seam
// between the page's Web Worker (site/worker.js) and pcaplay/internal/play,
// which holds everything else (sanitising the URL, the runs, their frames
// and views) as plain Go. Build it with GOOS=js GOARCH=wasm; main_js.go
// installs globalThis.pcaplay, whose commands internal/play/protocol.go
// documents.
package main
