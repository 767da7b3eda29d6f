//go:build !pcaplay_playground

package protocol

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// A GIF recording through the commands: started, fed frames, ended into a
// file Go's image/gif reads back; a bad frame, an unknown id and too many
// open recordings are errors that name the value; a cancelled recording
// gives nothing and is gone.
func TestGIFCommands(t *testing.T) {
	h := &Host{}
	cmd := map[string]Command{}
	for _, c := range Commands() {
		cmd[c.Name] = c
	}
	do := func(name string, req any) (any, error) { return cmd[name].Handle(h, req) }
	r, err := do("gifStart", &GIFStartRequest{Width: 3, Height: 2, Delay: 4})
	if err != nil {
		t.Fatal(err)
	}
	id := r.(int)
	frame := []byte{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255, 200, 200, 200, 255, 0, 0, 0, 255}
	for k := 1; k <= 2; k++ {
		if n, err := do("gifFrame", &GIFFrameRequest{GIF: id, RGBA: frame}); err != nil || n.(int) != k {
			t.Fatalf("gifFrame %d: %v, %v", k, n, err)
		}
	}
	if _, err := do("gifFrame", &GIFFrameRequest{GIF: id, RGBA: frame[:20]}); err == nil || !strings.Contains(err.Error(), "GIF frame of 20 bytes") {
		t.Errorf("a short frame: %v", err)
	}
	if _, err := do("gifFrame", &GIFFrameRequest{GIF: id + 7, RGBA: frame}); err == nil || !strings.Contains(err.Error(), "GIF recording 8 is not open") {
		t.Errorf("an unknown recording: %v", err)
	}
	if _, err := do("gifStart", &GIFStartRequest{Width: 0, Height: 1, Delay: 1}); err == nil || !strings.Contains(err.Error(), "GIF of 0×1 pixels") {
		t.Errorf("a recording of width 0: %v", err)
	}
	second, err := do("gifStart", &GIFStartRequest{Width: 1, Height: 1, Delay: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := do("gifStart", &GIFStartRequest{Width: 1, Height: 1, Delay: 1}); err == nil || !strings.Contains(err.Error(), "2 GIF recordings are open") {
		t.Errorf("a third recording: %v", err)
	}
	if f, err := do("gifEnd", &GIFEndRequest{GIF: second.(int), Cancel: true}); err != nil || f.(GIFFile).Bytes != nil {
		t.Errorf("a cancelled recording: %v, %v", f, err)
	}
	if _, err := do("gifFrame", &GIFFrameRequest{GIF: second.(int), RGBA: []byte{1, 2, 3, 4}}); err == nil {
		t.Error("a cancelled recording takes frames")
	}
	f, err := do("gifEnd", &GIFEndRequest{GIF: id})
	if err != nil {
		t.Fatal(err)
	}
	file := f.(GIFFile)
	g, err := gif.DecodeAll(bytes.NewReader(file.Bytes))
	if err != nil {
		t.Fatal(err)
	}
	if file.Frames != 2 || len(g.Image) != 2 || g.Config.Width != 3 || g.Config.Height != 2 || g.Delay[1] != 4 {
		t.Errorf("%d frames (%d decoded) of %d×%d, delay %v", file.Frames, len(g.Image), g.Config.Width, g.Config.Height, g.Delay)
	}
	if r, gg, b, _ := g.Image[1].At(1, 1).RGBA(); r>>8 != 200 || gg>>8 != 200 || b>>8 != 200 {
		t.Errorf("pixel (1, 1): %d %d %d, want 200 200 200", r>>8, gg>>8, b>>8)
	}
	if len(h.gifs) != 0 {
		t.Errorf("%d recordings left open", len(h.gifs))
	}
}

// A recording at its limit: the next frame is refused with the code
// "full" and not added, and the recording still ends into the GIF of the
// frames it holds.
func TestGIFFull(t *testing.T) {
	h := &Host{}
	cmd := map[string]Command{}
	for _, c := range Commands() {
		cmd[c.Name] = c
	}
	do := func(name string, req any) (any, error) { return cmd[name].Handle(h, req) }
	r, err := do("gifStart", &GIFStartRequest{Width: 1, Height: 1, Delay: 1})
	if err != nil {
		t.Fatal(err)
	}
	id := r.(int)
	for k := range export.MaxGIFFrames {
		if _, err := do("gifFrame", &GIFFrameRequest{GIF: id, RGBA: []byte{byte(k), 0, 0, 255}}); err != nil {
			t.Fatalf("frame %d: %v", k+1, err)
		}
	}
	_, err = do("gifFrame", &GIFFrameRequest{GIF: id, RGBA: []byte{1, 2, 3, 255}})
	if wire.CodeOf(err) != wire.CodeFull || !strings.Contains(err.Error(), "at most 1000 frames") {
		t.Fatalf("a frame past the limit: %v (code %q), want code full", err, wire.CodeOf(err))
	}
	f, err := do("gifEnd", &GIFEndRequest{GIF: id})
	if err != nil || f.(GIFFile).Frames != export.MaxGIFFrames {
		t.Fatalf("the full recording ends into %v, %v", f, err)
	}
}

// The zip command: an archive of the files, or an error naming a bad name.
func TestZipCommand(t *testing.T) {
	var zipCmd Command
	for _, c := range Commands() {
		if c.Name == "zip" {
			zipCmd = c
		}
	}
	r, err := zipCmd.Handle(&Host{}, &ZipRequest{Files: map[string][]byte{"step-1.png": []byte("png")}})
	if err != nil || len(r.(ZipFile).Bytes) < 30 || !bytes.HasPrefix(r.(ZipFile).Bytes, []byte("PK\x03\x04")) {
		t.Errorf("zip: %v, %v", r, err)
	}
	if _, err := zipCmd.Handle(&Host{}, &ZipRequest{Files: map[string][]byte{"a/b": nil}}); err == nil || !strings.Contains(err.Error(), `file name "a/b"`) {
		t.Errorf("zip of a/b: %v", err)
	}
}
