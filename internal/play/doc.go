// Package play is the playground's run model, in plain Go: with the
// packages below it, everything the browser's WebAssembly module does
// except the syscall/js seam (which is pcaplay/wasm), so that it builds,
// is tested and is benchmarked natively.
//
// The path of a run:
//
//	URL hash values ──Sanitize──▶ Config ──NewSession──▶ Session
//	Session.Advance(StepOptions) ──▶ Frame (what the page draws)
//
// In words:
//
//   - Sanitize turns the page address (key → text) into a valid Config,
//     naming every value it replaced or clamped in a Notice.
//   - A Session is one run: a core/solver.Solver stepped one generation at
//     a time (solver.Step, the project's only solver loop), its bounded
//     History for the convergence chart, the last PCA-projection as an
//     Operator, and the 2-D landscape's Zoom window.
//   - Runs holds several sessions by id, so one module (one Web Worker) can
//     keep several runs at once: compare mode, or a worker of a pool.
//
// Beside it, in packages of their own: the module's commands and the
// protocol with the page (package protocol, which serves this package's
// runs), the wire form of requests and replies and the error codes
// (package wire), and the files a run exports (package export).
//
// Every run is a function of its Config: the same Config gives the same
// frames bit for bit, natively and in the browser (RunDigest, Golden).
package play
