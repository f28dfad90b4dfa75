#!/bin/sh
# A real Slurm round trip on this one machine: start munged, slurmctld and
# slurmd with a generated configuration, submit a scenario's job array
# (myrisim run --emit-jobs), merge, and compare byte for byte with the same
# scenario run locally. Exit 0 pass, 1 fail, 77 skipped (the reason is
# printed: not root, packages missing and not installable, daemons that do not
# start). Usage: scripts/slurm-roundtrip.sh [SCENARIO]   (run from the checkout;
# build/myrisim must exist). Facts it relies on: docs/scenarios.md.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCEN=${1:-scenarios/thesis/appendix_a_copy.cfg}
skip() { echo "slurm-roundtrip: SKIPPED: $*" >&2; exit 77; }
fail() { echo "slurm-roundtrip: FAILED: $*" >&2; exit 1; }

[ -x build/myrisim ] || fail "build/myrisim is missing (make all first)"
[ "$(id -u)" = 0 ] || skip "needs root to run slurmd and munged on this machine"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge \
        >/dev/null 2>&1 || skip "cannot install Debian's slurm-wlm and munge"
fi

W=$(mktemp -d /tmp/myrisim-slurm.XXXXXX)
chmod 755 "$W"
HOST=$(hostname -s)
CPUS=$(nproc)
cleanup() {
    for p in "$W/slurmd.pid" "$W/slurmctld.pid" "$W/munge/munged.pid"; do
        [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null
    done
    sleep 1
    rm -rf "$W"
}
trap cleanup EXIT INT TERM

# munge: its own key, socket and state in W, run as the munge user
M=$W/munge
S=$W/munge-socket       # munged wants the socket's directory open to all
mkdir -p "$M" "$S"
dd if=/dev/urandom of="$M/munge.key" bs=1024 count=1 2>/dev/null
chown -R munge:munge "$M" "$S"
chmod 700 "$M"
chmod 755 "$S"
chmod 400 "$M/munge.key"
runuser -u munge -- munged --key-file="$M/munge.key" --socket="$S/munge.sock" \
    --pid-file="$M/munged.pid" --log-file="$M/munged.log" --seed-file="$M/munged.seed" \
    || skip "munged does not start (see $M/munged.log)"

cat > "$W/slurm.conf" <<EOF
ClusterName=myrisim
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge.sock
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
StateSaveLocation=$W/state
SlurmdSpoolDir=$W/spool
SlurmctldPidFile=$W/slurmctld.pid
SlurmdPidFile=$W/slurmd.pid
SlurmctldLogFile=$W/slurmctld.log
SlurmdLogFile=$W/slurmd.log
SlurmctldPort=46817
SlurmdPort=46818
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
mkdir -p "$W/state" "$W/spool"
export SLURM_CONF="$W/slurm.conf"
slurmctld -f "$SLURM_CONF" || skip "slurmctld does not start (see $W/slurmctld.log)"
slurmd -f "$SLURM_CONF" || skip "slurmd does not start (see $W/slurmd.log)"
up=0
for _ in $(seq 1 30); do
    if sinfo -h -o %t 2>/dev/null | grep -q idle; then up=1; break; fi
    sleep 1
done
[ $up = 1 ] || skip "the node did not become idle within 30 s ($(sinfo -h -o %t 2>&1))"

J=$W/jobs
build/myrisim run "$SCEN" --quick --emit-jobs "$J" --out "$W/slurm-out" >/dev/null || fail "--emit-jobs"
t0=$(date +%s)
sbatch --wait --quiet "$J/slurm.sh" || fail "sbatch: the array did not finish cleanly (logs: $J/logs)"
echo "slurm-roundtrip: $(ls "$J/results" | wc -l) job results from Slurm in $(( $(date +%s) - t0 )) s"
build/myrisim merge "$J" >/dev/null || fail "merge"
build/myrisim run "$SCEN" --quick --out "$W/local" >/dev/null 2>&1 || fail "the local run"
diff -r "$W/local" "$W/slurm-out" >/dev/null || fail "Slurm's outputs differ from the local run's"
echo "slurm-roundtrip: PASSED: $SCEN through sbatch, merged, byte-identical to a local run"
