#!/usr/bin/env bash
# The grids of HECO-DE as its author ran it (docs/results/gecco2019/): the
# preset gecco2019 of heco-de and heco-pde, 25 runs, seed 1, on C01–C28 with
# the official functions and on the author's five variants (C06-author …
# C27-author), at one dimension; resumable (only the missing runs are made).
#
#   bash scripts/gecco2019.sh D [ALGO]      # D = 10, 30, 50 or 100; ALGO heco-de (default) or heco-pde
#   WORKERS=2 bash scripts/gecco2019.sh 30 heco-pde
#   BUDGET=author bash scripts/gecco2019.sh 50   # the author's budget, μ0 + λ·⌈20000·D/λ⌉ evaluations
#
# The default budget is the CEC's, 20000·D. The author's code evaluates
# μ0 + λ·⌈20000·D/λ⌉ points (its initial population is not counted and its
# last generation runs whole): BUDGET=author runs that many, into
# runs-${D}D-${ALGO}-author-fes.jsonl.
#
# Each invocation appends one line to docs/results/gecco2019/runs-${D}D-${ALGO}.log: the time,
# the commit, the runs before and after, the wall and CPU seconds, the exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
D=${1:?usage: bash scripts/gecco2019.sh D [ALGO]}
ALGO=${2:-heco-de}
WORKERS=${WORKERS:-1}
BUDGET=${BUDGET:-cec}
case "$ALGO" in heco-de | heco-pde) ;; *) echo "gecco2019.sh: ALGO = $ALGO: want heco-de or heco-pde" >&2; exit 2 ;; esac
problems=$(printf 'C%02d,' $(seq 1 28))C06-author,C10-author,C18-author,C21-author,C27-author
case "$BUDGET" in
cec) fes=0 suffix= ;;
author) fes=$((12 * D + 12 * ((20000 * D + 11) / 12))) suffix=-author-fes ;;
*) echo "gecco2019.sh: BUDGET = $BUDGET: want cec or author" >&2; exit 2 ;;
esac
file=docs/results/gecco2019/runs-${D}D-${ALGO}${suffix}.jsonl
mkdir -p "$(dirname "$file")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/cec" ./cmd/cec
before=0
[ -f "$file" ] && before=$(wc -l <"$file")
start=$(date +%s)
status=0
/usr/bin/time -f '%U %S' -o "$tmp/cpu" "$tmp/cec" run -algo "$ALGO" -set preset=gecco2019 -problem "$problems" \
	-dim "$D" -runs 25 -seed 1 -fes "$fes" -workers "$WORKERS" -quiet -o "$file" -resume >/dev/null || status=$?
after=0
[ -f "$file" ] && after=$(wc -l <"$file")
printf '%s commit=%s runs_before=%d runs_after=%d wall_s=%d cpu_s=%s workers=%d exit=%d\n' \
	"$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(git rev-parse --short HEAD)" "$before" "$after" "$(($(date +%s) - start))" \
	"$(awk 'END { print $1 + $2 }' "$tmp/cpu" 2>/dev/null || echo NA)" "$WORKERS" "$status" >>"${file%.jsonl}.log"
exit "$status"
