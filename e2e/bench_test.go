package e2e

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The benchmarks measure; they assert nothing about speed. Run them once
// each (make bench-web):
//
//	PCAPLAY_E2E=1 go test ./e2e -run '^$' -bench . -benchtime 1x -timeout 30m
//
// Each reports its figures with b.ReportMetric; ns/op is meaningless here.

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func envString(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// BenchmarkWasmSize reports the size of pcaplay.wasm raw, gzipped and
// brotli-compressed (the .gz/.br siblings the server sends), and the bytes a
// browser that accepts br downloads for the whole site.
func BenchmarkWasmSize(b *testing.B) {
	if os.Getenv("PCAPLAY_E2E") != "1" {
		b.Skip("set PCAPLAY_E2E=1 (make bench-web does, after building the site)")
	}
	dir, err := checkSite()
	if err != nil {
		b.Fatalf("e2e: %v", err)
	}
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil
		}
		return data
	}
	wasm := read("pcaplay.wasm")
	gz := read("pcaplay.wasm.gz")
	if gz == nil { // no sibling: compress as the build would
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(wasm)
		w.Close()
		gz = buf.Bytes()
	}
	br := read("pcaplay.wasm.br")

	// What a br-accepting browser downloads: each file's smallest variant.
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	var transfer, raw int
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".br") || name == "README.md" {
			continue
		}
		size := len(read(name))
		raw += size
		for _, ext := range []string{".br", ".gz"} {
			if s := read(name + ext); s != nil && len(s) < size {
				size = len(s)
			}
		}
		transfer += size
	}
	for b.Loop() {
	}
	b.ReportMetric(float64(len(wasm)), "wasm-B")
	b.ReportMetric(float64(len(gz)), "wasm-gzip-B")
	if br != nil {
		b.ReportMetric(float64(len(br)), "wasm-br-B")
	}
	b.ReportMetric(float64(raw), "site-raw-B")
	b.ReportMetric(float64(transfer), "site-transfer-B")
}

// BenchmarkFirstLandscape reports the time from navigation start to
// window.playground.ready (the first landscape drawn), median of
// PCAPLAY_BENCH_LOADS loads (default 7): "cold" with the browser cache off,
// "warm" with it on (wasm compiled from the code cache, 304s); "cold-embed"
// is "cold" for the embed of the default run (#embed=1, a slide's iframe),
// the figure of the load-time target in docs/wasm-size.md:
//
//	PCAPLAY_E2E=1 PCAPLAY_BENCH_LOADS=5 go test -run '^$' -bench 'FirstLandscape/cold' -benchtime 1x ./e2e/
func BenchmarkFirstLandscape(b *testing.B) {
	h := setup(b)
	loads := envInt("PCAPLAY_BENCH_LOADS", 7)
	measureAt := func(tb *tab, url string) float64 {
		tb.navigate("about:blank")
		tb.navigate(url)
		tb.waitReady()
		return eval[float64](tb, 10*time.Second, `window.__e2e.readyAt`)
	}
	measure := func(tb *tab) float64 { return measureAt(tb, h.siteURL) }
	b.Run("cold", func(b *testing.B) { coldLoads(b, h, loads, measure) })
	b.Run("cold-embed", func(b *testing.B) {
		coldLoads(b, h, loads, func(tb *tab) float64 { return measureAt(tb, h.siteURL+"#embed=1") })
	})
	b.Run("warm", func(b *testing.B) {
		var ms []float64
		for b.Loop() {
			tb := h.newTab(b)
			measure(tb) // fills the cache
			for range loads {
				ms = append(ms, measure(tb))
			}
		}
		report(b, ms)
	})
}

