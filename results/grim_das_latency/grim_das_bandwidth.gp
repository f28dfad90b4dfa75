# GRIM on the DAS node: ping-pong bandwidth
# Written by myrisim for scenario grim_das_latency; run "gnuplot grim_das_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "GRIM on the DAS node: ping-pong bandwidth" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "bandwidth (MB/s)" noenhanced
set key outside right top box noenhanced
set grid
set border 3
set tics nomirror
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set logscale x
set format x "%.0f"
set yrange [0:*]
$s0 << EOD
4 0.166226
1024 10.6567
65536 19.5601
524288 21.3877
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.166226
1024 10.6567
65536 40.4465
524288 50.6706
EOD
$r1 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "grim_das_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "GRIM AM, 1 KB segments", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "GRIM AM, 16 KB segments"
set terminal svg size 1080,600 font "Sans,11"
set output "grim_das_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "GRIM AM, 1 KB segments", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "GRIM AM, 16 KB segments"
unset output
