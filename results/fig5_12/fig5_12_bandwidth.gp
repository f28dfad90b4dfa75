# Figure 5.12: cut-through, P3-550, RM-P
# Written by myrisim for scenario fig5_12; run "gnuplot fig5_12_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.12: cut-through, P3-550, RM-P" noenhanced
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
1024 16.9937
4096 30.3509
16384 53.2733
65536 60.7075
262144 62.8465
1048576 63.6603
EOD
$r0 << EOD
EOD
$s1 << EOD
1024 16.9937
4096 34.4228
16384 54.6984
65536 61.1573
262144 63.0732
1048576 63.7589
EOD
$r1 << EOD
EOD
$s2 << EOD
1024 17.5186
4096 32.7108
16384 56.2742
65536 67.0469
262144 70.6221
1048576 71.5341
EOD
$r2 << EOD
EOD
$s3 << EOD
1024 17.5186
4096 41.7818
16384 57.7902
65536 68.3057
262144 70.8753
1048576 71.717
EOD
$r3 << EOD
EOD
$s4 << EOD
1024 26.531
4096 36.273
16384 66.2305
65536 84.3849
262144 90.5383
1048576 95.3117
EOD
$r4 << EOD
EOD
$s5 << EOD
1024 26.531
4096 43.475
16384 71.9005
65536 86.0525
262144 90.4681
1048576 93.9895
EOD
$r5 << EOD
EOD
$s6 << EOD
1024 27.6985
4096 40.6305
16384 69.5357
65536 85.5815
262144 90.9375
1048576 95.3315
EOD
$r6 << EOD
EOD
$s7 << EOD
1024 27.6985
4096 58.1927
16384 77.1994
65536 87.925
262144 90.9642
1048576 94.5854
EOD
$r7 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_12_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, no cut-through", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.29 pt 5 ps 1.60 title "LANai 4, send cut-through", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 3.07 pt 9 ps 1.50 title "LANai 4, receive cut-through", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.86 pt 11 ps 1.40 title "LANai 4, send and receive cut-through", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.64 pt 13 ps 1.30 title "LANai 9, no cut-through", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.43 pt 15 ps 1.20 title "LANai 9, send cut-through", \
  $s6 using 1:2 with linespoints lc rgb "#56B4E9" dt 1 lw 2.21 pt 7 ps 1.10 title "LANai 9, receive cut-through", \
  $s7 using 1:2 with linespoints lc rgb "#8C510A" dt (8,4) lw 2.00 pt 5 ps 1.00 title "LANai 9, send and receive cut-through"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_12_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, no cut-through", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.29 pt 5 ps 1.60 title "LANai 4, send cut-through", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 3.07 pt 9 ps 1.50 title "LANai 4, receive cut-through", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.86 pt 11 ps 1.40 title "LANai 4, send and receive cut-through", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.64 pt 13 ps 1.30 title "LANai 9, no cut-through", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.43 pt 15 ps 1.20 title "LANai 9, send cut-through", \
  $s6 using 1:2 with linespoints lc rgb "#56B4E9" dt 1 lw 2.21 pt 7 ps 1.10 title "LANai 9, receive cut-through", \
  $s7 using 1:2 with linespoints lc rgb "#8C510A" dt (8,4) lw 2.00 pt 5 ps 1.00 title "LANai 9, send and receive cut-through"
unset output
