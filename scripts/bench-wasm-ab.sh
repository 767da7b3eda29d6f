#!/usr/bin/env bash
# bench-wasm-ab.sh: bench-wasm.sh's measure for two commits side by side
# (docs/wasm-speed.md), so that a change is judged against its parent in the same
# time window on a shared machine.
#
#   bash scripts/bench-wasm-ab.sh REV_A REV_B
#   RUNS=8 REPS=2 ALGOS="de cmode" PROBLEMS=C01 bash scripts/bench-wasm-ab.sh main~3 main
#
# Builds `cec` natively and for GOOS=js GOARCH=wasm at both revisions (in
# temporary git worktrees), then for every algorithm and problem measures
# A native, A wasm, B native, B wasm, repeated REPS times in that order
# (alternating, so that a change of the machine's load hits both), and
# prints the least CPU seconds per run of each and the wasm/native ratios.
# A run's cost is (T(RUNS + 1 runs) − T(1 run)) / RUNS, CPU time (user +
# sys) of the process, as in bench-wasm.sh. NODE selects the node binary.
set -euo pipefail
cd "$(dirname "$0")/.."

A=${1:?usage: bench-wasm-ab.sh REV_A REV_B}
B=${2:?usage: bench-wasm-ab.sh REV_A REV_B}
GO=${GO:-go}
NODE=${NODE:-node}
RUNS=${RUNS:-6}
REPS=${REPS:-2}
DIM=${DIM:-10}
ALGOS=${ALGOS:-"random de cmode pmode heco-de heco-pde"}
PROBLEMS=${PROBLEMS:-"C01 C05"}

command -v "$NODE" >/dev/null || { echo "bench-wasm-ab: $NODE is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
cleanup() {
	for d in a b; do
		[ -d "$tmp/src-$d" ] && git worktree remove --force "$tmp/src-$d" >/dev/null 2>&1
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
for d in a b; do
	rev=$A
	[ $d = b ] && rev=$B
	git worktree add --detach "$tmp/src-$d" "$rev" >/dev/null 2>&1
	(cd "$tmp/src-$d" && $GO build -o "$tmp/$d.cec" ./cmd/cec && GOOS=js GOARCH=wasm $GO build -o "$tmp/$d.wasm" ./cmd/cec)
done
wasmexec="$($GO env GOROOT)/lib/wasm/wasm_exec_node.js"

# cpu CMD...: CPU seconds of one run of CMD.
cpu() {
	local TIMEFORMAT='%U %S' t
	t=$({ time "$@" >/dev/null 2>"$tmp/err"; } 2>&1) || { cat "$tmp/err" >&2; return 1; }
	awk '{printf "%.3f", $1 + $2}' <<<"$t"
}
# perrun BUILD KIND ARGS...: CPU seconds per run of build a or b, native or wasm.
perrun() {
	local d=$1 k=$2 t1 tn
	shift 2
	local cmd=("$tmp/$d.cec")
	[ "$k" = wasm ] && cmd=("$NODE" --stack-size=8192 "$wasmexec" "$tmp/$d.wasm")
	t1=$(cpu "${cmd[@]}" "$@" -runs 1)
	tn=$(cpu "${cmd[@]}" "$@" -runs $((RUNS + 1)))
	awk -v a="$tn" -v b="$t1" -v r="$RUNS" 'BEGIN { printf "%.4f", (a - b) / r }'
}

echo "cec run, D = $DIM, 1 worker; CPU s per run: (T($((RUNS + 1)) runs) − T(1 run)) / $RUNS, least of $REPS alternations"
echo "A = $A ($(git rev-parse --short "$A")), B = $B ($(git rev-parse --short "$B")); $("$NODE" --version)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '%-9s %-4s | %8s %8s %6s | %8s %8s %6s\n' algo prob A.native A.wasm A.ratio B.native B.wasm B.ratio
for p in $PROBLEMS; do
	for a in $ALGOS; do
		args=(run -algo "$a" -problem "$p" -dim "$DIM" -workers 1 -quiet -json)
		declare -A best=()
		for _ in $(seq "$REPS"); do
			for d in a b; do
				for k in native wasm; do
					t=$(perrun $d $k "${args[@]}")
					best[$d$k]=$(awk -v x="$t" -v y="${best[$d$k]:-1e9}" 'BEGIN { print (x < y) ? x : y }')
				done
			done
		done
		awk -v a="$a" -v p="$p" -v an="${best[anative]}" -v aw="${best[awasm]}" -v bn="${best[bnative]}" -v bw="${best[bwasm]}" 'BEGIN {
			printf "%-9s %-4s | %7.3fs %7.3fs %5.2fx | %7.3fs %7.3fs %5.2fx\n", a, p, an, aw, (an > 0 ? aw / an : 0), bn, bw, (bn > 0 ? bw / bn : 0) }'
		unset best
	done
done
