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
awk -F, -v name=stress_512 -v n=512 -v tf="$out/time.s512" -f scripts/bench-lines.awk \
    "$out/s512/lanai-4-4-x-4-x-8-grid.csv"
