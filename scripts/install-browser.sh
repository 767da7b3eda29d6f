#!/usr/bin/env bash
# install-browser.sh PACKAGE — installs Debian's chromium or firefox-esr (for the browser tests)
# when its binary is missing. Quiet on success; exits non-zero with a clear message on failure.
set -euo pipefail

PKG=${1:-}
case "$PKG" in
chromium) BIN=/usr/bin/chromium ;;
firefox-esr) BIN=/usr/bin/firefox-esr ;;
*)
	echo "install-browser: package '$PKG': want chromium or firefox-esr" >&2
	exit 2
	;;
esac
if [ -x "$BIN" ]; then
	exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		SUDO=sudo
	else
		echo "install-browser: $BIN is missing and I am not root (no sudo): install the Debian package '$PKG'" >&2
		exit 1
	fi
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "install-browser: installing Debian package $PKG..." >&2
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$log" 2>&1; then
	cat "$log" >&2
	echo "install-browser: 'apt-get update' failed; cannot install $PKG" >&2
	exit 1
fi
if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$PKG" >"$log" 2>&1; then
	cat "$log" >&2
	echo "install-browser: 'apt-get install $PKG' failed" >&2
	exit 1
fi
if [ ! -x "$BIN" ]; then
	echo "install-browser: package installed but $BIN is still missing" >&2
	exit 1
fi
echo "install-browser: $("$BIN" --version 2>/dev/null || echo "$PKG") installed" >&2
