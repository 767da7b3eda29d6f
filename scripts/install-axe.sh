#!/usr/bin/env bash
# Installs axe-core, pinned by e2e/axe/package-lock.json, into
# e2e/axe/node_modules for the accessibility checks of the browser tests
# (e2e/a11y_test.go inject axe.min.js into the page under test).
# Idempotent: does nothing when the installed package matches the lock file.
set -euo pipefail

cd "$(dirname "$0")/../e2e/axe"
say() { echo "install-axe: $*" >&2; }
if ! command -v npm >/dev/null 2>&1; then
	say "npm is missing: install Node.js with npm (scripts/build-site.sh installs Debian's)"
	exit 1
fi
stamp=node_modules/.pcaplay-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/axe-core/axe.min.js ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
	say "npm ci (e2e/axe/)"
	npm ci --no-audit --no-fund --loglevel=error >/dev/null
	echo "$lock_sum" >"$stamp"
fi
