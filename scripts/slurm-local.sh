#!/usr/bin/env bash
# slurm-local.sh start|stop|status|env — a single-node Slurm cluster on this
# machine, for running deploy/slurm/reproduce.sbatch as a real job array
# (make test-slurm; docs/scale.md).
#
#   start   installs Debian's slurm-wlm and munge when they are missing
#           (apt-get: root on Debian/Ubuntu), writes a minimal slurm.conf and
#           starts munged, slurmctld and slurmd directly (no systemd), then
#           waits until sinfo shows the node idle. Harmless when the cluster
#           is already up; a half-started or stale one is stopped first.
#   stop    cancels every job, stops slurmd, slurmctld and munged (TERM, then
#           KILL), ends any job step left behind and removes the state
#           directory. Always leaves no daemon of this cluster behind; safe to
#           run when nothing is running.
#   status  each daemon's pid and sinfo; exit status 0 when the node is up.
#   env     prints the export line that points Slurm's commands at this
#           cluster: eval "$(bash scripts/slurm-local.sh env)".
#
# The cluster: slurmctld and slurmd on localhost, one node "localhost" with
# CPUs=1 (SLURM_LOCAL_CPUS), so at most one one-CPU array task runs at a
# time whatever the machine has; no accounting database (sacct does not work;
# use squeue and scontrol, which keep finished jobs for MinJobAge = 1 hour).
# Its own munge key and socket, its own config file (Slurm's commands find it
# through SLURM_CONF, nothing under /etc is written) and every state, spool,
# pid and log file under SLURM_LOCAL_DIR (default /var/lib/pcaplay-slurm), a new
# or empty folder that start marks as its own; stop removes only a marked
# folder, and in it only what start wrote.
# Environment: SLURM_LOCAL_DIR, SLURM_LOCAL_CPUS (default 1),
# SLURM_LOCAL_PORT (slurmctld's port, default 6817; slurmd uses the next).
set -euo pipefail

DIR=${SLURM_LOCAL_DIR:-/var/lib/pcaplay-slurm}
CPUS=${SLURM_LOCAL_CPUS:-1}
PORT=${SLURM_LOCAL_PORT:-6817}
export SLURM_CONF=$DIR/slurm.conf
case $DIR in
*//* | */./* | */../* | */. | */.. | */)
	echo "slurm-local: SLURM_LOCAL_DIR='$DIR': want a plain absolute path (no '//', '.' or '..' part, no trailing '/')" >&2
	exit 2
	;;
/?*) ;;
*)
	echo "slurm-local: SLURM_LOCAL_DIR='$DIR': want an absolute path other than /" >&2
	exit 2
	;;
esac
# MARK is the file that says this script made the folder: stop removes the
# folder's contents only where it finds it, and only what start writes.
MARK=.pcaplay-slurm-local

say() { echo "slurm-local: $*" >&2; }

# alive PID: the process exists and is not a zombie.
alive() {
	local st
	st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
	[ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# pidof_daemon NAME: the pid of this cluster's daemon NAME, alive: the one
# in its pid file, or else (a pid file lost or not written yet) a process
# NAME started with this cluster's config file or munge socket. A stale pid
# file, or one whose pid was reused by another program, gives nothing.
pidof_daemon() {
	local f pid mark=$SLURM_CONF
	case $1 in
	munged) f=$DIR/munge/munged.pid mark=$DIR/munge/munge.socket ;;
	*) f=$DIR/$1.pid ;;
	esac
	pid=$(tr -dc 0-9 2>/dev/null <"$f" || true)
	if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ] && alive "$pid"; then
		echo "$pid"
		return 0
	fi
	for pid in $(pgrep -x "$1" || true); do
		tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF "$mark" && alive "$pid" && echo "$pid" && break
	done
	return 0
}

# node_state: the node's state as sinfo prints it ("" when slurmctld does not answer).
node_state() { timeout 10 sinfo -h -n localhost -o %T 2>/dev/null | head -1 || true; }

# up: every daemon alive and the node in service.
up() {
	[ -n "$(pidof_daemon munged)" ] && [ -n "$(pidof_daemon slurmctld)" ] && [ -n "$(pidof_daemon slurmd)" ] || return 1
	case $(node_state) in
	idle | mixed | allocated | completing) return 0 ;;
	esac
	return 1
}

install() {
	local cmd missing=0
	for cmd in munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo scancel; do
		command -v "$cmd" >/dev/null || missing=1
	done
	[ "$missing" = 0 ] && return 0
	[ "$(id -u)" = 0 ] || {
		say "slurm-wlm and munge are missing and installing them needs root (apt-get)"
		exit 1
	}
	command -v apt-get >/dev/null || {
		say "slurm-wlm and munge are missing and there is no apt-get to install them"
		exit 1
	}
	say "installing slurm-wlm and munge (apt-get)"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
}

write_config() {
	mkdir -p "$DIR"/{munge,ctld,spool,log}
	echo "made by scripts/slurm-local.sh start; scripts/slurm-local.sh stop removes this folder" >"$DIR/$MARK"
	chmod 755 "$DIR" "$DIR/munge"
	[ -s "$DIR/munge/munge.key" ] || mungekey --create --keyfile="$DIR/munge/munge.key" --force
	chmod 600 "$DIR/munge/munge.key"
	# The node's memory as Slurm will find it, less a little, so that the
	# node is never drained for having less than configured.
	local mem
	mem=$(awk '/^MemTotal:/ { m = int($2 / 1024) - 256; print (m < 600 ? 600 : m) }' /proc/meminfo)
	cat >"$SLURM_CONF" <<EOF
# Written by scripts/slurm-local.sh: a single-node cluster on localhost.
ClusterName=pcaplay
SlurmctldHost=localhost
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/munge.socket
StateSaveLocation=$DIR/ctld
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MailProg=/bin/true
ReturnToService=2
MinJobAge=3600
SlurmdParameters=config_overrides
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
}

