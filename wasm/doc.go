// Command wasm is the playground's WebAssembly module: the syscall/js seam
// between the page's Web Worker (site/worker.js) and pcaplay/internal/play,
// which holds everything else (sanitising the URL, the runs, their frames
// and views) as plain Go. Build it with GOOS=js GOARCH=wasm; main_js.go
// installs globalThis.pcaplay, one function per command of the table
// protocol.Commands (internal/play/protocol), and codec_js.go is the one
// encoder of replies and decoder of requests, driven by the js tags.
package main
