//go:build !(js && wasm)

package experiment

import (
	"io/fs"

	"pcaplay/core/problem/cec2017/official"
)

// labelOf is official.LabelOf: the Record.Data of the CEC data files
// files in fsys.
func labelOf(fsys fs.FS, files []string) (string, error) { return official.LabelOf(fsys, files) }
