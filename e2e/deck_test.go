package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// deckDir is the example reveal.js deck (examples/reveal-deck, documented in
// docs/guide/embedding.md), its reveal.js installed by
// scripts/install-deck.sh (make test-e2e runs it).
const deckDir = "../examples/reveal-deck"

// deckPlayground is the playground's address in the example (make serve's).
const deckPlayground = "http://127.0.0.1:8080/"

var (
	deckOnce sync.Once
	deckURL  string
	deckErr  error
)

// deckServer serves the example deck from another origin than the site;
// the deck is opened with ?playground= the test site (openDeck).
func deckServer(t *testing.T, h *harness) string {
	t.Helper()
	deckOnce.Do(func() {
		if _, err := os.Stat(filepath.Join(deckDir, "node_modules", "reveal.js", "dist", "reveal.js")); err != nil {
			deckErr = err
			return
		}
		srv := httptest.NewServer(http.FileServer(http.Dir(deckDir)))
		teardown = append(teardown, srv.Close)
		deckURL = srv.URL + "/"
	})
	if deckErr != nil {
		t.Fatalf("the reveal.js deck example cannot be served (%v): run scripts/install-deck.sh (make test-e2e does)", deckErr)
	}
	return deckURL
}

// deckRecorder runs in the deck's top document: it records every pcaplay
// message the frames post and when each frame loaded.
var deckRecorder = jsExpr("deck-recorder")

type deckMessage struct {
	Frame  int            `json:"frame"`
	Type   string         `json:"type"`
	Status map[string]any `json:"status"`
	At     float64        `json:"at"`
}

type deckLog struct {
	Messages []deckMessage `json:"messages"`
	Loads    []struct {
		Frame int     `json:"frame"`
		At    float64 `json:"at"`
	} `json:"loads"`
}

func openDeck(t *testing.T, h *harness, slide string) *tab {
	t.Helper()
	u := deckServer(t, h)
	tb := h.newTab(t)
	c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: deckRecorder}); err != nil {
		t.Fatal(err)
	}
	tb.do(30*time.Second, chromedp.EmulateViewport(1280, 800))
	tb.navigate(u + "index.html?playground=" + url.QueryEscape(h.siteURL) + "#/" + slide)
	eval[bool](tb, 30*time.Second, jsExpr("reveal-ready"))
	return tb
}