// coldLoads reports measure's times (ms to ready) over loads tabs, each
// with the browser's HTTP cache emptied and off, and the bytes the server
// sent until ready.
func coldLoads(b *testing.B, h *harness, loads int, measure func(*tab) float64) {
	var ms, sent []float64
	var last map[string]sentFile
	for b.Loop() {
		for range loads {
			tb := h.newTab(b)
			c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
			// The worker's requests are not under the tab's cache switch:
			// empty the whole HTTP cache (and with it the compiled wasm).
			if _, err := chromedp.Call(c, network.ClearBrowserCache, cdp.Empty{}); err != nil {
				b.Fatal(err)
			}
			if _, err := chromedp.Call(c, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
				b.Fatal(err)
			}
			if cond := benchNetwork(b); cond != nil {
				if _, err := chromedp.Call(c, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{cond}}); err != nil {
					b.Fatal(err)
				}
			}
			cancel()
			tb.navigate("about:blank")
			// PCAPLAY_BENCH_TRACE=FILE: each load's Chrome trace, for a
			// timeline of the load (the tracing costs CPU: traced loads are
			// slower than the times reported without it)
			var tr *tracer
			if os.Getenv("PCAPLAY_BENCH_TRACE") != "" {
				tr = startTrace(tb, "v8.wasm", "loading", "v8.compile", "disabled-by-default-v8.compile")
			}
			siteMeter.reset()
			ms = append(ms, measure(tb))
			if tr != nil {
				evs := tr.end()
				raw, err := json.Marshal(evs)
				f := fmt.Sprintf("%s.%s.%d", os.Getenv("PCAPLAY_BENCH_TRACE"), filepath.Base(b.Name()), len(ms))
				if err == nil {
					err = os.WriteFile(f+".json", raw, 0o644)
				}
				if err == nil {
					err = os.WriteFile(f+".txt", []byte(strings.Join(loadTimeline(evs, h.siteURL, 8), "\n")+"\n"), 0o644)
				}
				if err != nil {
					b.Fatal(err)
				}
				b.Logf("the load's trace: %s.json, its timeline %s.txt", f, f)
			}
			last = siteMeter.reset()
			var total int64
			for _, f := range last {
				total += f.Bytes
			}
			sent = append(sent, float64(total))
		}
	}
	report(b, ms)
	// Body bytes the server sent until ready (the .br/.gz sibling when
	// the browser accepted it).
	b.ReportMetric(median(sent), "B-sent-until-ready")
	var files []string
	for p, f := range last {
		files = append(files, fmt.Sprintf("%s %d %d %s", p, f.Status, f.Bytes, f.Encoding))
	}
	slices.Sort(files)
	b.Logf("sent until ready (path, status, bytes, coding): %s", strings.Join(files, "; "))
}

// benchNetwork is the network PCAPLAY_BENCH_NET=LATENCY_MS:KBIT_S
// emulates for the cold loads (every request of the tab: at least
// LATENCY_MS from request to response headers, KBIT_S kbit/s down and up
// in all), nil when unset: "40:20000" is a classroom's or a conference's
// Wi-Fi.
func benchNetwork(b *testing.B) *network.Conditions {
	v := os.Getenv("PCAPLAY_BENCH_NET")
	if v == "" {
		return nil
	}
	lat, kbps, ok := strings.Cut(v, ":")
	l, err1 := strconv.ParseFloat(lat, 64)
	k, err2 := strconv.ParseFloat(kbps, 64)
	if !ok || err1 != nil || err2 != nil || l < 0 || k <= 0 {
		b.Fatalf("PCAPLAY_BENCH_NET=%q: want LATENCY_MS:KBIT_S, such as 40:20000", v)
	}
	bps := k * 1000 / 8
	return &network.Conditions{Latency: l, DownloadThroughput: bps, UploadThroughput: bps}
}

func report(b *testing.B, ms []float64) {
	b.ReportMetric(median(ms), "ms-to-ready-median")
	b.ReportMetric(slices.Min(ms), "ms-to-ready-min")
	b.ReportMetric(slices.Max(ms), "ms-to-ready-max")
	b.Logf("ms from navigation start to ready: %v", roundAll(ms))
}

func roundAll(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(int(x*10+0.5)) / 10
	}
	return out
}

