# Figure 5.8: store-and-forward bandwidth, P3-550
# Written by myrisim for scenario fig5_8; run "gnuplot fig5_8_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.8: store-and-forward bandwidth, P3-550" noenhanced
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
4 0.166248
8 0.33217
16 0.664541
32 1.31793
64 2.6155
128 5.12513
256 8.41967
512 16.4375
1024 18.2727
2048 25.6786
4096 31.4689
8192 34.6445
16384 37.1837
32768 39.4711
65536 40.9199
EOD
$r0 << EOD
65536 39
EOD
$s1 << EOD
4 0.153211
8 0.306785
16 0.611183
32 1.22305
64 2.43863
128 4.83201
256 8.36862
512 15.388
1024 16.9937
2048 23.8577
4096 30.3509
8192 34.1209
16384 36.9129
32768 39.2864
65536 40.6836
EOD
$r1 << EOD
65536 39
EOD
$s2 << EOD
4 0.389845
8 0.782045
16 1.55689
32 3.0854
64 5.65161
128 9.77472
256 13.3229
512 23.9364
1024 29.8535
2048 34.8914
4096 37.2533
8192 39.0526
16384 40.922
32768 42.6102
65536 43.5378
EOD
$r2 << EOD
65536 43
EOD
$s3 << EOD
4 0.397157
8 0.80996
16 1.62111
32 3.1259
64 5.98191
128 10.364
256 11.0483
512 19.8104
1024 26.531
2048 32.5389
4096 36.273
8192 38.1022
16384 40.5625
32768 42.3551
65536 43.3882
EOD
$r3 << EOD
65536 43
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_8_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "LANai 4, RM-P", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "LANai 9, AM", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "LANai 9, RM-P", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4, AM (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 4, RM-P (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "LANai 9, AM (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "LANai 9, RM-P (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_8_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "LANai 4, RM-P", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "LANai 9, AM", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "LANai 9, RM-P", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4, AM (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 4, RM-P (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "LANai 9, AM (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "LANai 9, RM-P (dissertation)"
unset output
