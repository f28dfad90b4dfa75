# Figure 5.10(d): bandwidth per fragment size, LANai 9, RM-P, P3-550
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10d_lanai9_rmp.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10(d): bandwidth per fragment size, LANai 9, RM-P, P3-550" noenhanced
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
$s18 << EOD
1024 23.3979
4096 28.1396
16384 29.7333
65536 30.16
262144 30.268
EOD
$r18 << EOD
EOD
$s19 << EOD
1024 26.531
4096 47.0038
16384 57.6817
65536 61.042
262144 62.1625
EOD
$r19 << EOD
EOD
$s20 << EOD
1024 26.531
4096 36.273
16384 66.2305
65536 84.3849
262144 90.5383
EOD
$r20 << EOD
EOD
$s21 << EOD
1024 26.531
4096 36.273
16384 40.5625
65536 76.1703
262144 97.8259
EOD
$r21 << EOD
EOD
$s22 << EOD
1024 26.531
4096 36.273
16384 40.5625
65536 43.3882
262144 80.6993
EOD
$r22 << EOD
EOD
$s23 << EOD
1024 26.6686
4096 49.8189
16384 68.1439
65536 86.9246
262144 97.7968
EOD
$r23 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10d_lanai9_rmp.png"
plot \
  $s18 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 9, RM-P, 256 B fragments", \
  $s19 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 9, RM-P, 1 KB fragments", \
  $s20 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 9, RM-P, 4 KB fragments", \
  $s21 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 9, RM-P, 16 KB fragments", \
  $s22 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 9, RM-P, 64 KB fragments", \
  $s23 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 9, RM-P, best fragment"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_10d_lanai9_rmp.svg"
plot \
  $s18 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 9, RM-P, 256 B fragments", \
  $s19 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 9, RM-P, 1 KB fragments", \
  $s20 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 9, RM-P, 4 KB fragments", \
  $s21 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 9, RM-P, 16 KB fragments", \
  $s22 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 9, RM-P, 64 KB fragments", \
  $s23 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 9, RM-P, best fragment"
unset output
