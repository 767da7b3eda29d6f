// Package play is the playground's run model, in plain Go: everything the
// browser's WebAssembly module does except the syscall/js seam (which is
// pcaplay/wasm), so that it builds, is tested and is benchmarked natively.
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
//   - Commands is the table of the module's commands: each a request and
//     a reply struct whose js tags are their keys on the wire (package wire),
//     and its handler. Protocol is the contract with the page's
//     JavaScript: the commands, the keys, error codes and shared
//     constants. site/protocol.js is generated from it, with the page's
//     client of the commands (see TestProtocolJS).
//
// Every run is a function of its Config: the same Config gives the same
// frames bit for bit, natively and in the browser (RunDigest, Golden).
package play
