#!/usr/bin/env bash
# Installs axe-core, pinned by e2e/axe/package-lock.json, into
# e2e/axe/node_modules for the accessibility checks of the browser tests
# (e2e/a11y_test.go inject axe.min.js into the page under test).
# Idempotent: does nothing when the installed package matches the lock file.
exec bash "$(dirname "$0")/npm-ci-pinned.sh" install-axe e2e/axe node_modules/axe-core/axe.min.js
