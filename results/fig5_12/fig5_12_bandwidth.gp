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
1024 17.1278
4096 30.4271
16384 52.3264
65536 63.7115
262144 66.9024
1048576 68.118
EOD
$r0 << EOD
EOD
$s1 << EOD
1024 17.1278
4096 34.7309
16384 54.8379
65536 63.5443
262144 66.8343
1048576 68.1711
EOD
$r1 << EOD
EOD
$s2 << EOD
1024 17.5141
4096 33.0662
16384 53.9144
65536 65.465
262144 68.2629
1048576 69.077
EOD
$r2 << EOD
EOD
$s3 << EOD
1024 17.5141
4096 41.7765
16384 58.1029
65536 66.6351
262144 68.6022
1048576 69.248
EOD
$r3 << EOD
EOD
$s4 << EOD
1024 26.5685
4096 35.9062
16384 66.2601
65536 84.3556
262144 90.5622
1048576 95.3184
EOD
$r4 << EOD
EOD
$s5 << EOD
1024 26.5685
4096 43.5399
16384 72.0665
65536 86.0464
262144 90.4607
1048576 94.4279
EOD
$r5 << EOD
EOD
$s6 << EOD
1024 28.7901
4096 40.92
16384 69.912
65536 85.7098
262144 90.9077
1048576 95.2985
EOD
$r6 << EOD
EOD
$s7 << EOD
1024 28.7901
4096 58.1578
16384 76.966
65536 87.9632
262144 91.0008
1048576 94.6716
EOD
$r7 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_12_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "LANai 4, no cut-through", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "LANai 4, send cut-through", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "LANai 4, receive cut-through", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "LANai 4, send and receive cut-through", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "LANai 9, no cut-through", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "LANai 9, send cut-through", \
  $s6 using 1:2 with linespoints lt 7 lw 2 pt 7 ps 1.2 title "LANai 9, receive cut-through", \
  $s7 using 1:2 with linespoints lt 8 lw 2 pt 7 ps 1.2 title "LANai 9, send and receive cut-through"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_12_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "LANai 4, no cut-through", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "LANai 4, send cut-through", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "LANai 4, receive cut-through", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "LANai 4, send and receive cut-through", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "LANai 9, no cut-through", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "LANai 9, send cut-through", \
  $s6 using 1:2 with linespoints lt 7 lw 2 pt 7 ps 1.2 title "LANai 9, receive cut-through", \
  $s7 using 1:2 with linespoints lt 8 lw 2 pt 7 ps 1.2 title "LANai 9, send and receive cut-through"
unset output
