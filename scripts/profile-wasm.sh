#!/usr/bin/env bash
# profile-wasm.sh: where a cec run spends its time natively and as
# WebAssembly under Node, function by function (docs/wasm-speed.md).
#
#   bash scripts/profile-wasm.sh ALGO PROBLEM [RUNS] [DIM]
#   bash scripts/profile-wasm.sh heco-pde C01 8
#
# Builds cec for the host and for GOOS=js GOARCH=wasm (the module keeps its
# name section, so the profile names Go's functions), runs the same runs
# under `perf record` (native; needs perf) and under `node --cpu-prof`
# (wasm), and prints per function the seconds in each and their ratio,
# largest wasm time first: self time, as the profilers attribute it (a
# function inlined natively counts for its caller there). Node's profile
# samples the main thread by the clock, so a loaded machine inflates it;
# compare ratios, not absolute times, and repeat.
set -euo pipefail
cd "$(dirname "$0")/.."

algo=${1:?usage: profile-wasm.sh ALGO PROBLEM [RUNS] [DIM]}
prob=${2:?usage: profile-wasm.sh ALGO PROBLEM [RUNS] [DIM]}
runs=${3:-8}
dim=${4:-10}
GO=${GO:-go}
TOP=${TOP:-30}
NODE=${NODE:-node} # another Node: NODE=$(bash scripts/install-node-lts.sh)

command -v "$NODE" >/dev/null || { echo "profile-wasm: NODE=$NODE: not found (install Node.js or set NODE)" >&2; exit 1; }
command -v perf >/dev/null || { echo "profile-wasm: perf is not installed (apt-get install linux-perf)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$GO build -o "$tmp/cec" ./cmd/cec
GOOS=js GOARCH=wasm $GO build -o "$tmp/cec.wasm" ./cmd/cec
args=(run -algo "$algo" -problem "$prob" -dim "$dim" -workers 1 -quiet -json -runs "$runs")

perf record -q -F 2000 -o "$tmp/perf.data" "$tmp/cec" "${args[@]}" >/dev/null 2>&1
perf report -i "$tmp/perf.data" --no-children --stdio --sort sym -g none -F sample,sym 2>/dev/null |
	awk '/^ *[0-9]/ { n = $1; $1 = ""; $2 = ""; sub(/^ +/, ""); print n "\t" $0 }' >"$tmp/native.txt"
"$NODE" --stack-size=8192 --cpu-prof --cpu-prof-dir="$tmp/prof" --cpu-prof-interval 500 \
	"$($GO env GOROOT)/lib/wasm/wasm_exec_node.js" "$tmp/cec.wasm" "${args[@]}" >/dev/null

python3 - "$tmp/native.txt" "$tmp"/prof/*.cpuprofile "$TOP" <<'EOF'
import collections, json, re, sys

def key(name):  # perf: pcaplay/core/de.Pick; V8: pcaplay_core_de.Pick
    return re.sub(r"[^A-Za-z0-9]", "", name)

native = collections.Counter()
for line in open(sys.argv[1]):
    n, name = line.rstrip("\n").split("\t", 1)
    native[key(name)] += int(n) / 2000.0
prof = json.load(open(sys.argv[2]))
frames = {n["id"]: n["callFrame"]["functionName"] for n in prof["nodes"]}
wasm, names = collections.Counter(), {}
for nid, c in collections.Counter(prof["samples"]).items():
    name = frames[nid] or "(anonymous)"
    wasm[key(name)] += c * 0.0005
    names[key(name)] = name
tn, tw = sum(native.values()), sum(wasm.values())
print(f"total: native {tn:.2f} s, wasm {tw:.2f} s (ratio {tw / tn:.2f}; wasm includes start-up and compilation)")
print(f"{'wasm s':>8} {'native s':>9} {'ratio':>6}  function")
for k, w in wasm.most_common(int(sys.argv[3])):
    n = native.get(k, 0)
    r = f"{w / n:5.1f}x" if n else "     -"
    print(f"{w:8.3f} {n:9.3f} {r}  {names[k]}")
EOF
