// Package official holds the official data files of the IEEE CEC 2017
// constrained suite (shift vectors and rotation matrices of C01–C28 at
// D = 10, 30, 50, 100), embedded in the binary, and tells whether other
// files are byte-identical to them.
//
// The data live in data/ (provenance and licence in data/SOURCE.md): the
// organisers' 77 files hold 22 distinct contents, each stored once and
// mapped to its official names by data/manifest.json. FS serves them under
// the official names, so that
//
//	d, err := cec2017.LoadDataFS(official.FS(), 5, 30)
//
// reads exactly what the official C++ evaluator reads from inputData/.
//
// This package is separate from package cec2017 so that only the programs
// that import it (cmd/cec, tests) carry the 1 MB of data; the WebAssembly
// build does not, and the page fetches the files it needs from the static
// server instead.
package official

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"pcaplay/core/problem/cec2017/datalabel"
	"slices"
	"time"
)

//go:embed data/*.txt data/manifest.json data/SOURCE.md
var content embed.FS

// Label is the data label of runs on the official data (see Label).
const Label = datalabel.Official

// Manifest is data/manifest.json.
type Manifest struct {
	// Files maps each official file name ("M1_5_D10.txt") to a content id.
	Files map[string]string `json:"files"`
	// Contents describes each content id: the content is data/<id>.txt.
	Contents map[string]Content `json:"contents"`
}

// Content is one distinct file content.
type Content struct {
	SHA256 string `json:"sha256"`
	Bytes  int    `json:"bytes"`
}

var manifest = mustManifest()

func mustManifest() Manifest {
	b, err := content.ReadFile("data/manifest.json")
	if err != nil {
		panic(err) // embedded: cannot happen in a built binary
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("official: data/manifest.json: %v", err))
	}
	return m
}

// ReadManifest returns a copy of the manifest.
func ReadManifest() Manifest {
	m := Manifest{Files: map[string]string{}, Contents: map[string]Content{}}
	for k, v := range manifest.Files {
		m.Files[k] = v
	}
	for k, v := range manifest.Contents {
		m.Contents[k] = v
	}
	return m
}

// Names returns the official file names, sorted.
func Names() []string {
	names := make([]string, 0, len(manifest.Files))
	for n := range manifest.Files {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// FS returns the official files under their official names, in a flat
// read-only file system (fs.FS, fs.ReadFileFS, fs.ReadDirFS).
func FS() fs.FS { return officialFS{} }

type officialFS struct{}

func (officialFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		entries, err := officialFS{}.ReadDir(".")
		if err != nil {
			return nil, err
		}
		return &dir{info: info{name: ".", mode: fs.ModeDir | 0o555}, entries: entries}, nil
	}
	b, err := officialFS{}.ReadFile(name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &file{Reader: bytes.NewReader(b), info: info{name: name, size: int64(len(b)), mode: 0o444}}, nil
}

func (officialFS) ReadFile(name string) ([]byte, error) {
	id, ok := manifest.Files[name]
	if !ok {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: fs.ErrNotExist}
	}
	return content.ReadFile("data/" + id + ".txt")
}

func (officialFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		if fs.ValidPath(name) {
			if _, ok := manifest.Files[name]; ok {
				return nil, &fs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
			}
		}
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	var out []fs.DirEntry
	for _, n := range Names() {
		c := manifest.Contents[manifest.Files[n]]
		out = append(out, fs.FileInfoToDirEntry(info{name: n, size: int64(c.Bytes), mode: 0o444}))
	}
	return out, nil
}

// info is the fs.FileInfo of a file or of the root.
type info struct {
	name string
	size int64
	mode fs.FileMode
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return i.size }
func (i info) Mode() fs.FileMode  { return i.mode }
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.mode.IsDir() }
func (i info) Sys() any           { return nil }

type file struct {
	*bytes.Reader
	info info
}

func (f *file) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *file) Close() error               { return nil }

type dir struct {
	info    info
	entries []fs.DirEntry
	off     int
}

func (d *dir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *dir) Close() error               { return nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: errors.New("is a directory")}
}

func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.off:]
	if n <= 0 {
		d.off = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(rest))
	d.off += n
	return rest[:n], nil
}

// LabelOf tells which data the files names of fsys are: "official" when
// each one is byte-identical to the official file of that name, otherwise
// "sha256:" followed by 16 hexadecimal digits of the SHA-256 of the lines
// "<name> <SHA-256 of its content>\n" of the files in sorted name order, so
// that equal files give equal labels wherever they are read from. names
// are official file names (cec2017.DataFiles); a file that cannot be read
// is an error naming it.
func LabelOf(fsys fs.FS, names []string) (string, error) {
	files := make(map[string][]byte, len(names))
	for _, n := range slices.Sorted(slices.Values(names)) {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return "", err
		}
		files[n] = b
	}
	return datalabel.Label(files), nil
}

// SHA256 returns the SHA-256 (lower-case hexadecimal) of every official
// file by its official name, as data/manifest.json lists them (the same as
// the sums compiled into package datalabel, which LabelOf uses: a test
// checks both against the files).
func SHA256() map[string]string {
	m := make(map[string]string, len(manifest.Files))
	for n, id := range manifest.Files {
		m[n] = manifest.Contents[id].SHA256
	}
	return m
}
