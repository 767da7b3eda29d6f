#!/usr/bin/env bash
# Installs the reveal.js deck example's pinned npm packages
# (examples/reveal-deck/package-lock.json) into its node_modules, for the
# browser test that runs the deck. Idempotent: does nothing when the
# installed packages match the lock file.
set -euo pipefail

cd "$(dirname "$0")/../examples/reveal-deck"
say() { echo "install-deck: $*" >&2; }
if ! command -v npm >/dev/null 2>&1; then
	say "npm is missing: install Node.js with npm (scripts/build-site.sh installs Debian's)"
	exit 1
fi
stamp=node_modules/.pcaplay-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/reveal.js/dist/reveal.js ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
	say "npm ci (examples/reveal-deck/)"
	npm ci --no-audit --no-fund --loglevel=error >/dev/null
	echo "$lock_sum" >"$stamp"
fi
