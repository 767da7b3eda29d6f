//go:build !pcaplay_playground

// GIF recordings and zip archives are made by the full module only: the
// playground's (the build tag pcaplay_playground) links neither image/gif
// nor archive/zip (docs/wasm-size.md).

package export

import (
	"archive/zip"
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Limits of a zip the page asks for: at most MaxZipFiles files of at most
// MaxZipBytes together.
const (
	MaxZipFiles = 64
	MaxZipBytes = 64 << 20
)

// zipTime is every entry's modification time: the earliest a zip can
// store (MS-DOS time), so that the same files give the same bytes.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip writes files (name → bytes) as a zip archive with Go's archive/zip,
// the entries in the order of their names, stored as they are (the page's
// files, PNG and GIF, are compressed already), every time zipTime. A name
// is 1 to 100 bytes of letters, digits, '.', '-' and '_' (one folder level
// of the archive, no path).
func Zip(files map[string][]byte) ([]byte, error) {
	if len(files) == 0 || len(files) > MaxZipFiles {
		return nil, fmt.Errorf("zip of %d files: want 1 … %d", len(files), MaxZipFiles)
	}
	names := make([]string, 0, len(files))
	total := 0
	for name, b := range files {
		if !zipName(name) {
			return nil, fmt.Errorf("zip: file name %q: want 1 … 100 letters, digits, '.', '-' or '_'", cut(name))
		}
		names = append(names, name)
		total += len(b)
	}
	if total > MaxZipBytes {
		return nil, fmt.Errorf("zip of %d bytes: more than the limit of %d MiB", total, MaxZipBytes>>20)
	}
	slices.Sort(names)
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, name := range names {
		f, err := w.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: zipTime})
		if err != nil {
			return nil, err
		}
		if _, err := f.Write(files[name]); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func zipName(name string) bool {
	if name == "" || len(name) > 100 || name == "." || name == ".." {
		return false
	}
	return strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_") == ""
}

// cut shortens a name for an error message to 40 bytes.
func cut(s string) string {
	if len(s) > 40 {
		return s[:37] + "…"
	}
	return s
}
