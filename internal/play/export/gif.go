//go:build !pcaplay_playground

// GIF recordings and zip archives are made by the full module only: the
// playground's (the build tag pcaplay_playground) links neither image/gif
// nor archive/zip (docs/wasm-size.md).

package export

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"slices"
)

// Limits of a recorded GIF: a side of at most MaxGIFSide pixels, at most
// MaxGIFFrames frames, and at most MaxGIFPixels pixels over all its frames
// (one byte each while it is made: 256 MiB).
const (
	MaxGIFSide   = 2048
	MaxGIFFrames = 1000
	MaxGIFPixels = 256 << 20
)

// GIF is an animated GIF made frame by frame from the page's pixels: the
// page draws each frame of a recording (a generation of a run, a step of
// the lesson) on a canvas and hands its RGBA bytes to Add; Bytes writes
// the file with Go's image/gif.
//
// The palette is fitted to the first frame, which holds what every frame
// of a plot shows (the background, the landscape, the axes, the points'
// colours): its colours exactly when it has at most 256, else 256 colours
// by median cut (each box split at the weighted median of its widest
// channel, the colour of a box its pixels' mean). Every pixel of every
// frame becomes the nearest palette colour (squared RGB distance, the
// lower index on a tie). There is no dithering, and nothing depends on
// the order of a map or on time, so the same pixels give the same bytes.
// Alpha is ignored (a recording's canvas is opaque).
type GIF struct {
	w, h   int
	delay  int
	pal    color.Palette
	near   map[uint32]uint8
	frames []*image.Paletted
}

// ErrGIFFull is the error of Add when the GIF holds as many frames as its
// limits allow: the frame is not added, and the GIF can still be written.
var ErrGIFFull = errors.New("the GIF is full")

// NewGIF starts a GIF of w×h pixels (1 … MaxGIFSide each) whose frames
// show for delay hundredths of a second each (1 … 6000).
func NewGIF(w, h, delay int) (*GIF, error) {
	if w < 1 || h < 1 || w > MaxGIFSide || h > MaxGIFSide {
		return nil, fmt.Errorf("GIF of %d×%d pixels: each side must be in [1, %d]", w, h, MaxGIFSide)
	}
	if delay < 1 || delay > 6000 {
		return nil, fmt.Errorf("GIF frame delay %d: want 1 … 6000 hundredths of a second", delay)
	}
	return &GIF{w: w, h: h, delay: delay, near: map[uint32]uint8{}}, nil
}

// Frames returns the number of frames added.
func (g *GIF) Frames() int { return len(g.frames) }

// Add appends a frame: rgba holds w×h pixels, row by row, 4 bytes each
// (a canvas' ImageData). The first frame fits the palette.
//
// Cost: linear in the pixels, plus one search of the palette (256
// colours) per colour not seen before; median cut on the first frame is
// O(c log c) in its c distinct colours, times 256 splits at most.
func (g *GIF) Add(rgba []byte) error {
	if len(rgba) != 4*g.w*g.h {
		return fmt.Errorf("GIF frame of %d bytes: want 4 × %d × %d = %d", len(rgba), g.w, g.h, 4*g.w*g.h)
	}
	if len(g.frames) >= MaxGIFFrames {
		return fmt.Errorf("%w: GIF frame %d: a recording has at most %d frames", ErrGIFFull, len(g.frames)+1, MaxGIFFrames)
	}
	if (len(g.frames)+1)*g.w*g.h > MaxGIFPixels {
		return fmt.Errorf("%w: GIF frame %d: %d×%d frames take more than %d MiB", ErrGIFFull, len(g.frames)+1, g.w, g.h, MaxGIFPixels>>20)
	}
	if g.pal == nil {
		g.pal = fitPalette(rgba)
	}
	img := image.NewPaletted(image.Rect(0, 0, g.w, g.h), g.pal)
	for i := range img.Pix {
		c := uint32(rgba[4*i])<<16 | uint32(rgba[4*i+1])<<8 | uint32(rgba[4*i+2])
		k, ok := g.near[c]
		if !ok {
			k = nearest(g.pal, c)
			g.near[c] = k
		}
		img.Pix[i] = k
	}
	g.frames = append(g.frames, img)
	return nil
}

