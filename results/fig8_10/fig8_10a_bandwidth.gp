# Figure 8.10(a): bandwidth, P3-550
# Written by myrisim for scenario fig8_10; run "gnuplot fig8_10a_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.10(a): bandwidth, P3-550" noenhanced
set xlabel "block size (bytes)" noenhanced
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
4 0.085
256 2.653
1024 4.146
4096 7.42
16384 10.327
32768 10.979
49152 11.216
65536 11.364
81920 11.441
98304 11.486
131072 11.557
262144 11.656
1048576 11.732
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.167
256 7.529
1024 13.299
4096 24.381
16384 31.721
32768 38.619
49152 42.245
65536 44.206
81920 46.335
98304 47.977
131072 49.847
262144 53.357
1048576 56.284
EOD
$r1 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_10a_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, TCP, 100 Mb/s Ethernet", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "P3-550, GRIM sockets, LANai 4"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_10a_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, TCP, 100 Mb/s Ethernet", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "P3-550, GRIM sockets, LANai 4"
unset output