# wait_for SECONDS WHAT COMMAND…: run COMMAND every half second until it succeeds.
wait_for() {
	local n=$(($1 * 2)) what=$2
	shift 2
	until "$@" >/dev/null 2>&1; do
		n=$((n - 1))
		if [ "$n" -le 0 ]; then
			say "timed out waiting for $what; the logs in $DIR/log:"
			tail -n 20 "$DIR"/log/*.log >&2 || true
			return 1
		fi
		sleep 0.5
	done
}

node_idle() { [ "$(node_state)" = idle ]; }

start() {
	install
	[ "$(id -u)" = 0 ] || {
		say "start needs root (slurmd runs jobs as their users)"
		exit 1
	}
	if up; then
		say "already running ($SLURM_CONF)"
		return 0
	fi
	if [ -f "$DIR/$MARK" ]; then
		say "a stopped or half-started cluster is in $DIR: cleaning it up first"
		stop
	elif [ -e "$DIR" ] && [ -n "$(ls -A "$DIR" 2>/dev/null || echo not-a-folder)" ]; then
		say "SLURM_LOCAL_DIR=$DIR exists and is not a folder this script made (no $MARK in it): name a new or empty folder"
		exit 2
	fi
	write_config
	munged --force --key-file="$DIR/munge/munge.key" --socket="$DIR/munge/munge.socket" \
		--pid-file="$DIR/munge/munged.pid" --seed-file="$DIR/munge/munged.seed" \
		--log-file="$DIR/log/munged.log"
	wait_for 20 munged test -S "$DIR/munge/munge.socket" || {
		stop
		exit 1
	}
	slurmctld -f "$SLURM_CONF"
	wait_for 60 slurmctld scontrol ping || {
		stop
		exit 1
	}
	slurmd -f "$SLURM_CONF" -N localhost
	wait_for 60 "the node to be idle (sinfo)" node_idle || {
		stop
		exit 1
	}
	say "up: $(sinfo -h -o '%P %D node %N %T, %c CPU')"
	say "point Slurm's commands at it: export SLURM_CONF=$SLURM_CONF"
}

# term NAME: TERM this cluster's daemon NAME, wait up to 15 s, then KILL it.
term() {
	local pid i
	pid=$(pidof_daemon "$1")
	[ -n "$pid" ] || return 0
	kill -TERM "$pid" 2>/dev/null || true
	for i in $(seq 30); do
		alive "$pid" || break
		sleep 0.5
	done
	if alive "$pid"; then
		say "$1 ($pid) did not stop on TERM: KILL"
		kill -KILL "$pid" 2>/dev/null || true
		sleep 0.5
	fi
	pid=$(pidof_daemon "$1")
	if [ -n "$pid" ]; then
		say "another $1 of this cluster ($pid): KILL"
		kill -KILL "$pid" 2>/dev/null || true
	fi
}

# steps: the pids of the slurmstepd processes of this cluster (those whose
# environment names its config file).
steps() {
	local p
	for p in $(pgrep -x slurmstepd || true); do
		tr '\0' '\n' 2>/dev/null <"/proc/$p/environ" | grep -qxF "SLURM_CONF=$SLURM_CONF" && echo "$p"
	done
	return 0
}

# tree PID: PID and its descendants.
tree() {
	local c
	echo "$1"
	for c in $(pgrep -P "$1" || true); do
		tree "$c"
	done
}

stop() {
	local p i
	if [ -n "$(pidof_daemon slurmctld)" ]; then
		timeout 10 scancel --quiet --full --user=root 2>/dev/null || true
		timeout 10 scancel --quiet --full 2>/dev/null || true
		for i in $(seq 20); do
			[ -z "$(timeout 10 squeue -h -t PD,R,CG,S 2>/dev/null)" ] && break
			sleep 0.5
		done
	fi
	term slurmd
	term slurmctld
	for p in $(steps); do
		say "ending the job step left behind ($p) and its processes"
		kill -STOP "$p" 2>/dev/null || true
		kill -KILL $(tree "$p") 2>/dev/null || true
	done
	term munged
	if [ ! -e "$DIR" ]; then
		say "stopped; there is no $DIR"
	elif [ ! -f "$DIR/$MARK" ]; then
		say "stopped; $DIR is not a folder this script made (no $MARK in it): left as it is"
	else
		# only what start writes (write_config, the daemons' pid files)
		rm -rf "${DIR:?}"/{munge,ctld,spool,log}
		rm -f "$DIR/slurm.conf" "$DIR/slurmctld.pid" "$DIR/slurmd.pid" "$DIR/$MARK"
		if rmdir "$DIR" 2>/dev/null; then
			say "stopped; $DIR removed"
		else
			say "stopped; $DIR kept: it holds files this script did not make"
		fi
	fi
}

status() {
	local d rc=0
	for d in munged slurmctld slurmd; do
		if [ -n "$(pidof_daemon "$d")" ]; then
			echo "$d: running (pid $(pidof_daemon "$d"))"
		else
			echo "$d: not running"
			rc=3
		fi
	done
	if [ -n "$(pidof_daemon slurmctld)" ]; then
		timeout 10 sinfo || rc=3
	fi
	return $rc
}

case ${1:-} in
start) start ;;
stop) stop ;;
status) status ;;
env) echo "export SLURM_CONF=$SLURM_CONF" ;;
*)
	echo "usage: bash scripts/slurm-local.sh start|stop|status|env" >&2
	exit 2
	;;
esac
