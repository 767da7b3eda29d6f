package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image/gif"
	"strings"
	"testing"
	"time"
)

// recorded is a recording the page saved.
type recorded struct {
	Name string  `json:"name"`
	Type string  `json:"type"`
	Size float64 `json:"size"`
	B64  string  `json:"b64"`
}

func (t *tab) record(format string, until, every, width int, panels string) []byte {
	t.tb.Helper()
	r := eval[recorded](t, 5*time.Minute, jsCall("record-run", format, until, every, width, panels))
	b, err := base64.StdEncoding.DecodeString(r.B64)
	if err != nil || len(b) != int(r.Size) {
		t.tb.Fatalf("%s recording %s: %d bytes decoded of %v: %v", format, r.Name, len(b), r.Size, err)
	}
	if want := map[string]string{"gif": "image/gif", "webm": "video/webm"}[format]; r.Type != want || !strings.HasSuffix(r.Name, "-run."+format) {
		t.tb.Fatalf("%s recording: %s of type %s", format, r.Name, r.Type)
	}
	return b
}

// A recording of a 2,000-FES run, one frame per two generations: the GIF
// (the landscape and the convergence chart) has one frame for the initial
// population and one per two generations up to the run's end, at the width
// asked for, and Go's image/gif reads it; a second recording of the same
// state gives the same bytes; the WebM (the landscape alone, one frame per
// generation to FES 600) has as many video frames as generations plus
// one, at the size asked for.
func TestRecordRun(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "seed", "3", "fes", "2000", "speed", "10"))
	tb.noNotice()
	tb.waitReady()
	b := tb.record("gif", 2000, 2, 480, "plane,convergence")
	s := tb.status()
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if s.FES < 2000 || len(g.Image) != (int(s.Generation)+1)/2+1 || g.Config.Width != 480 || g.Config.Height < 100 || g.Config.Height%2 != 0 {
		t.Fatalf("GIF: %d frames of %d×%d; the run ended at generation %v, FES %v", len(g.Image), g.Config.Width, g.Config.Height, s.Generation, s.FES)
	}
	if first, last := g.Image[0], g.Image[len(g.Image)-1]; bytes.Equal(first.Pix, last.Pix) {
		t.Error("the first and last frames are the same picture")
	}
	t.Logf("GIF: %d frames of %d×%d, %d bytes, %d palette colours", len(g.Image), g.Config.Width, g.Config.Height, len(b), len(g.Image[0].Palette))
	again := tb.record("gif", 2000, 2, 480, "plane,convergence")
	if sha256.Sum256(again) != sha256.Sum256(b) {
		t.Errorf("a second recording of the same state differs: %d and %d bytes", len(b), len(again))
	}

	w := tb.record("webm", 600, 1, 320, "plane")
	s = tb.status()
	frames, width, height, err := webmFrames(w)
	if err != nil {
		t.Fatal(err)
	}
	if frames != int(s.Generation)+1 || width != 320 || height != 320 {
		t.Errorf("WebM: %d frames of %d×%d; the run ended at generation %v (FES %v), want %d frames of 320×320", frames, width, height, s.Generation, s.FES, int(s.Generation)+1)
	}
	t.Logf("WebM: %d frames of %d×%d, %d bytes", frames, width, height, len(w))
	tb.noConsoleErrors()
}

// webmFrames reads a WebM (Matroska) file as MediaRecorder writes it and
// returns its number of video frames (SimpleBlock and Block elements) and
// the video track's pixel size. Master elements are entered, not skipped,
// so their size may be unknown (a live recording's Segment and Clusters).
func webmFrames(b []byte) (frames, width, height int, err error) {
	masters := map[uint32]bool{0x1A45DFA3: true, 0x18538067: true, 0x114D9B74: true, 0x4DBB: true, 0x1549A966: true,
		0x1654AE6B: true, 0xAE: true, 0xE0: true, 0x1F43B675: true, 0xA0: true, 0x1C53BB6B: true, 0xBB: true, 0xB7: true}
	for pos := 0; pos < len(b); {
		id, n := ebmlID(b[pos:])
		if n == 0 {
			return 0, 0, 0, fmt.Errorf("WebM: a bad element ID at byte %d", pos)
		}
		size, m, unknown := ebmlSize(b[pos+n:])
		if m == 0 {
			return 0, 0, 0, fmt.Errorf("WebM: a bad size of element %x at byte %d", id, pos)
		}
		pos += n + m
		if masters[id] {
			continue
		}
		if unknown || pos+int(size) > len(b) {
			return 0, 0, 0, fmt.Errorf("WebM: element %x at byte %d runs past the end", id, pos)
		}
		body := b[pos : pos+int(size)]
		switch id {
		case 0xA3, 0xA1: // SimpleBlock, Block
			frames++
		case 0xB0: // PixelWidth
			width = int(ebmlUint(body))
		case 0xBA: // PixelHeight
			height = int(ebmlUint(body))
		}
		pos += int(size)
	}
	return frames, width, height, nil
}

// ebmlID reads an element ID (its length marker kept), 1 to 4 bytes.
func ebmlID(b []byte) (uint32, int) {
	if len(b) == 0 {
		return 0, 0
	}
	n := 1
	for mask := byte(0x80); n <= 4 && b[0]&mask == 0; mask >>= 1 {
		n++
	}
	if n > 4 || len(b) < n {
		return 0, 0
	}
	var id uint32
	for _, c := range b[:n] {
		id = id<<8 | uint32(c)
	}
	return id, n
}

// ebmlSize reads an element size, 1 to 8 bytes; unknown: all its value bits set.
func ebmlSize(b []byte) (size uint64, n int, unknown bool) {
	if len(b) == 0 {
		return 0, 0, false
	}
	n = 1
	for mask := byte(0x80); n <= 8 && b[0]&mask == 0; mask >>= 1 {
		n++
	}
	if n > 8 || len(b) < n {
		return 0, 0, false
	}
	size = uint64(b[0] & (0xFF >> n))
	for _, c := range b[1:n] {
		size = size<<8 | uint64(c)
	}
	return size, n, size == 1<<(7*n)-1
}

func ebmlUint(b []byte) uint64 {
	var v [8]byte
	copy(v[8-len(b):], b)
	return binary.BigEndian.Uint64(v[:])
}
