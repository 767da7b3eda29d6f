#!/usr/bin/env bash
# Writes a folder that any static web server serves correctly (GitHub Pages,
# a university web space, `python3 -m http.server`): the built site of
# scripts/build-site.sh without cmd/serve's extras.
#
#   bash scripts/build-dist.sh [DIR]        (default dist/; make dist)
#
# What differs from cmd/serve/public/:
#   - no .gz and .br siblings: they are cmd/serve's content negotiation
#     (an optimisation, not a requirement) and a plain host would only
#     serve them as downloads; hosts that compress on the fly (GitHub
#     Pages, most web servers) send gzip themselves;
#   - no README.md (public/'s placeholder note);
#   - a .nojekyll file, so that GitHub Pages serves the folder as it is.
# Every path in the pages is relative, so the folder works under any URL
# prefix (https://host/~user/pcaplay/). The only header a host must get
# right is Content-Type application/wasm for pcaplay.wasm (every common
# server does; without it the page falls back to a slower instantiation).
#
# DIR is replaced as a whole: a file left from an earlier build never
# stays. DIR must not be the repository, public/ or a folder outside a
# fresh build's control: the script refuses a DIR that holds anything but
# an earlier dist (marked by its .nojekyll).
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-dist}
SRC=${PCAPLAY_SITE:-cmd/serve/public}
say() { echo "build-dist: $*" >&2; }

if [ -z "${PCAPLAY_SITE:-}" ]; then
	bash scripts/build-site.sh
fi
for f in index.html pcaplay.wasm pcaplay-full.wasm wasm_exec.js echarts.min.js; do
	if [ ! -f "$SRC/$f" ]; then
		say "$SRC/$f is missing: run scripts/build-site.sh (make site)"
		exit 1
	fi
done
if [ -e "$DIR" ] && [ -n "$(ls -A "$DIR")" ] && [ ! -f "$DIR/.nojekyll" ]; then
	say "$DIR exists and is not an earlier dist (no .nojekyll): refusing to replace it"
	exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pcaplay-dist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$SRC" && find . -type f ! -name '*.gz' ! -name '*.br' ! -name 'README.md' -print0) |
	while IFS= read -r -d '' f; do
		mkdir -p "$tmp/$(dirname "$f")"
		cp "$SRC/$f" "$tmp/$f"
	done
touch "$tmp/.nojekyll"
chmod -R u=rwX,go=rX "$tmp"

rm -rf "$DIR"
mkdir -p "$(dirname "$DIR")"
mv "$tmp" "$DIR"
trap - EXIT
say "$DIR: $(find "$DIR" -type f | wc -l) files, $(du -sh "$DIR" | cut -f1)"
