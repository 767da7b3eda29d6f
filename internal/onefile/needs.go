package onefile

import (
	"encoding/json"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"time"
)

// Needs returns the files of the built site that Build would read for the
// address hash and that site lacks, sorted; none: Build has all it reads.
// It lets a caller that fetches the site's files one by one (the page's
// "Download as one HTML file", which hands them to the module's oneFile
// command) ask for what is missing, a round per level of the module
// graph. A bad address is Build's error. Cost: a read and a scan of each
// file site holds.
func Needs(site fs.FS, hash string) ([]string, error) {
	st, err := CheckHash(hash)
	if err != nil {
		return nil, err
	}
	n := &needs{site: site, seen: map[string]bool{}}
	var entries []string
	if index, ok := n.read(indexHTML); ok {
		for _, re := range []*regexp.Regexp{styleRE, scriptRE, chartsMetaRE} {
			for _, m := range re.FindAllStringSubmatch(index, -1) {
				n.read(m[1])
			}
		}
		entries = moduleEntries(index)
	}
	n.walk(entries, func(src string) []string {
		var deps []string
		for _, m := range importRE.FindAllStringSubmatch(src, -1) {
			deps = append(deps, m[3])
		}
		return deps
	})
	n.walk([]string{workerJS}, func(src string) []string {
		var deps []string
		for _, m := range sideImportRE.FindAllStringSubmatch(src, -1) {
			deps = append(deps, m[2])
		}
		for _, m := range namedImportRE.FindAllStringSubmatch(src, -1) {
			deps = append(deps, m[3])
		}
		return deps
	})
	n.read(wasmFile)
	if len(st.Data) > 0 {
		if b, ok := n.read(dataDir + "manifest.json"); ok {
			var m manifest
			if json.Unmarshal([]byte(b), &m) == nil {
				for _, name := range st.Data {
					if id, ok := m.Files[name]; ok && contentIDRE.MatchString(id) {
						n.read(dataDir + id + ".txt")
					}
				}
			}
		}
	}
	slices.Sort(n.missing)
	return n.missing, nil
}

// needs reads a site and notes the files it lacks.
type needs struct {
	site    fs.FS
	seen    map[string]bool
	missing []string
}

func (n *needs) read(name string) (string, bool) {
	b, err := fs.ReadFile(n.site, name)
	if err != nil {
		if !n.seen[name] {
			n.missing = append(n.missing, name)
		}
		n.seen[name] = true
		return "", false
	}
	n.seen[name] = true
	return string(b), true
}

// walk reads the entries and what deps finds they import, each once.
func (n *needs) walk(entries []string, deps func(src string) []string) {
	todo, done := append([]string(nil), entries...), map[string]bool{}
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		if done[name] {
			continue
		}
		done[name] = true
		if src, ok := n.read(name); ok {
			todo = append(todo, deps(src)...)
		}
	}
}

// Files is a site held in memory: name → content (the files a page
// fetched). It is an fs.FS of regular files, with no directories to list.
type Files map[string][]byte

// Open opens name for reading.
func (f Files) Open(name string) (fs.File, error) {
	b, ok := f[name]
	if !ok || !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memFile{name: name, data: b}, nil
}

// ReadFile returns a copy of name's content.
func (f Files) ReadFile(name string) ([]byte, error) {
	b, ok := f[name]
	if !ok || !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return slices.Clone(b), nil
}

type memFile struct {
	name string
	data []byte
	off  int
}

func (m *memFile) Stat() (fs.FileInfo, error) { return memInfo{m}, nil }
func (m *memFile) Close() error               { return nil }
func (m *memFile) Read(p []byte) (int, error) {
	if m.off >= len(m.data) {
		return 0, io.EOF
	}
	k := copy(p, m.data[m.off:])
	m.off += k
	return k, nil
}

type memInfo struct{ m *memFile }

func (i memInfo) Name() string       { return path.Base(i.m.name) }
func (i memInfo) Size() int64        { return int64(len(i.m.data)) }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
