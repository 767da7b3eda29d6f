package protocol

import (
	"pcaplay/internal/onefile"
	"pcaplay/internal/play/wire"
)

// OneFileRequest asks for the page in the state of the address Hash as one
// self-contained HTML file, built from Files: the built site's files the
// page fetched so far (name → content: "index.html", "boot.js",
// "data/cec2017/manifest.json", …).
type OneFileRequest struct {
	Hash  string            `js:"hash"`
	Files map[string][]byte `js:"files,omitempty"`
}

// OneFile is the one-file page (HTML), or, while Files lacks some, the
// names of the files to fetch and send again with the others (Missing).
type OneFile struct {
	Missing []string `js:"missing"`
	HTML    []byte   `js:"html,omitempty"`
	// Mode is the address's mode: play, compare or lesson.
	Mode string `js:"mode"`
}

// oneFileCmd answers what onefile.Needs names, then onefile.Build's file:
// the bytes `cec export-html` writes for the same address and site. A bad
// address or site file is a bad-argument error naming it.
func oneFileCmd(_ *Host, r *OneFileRequest) (*OneFile, error) {
	site := onefile.Files(r.Files)
	miss, err := onefile.Needs(site, r.Hash)
	if err != nil {
		return nil, wire.Errorf(wire.CodeBadArgument, "oneFile: %v", err)
	}
	if len(miss) > 0 {
		return &OneFile{Missing: miss}, nil
	}
	p, err := onefile.Build(site, r.Hash)
	if err != nil {
		return nil, wire.Errorf(wire.CodeBadArgument, "oneFile: %v", err)
	}
	return &OneFile{Missing: []string{}, HTML: p.HTML, Mode: p.State.Mode}, nil
}
