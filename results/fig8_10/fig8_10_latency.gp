# Figure 8.10: one-way time (RTT / 2)
# Written by myrisim for scenario fig8_10; run "gnuplot fig8_10_latency.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.10: one-way time (RTT / 2)" noenhanced
set xlabel "block size (bytes)" noenhanced
set ylabel "RTT / 2 (us)" noenhanced
set key outside right top box noenhanced
set grid
set border 3
set tics nomirror
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set logscale x
set format x "%.0f"
set logscale y
$s0 << EOD
4 47
256 96.5
1024 247
4096 552
16384 1586.5
32768 2984.5
49152 4382.5
65536 5767
81920 7160.5
98304 8558.5
131072 11341.5
262144 22489.5
1048576 89378.5
EOD
$r0 << EOD
EOD
$s1 << EOD
4 24
256 34
1024 77
4096 168
16384 516.5
32768 848.5
49152 1163.5
65536 1482.5
81920 1768
98304 2049
131072 2629.5
262144 4913
1048576 18630
EOD
$r1 << EOD
EOD
$s2 << EOD
4 34
256 80
1024 219.5
4096 520
16384 1560
32768 2954.5
49152 4349.5
65536 5737.5
81920 7134
98304 8528.5
131072 11311.5
262144 22460
1048576 89349
EOD
$r2 << EOD
EOD
$s3 << EOD
4 24
256 26.5
1024 57
4096 107
16384 276.5
32768 485
49152 682.5
65536 879.5
81920 982
98304 1203
131072 1586
262144 2975
1048576 11243
EOD
$r3 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_10_latency.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, TCP, 100 Mb/s Ethernet", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550, GRIM sockets, LANai 4", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, TCP, 100 Mb/s Ethernet", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, GRIM sockets, LANai 4"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_10_latency.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, TCP, 100 Mb/s Ethernet", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550, GRIM sockets, LANai 4", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, TCP, 100 Mb/s Ethernet", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, GRIM sockets, LANai 4"
unset output
