package e2e

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image/gif"
	"image/png"
	"io"
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
	eval[bool](t, 10*time.Second, jsCall("record-run", until, every, width, panels))
	r, b := t.bytesBy(`[data-role="record-` + format + `"]`)
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

// bytesBy clicks selector and returns the file the page saved.
func (t *tab) bytesBy(selector string) (recorded, []byte) {
	t.tb.Helper()
	r := eval[recorded](t, 5*time.Minute, jsCall("export-bytes-by", selector, 240))
	b, err := base64.StdEncoding.DecodeString(r.B64)
	if err != nil || len(b) != int(r.Size) {
		t.tb.Fatalf("%s: %d bytes decoded of %v: %v", r.Name, len(b), r.Size, err)
	}
	return r, b
}

// The lesson's pictures: this step as a PNG of the figure under its title;
// every step as one GIF (a frame per step, 2 s each) and as PNGs in a zip
// (one per step, each the step's own picture), and the lesson back at the
// step it showed.
func TestLessonPictures(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	shown := tb.openLesson(hash("lesson", "fig1", "step", "3", "seed", "6"), 3)
	size := eval[[2]float64](tb, 5*time.Second, `(() => { const c = document.querySelector('[data-role="lesson-canvas"]'); return [c.width, c.height]; })()`)
	r, b := tb.bytesBy(`[data-role="lesson-png"]`)
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil || r.Type != "image/png" || !strings.HasSuffix(r.Name, "-step3.png") {
		t.Fatalf("PNG %s (%s): %v", r.Name, r.Type, err)
	}
	if w, hh := im.Bounds().Dx(), im.Bounds().Dy(); w != int(size[0]) || hh <= int(size[1]) || hh > int(size[1])+80 {
		t.Errorf("PNG of %d×%d; the figure is %v (a title line above it)", w, hh, size)
	}
	steps := eval[int](tb, 5*time.Second, `document.querySelectorAll('[data-role="lesson-steps"] a').length`)
	r, b = tb.bytesBy(`[data-role="lesson-gif"]`)
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil || r.Type != "image/gif" || !strings.HasSuffix(r.Name, "-steps.gif") {
		t.Fatalf("GIF %s (%s): %v", r.Name, r.Type, err)
	}
	if len(g.Image) != steps || steps < 5 || g.Delay[0] != 200 || g.Config.Width != int(size[0]) {
		t.Errorf("GIF: %d frames (the lesson has %d steps), delay %d, width %d", len(g.Image), steps, g.Delay[0], g.Config.Width)
	}
	for k := 1; k < len(g.Image); k++ {
		if bytes.Equal(g.Image[k].Pix, g.Image[k-1].Pix) {
			t.Errorf("GIF frames %d and %d are the same picture", k, k+1)
		}
	}
	if back := tb.waitLesson(3); back.Seed != shown.Seed {
		t.Errorf("after the GIF the lesson shows seed %s, want %s", back.Seed, shown.Seed)
	}
	r, b = tb.bytesBy(`[data-role="lesson-zip"]`)
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil || r.Type != "application/zip" || len(z.File) != steps {
		t.Fatalf("zip %s (%s): %v, %d files for %d steps", r.Name, r.Type, err, len(z.File), steps)
	}
	var step3 []byte
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		p, _ := io.ReadAll(rc)
		rc.Close()
		if _, err := png.Decode(bytes.NewReader(p)); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
		if f.Name == "step3.png" {
			step3 = p
		}
	}
	if im3, err := png.Decode(bytes.NewReader(step3)); err != nil || im3.Bounds() != im.Bounds() {
		t.Errorf("the zip's step3.png: %v, %v; the step's PNG %v", err, im3, im.Bounds())
	}
	tb.waitLesson(3)
	tb.noConsoleErrors()
}

// Navigating while the lesson draws its steps for the zip: the link waits
// for the end of the drawing, and the lesson ends at the step it asked
// for, not at the step the export started from.
func TestLessonPicturesKeepNavigation(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openLesson(hash("lesson", "fig1", "step", "3", "seed", "6"), 3)
	// start the zip, then, while it draws, follow the link to step 6
	got := eval[string](tb, 5*time.Minute, `new Promise((resolve, reject) => {
		window.addEventListener("pcaplay-export", (ev) => resolve(ev.detail.name), { once: true });
		document.querySelector('[data-role="lesson-zip"]').click();
		setTimeout(() => document.querySelector('[data-role="lesson-steps"] a[data-step="6"]').click(), 50);
		setTimeout(() => reject(new Error("no zip within 240 s")), 240000);
	})`)
	if !strings.HasSuffix(got, "-steps.zip") {
		t.Fatalf("saved %q", got)
	}
	tb.waitLesson(6) // fails unless the lesson ends at step 6
	if hv := hashValue(tb, "step"); hv != "6" {
		t.Errorf("the address says step %q, want 6", hv)
	}
	tb.noConsoleErrors()
}

// A GIF that reaches the module's size limit (the landscape 1920 pixels wide, a frame
// every generation, more frames than 256 MiB of pixels hold) is saved with
// the frames it holds, and the page says it stopped there.
func TestRecordGIFFull(t *testing.T) {
	if testing.Short() {
		t.Skip("records some 70 frames of 1920 pixels")
	}
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "seed", "3", "fes", "40000", "speed", "10"))
	tb.waitReady()
	b := tb.record("gif", 40000, 1, 1920, "plane")
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	w, hgt := g.Config.Width, g.Config.Height
	if want := (256 << 20) / (w * hgt); len(g.Image) != want {
		t.Errorf("%d frames of %d×%d, want %d (256 MiB of pixels)", len(g.Image), w, hgt, want)
	}
	said := eval[string](tb, 5*time.Second, `(document.querySelector('[data-role="message"]') || {}).textContent || ""`)
	if !strings.Contains(said, "stopped there: the GIF is full") {
		t.Errorf("the page says %q", said)
	}
	tb.noConsoleErrors()
}

// A bad value in the recording row is named, never as "0": text that is
// no number, and 1e999, which a number field cannot hold (the browser
// reads both as "", validity.badInput), are "not a number"; 2.5 is echoed.
func TestRecordBadValuesNamed(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "seed", "3", "fes", "500"))
	tb.waitReady()
	for _, c := range []struct{ typed, want string }{
		{"abc", `until FES = not a number: want a whole number in [1, 100000000]`},
		{"1e999", `until FES = not a number: want a whole number`},
		{"2.5", `until FES = "2.5": want a whole number`},
	} {
		said := eval[string](tb, 20*time.Second, `(async () => {
			const f = document.querySelector('[data-role="record-until"]');
			f.focus(); f.select();
			document.execCommand("insertText", false, `+"`"+c.typed+"`"+`);
			document.querySelector('[data-role="record-gif"]').click();
			await new Promise((r) => setTimeout(r, 300));
			return document.querySelector('[data-role="message"]').textContent;
		})()`)
		if !strings.Contains(said, c.want) {
			t.Errorf("until FES %q: the page says %q, want %q", c.typed, said, c.want)
		}
	}
	tb.noConsoleErrors()
}
