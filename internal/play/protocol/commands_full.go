//go:build !pcaplay_playground

package protocol

import (
	"errors"
	"pcaplay/internal/experiment/results"
	"pcaplay/internal/play"
	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// This file is left out of the playground's module (the build tag
// pcaplay_playground, scripts/build-site.sh): its commands, and the
// packages only they reach (internal/onefile and its regexps, the GIF
// encoder, archive/zip, the experiment's records and results), are then
// not linked. docs/wasm-size.md measures what that saves.

// fullCommands are the commands only the full module (FullModule) serves:
// the experiment view's and the results page's, the one-file export, GIF
// recordings and the lesson's zip. The playground's pages call them in a
// second worker on the full module, started on first use
// (site/worker-client.js); none of them needs a run of the playground's
// worker but record, which only the experiment view's pool calls.
func fullCommands() []Command {
	cs := []Command{
		command("record", "the finished run's record, one JSON line of the cec run -o schema (configure with record: true)",
			func(h *Host, r *RecordRequest) (string, error) { return h.Runs.Record(int(r.Run), r.Name, r.Index) }),
		command("summarise", "the results view of run records (Summarise)",
			func(_ *Host, r *SummariseRequest) (wire.JSONText[results.Results], error) {
				b, err := play.Summarise([]byte(r.JSONL), r.Options)
				return wire.JSONText[results.Results](b), err
			}),
		command("defineExperiment", "the experiment view: its definition read from URL values, with a notice per replaced value",
			func(_ *Host, r *play.ExperimentRequest) (play.ExperimentReply, error) {
				return play.DefineExperiment(r.State, r.Cores), nil
			}),
		command("gifStart", "starts an animated GIF recording of the page's frames (export.GIF) and returns its id", gifStartCmd),
		command("gifFrame", "adds a frame (a canvas' RGBA pixels) to a GIF recording and returns its number of frames", gifFrameCmd),
		command("gifEnd", "ends a GIF recording: the GIF file, or nothing when cancelled", gifEndCmd),
		command("zip", "a zip archive of files the page made (the lesson's steps as PNGs)", zipCmd),
		command("oneFile", "the page in the state of an address as one self-contained HTML file (internal/onefile, as cec export-html writes it) from the site's files the page fetched, or the files it still needs", oneFileCmd),
	}
	for i := range cs {
		cs[i].Full = true
	}
	return cs
}

// fullState is what the full module's commands keep in the Host.
type fullState struct {
	gifs    map[int]*export.GIF // the recordings being made (gifStart … gifEnd)
	nextGIF int
}

func (h *Host) gif(id int) (*export.GIF, error) {
	g, ok := h.gifs[id]
	if !ok {
		return nil, wire.Errorf(wire.CodeBadArgument, "GIF recording %d is not open", id)
	}
	return g, nil
}

func gifStartCmd(h *Host, r *GIFStartRequest) (int, error) {
	if len(h.gifs) >= MaxOpenGIFs {
		return 0, wire.Errorf(wire.CodeBadArgument, "%d GIF recordings are open: end one first", len(h.gifs))
	}
	g, err := export.NewGIF(r.Width, r.Height, r.Delay)
	if err != nil {
		return 0, wire.Errorf(wire.CodeBadArgument, "%v", err)
	}
	if h.gifs == nil {
		h.gifs = map[int]*export.GIF{}
	}
	h.nextGIF++
	h.gifs[h.nextGIF] = g
	return h.nextGIF, nil
}

func gifFrameCmd(h *Host, r *GIFFrameRequest) (int, error) {
	g, err := h.gif(r.GIF)
	if err != nil {
		return 0, err
	}
	if err := g.Add(r.RGBA); errors.Is(err, export.ErrGIFFull) {
		return 0, wire.Errorf(wire.CodeFull, "%v", err)
	} else if err != nil {
		return 0, wire.Errorf(wire.CodeBadArgument, "%v", err)
	}
	return g.Frames(), nil
}

func gifEndCmd(h *Host, r *GIFEndRequest) (GIFFile, error) {
	g, err := h.gif(r.GIF)
	if err != nil {
		return GIFFile{}, err
	}
	delete(h.gifs, r.GIF)
	if r.Cancel {
		return GIFFile{}, nil
	}
	b, err := g.Bytes()
	if err != nil {
		return GIFFile{}, wire.Errorf(wire.CodeBadArgument, "%v", err)
	}
	return GIFFile{Bytes: b, Frames: g.Frames()}, nil
}

func zipCmd(_ *Host, r *ZipRequest) (ZipFile, error) {
	b, err := export.Zip(r.Files)
	if err != nil {
		return ZipFile{}, wire.Errorf(wire.CodeBadArgument, "%v", err)
	}
	return ZipFile{Bytes: b}, nil
}
