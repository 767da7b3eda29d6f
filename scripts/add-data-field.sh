#!/usr/bin/env bash
# add-data-field.sh FILE… — the one-off upgrade of run files written before
# records had a "data" field (cec run before the official data were
# embedded, when -data named a directory of the official CEC 2017 files).
#
# Every record of cec run now says which data it used ("data": "official",
# "generated", "none" or "sha256:…"; see experiment.Record), and the readers
# (cec table, rank, merge, report, compare, run -resume) refuse a record
# without it rather than guess. Run files made with the official files —
# such as docs/results/runs-10D*.jsonl, upgraded with this script — get
# "data":"official" inserted after "dim", where cec run writes it; nothing
# else changes, so each line is byte for byte what cec run writes today
# (TestCommittedRunFiles checks that for docs/results). Do NOT use it on
# runs made with generated data (the old -data ''): those have no official
# numbers to keep.
#
# Lines that already have "data" are left alone; a line in neither form is
# an error and the file is not changed.
set -euo pipefail
if [ $# -eq 0 ]; then
	echo "usage: add-data-field.sh FILE… (run files of cec run made with the official data)" >&2
	exit 2
fi
for f in "$@"; do
	tmp=$(mktemp "$f.XXXXXX")
	sed -E '/^\{"algo":"[^"]*","problem":"[^"]*","dim":[0-9]+,"data":/! s/^(\{"algo":"[^"]*","problem":"[^"]*","dim":[0-9]+,)("run":)/\1"data":"official",\2/' "$f" >"$tmp"
	if bad=$(grep -n -v -E '^$|^\{"algo":"[^"]*","problem":"[^"]*","dim":[0-9]+,"data":"' "$tmp" | head -1) && [ -n "$bad" ]; then
		rm -f "$tmp"
		echo "add-data-field.sh: $f:${bad%%:*}: not a cec run record" >&2
		exit 1
	fi
	chmod --reference="$f" "$tmp"
	mv "$tmp" "$f"
	echo "add-data-field.sh: $f: $(grep -c . "$f") records" >&2
done
