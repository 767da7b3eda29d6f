// Package datalabel names CEC 2017 data files by content: "official" when
// they are byte-identical to the official files, else a short content hash.
// It holds no data, so that both the native programs (package official,
// with its embedded copy) and the WebAssembly module (with the copy the
// page fetches) label data with the same code.
package datalabel

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"pcaplay/core/internal/sha256"
)

// Official is the data label of files byte-identical to the official
// ones (ContentLabel).
const Official = "official"

// Of tells which data files are: Official when every file is
// byte-identical to the official file of its name — its SHA-256 (lower-case
// hexadecimal) equals officialSHA256[name] — otherwise "sha256:" followed by
// 16 hexadecimal digits of the SHA-256 of the lines "<name> <SHA-256 of its
// content>\n" of the files in sorted name order, so that equal files give
// equal labels wherever they are read from (the embedded copy, a directory,
// or the page's fetch of the published copy). files maps official file
// names (cec2017.DataFiles) to their contents; no files is a content label.
//
// This is the one implementation of the label; Label calls it with the
// sums compiled into the program, which every program that labels data
// uses (package official with its embedded copy, the WebAssembly module
// with the files the page fetched).
func Of(files map[string][]byte, officialSHA256 map[string]string) string {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	same := len(names) > 0
	var list strings.Builder
	for _, n := range names {
		sum := sha256.Sum256(files[n])
		hexsum := hex.EncodeToString(sum[:])
		if want, ok := officialSHA256[n]; !ok || want != hexsum {
			same = false
		}
		fmt.Fprintf(&list, "%s %s\n", n, hexsum)
	}
	if same {
		return Official
	}
	sum := sha256.Sum256([]byte(list.String()))
	return "sha256:" + hex.EncodeToString(sum[:8])
}

// Label is Of against the official sums compiled into the program: files
// are Official only when each one's SHA-256 is the compiled sum of its
// official name, whatever a manifest served or stored beside them says.
func Label(files map[string][]byte) string { return Of(files, officialSums) }

// OfficialSHA256 returns the compiled SHA-256 of the official file name
// (cec2017.DataFiles), and false for a name that is not one.
func OfficialSHA256(name string) (string, bool) {
	s, ok := officialSums[name]
	return s, ok
}

// OfficialNames returns the official file names of the compiled sums,
// sorted.
func OfficialNames() []string {
	names := make([]string, 0, len(officialSums))
	for n := range officialSums {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
