package main

import (
	"testing/fstest"
)

// mapFS serves files by name (the round-trip check reads them with
// paper.Read).
func mapFS(files map[string][]byte) fstest.MapFS {
	m := fstest.MapFS{}
	for n, b := range files {
		m[n] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
	return m
}
