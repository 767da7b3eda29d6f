//go:build !pcaplay_playground

package protocol

import (
	"pcaplay/internal/onefile"
	"pcaplay/internal/play/wire"
)

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
