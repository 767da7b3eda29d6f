#!/usr/bin/env bash
# Builds the served site into cmd/serve/public/ (which cmd/serve embeds).
# Idempotent: a second run with nothing changed rewrites nothing.
#
#   1. npm ci in site/ when node_modules is missing or package-lock.json changed
#   2. echarts.min.js (from node_modules) and wasm_exec.js (from GOROOT)
#   3. the Go module, twice (GOOS=js GOARCH=wasm go build ./wasm): pcaplay.wasm,
#      the playground's (-tags pcaplay_playground: the playground, its embeds,
#      compare mode, the lesson), and pcaplay-full.wasm (every command: the
#      experiment view, the results page, the one-file page, and what the
#      playground loads on demand); docs/wasm-size.md
#   4. site/*.html *.js *.css (and *.svg *.png *.ico *.webmanifest)
#   4b. the official CEC 2017 data, deduplicated, as data/cec2017/<id>.txt and
#       data/cec2017/manifest.json (official file name → id), so that the page
#       fetches only the files of one problem and dimension
#       (cec2017.DataFiles), never with the wasm
#   5. removes files left in public/ by an earlier build that this one did not make
#   6. the service worker's stamp (internal/tools/stampsw): sw.js gets the
#      site's version and the SHA-256 of every file it precaches, each page
#      the version; the pages and sw.js are written by it, from site/
#   7. .gz and .br siblings of the big files (internal/tools/precompress)
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=cmd/serve/public
mkdir -p "$OUT"
say() { echo "build-site: $*" >&2; }

# 1. npm dependencies (ECharts), pinned by site/package-lock.json.
if ! command -v npm >/dev/null 2>&1; then
	say "npm is missing; installing Debian's nodejs and npm"
	if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } >/dev/null; then
		say "could not install npm (needs root and apt-get): install Node.js with npm"
		exit 1
	fi
fi
stamp=site/node_modules/.pcaplay-lock.sha256
lock_sum=$(sha256sum site/package-lock.json | cut -d' ' -f1)
if [ ! -f site/node_modules/echarts/dist/echarts.min.js ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
	say "npm ci (site/)"
	(cd site && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
	echo "$lock_sum" >"$stamp"
fi

made=() # the files of this build, relative to $OUT

# put SRC NAME: copies SRC to $OUT/NAME unless it is already there unchanged
# (an unchanged file keeps its time, so its .gz/.br stay valid).
put() {
	if ! cmp -s "$1" "$OUT/$2"; then
		cp "$1" "$OUT/$2.tmp"
		chmod 0644 "$OUT/$2.tmp"
		mv -f "$OUT/$2.tmp" "$OUT/$2"
	fi
	made+=("$2")
}

# 2. Vendored scripts.
put site/node_modules/echarts/dist/echarts.min.js echarts.min.js
goroot=$(go env GOROOT)
wasm_exec="$goroot/lib/wasm/wasm_exec.js"
[ -f "$wasm_exec" ] || wasm_exec="$goroot/misc/wasm/wasm_exec.js" # before Go 1.24
put "$wasm_exec" wasm_exec.js

# 3. The WebAssembly modules (internal/play/protocol.PlaygroundModule and
# FullModule; the page picks one in site/worker-client.js's pageModule).
# wasm-opt -Oz was measured and is not used: the brotli file grew
# (docs/wasm-size.md).
tmpwasm=$(mktemp "${TMPDIR:-/tmp}/pcaplay.wasm.XXXXXX")
trap 'rm -f "$tmpwasm"' EXIT
GOOS=js GOARCH=wasm go build -trimpath -tags pcaplay_playground -ldflags="-s -w" -o "$tmpwasm" ./wasm
put "$tmpwasm" pcaplay.wasm
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$tmpwasm" ./wasm
put "$tmpwasm" pcaplay-full.wasm

# 4. The page.
shopt -s nullglob
n_page=0
for f in site/*.html site/*.js site/*.css site/*.svg site/*.png site/*.ico site/*.webmanifest; do
	case "$f" in
	*.test.js | *.spec.js | *.config.js) continue ;;
	*.html | site/sw.js) # written by step 6, stamped
		made+=("$(basename "$f")")
		n_page=$((n_page + 1))
		continue
		;;
	esac
	put "$f" "$(basename "$f")"
	n_page=$((n_page + 1))
done
if [ ! -f site/index.html ]; then
	say "site/index.html is missing"
	exit 1
fi

# 4b. The official CEC 2017 data (see core/problem/cec2017/official/data/README.md).
mkdir -p "$OUT/data/cec2017"
n_data=0
for f in core/problem/cec2017/official/data/*.txt core/problem/cec2017/official/data/manifest.json core/problem/cec2017/official/data/SOURCE.md; do
	put "$f" "data/cec2017/$(basename "$f")"
	n_data=$((n_data + 1))
done

# 5. Remove what an earlier build left and this one did not make (before the
# stamp, which lists every file of the folder).
keep() {
	local name=$1 base
	[ "$name" = README.md ] && return 0
	base=${name%.gz}
	base=${base%.br}
	for m in "${made[@]}"; do
		[ "$m" = "$name" ] && return 0
		[ "$m" = "$base" ] && return 0
	done
	return 1
}
while IFS= read -r -d '' p; do
	name=${p#"$OUT"/}
	if ! keep "$name"; then
		rm -f "$p"
	fi
done < <(find "$OUT" -type f -print0)
find "$OUT" -mindepth 1 -type d -empty -delete

# 6. The service worker's stamp: after every other file is in place (the
# version is a hash of them all); a file is written only when it changes.
stamp_out=$(go run ./internal/tools/stampsw -src site "$OUT")
say "sw.js: $stamp_out"

# 7. Precompressed siblings of the big files.
# PCAPLAY_BROTLI_QUALITY=9 makes a rebuild of the wasm ~20 s faster (its .br 13% bigger).
go run ./internal/tools/precompress -q -min 1024 -brotli "${PCAPLAY_BROTLI_QUALITY:-11}" \
	-ext .wasm,.js,.css,.html,.svg,.json,.txt "$OUT"

size() { if [ -f "$1" ]; then stat -c %s "$1"; else echo -; fi; }
sizes() { echo "$1 $(size "$OUT/$1") B, .gz $(size "$OUT/$1.gz") B, .br $(size "$OUT/$1.br") B"; }
say "$OUT: ${#made[@]} files ($n_page from site/, $n_data CEC 2017 data files); $(sizes pcaplay.wasm); $(sizes pcaplay-full.wasm)"
