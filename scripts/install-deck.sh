#!/usr/bin/env bash
# Installs the reveal.js deck example's pinned npm packages
# (examples/reveal-deck/package-lock.json) into its node_modules, for the
# browser test that runs the deck. Idempotent: does nothing when the
# installed packages match the lock file.
exec bash "$(dirname "$0")/npm-ci-pinned.sh" install-deck examples/reveal-deck node_modules/reveal.js/dist/reveal.js