// BenchmarkGenerationsPerSecond plays DE on the 2-D Rosenbrock problem with
// a population of 100 for PCAPLAY_BENCH_SECONDS (default 4) while the page
// animates, and reports generations (and FES) per second: "max" at full
// speed (speed=10: no rate limit), "default" at the page's default speed
// (no speed key), which should play at least 30 generations per second.
func BenchmarkGenerationsPerSecond(b *testing.B) {
	h := setup(b)
	secs := envInt("PCAPLAY_BENCH_SECONDS", 4)
	type mark struct {
		Gen float64 `json:"gen"`
		FES float64 `json:"fes"`
		T   float64 `json:"t"`
	}
	now := jsExpr("generation-mark")
	for _, c := range []struct{ name, speed string }{{"max", "10"}, {"default", ""}} {
		b.Run(c.name, func(b *testing.B) {
			kv := []string{"problem", "rosenbrock", "algo", "de", "pop", "100", "seed", "1", "fes", "5000000"}
			if c.speed != "" {
				kv = append(kv, "speed", c.speed)
			}
			var gps, fps []float64
			for b.Loop() {
				tb := h.newTab(b)
				tb.open(hash(kv...))
				tb.noNotice()
				tb.call("pause")
				tb.call("step") // initial population
				m0 := eval[mark](tb, 10*time.Second, `(() => { window.playground.play(); return `+now+`; })()`)
				time.Sleep(time.Duration(secs) * time.Second)
				m1 := eval[mark](tb, 10*time.Second, `(() => { const m = `+now+`; window.playground.pause(); return m; })()`)
				dt := (m1.T - m0.T) / 1000
				gps = append(gps, (m1.Gen-m0.Gen)/dt)
				fps = append(fps, (m1.FES-m0.FES)/dt)
				b.Logf("%.0f generations, %.0f FES in %.2f s", m1.Gen-m0.Gen, m1.FES-m0.FES, dt)
			}
			b.ReportMetric(median(gps), "gen/s")
			b.ReportMetric(median(fps), "FES/s")
		})
	}
}

// BenchmarkLongestTask runs HECO-PDE on the 10-D C01 for 200 000 FES at full
// speed (speed=10) to the end (and one second more, for the last redraw)
// while a PerformanceObserver records the main thread's long tasks
// (> 50 ms), and reports the longest (0: none), their number and the run's
// wall time. The run starts one second after ready; the longest task of
// the page load until then is reported apart (load-longtask-max-ms). PCAPLAY_BENCH_LONGTASK_HASH replaces the URL hash.
// PCAPLAY_BENCH_TRACE=FILE writes what every main-thread task over 20 ms did
// (from a Chrome trace, with the CPU other threads used meanwhile) and
// reports the most CPU one task used (longtask-max-cpu-ms: on a machine
// whose cores others share, the wall time of a task may be mostly waiting),
// PCAPLAY_BENCH_PROFILE=FILE the main thread's JavaScript CPU profile.
func BenchmarkLongestTask(b *testing.B) {
	hs := os.Getenv("PCAPLAY_BENCH_LONGTASK_HASH")
	if hs == "" {
		hs = hash("problem", "C01", "dim", "10", "algo", "heco-pde", "seed", "1", "fes", "200000", "speed", "10")
	}
	longestTask(b, hs)
}

// BenchmarkCompareLongestTask is BenchmarkLongestTask in compare mode: two
// runs side by side in lockstep, HECO-PDE against HECO-DE (b.pca=false, the
// default comparison) on C01 at D = 10, 200000 FES each, as fast as the
// worker goes (the page's target: the longest main-thread task stays under
// 50 ms).
// PCAPLAY_BENCH_COMPARE_HASH replaces the URL hash.
func BenchmarkCompareLongestTask(b *testing.B) {
	hs := os.Getenv("PCAPLAY_BENCH_COMPARE_HASH")
	if hs == "" {
		hs = hash("problem", "C01", "dim", "10", "algo", "heco-pde", "seed", "1", "fes", "200000", "speed", "10", "compare", "2")
	}
	longestTask(b, hs)
}