// waitDeck polls the deck's log until cond holds.
func waitDeck(t *testing.T, tb *tab, what string, cond func(deckLog) bool) deckLog {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		l := eval[deckLog](tb, 10*time.Second, `window.__deck`)
		if cond(l) {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("deck: %s did not happen; log %+v%s", what, l, tb.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// liveFrame is the live run's iframe, in document order: the lesson's step
// (0, on slide 1) and the live run (1, on slide 2).
const liveFrame = 1

func lastStatus(l deckLog, frame int) map[string]any {
	for i := len(l.Messages) - 1; i >= 0; i-- {
		if m := l.Messages[i]; m.Frame == frame && m.Type == "pcaplay-status" {
			return m.Status
		}
	}
	return nil
}

// The example reveal.js deck: opened on its live slide while the
// playground is still loading (its WebAssembly held back), its play is sent
// when the frame has loaded, before the playground is ready; the page
// queues it and the run plays once ready. Leaving the slide pauses it,
// coming back plays it; the lesson's slide shows step (c).
func TestRevealDeck(t *testing.T) {
	h := setup(t)
	wasmDelay.Store(int64(1500 * time.Millisecond))
	tb := openDeck(t, h, "2")
	wasmDelay.Store(0)
	l := waitDeck(t, tb, "the live run plays", func(l deckLog) bool {
		s := lastStatus(l, liveFrame)
		return s != nil && s["running"] == true
	})
	var loadAt, readyAt float64
	for _, ld := range l.Loads {
		if ld.Frame == liveFrame && loadAt == 0 {
			loadAt = ld.At
		}
	}
	var lessonReady map[string]any
	for _, m := range l.Messages {
		if m.Type == "pcaplay-ready" && m.Frame == liveFrame && readyAt == 0 {
			readyAt = m.At
			if m.Status["running"] != false {
				t.Errorf("the run was already running when ready: %v", m.Status)
			}
		}
		if m.Type == "pcaplay-ready" && m.Frame == 0 {
			lessonReady = m.Status
		}
	}
	if loadAt == 0 || readyAt == 0 || loadAt >= readyAt {
		t.Fatalf("the live frame loaded at %v ms and was ready at %v ms: the deck's play was not sent before ready", loadAt, readyAt)
	}
	// the first reply to the deck's play comes after ready, and says running
	for _, m := range l.Messages {
		if m.Frame == liveFrame && m.Type == "pcaplay-status" {
			if m.At < readyAt || m.Status["running"] != true {
				t.Errorf("first reply to the deck's early play: %+v (ready at %v)", m, readyAt)
			}
			break
		}
	}
	if lessonReady == nil { // the lesson's frame may be ready after the run's
		for _, m := range waitDeck(t, tb, "the lesson's frame is ready", func(l deckLog) bool {
			return slices.ContainsFunc(l.Messages, func(m deckMessage) bool { return m.Frame == 0 && m.Type == "pcaplay-ready" })
		}).Messages {
			if m.Frame == 0 && m.Type == "pcaplay-ready" {
				lessonReady = m.Status
			}
		}
	}
	if lessonReady["lesson"] != "fig1" || lessonReady["step"] != float64(3) {
		t.Errorf("the lesson's slide: ready status %v, want lesson fig1 at step 3", lessonReady)
	}
	// the run advances while its slide is shown (asked as the deck would)
	l = waitDeck(t, tb, "the run advances", func(l deckLog) bool {
		eval[bool](tb, 10*time.Second, jsExpr("ask-frame-1-status"))
		s := lastStatus(l, liveFrame)
		g, _ := s["generation"].(float64)
		return s["running"] == true && g > 0
	})
	s0 := lastStatus(l, liveFrame)
	eval[bool](tb, 10*time.Second, `(Reveal.slide(1), true)`)
	l = waitDeck(t, tb, "leaving the slide pauses the run", func(l deckLog) bool {
		s := lastStatus(l, liveFrame)
		return s != nil && s["running"] == false
	})
	paused := lastStatus(l, liveFrame)
	gen := func(s map[string]any) float64 { g, _ := s["generation"].(float64); return g }
	if gen(paused) < gen(s0) {
		t.Errorf("the run went back: %v then %v", s0, paused)
	}
	eval[bool](tb, 10*time.Second, `(Reveal.slide(2), true)`)
	waitDeck(t, tb, "coming back plays the run again", func(l deckLog) bool {
		s := lastStatus(l, liveFrame)
		return s != nil && s["running"] == true && gen(s) >= gen(paused)
	})
	tb.shot("deck")
	tb.noConsoleErrors()
}

// The deck example lives in examples/reveal-deck and is linked, not copied:
// README.md links the embedding guide and the deck, the guide links the
// deck's files, and what the guide says of the deck is what the deck is:
// each of its slides' playground addresses, the pinned reveal.js version,
// the attribute that marks a live slide and the messages the deck sends and
// waits for.
func TestEmbeddingGuideDocumentsTheDeck(t *testing.T) {
	read := func(path string) string {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	readme := read("../README.md")
	guide := read("../docs/guide/embedding.md")
	for _, link := range []string{"](docs/guide/embedding.md)", "](examples/reveal-deck/index.html)"} {
		if !strings.Contains(readme, link) {
			t.Errorf("README.md does not link %s", link)
		}
	}
	for _, f := range []string{"index.html", "pcaplay-deck.js", "package.json"} {
		if !strings.Contains(guide, "](../../examples/reveal-deck/"+f+")") {
			t.Errorf("docs/guide/embedding.md does not link examples/reveal-deck/%s", f)
		}
	}
	index := read(filepath.Join(deckDir, "index.html"))
	script := read(filepath.Join(deckDir, "pcaplay-deck.js"))

	// the playground's address is written once, in the deck's meta
	if !strings.Contains(index, `<meta name="pcaplay-playground" content="`+deckPlayground+`">`) || strings.Count(index, deckPlayground) != 1 {
		t.Errorf("index.html does not give the playground's address %s once, in its meta", deckPlayground)
	}
	if !strings.Contains(guide, "?playground=") {
		t.Error("docs/guide/embedding.md does not say how ?playground= moves the deck to another address")
	}
	srcs := regexp.MustCompile(`data-pcaplay-src="(#[^"]*)"`).FindAllStringSubmatch(index, -1)
	if len(srcs) < 2 {
		t.Fatalf("index.html embeds %d playground frames, want the lesson's and the live run's", len(srcs))
	}
	for _, m := range srcs {
		if full := deckPlayground + m[1]; !strings.Contains(guide, "`"+full+"`") {
			t.Errorf("docs/guide/embedding.md does not give the deck's frame address %s", full)
		}
	}

	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal([]byte(read(filepath.Join(deckDir, "package.json"))), &pkg); err != nil {
		t.Fatal(err)
	}
	v := pkg.Dependencies["reveal.js"]
	if v == "" || !strings.Contains(guide, "reveal.js "+v) {
		t.Errorf("docs/guide/embedding.md does not name the pinned reveal.js %q", v)
	}
	for _, m := range regexp.MustCompile(`reveal\.js (\d+\.\d+\.\d+)`).FindAllStringSubmatch(guide, -1) {
		if m[1] != v {
			t.Errorf("docs/guide/embedding.md names reveal.js %s, the deck pins %s", m[1], v)
		}
	}

	for _, want := range []struct{ file, text, in string }{
		{"index.html", index, "data-pcaplay-play"},
		{"pcaplay-deck.js", script, "data-pcaplay-play"},
		{"pcaplay-deck.js", script, `type: "pcaplay", cmd`},
		{"pcaplay-deck.js", script, `"pcaplay-ready"`},
		{"pcaplay-deck.js", script, `Reveal.on("slidechanged"`},
	} {
		if !strings.Contains(want.text, want.in) {
			t.Errorf("examples/reveal-deck/%s has no %s: update the deck's documentation with it", want.file, want.in)
		}
	}
	for _, doc := range []string{"`data-pcaplay-play`", `{type: "pcaplay", cmd: "play"}`, "`pcaplay-ready`", "`Reveal.on`"} {
		if !strings.Contains(guide, doc) {
			t.Errorf("docs/guide/embedding.md does not describe the deck's %s", doc)
		}
	}
}