// Bytes writes the GIF: every frame with the delay, looping forever. It
// is an error before the first frame.
func (g *GIF) Bytes() ([]byte, error) {
	if len(g.frames) == 0 {
		return nil, fmt.Errorf("GIF: no frame was added")
	}
	delays := make([]int, len(g.frames))
	for i := range delays {
		delays[i] = g.delay
	}
	var b bytes.Buffer
	err := gif.EncodeAll(&b, &gif.GIF{Image: g.frames, Delay: delays,
		Config: image.Config{ColorModel: g.pal, Width: g.w, Height: g.h}})
	return b.Bytes(), err
}

// bin is a colour of the first frame and how many of its pixels have it.
type bin struct {
	c uint32
	n int
}

func channel(c uint32, k int) int { return int(c>>(16-8*k)) & 0xff }

// fitPalette returns the palette of the first frame (see GIF).
func fitPalette(rgba []byte) color.Palette {
	count := map[uint32]int{}
	for i := 0; i < len(rgba); i += 4 {
		count[uint32(rgba[i])<<16|uint32(rgba[i+1])<<8|uint32(rgba[i+2])]++
	}
	bins := make([]bin, 0, len(count))
	for c, n := range count {
		bins = append(bins, bin{c, n})
	}
	slices.SortFunc(bins, func(a, b bin) int { return cmp.Compare(a.c, b.c) })
	boxes := []box{newBox(bins)}
	for len(boxes) < 256 {
		// the box to split: the widest channel range times its pixels
		best := -1
		for i, b := range boxes {
			if len(b.bins) > 1 && (best < 0 || b.score > boxes[best].score) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		lo, hi := splitBox(boxes[best].bins, boxes[best].k)
		boxes[best] = newBox(lo)
		boxes = append(boxes, newBox(hi))
	}
	pal := make(color.Palette, len(boxes))
	for i, b := range boxes {
		pal[i] = mean(b.bins)
	}
	return pal
}

// box is a box of the median cut: its colours, its widest channel k and
// its score, that channel's range times its pixels.
type box struct {
	bins  []bin
	k     int
	score int
}

func newBox(b []bin) box {
	k, r := widest(b)
	return box{bins: b, k: k, score: r * pixels(b)}
}

func pixels(b []bin) int {
	n := 0
	for _, e := range b {
		n += e.n
	}
	return n
}

// widest returns the channel (0 red, 1 green, 2 blue) of b's widest range
// and that range.
func widest(b []bin) (k, r int) {
	for ch := 0; ch < 3; ch++ {
		lo, hi := 255, 0
		for _, e := range b {
			v := channel(e.c, ch)
			lo, hi = min(lo, v), max(hi, v)
		}
		if hi-lo > r {
			k, r = ch, hi-lo
		}
	}
	return k, r
}

// splitBox sorts b by channel k (then by colour) and cuts it at the
// weighted median, each half keeping at least one colour.
func splitBox(b []bin, k int) (lo, hi []bin) {
	slices.SortFunc(b, func(x, y bin) int {
		if c := cmp.Compare(channel(x.c, k), channel(y.c, k)); c != 0 {
			return c
		}
		return cmp.Compare(x.c, y.c)
	})
	half, acc, cut := pixels(b)/2, 0, 1
	for i, e := range b[:len(b)-1] {
		acc += e.n
		cut = i + 1
		if acc >= half {
			break
		}
	}
	return b[:cut:cut], b[cut:]
}

// mean is the pixel-weighted mean colour of a box, rounded.
func mean(b []bin) color.RGBA {
	var s [3]int
	n := 0
	for _, e := range b {
		for ch := range s {
			s[ch] += channel(e.c, ch) * e.n
		}
		n += e.n
	}
	return color.RGBA{uint8((s[0] + n/2) / n), uint8((s[1] + n/2) / n), uint8((s[2] + n/2) / n), 255}
}

// nearest returns the index of the palette colour nearest c.
func nearest(pal color.Palette, c uint32) uint8 {
	best, bestD := 0, 1<<30
	for i, p := range pal {
		q := p.(color.RGBA)
		dr, dg, db := int(q.R)-channel(c, 0), int(q.G)-channel(c, 1), int(q.B)-channel(c, 2)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
