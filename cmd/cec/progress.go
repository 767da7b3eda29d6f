package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"pcaplay/core/solver"
)

func algoNames() []string { return solver.Names() }

// plainInterval is how often the plain progress line is printed when
// stderr is not a terminal.
var plainInterval = 10 * time.Second

// progress shows how many runs have finished: a progress bar with ETA when
// stderr is a terminal, otherwise a plain line every plainInterval
// ("37/700 runs, ETA 4m10s").
type progress struct {
	bar *progressbar.ProgressBar

	mu     sync.Mutex
	w      io.Writer
	total  int
	done   int
	start  time.Time
	ticker *time.Ticker
	quit   chan struct{}
	wg     sync.WaitGroup
}

func newProgress(stderr io.Writer, total int, quiet bool) *progress {
	p := &progress{w: stderr, total: total, start: time.Now()}
	if quiet || total == 0 {
		return p
	}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("runs"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(stderr) }),
		)
		return p
	}
	p.ticker = time.NewTicker(plainInterval)
	p.quit = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			select {
			case <-p.ticker.C:
				p.mu.Lock()
				fmt.Fprintln(p.w, progressLine(p.done, p.total, time.Since(p.start)))
				p.mu.Unlock()
			case <-p.quit:
				return
			}
		}
	}()
	return p
}

// progressLine is "37/700 runs, ETA 4m10s".
func progressLine(done, total int, elapsed time.Duration) string {
	if done == 0 {
		return fmt.Sprintf("%d/%d runs, ETA unknown", done, total)
	}
	eta := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
	return fmt.Sprintf("%d/%d runs, ETA %s", done, total, eta.Round(time.Second))
}

func (p *progress) update(n int) {
	p.mu.Lock()
	p.done = n
	p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Set(n)
	}
}

// stop ends the display; complete says whether every run finished.
func (p *progress) stop(complete bool) {
	if p.bar != nil {
		if complete {
			_ = p.bar.Finish()
		} else {
			_ = p.bar.Exit()
			fmt.Fprintln(p.w)
		}
	}
	if p.ticker != nil {
		p.ticker.Stop()
		close(p.quit)
		p.wg.Wait()
	}
}
