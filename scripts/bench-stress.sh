#!/bin/sh
# bench-stress.sh: the 512-node stress configuration
# (scenarios/scale/stress_512.cfg: every NI of 512 LANai 4s on a 4 x 4 x 8
# grid sends 16 packets of 512 bytes, no hosts) as `bench NAME VALUE UNIT`
# lines: wall and CPU time (user + system), simulated ms per wall s, events
# per wall s, peak memory of the run and that per node. A first run at 64
# nodes builds the firmware image into the cache, so the timed run's peak is
# the simulator's own, not the compiler's. `make bench-scale` runs it.
set -u
cd "$(dirname "$0")/.."
out=${BENCH_SCALE_OUT:-build/bench-scale}
cfg=scenarios/scale/stress_512.cfg
mkdir -p "$out"
build/myrisim run "$cfg" --quick --jobs 1 --out "$out/s64" > "$out/log.s64" 2>&1 || { cat "$out/log.s64"; exit 1; }
/usr/bin/time -f "%e %M %U %S" -o "$out/time.s512" build/myrisim run "$cfg" --quick --set "sweep.quick=[512]" \
    --jobs 1 --out "$out/s512" > "$out/log.s512" 2>&1 || { cat "$out/log.s512"; exit 1; }
awk -F, -v n=512 -v tf="$out/time.s512" '
    BEGIN { getline line < tf; split(line, a, " "); w = a[1]; kb = a[2]; cpu = a[3] + a[4] }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
    NR == 2 { printf "bench stress_%d_wall %.2f s\n", n, w;
              printf "bench stress_%d_cpu %.2f s\n", n, cpu;
              printf "bench stress_%d_rate %.3f simulated_ms_per_wall_s\n", n, $col["sim_us"] / 1000 / w;
              printf "bench stress_%d_events %.0f events_per_wall_s\n", n, $col["events"] / w;
              printf "bench stress_%d_peak %.1f MiB\n", n, kb / 1024;
              printf "bench stress_%d_peak_per_node %.3f MiB\n", n, kb / 1024 / n }' "$out/s512/lanai-4-4-x-4-x-8-grid.csv"
