#!/usr/bin/env bash
# bench-wasm.sh: the solvers natively and as WebAssembly under Node, run for
# run: `cec run` built for the host and for GOOS=js GOARCH=wasm, every
# algorithm on C01 and C05 at D = 10 (docs/wasm-speed.md). Prints, per algorithm and
# problem, native seconds per run, wasm seconds per run and their ratio, and
# checks that both builds wrote the same records, bit for bit.
#
# Times are CPU seconds (user + sys) of the process, so that other load on
# the machine inflates them less than wall-clock time; the best of REPS
# repetitions is kept. A run costs (T(RUNS + 1 runs) − T(1 run)) / RUNS:
# the difference removes the start-up, and in Node the compilation of the
# module and of its hot functions (V8 compiles a function again, optimised,
# once it is hot: on one short run that is a third of the CPU time), which
# a page pays once, not per run.
#
#   make bench-wasm                       # RUNS=3 REPS=1
#   RUNS=5 REPS=3 ALGOS="pmode heco-pde" PROBLEMS=C05 bash scripts/bench-wasm.sh
#   NODE=/path/to/node bash scripts/bench-wasm.sh   # another Node (V8) than the one on PATH
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
NODE=${NODE:-node}
RUNS=${RUNS:-3}
REPS=${REPS:-1}
DIM=${DIM:-10}
ALGOS=${ALGOS:-"random de cmode pmode heco-de heco-pde"}
PROBLEMS=${PROBLEMS:-"C01 C05"}

command -v "$NODE" >/dev/null || { echo "bench-wasm: NODE=$NODE: not found (install Node.js or set NODE)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$GO build -o "$tmp/cec" ./cmd/cec
GOOS=js GOARCH=wasm $GO build -o "$tmp/cec.wasm" ./cmd/cec
wasmexec="$($GO env GOROOT)/lib/wasm/wasm_exec_node.js"

native() { "$tmp/cec" "$@"; }
wasm() { "$NODE" --stack-size=8192 "$wasmexec" "$tmp/cec.wasm" "$@"; }

# cpu BUILD OUT ARGS...: CPU seconds of one run of BUILD, its stdout in OUT.
cpu() {
	local build=$1 out=$2 t
	shift 2
	local TIMEFORMAT='%U %S'
	t=$({ time "$build" "$@" >"$out" 2>"$tmp/err"; } 2>&1) || { cat "$tmp/err" >&2; return 1; }
	awk '{printf "%.3f", $1 + $2}' <<<"$t"
}

# best BUILD OUT ARGS...: the least CPU seconds of REPS runs.
best() {
	local b=999999 t
	for _ in $(seq "$REPS"); do
		t=$(cpu "$@")
		b=$(awk -v a="$t" -v b="$b" 'BEGIN { print (a < b) ? a : b }')
	done
	echo "$b"
}

echo "cec run, D = $DIM, 1 worker; CPU seconds per run: (T($((RUNS + 1)) runs) − T(1 run)) / $RUNS, best of $REPS"
echo "node $("$NODE" --version) (V8 $("$NODE" -p process.versions.v8))"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '%-9s %-4s %10s %10s %7s  %s\n' algo prob native wasm ratio records
status=0
for p in $PROBLEMS; do
	for a in $ALGOS; do
		args=(run -algo "$a" -problem "$p" -dim "$DIM" -workers 1 -quiet -json)
		n1=$(best native "$tmp/n1.json" "${args[@]}" -runs 1)
		w1=$(best wasm "$tmp/w1.json" "${args[@]}" -runs 1)
		tn=$(best native "$tmp/n.json" "${args[@]}" -runs $((RUNS + 1)))
		tw=$(best wasm "$tmp/w.json" "${args[@]}" -runs $((RUNS + 1)))
		same=identical
		if ! cmp -s "$tmp/n.json" "$tmp/w.json"; then
			same=DIFFERENT
			status=1
		fi
		awk -v a="$a" -v p="$p" -v n="$tn" -v w="$tw" -v sn="$n1" -v sw="$w1" -v r="$RUNS" -v s="$same" 'BEGIN {
			n = (n - sn) / r; w = (w - sw) / r
			printf "%-9s %-4s %9.3fs %9.3fs %6.2fx  %s\n", a, p, n, w, (n > 0 ? w / n : 0), s }'
	done
done
exit $status
