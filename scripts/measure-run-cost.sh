#!/usr/bin/env bash
# measure-run-cost.sh [DIMS] — CPU seconds per run of each algorithm of the
# paper's grid, one worker, official data, MaxFES = 20000·D: one run
# (seed 1) on each of C01, C05, C17 and C28 per algorithm and dimension.
# Prints a Markdown table (CPU s per run = user + system time of the
# process / 4 runs) for docs/scale.md. DIMS defaults to "10 30 50 100".
# CPU time, unlike wall time, hardly depends on what else the machine runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
DIMS=${1:-10 30 50 100}
PROBLEMS=C01,C05,C17,C28
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/cec" ./cmd/cec
echo "| D | algorithm | CPU s per run | wall s per run |"
echo "|---:|---|---:|---:|"
for d in $DIMS; do
	for a in cmode pmode heco-de heco-pde; do
		/usr/bin/time -f "%U %S %e" -o "$tmp/time" "$tmp/cec" run -algo "$a" -problem "$PROBLEMS" -dim "$d" -runs 1 -workers 1 -quiet >/dev/null
		read -r u s e <"$tmp/time"
		awk -v d="$d" -v a="$a" -v u="$u" -v s="$s" -v e="$e" 'BEGIN { printf "| %d | %s | %.2f | %.2f |\n", d, a, (u + s) / 4, e / 4 }'
	done
done
