// Package wire is the wire form of the module's commands' requests and
// replies, read from the struct tags, and the error codes of a failed
// command: one set of rules, which the module's encoder and decoder
// (pcaplay/wasm), the protocol's key lists (package protocol) and the
// JSDoc types of site/protocol.js all follow.
//
// A struct field is on the wire under the name of its js tag; a field
// without one, or tagged "-", is not. The tag's options:
//
//   - omitempty: a nil slice, map or pointer is left out (the page tests
//     whether the key is there) instead of sent empty or null;
//   - string: a []byte or [][]byte holding text (an ECharts option, a CSV
//     file) is sent as a string or an Array of strings.
//
// By Go type, a value on the wire is:
//
//	bool, numbers, string, RunID        boolean, number, string, number
//	[]float64, [N]float64              Float64Array (the page draws from it; the worker transfers it)
//	[]byte                             Uint8Array
//	other slices and arrays            Array (a nil slice: an empty one)
//	map[string]V                       Object
//	struct                             Object with the fields' js keys
//	pointer                            the value it points to, or null
//	JSONText[T]                        T as encoding/json writes it (json tags), parsed by the page
//
// Decisions made here:
//   - A nil []float64 is an empty Float64Array and a nil slice an empty
//     Array, never null: the page reads .length without a test. A key the
//     page must test for is omitempty.
//   - Large nested results (the summarise command's) travel as JSONText:
//     one JSON.parse in the page is faster than building thousands of
//     values one call at a time, and those types are view models with
//     json tags.
package wire
