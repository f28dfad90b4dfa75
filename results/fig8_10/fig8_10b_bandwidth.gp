# Figure 8.10(b): bandwidth, P4-1.7
# Written by myrisim for scenario fig8_10; run "gnuplot fig8_10b_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.10(b): bandwidth, P4-1.7" noenhanced
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
$s2 << EOD
4 0.118
256 3.2
1024 4.665
4096 7.877
16384 10.503
32768 11.091
49152 11.301
65536 11.422
81920 11.483
98304 11.527
131072 11.587
262144 11.672
1048576 11.736
EOD
$r2 << EOD
EOD
$s3 << EOD
4 0.167
256 9.66
1024 17.965
4096 38.28
16384 59.255
32768 67.563
49152 72.018
65536 74.515
81920 83.422
98304 81.716
131072 82.643
262144 88.116
1048576 93.265
EOD
$r3 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_10b_bandwidth.png"
plot \
  $s2 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P4-1.7, TCP, 100 Mb/s Ethernet", \
  $s3 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "P4-1.7, GRIM sockets, LANai 4"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_10b_bandwidth.svg"
plot \
  $s2 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P4-1.7, TCP, 100 Mb/s Ethernet", \
  $s3 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "P4-1.7, GRIM sockets, LANai 4"
unset output
