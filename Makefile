# pcaplay: the two commands a newcomer needs are `make serve` and `make test`.
SHELL := /bin/bash
GO ?= go
GOROOT := $(shell $(GO) env GOROOT)
WASM_PATH := $(GOROOT)/lib/wasm:$(PATH)
ADDR ?= 127.0.0.1:8080
D ?= 10

.PHONY: serve site dist test test-go test-js test-wasm test-e2e test-firefox test-slurm fuzz vet bench bench-web bench-wasm screenshot reproduce clean

## serve: install the pinned npm packages, build wasm and the site, run the server
serve: site
	$(GO) run ./cmd/serve -addr $(ADDR)

## site: build the served files into cmd/serve/public (npm ci, wasm, precompression)
site:
	bash scripts/build-site.sh

## dist: a folder for any static web server (GitHub Pages, python3 -m http.server): the site
## without cmd/serve's precompressed siblings (scripts/build-dist.sh; docs/guide/static-hosting.md)
DIST ?= dist
dist:
	bash scripts/build-dist.sh $(DIST)

## test: vet, native tests, wasm tests under Node, browser end-to-end tests
## (the site first: its npm step installs Node, which test-go needs for
## site/protocol.js and the unit tests of site/test)
test: vet site test-go fuzz test-wasm test-e2e

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...

## test-go: the native tests; they include e2e's TestJSUnits, which runs test-js's npm test
test-go:
	$(GO) test ./...

## test-js: the unit tests of the page's pure modules (site/test/*.test.js, Node's test runner);
## needs Node and npm only (make site installs them), no browser and no npm package
test-js:
	cd site && npm test

## fuzz: the fuzz tests of untrusted input (the page address, the experiment
## view's and the lesson's
## address, cec eval's points, run files natively and in the page, the CEC
## data files the page fetches, published result files), each mutated for FUZZTIME after its seed
## corpus (plain go test runs the seeds only); make test runs 10 s each,
## run minutes locally: make fuzz FUZZTIME=3m
FUZZTIME ?= 10s
FUZZ_TARGETS := ./internal/play:FuzzSanitize ./internal/lesson:FuzzParse ./cmd/cec:FuzzEval \
	./internal/experiment:FuzzRead ./internal/play:FuzzSummarise ./internal/play:FuzzLoadData \
	./internal/play:FuzzDefineExperiment ./internal/experiment:FuzzCheck ./internal/experiment:FuzzShardFromEnv \
	./core/problem/formula:FuzzParse ./core/problem/formula:FuzzEval ./internal/play:FuzzTypedKey \
	./internal/onefile:FuzzCheckHash ./internal/play:FuzzNamesMatchTheirRegexps \
	./internal/experiment:FuzzNamesMatchTheirRegexps ./core/problem/formula:FuzzNames \
	./internal/published:FuzzRead
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "$(GO) test $${t%%:*} -run '^$$' -fuzz '^$${t#*:}$$' -fuzztime $(FUZZTIME)"; \
		GO="$(GO)" bash scripts/fuzz-one.sh "$${t%%:*}" "$${t#*:}" $(FUZZTIME); \
	done

test-wasm:
	PATH="$(WASM_PATH)" GOOS=js GOARCH=wasm $(GO) test ./wasm/... ./internal/lesson/... ./internal/experiment/... ./internal/play/... ./core/stats/ ./core/chart/ ./core/contour/
	PATH="$(WASM_PATH)" GOOS=js GOARCH=wasm $(GO) test -tags pcaplay_playground ./wasm/
	PATH="$(WASM_PATH)" GOOS=js GOARCH=wasm $(GO) test -run 'Golden|RasSum|Fill2' ./core/solver/ ./core/pca/ ./core/problem/cec2017/
	PATH="$(WASM_PATH)" GOOS=js GOARCH=wasm $(GO) test ./core/rng/ ./core/de/ ./core/internal/fmath/ ./core/internal/sha256/ ./core/problem/formula/

## test-e2e: the browser tests; -timeout 40m because the suite (about 5 min on an idle 2-core
## machine) passed go test's default 10 min on a loaded one, well inside CI's 90 min;
## TestJSUnits is skipped here, test-go (or test-js) runs it
test-e2e: site
	bash scripts/install-browser.sh chromium
	bash scripts/install-browser.sh firefox-esr
	bash scripts/install-deck.sh
	bash scripts/install-axe.sh
	PCAPLAY_E2E=1 $(GO) test -count=1 -timeout 40m -skip '^TestJSUnits$$' ./e2e/...
	PCAPLAY_E2E=1 $(GO) test -count=1 -run 'InBrowser$$' ./cmd/cec

## test-firefox: the one-HTML-file export opened from file:// in headless Firefox, network off
## (TestFirefoxOneFile, driven through Marionette; about 1 min); make test-e2e runs it too
test-firefox: site
	bash scripts/install-browser.sh firefox-esr
	PCAPLAY_E2E=1 $(GO) test -count=1 -run '^TestFirefoxOneFile$$' ./e2e/

## test-slurm: deploy/slurm/reproduce.sbatch as a real job array on a single-node Slurm cluster on this
## machine (scripts/test-slurm.sh, scripts/slurm-local.sh: installs slurm-wlm and munge, needs root):
## submit, fail a task and re-submit it, merge, compare byte for byte with the unsharded run, stop the
## cluster; about 1.5 min on a loaded 2-core machine; not part of make test
test-slurm:
	bash scripts/test-slurm.sh

## bench: evaluation, operator and per-generation benchmarks
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/... ./internal/play/...

## bench-wasm: cec run natively and as wasm under Node, per algorithm: s/run and the ratio (docs/wasm-speed.md);
## NODE=$$(bash scripts/install-node-lts.sh) make bench-wasm for the pinned current LTS
bench-wasm:
	bash scripts/bench-wasm.sh

## bench-web: wasm size, first paint, generations/s, longest main-thread task
bench-web: site
	bash scripts/install-browser.sh chromium
	PCAPLAY_E2E=1 $(GO) test -run '^$$' -bench . -benchtime 1x -timeout 30m ./e2e/...

## screenshot: retake docs/screenshot.png, docs/compare.png, docs/results.png and docs/lesson-{b,c,d}.png (the pictures of the README and docs/guide/) in headless Chromium
screenshot: site
	bash scripts/install-browser.sh chromium
	PCAPLAY_E2E=1 PCAPLAY_UPDATE_SCREENSHOT=1 $(GO) test -count=1 -run TestScreenshot ./e2e/

## reproduce: the paper's tables at dimension D with the official data; resumable (run it again after an interruption)
reproduce:
	bash scripts/reproduce.sh $(D)

clean:
	find cmd/serve/public -mindepth 1 ! -name README.md -delete
