# Figure 5.10(b): bandwidth per fragment size, LANai 4, RM-P, P3-550
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10b_lanai4_rmp.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10(b): bandwidth per fragment size, LANai 4, RM-P, P3-550" noenhanced
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
$s6 << EOD
1024 10.3419
4096 10.9571
16384 11.101
65536 11.111
262144 11.1128
EOD
$r6 << EOD
EOD
$s7 << EOD
1024 16.9937
4096 30.0355
16384 34.7155
65536 36.0764
262144 36.4532
EOD
$r7 << EOD
EOD
$s8 << EOD
1024 16.9937
4096 30.3509
16384 53.2733
65536 60.7075
262144 62.8465
EOD
$r8 << EOD
EOD
$s9 << EOD
1024 16.9937
4096 30.3509
16384 36.9129
65536 70.1586
262144 90.7572
EOD
$r9 << EOD
EOD
$s10 << EOD
1024 16.9937
4096 30.3509
16384 36.9129
65536 40.6836
262144 77.9815
EOD
$r10 << EOD
EOD
$s11 << EOD
1024 16.9971
4096 37.3757
16384 53.3831
65536 70.237
262144 90.8184
EOD
$r11 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10b_lanai4_rmp.png"
plot \
  $s6 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, RM-P, 256 B fragments", \
  $s7 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 4, RM-P, 1 KB fragments", \
  $s8 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 4, RM-P, 4 KB fragments", \
  $s9 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 4, RM-P, 16 KB fragments", \
  $s10 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 4, RM-P, 64 KB fragments", \
  $s11 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 4, RM-P, best fragment"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_10b_lanai4_rmp.svg"
plot \
  $s6 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, RM-P, 256 B fragments", \
  $s7 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 4, RM-P, 1 KB fragments", \
  $s8 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 4, RM-P, 4 KB fragments", \
  $s9 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 4, RM-P, 16 KB fragments", \
  $s10 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 4, RM-P, 64 KB fragments", \
  $s11 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 4, RM-P, best fragment"
unset output
