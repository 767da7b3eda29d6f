#!/usr/bin/env bash
# npm-ci-pinned.sh NAME DIR FILE — installs the npm packages pinned by
# DIR/package-lock.json into DIR/node_modules (npm ci), unless FILE (a path
# inside DIR that the install provides) is there and the lock file has not
# changed since the last install. NAME prefixes the messages. Used by
# install-axe.sh, install-deck.sh and install-node-lts.sh.
set -euo pipefail

name=$1 dir=$2 file=$3
cd "$(dirname "$0")/../$dir"
say() { echo "$name: $*" >&2; }
if ! command -v npm >/dev/null 2>&1; then
	say "npm is missing: install Node.js with npm (scripts/build-site.sh installs Debian's)"
	exit 1
fi
stamp=node_modules/.pcaplay-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$file" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
	say "npm ci ($dir/)"
	npm ci --no-audit --no-fund --loglevel=error >/dev/null
	echo "$lock_sum" >"$stamp"
fi
