// Package e2e holds the end-to-end tests and the web benchmarks of the
// pcaplay playground: headless Chromium (Debian's chromium, driven by
// chromedp) loads the built site, served by the real internal/server handler
// on a random 127.0.0.1 port, and checks the page contract
// (window.playground, the page's ids and data-role attributes, the URL hash
// keys, postMessage, the ready handshake).
//
// The JavaScript the tests run in the page is in js/, one file per snippet
// (scripts_test.go: jsExpr, jsCall; TestScripts checks the files without
// the browser).
//
// The tests skip unless PCAPLAY_E2E=1. With PCAPLAY_E2E=1 they fail when the
// site is not built (scripts/build-site.sh) or chromium is missing
// (scripts/install-browser.sh chromium). The Makefile runs both first.
// TestFirefoxOneFile drives headless Firefox instead (Debian's firefox-esr,
// through its Marionette protocol, firefox_test.go) and skips where none is
// installed; make test-e2e installs it.
//
// Environment:
//
//	PCAPLAY_E2E=1                  run the tests and benchmarks
//	PCAPLAY_E2E_SITE=DIR           serve DIR instead of ../cmd/serve/public
//	PCAPLAY_CHROMIUM=PATH          browser to run instead of /usr/bin/chromium
//	PCAPLAY_FIREFOX=PATH           Firefox for TestFirefoxOneFile instead of firefox-esr or firefox on PATH
//	PCAPLAY_UPDATE_SCREENSHOT=1    TestScreenshot also writes docs/screenshot.png (TestScreenshotCompare docs/compare.png,
//	                               TestScreenshotResults docs/results.png)
//	                               (it always writes docs/screenshot.tmp.png)
//	PCAPLAY_E2E_SHOTS=DIR          tests that look at a view save screenshots there
//	PCAPLAY_MEMORY_SECONDS=S       play time of TestMemoryFlatOverALongRun (default 60)
//	PCAPLAY_MEMORY_EXTRA=&k=v      more URL keys for its run (e.g. &panels=landscape, to isolate a panel)
//	PCAPLAY_BENCH_LOADS=N          page loads per BenchmarkFirstLandscape (default 7)
//	PCAPLAY_BENCH_NET=MS:KBIT      BenchmarkFirstLandscape's cold loads on an emulated network (latency, kbit/s)
//	PCAPLAY_BENCH_SECONDS=S        play time of BenchmarkGenerationsPerSecond (default 4)
//	PCAPLAY_BENCH_LONGTASK_HASH=H  URL hash of BenchmarkLongestTask's run
//	PCAPLAY_BENCH_TRACE=FILE       BenchmarkLongestTask: main-thread tasks over 20 ms, from a trace, and
//	                               longtask-max-cpu-ms (the most CPU one task used)
//	                               BenchmarkFirstLandscape's cold loads: each load's Chrome trace (every
//	                               thread, the network requests, the wasm compile) in FILE.SUB.N.json (SUB: cold or cold-embed, N: the load),
//	                               a JSON array of trace events that Perfetto or chrome://tracing opens, and its
//	                               timeline in FILE.SUB.N.txt (requests; main-thread and worker tasks over 8 ms)
//	PCAPLAY_BENCH_PROFILE=FILE     BenchmarkLongestTask: the main thread's JavaScript CPU profile
//
// Benchmarks (make bench-web):
//
//	go test ./e2e -run '^$' -bench . -benchtime 1x -timeout 30m
package e2e
