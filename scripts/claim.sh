#!/usr/bin/env bash
# claim.sh D… — does PCA-projection help HECO-DE? For each dimension D, every
# complete reading of HECO-PDE in docs/results/ablation
# (runs-${D}D-heco-pde-NAME.jsonl, made with cec run -set …) and the default
# reading (heco-pde of docs/results/runs-${D}D.jsonl) against HECO-DE of the
# same file: the rank-sum tests (cec wilcoxon, two-sided, α = 0.05, Holm over
# the one pair of each problem) as wins/ties/losses of the reading against
# HECO-DE, and the CEC 2018 total rank of all of them together (cec rank).
# Prints one Markdown table per D on stdout (docs/results/claim.md quotes
# them). A reading whose grid is not complete is listed as such.
#
# The readings' records all say "algo":"heco-pde"; to compare them in one
# file each is renamed to its NAME (the way the experiment view names a
# configuration) in a temporary copy. Nothing under docs/ is written.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[ $# -gt 0 ] || set -- 10 30
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/cec" ./cmd/cec
cec="$tmp/cec"
for D in "$@"; do
	base=docs/results/runs-${D}D.jsonl
	if ! grep -q '"algo":"heco-de"' "$base" 2>/dev/null; then
		echo "claim.sh: $base has no HECO-DE runs" >&2
		continue
	fi
	all="$tmp/all-$D.jsonl"
	grep -E '"algo":"heco-(de|pde)"' "$base" >"$all"
	defset=$(grep -m1 '"algo":"heco-pde"' "$base" | sed 's/.*"settings":"\([^"]*\)".*/\1/')
	names=(heco-pde)
	declare -A sets=([heco-pde]="(default)")
	incomplete=()
	for f in docs/results/ablation/runs-${D}D-heco-pde-*.jsonl; do
		[ -e "$f" ] || continue
		name=${f#docs/results/ablation/runs-${D}D-heco-pde-}
		name=${name%.jsonl}
		if [ "$(grep -c . "$f")" -ne 700 ]; then
			incomplete+=("$name ($(grep -c . "$f") of 700 runs)")
			continue
		fi
		# the reading: its settings that differ from the default HECO-PDE's
		sets[$name]=$(awk -v def="$defset" -v got="$(head -1 "$f" | sed 's/.*"settings":"\([^"]*\)".*/\1/')" 'BEGIN {
			n = split(def, d, ","); for (i = 1; i <= n; i++) seen[d[i]] = 1
			m = split(got, g, ","); out = ""
			for (i = 1; i <= m; i++) if (!(g[i] in seen)) out = out (out == "" ? "" : ",") g[i]
			print out }')
		sed "s/\"algo\":\"heco-pde\"/\"algo\":\"$name\"/" "$f" >>"$all"
		names+=("$name")
	done
	"$cec" rank "$all" -algo "heco-de,$(
		IFS=,
		echo "${names[*]}"
	)" -dim "$D" >"$tmp/rank.md"
	echo "### D = $D"
	echo
	echo "| reading | settings | better than HECO-DE | ties | worse | total rank (mean + median) | SR within ±8 of the paper's HECO-PDE table |"
	echo "|---|---|---:|---:|---:|---:|---:|"
	hd=$(awk -F'|' '/^### Total ranks/ { on = 1 } on && $2 ~ /^ HECO-DE / { gsub(/ /, "", $5); print $5 }' "$tmp/rank.md")
	echo "| HECO-DE | — | | | | $hd | |"
	for n in "${names[@]}"; do
		# The table's column says which side its marks are from ("A vs B",
		# w/t/l of A): turn it into the reading's side.
		wtl=$("$cec" wilcoxon "$all" -algo "$n,heco-de" -dim "$D" | awk -F'|' '
			/^\| problem / { first = $3; sub(/^ */, "", first); sub(/ vs .*/, "", first) }
			/^\| w\/t\/l/ { gsub(/ /, "", $3); split($3, a, "/"); if (first == "HECO-DE") print a[3] "/" a[2] "/" a[1]; else print $3 }')
		title=$n
		[ "$n" = heco-pde ] && title=HECO-PDE
		upper=$(tr 'a-z' 'A-Z' <<<"$n")
		tr=$(awk -F'|' -v n="$upper" -v m="$n" '/^### Total ranks/ { on = 1 } on { a = $2; gsub(/ /, "", a); if (a == n || a == m) { gsub(/ /, "", $5); print $5 } }' "$tmp/rank.md")
		IFS=/ read -r w t l <<<"$wtl"
		# the reading's own records, as HECO-PDE, against the paper's table
		src=docs/results/ablation/runs-${D}D-heco-pde-$n.jsonl
		if [ "$n" = heco-pde ]; then
			src="$tmp/default-$D.jsonl"
			grep '"algo":"heco-pde"' "$base" >"$src"
		fi
		sr=$("$cec" compare "$src" -algo heco-pde 2>/dev/null | sed -n 's/^Agreement with the paper on \([0-9]*\) problems: SR within ±8 points on \([0-9]*\);.*/\2 of \1/p' | head -1)
		echo "| $title | \`${sets[$n]}\` | $w | $t | $l | $tr | ${sr:-?} |"
	done
	for i in "${incomplete[@]}"; do
		echo "| ${i%% *} | not complete: ${i#* } | | | | | |"
	done
	echo
	unset sets
done
