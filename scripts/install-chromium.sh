#!/usr/bin/env bash
# Installs Debian's chromium (for the e2e tests) when /usr/bin/chromium is missing.
# Quiet on success; exits non-zero with a clear message on failure.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
	exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		SUDO=sudo
	else
		echo "install-chromium: $CHROMIUM is missing and I am not root (no sudo): install the Debian package 'chromium'" >&2
		exit 1
	fi
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "install-chromium: installing Debian package chromium..." >&2
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$log" 2>&1; then
	cat "$log" >&2
	echo "install-chromium: 'apt-get update' failed; cannot install chromium" >&2
	exit 1
fi
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >"$log" 2>&1; then
	cat "$log" >&2
	echo "install-chromium: 'apt-get install chromium' failed" >&2
	exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
	echo "install-chromium: package installed but $CHROMIUM is still missing" >&2
	exit 1
fi
echo "install-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed" >&2
