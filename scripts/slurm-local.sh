#!/usr/bin/env bash
# A one-node Slurm on this machine, for the tests of `boulder bench --executor slurm`
# (docs/cluster.md). No systemd: munged, slurmctld and slurmd are started directly, as
# root, with their configuration, state and logs in one directory.
#
#   scripts/slurm-local.sh start   # idempotent; prints `export SLURM_CONF=…`
#   scripts/slurm-local.sh stop
#   scripts/slurm-local.sh status  # exit 0 when the node answers and is idle or mixed
#
# The directory is $BOULDER_SLURM_DIR (default /tmp/boulder-slurm). Clients find the
# cluster through SLURM_CONF=$BOULDER_SLURM_DIR/slurm.conf.
set -euo pipefail
dir=${BOULDER_SLURM_DIR:-/tmp/boulder-slurm}
conf=$dir/slurm.conf
export SLURM_CONF=$conf

need() {
  for b in munge munged slurmctld slurmd sbatch squeue scontrol sinfo; do
    command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || {
      echo "slurm-local: $b is not installed (./setup.sh installs slurmctld, slurmd, slurm-client and munge)" >&2
      exit 3
    }
  done
  [ "$(id -u)" -eq 0 ] || { echo "slurm-local: must run as root (slurmd runs jobs as their user)" >&2; exit 3; }
}

write_conf() {
  mkdir -p "$dir/state" "$dir/spool"
  local cpus mem host
  # At least 4 CPUs, more than the machine may have: the tests' elements mostly sleep, and
  # config_overrides lets slurmd accept the count.
  cpus=$(nproc)
  [ "$cpus" -ge 4 ] || cpus=4
  mem=$(awk '/MemTotal/ { print int($2 / 1024) - 1024 }' /proc/meminfo)
  host=$(hostname -s)
  cat >"$conf" <<CONF
# Written by scripts/slurm-local.sh: a one-node cluster on this machine.
ClusterName=boulder-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# A requeued job waits for its credential to expire before it starts again (default
# 120 s); the requeue test would wait that long.
AuthInfo=cred_expire=10
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# Without cgroups (containers): processes tracked through /proc, no CPU binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
# Finished jobs stay visible to scontrol for ten minutes.
MinJobAge=600
SchedulerParameters=defer_batch=0
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
}

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start() {
  need
  write_conf
  mkdir -p /run/munge
  chown munge:munge /run/munge 2>/dev/null || true
  # A credential that encodes is a munged that answers.
  if ! munge -n >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged || /usr/sbin/munged --force
    touch "$dir/munged.ours"
  fi
  running "$dir/slurmctld.pid" || /usr/sbin/slurmctld -f "$conf"
  running "$dir/slurmd.pid" || /usr/sbin/slurmd -f "$conf" -N localhost
  for _ in $(seq 1 60); do
    if status >/dev/null 2>&1; then
      echo "export SLURM_CONF=$conf"
      return 0
    fi
    sleep 0.5
  done
  echo "slurm-local: the node did not come up; see $dir/slurmctld.log and $dir/slurmd.log" >&2
  tail -5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
  exit 1
}

status() {
  local state
  state=$(sinfo -h -n localhost -o %T 2>/dev/null || true)
  case "$state" in
    idle* | mixed* | allocated*) echo "slurm-local: up ($state)"; return 0 ;;
    *) echo "slurm-local: down (${state:-no answer})"; return 1 ;;
  esac
}

stop() {
  for d in slurmd slurmctld; do
    if running "$dir/$d.pid"; then
      kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
    fi
  done
  for _ in $(seq 1 40); do
    running "$dir/slurmd.pid" || running "$dir/slurmctld.pid" || break
    sleep 0.25
  done
  # munged too, if this script started it (a site's own munged stays).
  if [ -f "$dir/munged.ours" ] && [ -f /run/munge/munged.pid ]; then
    kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
    rm -f "$dir/munged.ours"
  fi
  # Jobs and state of this test cluster are not kept.
  rm -rf "$dir/state" "$dir/spool"
  echo "slurm-local: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
