#!/usr/bin/env bash
# test-slurm.sh — deploy/slurm/reproduce.sbatch as a real Slurm job array
# (make test-slurm; not part of make test): starts the single-node cluster of
# scripts/slurm-local.sh (installing slurm-wlm and munge when they are
# missing: needs root and apt-get), submits the script as an array of 4 tasks
# on a small grid, stops one task while it runs (SIGTERM through scancel: the
# task ends FAILED with its finished runs in its file), waits for the array
# (squeue and scontrol; there is no accounting, so no sacct), re-submits the
# failed task as the script's header says (sbatch --array=K, the same
# variables), checks that it kept the runs it had, merges the shards with cec
# merge, compares the merged file byte for byte with the unsharded cec run of
# the same grid (-json: canonical order, as merge writes), and stops the
# cluster, also on failure. Prints how long it took.
#
# The grid: PMODE and HECO-PDE × C01, C05, C17, C28 × 5 runs at D = 10 with
# MaxFES 100000 (40 runs, 10 per task, one task at a time), about 10 CPU-s
# on the array and as many for the unsharded run.
#
# Environment: SLURM_LOCAL_DIR (the cluster's directory, see slurm-local.sh),
# TIMEOUT (seconds to wait for each array, default 600).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
t0=$(date +%s)
say() { echo "test-slurm: $*" >&2; }
fail() {
	say "FAIL: $*"
	exit 1
}

tmp=$(mktemp -d)
started=0
cleanup() {
	local rc=$?
	if [ "$started" = 1 ]; then
		bash "$repo/scripts/slurm-local.sh" stop || true
	fi
	if [ "$rc" -ne 0 ] && [ -d "$tmp/work" ]; then
		say "the tasks' output:"
		tail -n 5 "$tmp"/work/*.out >&2 2>/dev/null || true
	fi
	rm -rf "$tmp"
	exit "$rc"
}
trap cleanup EXIT

CGO_ENABLED=0 go build -o "$tmp/cec" ./cmd/cec
cec=$tmp/cec

bash scripts/slurm-local.sh start
started=1
eval "$(bash scripts/slurm-local.sh env)"

# The grid, passed to the script through sbatch's environment (--export=ALL):
# --export itself would split the lists at their commas.
export CEC=$cec D=10 ALGOS=pmode,heco-pde PROBLEMS=C01,C05,C17,C28 RUNS=5 SEED=1 FES=100000 CEC_SHARDS=4
N=$CEC_SHARDS
TIMEOUT=${TIMEOUT:-600}
mkdir "$tmp/work"
cd "$tmp/work"

# state JOB TASK: the task's JobState as scontrol shows it ("" if unknown).
state() {
	{ scontrol show job -o "$1" 2>/dev/null || true; } | tr ' ' '\n' | awk -v t="$2" '
		/^ArrayTaskId=/ { id = substr($0, 13) }
		/^JobState=/ && id == t && s == "" { s = substr($0, 10) }
		END { print s }'
}

# active JOB: the ids of JOB's tasks that have not ended (pending, running,
# completing, …); fails if squeue does.
active() { squeue -h -j "$1" -t PD,R,CG,CF,S,RQ,RS,RH,SI,SO,ST -o %K; }

# wait_array JOB: until every task of JOB has ended.
wait_array() {
	local end=$(($(date +%s) + TIMEOUT)) a
	while ! a=$(active "$1") || [ -n "$a" ]; do
		[ "$(date +%s)" -lt "$end" ] || fail "job $1 still running after $TIMEOUT s"
		sleep 1
	done
}

script=$repo/deploy/slurm/reproduce.sbatch
job=$(sbatch --parsable --array=1-$N --export=ALL "$script")
say "submitted job array $job (--array=1-$N, $(sinfo -h -o %c) CPU on the node: one task at a time)"

# Stop the first task found running with some of its runs written and some
# left: its cec run writes the finished runs and exits 130, and Slurm marks
# the task FAILED.
failed="" kept=0 end=$(($(date +%s) + TIMEOUT))
while [ -z "$failed" ] && { ! a=$(active "$job") || [ -n "$a" ]; }; do
	[ "$(date +%s)" -lt "$end" ] || fail "job $job still running after $TIMEOUT s"
	while read -r id k; do
		f=runs-10D/shard-$k.jsonl
		n=$(grep -c . "$f" 2>/dev/null || true)
		if [ "${n:-0}" -ge 1 ] && [ "$n" -le 8 ]; then
			# The task by its own job id, not JOB_K: scancel reads JOB_K
			# of a task not yet split from the pending part of the array as
			# all of that part, and retries until it can signal them.
			# scancel may exit non-zero ("transitional state") after
			# delivering the signal: the task's end state below decides.
			scancel --batch --signal=TERM --state=RUNNING "$id" || true
			failed=$k
			break
		fi
	done < <(squeue -h -j "$job" -t R -o '%A %K' 2>/dev/null || true)
	sleep 0.1
done
[ -n "$failed" ] || fail "no task was caught while running (each finished between two looks); run again"
wait_array "$job"
for k in $(seq "$N"); do
	s=$(state "$job" "$k")
	if [ "$k" = "$failed" ]; then
		[ "$s" = FAILED ] || fail "task $k was stopped but ended $s, not FAILED"
	else
		[ "$s" = COMPLETED ] || fail "task $k ended ${s:-in an unknown state}"
	fi
done
f=runs-10D/shard-$failed.jsonl
kept=$(grep -c . "$f" || true)
cp "$f" "$tmp/kept.jsonl"
say "task $failed stopped with $kept of its runs in $f: FAILED; the other $((N - 1)) COMPLETED"
tail -n 1 "cec-reproduce-${job}_$failed.out" >&2

# The header's recipe: sbatch --array=K with the same variables.
again=$(sbatch --parsable --array="$failed" --export=ALL "$script")
say "re-submitted task $failed as job $again (sbatch --array=$failed)"
wait_array "$again"
[ "$(state "$again" "$failed")" = COMPLETED ] || fail "the re-submitted task ended $(state "$again" "$failed")"
head -c "$(stat -c %s "$tmp/kept.jsonl")" "$f" | cmp -s - "$tmp/kept.jsonl" ||
	fail "the re-submitted task did not keep the $kept runs its file held"
say "task $failed kept its $kept runs and made the other $(($(grep -c . "$f") - kept))"

"$cec" merge 'runs-10D/shard-*.jsonl' -o merged.jsonl
"$cec" run -algo "$ALGOS" -problem "$PROBLEMS" -dim "$D" -runs "$RUNS" -seed "$SEED" -fes "$FES" \
	-workers 1 -json -quiet >unsharded.jsonl
cmp merged.jsonl unsharded.jsonl || fail "the merged shards differ from the unsharded run"
say "the merged shards ($(grep -c . merged.jsonl) runs) are byte for byte the unsharded cec run"

cd "$repo"
bash scripts/slurm-local.sh stop
started=0
say "passed in $(($(date +%s) - t0)) s"
