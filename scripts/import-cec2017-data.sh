#!/usr/bin/env bash
# import-cec2017-data.sh SRC — (re)builds core/problem/cec2017/official/data/
# from a folder holding the official CEC 2017 constrained-suite data files
# (the inputData/ folder of the organisers' C++ code, 77 *.txt files) and its
# SOURCE.md (provenance and licence).
#
# The 77 files hold only 22 distinct contents (shift_data_1, 2, 12…29 are one
# file; M_2 and M_21…M_29 are one file per D). Each content is stored once as
# data/<first 16 hex digits of its SHA-256>.txt, and data/manifest.json maps
# every official file name to its content:
#
#   {"files": {"M1_5_D10.txt": "3a5973fbe3108d8b", …},
#    "contents": {"3a5973fbe3108d8b": {"sha256": "3a59…", "bytes": 9999}, …}}
#
# Names and ids are sorted, so the output is a function of the input. It was
# run once, on the files described by SOURCE.md; the package's tests check
# every content against its SHA-256.
set -euo pipefail

src=${1:-}
if [ -z "$src" ] || [ ! -f "$src/SOURCE.md" ]; then
	echo "usage: import-cec2017-data.sh SRC (a folder with the official *.txt files and SOURCE.md)" >&2
	exit 2
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=core/problem/cec2017/official/data
rm -rf "$out"
mkdir -p "$out"
cp "$src/SOURCE.md" "$out/SOURCE.md"

declare -A id_of bytes_of sum_of
names=()
for f in "$src"/*.txt; do
	name=$(basename "$f")
	sum=$(sha256sum "$f" | cut -d' ' -f1)
	id=${sum:0:16}
	names+=("$name")
	id_of[$name]=$id
	sum_of[$id]=$sum
	bytes_of[$id]=$(stat -c %s "$f")
	cp "$f" "$out/$id.txt"
done
mapfile -t names < <(printf '%s\n' "${names[@]}" | LC_ALL=C sort)
mapfile -t ids < <(printf '%s\n' "${!sum_of[@]}" | LC_ALL=C sort)
{
	echo '{'
	echo '  "files": {'
	for i in "${!names[@]}"; do
		sep=,
		[ "$i" -eq $((${#names[@]} - 1)) ] && sep=
		printf '    "%s": "%s"%s\n' "${names[$i]}" "${id_of[${names[$i]}]}" "$sep"
	done
	echo '  },'
	echo '  "contents": {'
	for i in "${!ids[@]}"; do
		sep=,
		[ "$i" -eq $((${#ids[@]} - 1)) ] && sep=
		id=${ids[$i]}
		printf '    "%s": {"sha256": "%s", "bytes": %s}%s\n' "$id" "${sum_of[$id]}" "${bytes_of[$id]}" "$sep"
	done
	echo '  }'
	echo '}'
} >"$out/manifest.json"
echo "import-cec2017-data: ${#names[@]} files, ${#ids[@]} contents in $out" >&2
