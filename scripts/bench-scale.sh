#!/bin/sh
# bench-scale.sh [NODES...]: the full model's speed and memory at scale on
# scenarios/scale/alltoall_das.cfg (128 nodes: alltoall_das_128.cfg) (GRIM all-to-all of 4 KB AMs on the DAS
# grid, LANai 4, P3-550 hosts), one run per node count (default 16), as
# `bench NAME VALUE UNIT` lines: wall time, CPU time (user + system; on a
# loaded machine the figure to compare), simulated ms per wall s, events per
# wall s, peak memory of the run (the largest process: the forked run) and
# that divided by the node count. `make bench` and `make bench-scale` run
# 16, 64 and 128 nodes (128: about two minutes of CPU, docs/speed.md).
set -u
cd "$(dirname "$0")/.."
out=${BENCH_SCALE_OUT:-build/bench-scale}
mkdir -p "$out"
for n in ${*:-16}; do
    # 128 nodes: their own scenario (a longer retransmission timeout, see the file)
    cfg=scenarios/scale/alltoall_das.cfg
    [ "$n" = 128 ] && cfg=scenarios/scale/alltoall_das_128.cfg
    /usr/bin/time -f "%e %M %U %S" -o "$out/time.$n" build/myrisim run "$cfg" --quick \
        --set "sweep.quick=[$n]" --jobs 1 --out "$out/n$n" > "$out/log.$n" 2>&1 || { cat "$out/log.$n"; exit 1; }
    csv="$out/n$n/grim-lanai-4-das-grid.csv"
    awk -F, -v name="alltoall_das_$n" -v n="$n" -v tf="$out/time.$n" -f scripts/bench-lines.awk "$csv"
done
