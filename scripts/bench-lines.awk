# bench-lines.awk: a scale run's `bench NAME VALUE UNIT` lines, shared by
# bench-scale.sh and bench-stress.sh. Input: the run's CSV (columns sim_us and
# events, first data row). Variables: name (the line prefix, e.g.
# alltoall_das_64), n (nodes), tf (the /usr/bin/time -f "%e %M %U %S" file).
BEGIN { getline line < tf; split(line, a, " "); w = a[1]; kb = a[2]; cpu = a[3] + a[4] }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
NR == 2 {
    printf "bench %s_wall %.2f s\n", name, w
    printf "bench %s_cpu %.2f s\n", name, cpu
    printf "bench %s_rate %.3f simulated_ms_per_wall_s\n", name, $col["sim_us"] / 1000 / w
    printf "bench %s_events %.0f events_per_wall_s\n", name, $col["events"] / w
    printf "bench %s_peak %.1f MiB\n", name, kb / 1024
    printf "bench %s_peak_per_node %.3f MiB\n", name, kb / 1024 / n
}
