#!/bin/sh
# same-results.sh [SCENARIO...]: runs the scenarios results/ holds (by stem:
# scenarios/thesis/ or scenarios/lfc/, as make reproduce finds them; default:
# a handful of representative, quick ones) with build/myrisim and compares every CSV and
# Markdown file of each run with results/<name>/, byte for byte. For checking
# that a speed change leaves results untouched. Exit 0 all identical, 1 not.
set -u
cd "$(dirname "$0")/.."
out=${SAME_RESULTS_OUT:-/tmp/same-results.$$}
list=${*:-"fig4_10 fig5_8 table5_6 table5_4"}
bad=0
for s in $list; do
    rm -rf "$out/$s"
    cfg=scenarios/thesis/$s.cfg
    [ -f "$cfg" ] || cfg=scenarios/lfc/$s.cfg
    if [ ! -f "$cfg" ]; then
        echo "same-results: $s: no scenarios/thesis/$s.cfg or scenarios/lfc/$s.cfg"; bad=1; continue
    fi
    if ! build/myrisim run "$cfg" --jobs 2 --out "$out/$s" >"$out.$s.log" 2>&1; then
        echo "same-results: $s: run failed (log $out.$s.log)"; bad=1; continue
    fi
    if diff -r -q -x '*.png' -x '*.svg' "results/$s" "$out/$s"; then
        echo "same-results: $s identical"
    else
        echo "same-results: $s DIFFERS"; bad=1
    fi
done
exit $bad