// longestTask plays the page of hash hs to its end while it records the
// main thread's long tasks (see BenchmarkLongestTask).
func longestTask(b *testing.B, hs string) {
	h := setup(b)
	custom := os.Getenv("PCAPLAY_BENCH_LONGTASK_HASH") != "" || os.Getenv("PCAPLAY_BENCH_COMPARE_HASH") != ""
	type tasks struct {
		Max   float64   `json:"max"`
		Count float64   `json:"count"`
		Total float64   `json:"total"`
		At    []float64 `json:"at"`   // start, ms since navigation
		List  []float64 `json:"list"` // durations, ms
		Err   string    `json:"err"`
	}
	var maxes, counts, secs, loadMaxes, cpus []float64
	for b.Loop() {
		tb := h.newTab(b)
		tb.open(hs)
		tb.noNotice()
		s0 := tb.status()
		if s0.MaxFES != 200000 && !custom {
			b.Fatalf("maxFES %v, want 200000", s0.MaxFES)
		}
		// The page load (with the charts' first draws, after ready) is
		// reported apart: a user presses play on a page that has settled.
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 1000))`)
		load := eval[[]float64](tb, 5*time.Second, `window.__e2e.longtasks.slice()`)
		loadMax := 0.0
		if len(load) > 0 {
			loadMax = slices.Max(load)
		}
		loadMaxes = append(loadMaxes, loadMax)
		t0 := eval[float64](tb, 5*time.Second, jsExpr("clear-longtasks"))
		var tr *tracer
		if os.Getenv("PCAPLAY_BENCH_TRACE") != "" {
			tr = startTrace(tb)
		}
		if os.Getenv("PCAPLAY_BENCH_PROFILE") != "" {
			startProfile(tb)
		}
		start := time.Now()
		tb.call("play")
		// every run done (compare mode: the last may end after A) and the loop stopped
		tb.waitFor("the end of the run(s)", 20*time.Minute, func(s Status) bool { return s.Done && !s.Running })
		secs = append(secs, time.Since(start).Seconds())
		t1 := eval[float64](tb, 5*time.Second, `performance.now()`)
		// the last redraw (the full chart and PC view after the end) counts
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 1000))`)
		lt := eval[tasks](tb, 10*time.Second, jsExpr("longtask-summary"))
		for i, at := range lt.At {
			b.Logf("long task of %.0f ms at %.2f s after play (the run ended at %.2f s)", lt.List[i], (at-t0)/1000, (t1-t0)/1000)
		}
		if lt.Err != "" {
			b.Fatalf("PerformanceObserver('longtask'): %s", lt.Err)
		}
		if f := os.Getenv("PCAPLAY_BENCH_PROFILE"); f != "" {
			if err := os.WriteFile(f, []byte(strings.Join(stopProfile(tb, 40), "\n")+"\n"), 0o644); err != nil {
				b.Fatal(err)
			}
			b.Logf("main-thread CPU profile: %s", f)
		}
		if f := os.Getenv("PCAPLAY_BENCH_TRACE"); tr != nil {
			if err := os.WriteFile(f, []byte(strings.Join(tr.stop(20), "\n")+"\n"), 0o644); err != nil {
				b.Fatal(err)
			}
			b.Logf("main-thread tasks over 20 ms, what they did, and what ran meanwhile: %s", f)
			cpu, wall := tr.maxTaskCPU()
			cpus = append(cpus, cpu)
			b.Logf("the main-thread task that used the most CPU: %.1f ms of CPU in %.1f ms", cpu, wall)
		}
		maxes = append(maxes, lt.Max)
		counts = append(counts, lt.Count)
	}
	b.Logf("longest task per run (ms, 0: none over 50): %v; median %.0f; during the load: %v", maxes, median(maxes), loadMaxes)
	b.ReportMetric(slices.Max(maxes), "longtask-max-ms")
	b.ReportMetric(median(maxes), "longtask-median-ms")
	b.ReportMetric(slices.Max(loadMaxes), "load-longtask-max-ms")
	b.ReportMetric(median(counts), "longtasks")
	b.ReportMetric(median(secs), "run-s")
	if len(cpus) > 0 {
		b.ReportMetric(slices.Max(cpus), "longtask-max-cpu-ms")
	}
}
