//go:build js && wasm

package experiment

import (
	"errors"
	"io/fs"
)

// labelOf: the WebAssembly build leaves out package official (its 1 MB of
// data would be in the page's download), so it cannot label data files by
// their content; it reads, checks and summarises records (and runs on
// generated data) only.
func labelOf(fs.FS, []string) (string, error) {
	return "", errors.New("labelling CEC data files by content needs package official, which the WebAssembly build leaves out")
}
