//go:build !pcaplay_playground

package export

import (
	"bytes"
	"image/color"
	"image/gif"
	"strings"
	"testing"
)

// frameOf returns w×h RGBA pixels with colour at(x, y) (alpha 255).
func frameOf(w, h int, at func(x, y int) (r, g, b uint8)) []byte {
	p := make([]byte, 4*w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := 4 * (y*w + x)
			p[i], p[i+1], p[i+2] = at(x, y)
			p[i+3] = 255
		}
	}
	return p
}

func decode(t *testing.T, b []byte) *gif.GIF {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A frame of at most 256 colours comes back exactly, every frame with its
// delay, looping forever; later frames map to the first frame's colours.
func TestGIFExactColours(t *testing.T) {
	const w, h = 40, 30
	g, err := NewGIF(w, h, 7)
	if err != nil {
		t.Fatal(err)
	}
	// 256 colours
	col := func(x, y int) (uint8, uint8, uint8) { return uint8(x % 16 * 16), uint8(y % 16 * 16), 200 }
	first := frameOf(w, h, col)
	second := frameOf(w, h, func(x, y int) (uint8, uint8, uint8) { r, g, _ := col(x, y); return r + 1, g, 201 })
	for _, f := range [][]byte{first, second, first} {
		if err := g.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	b, err := g.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d := decode(t, b)
	if len(d.Image) != 3 || d.Config.Width != w || d.Config.Height != h || d.LoopCount != 0 {
		t.Fatalf("%d frames of %d×%d, loop %d", len(d.Image), d.Config.Width, d.Config.Height, d.LoopCount)
	}
	for i, dl := range d.Delay {
		if dl != 7 {
			t.Errorf("frame %d: delay %d, want 7", i, dl)
		}
	}
	for _, k := range []int{0, 2} {
		img := d.Image[k]
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				r, gg, bb, _ := img.At(x, y).RGBA()
				wr, wg, wb := col(x, y)
				if uint8(r>>8) != wr || uint8(gg>>8) != wg || uint8(bb>>8) != wb {
					t.Fatalf("frame %d at (%d, %d): %d %d %d", k, x, y, r>>8, gg>>8, bb>>8)
				}
			}
		}
	}
	// the second frame's colours are each one step off a first-frame colour
	r, gg, bb, _ := d.Image[1].At(3, 4).RGBA()
	if uint8(r>>8) != 48 || uint8(gg>>8) != 64 || uint8(bb>>8) != 200 {
		t.Errorf("second frame at (3, 4): %d %d %d, want the nearest, 48 64 200", r>>8, gg>>8, bb>>8)
	}
}

// A frame of many colours gets 256 by median cut, close to every pixel,
// and the same pixels give the same bytes.
func TestGIFMedianCut(t *testing.T) {
	const w, h = 256, 200
	at := func(x, y int) (uint8, uint8, uint8) { return uint8(x), uint8(y), uint8((x * y) >> 8) }
	enc := func() []byte {
		g, err := NewGIF(w, h, 10)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Add(frameOf(w, h, at)); err != nil {
			t.Fatal(err)
		}
		b, err := g.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := enc(), enc()
	if !bytes.Equal(a, b) {
		t.Fatal("the same frame gave two different GIFs")
	}
	d := decode(t, a)
	pal := d.Image[0].Palette
	if len(pal) != 256 {
		t.Errorf("%d palette colours, want 256", len(pal))
	}
	worst := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bb, _ := d.Image[0].At(x, y).RGBA()
			wr, wg, wb := at(x, y)
			for _, e := range []int{int(r>>8) - int(wr), int(g>>8) - int(wg), int(bb>>8) - int(wb)} {
				worst = max(worst, e, -e)
			}
		}
	}
	// 51,200 colours spread over a 256 × 200 × 256 cube in 256 boxes:
	// each box is about 32 wide on its longest side
	if worst > 40 {
		t.Errorf("a pixel is %d off in a channel, want ≤ 40", worst)
	}
	if _, ok := pal[0].(color.RGBA); !ok {
		t.Errorf("palette colour %T", pal[0])
	}
}

func TestGIFErrors(t *testing.T) {
	for _, c := range []struct {
		w, h, delay int
		msg         string
	}{
		{0, 10, 5, "GIF of 0×10 pixels"},
		{10, 4000, 5, "GIF of 10×4000 pixels"},
		{10, 10, 0, "GIF frame delay 0"},
		{10, 10, 7000, "GIF frame delay 7000"},
	} {
		if _, err := NewGIF(c.w, c.h, c.delay); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("NewGIF(%d, %d, %d): %v, want %q", c.w, c.h, c.delay, err, c.msg)
		}
	}
	g, _ := NewGIF(4, 3, 5)
	if _, err := g.Bytes(); err == nil || !strings.Contains(err.Error(), "no frame") {
		t.Errorf("Bytes of no frame: %v", err)
	}
	if err := g.Add(make([]byte, 47)); err == nil || !strings.Contains(err.Error(), "GIF frame of 47 bytes: want 4 × 4 × 3 = 48") {
		t.Errorf("a short frame: %v", err)
	}
	for range MaxGIFFrames {
		if err := g.Add(make([]byte, 48)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Add(make([]byte, 48)); err == nil || !strings.Contains(err.Error(), "at most 1000 frames") {
		t.Errorf("frame 1001: %v", err)
	}
	if g.Frames() != MaxGIFFrames {
		t.Errorf("%d frames, want %d", g.Frames(), MaxGIFFrames)
	}
	big, _ := NewGIF(2048, 2048, 5)
	for k := 0; k < MaxGIFPixels/(2048*2048); k++ {
		big.frames = append(big.frames, nil) // the count is what the limit reads
	}
	if err := big.Add(make([]byte, 4*2048*2048)); err == nil || !strings.Contains(err.Error(), "more than 256 MiB") {
		t.Errorf("a frame past the pixel limit: %v", err)
	}
}
