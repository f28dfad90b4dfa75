#!/bin/sh
# bench-scale.sh [NODES...]: the full model's speed and memory at scale on
# scenarios/scale/alltoall_das.cfg (128 nodes: alltoall_das_128.cfg) (GRIM all-to-all of 4 KB AMs on the DAS
# grid, LANai 4, P3-550 hosts), one run per node count (default 16), as
# `bench NAME VALUE UNIT` lines: wall time, CPU time (user + system; on a
# loaded machine the figure to compare), simulated ms per wall s, events per
# wall s, peak memory of the run (the largest process: the forked run) and
# that divided by the node count. `make bench` runs 16 and 64 nodes (128
# need minutes of CPU: docs/speed.md); `make bench-scale` 16, 64 and 128.
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
    awk -F, -v n="$n" -v tf="$out/time.$n" '
        BEGIN { getline line < tf; split(line, a, " "); w = a[1]; kb = a[2]; cpu = a[3] + a[4] }
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
        NR == 2 { printf "bench alltoall_das_%d_wall %.2f s\n", n, w;
                  printf "bench alltoall_das_%d_cpu %.2f s\n", n, cpu;
                  printf "bench alltoall_das_%d_rate %.3f simulated_ms_per_wall_s\n", n, $col["sim_us"] / 1000 / w;
                  printf "bench alltoall_das_%d_events %.0f events_per_wall_s\n", n, $col["events"] / w;
                  printf "bench alltoall_das_%d_peak %.1f MiB\n", n, kb / 1024;
                  printf "bench alltoall_das_%d_peak_per_node %.2f MiB\n", n, kb / 1024 / n }' "$csv"
done
