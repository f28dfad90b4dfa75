# Figure 5.10(c): bandwidth per fragment size, LANai 9, AM, P3-550
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10c_lanai9_am.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10(c): bandwidth per fragment size, LANai 9, AM, P3-550" noenhanced
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
$s12 << EOD
1024 21.0859
4096 25.6143
16384 26.9796
65536 27.3625
262144 27.4494
EOD
$r12 << EOD
EOD
$s13 << EOD
1024 29.8535
4096 42.7883
16384 54.7415
65536 58.8584
262144 59.9766
EOD
$r13 << EOD
EOD
$s14 << EOD
1024 29.8535
4096 37.2533
16384 58.9132
65536 81.1587
262144 89.5815
EOD
$r14 << EOD
EOD
$s15 << EOD
1024 29.8535
4096 37.2533
16384 40.922
65536 66.0561
262144 93.7835
EOD
$r15 << EOD
EOD
$s16 << EOD
1024 29.8535
4096 37.2533
16384 40.922
65536 43.5378
262144 68.7472
EOD
$r16 << EOD
EOD
$s17 << EOD
1024 29.8677
4096 42.7883
16384 62.2236
65536 83.4901
262144 93.8196
EOD
$r17 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10c_lanai9_am.png"
plot \
  $s12 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 9, AM, 256 B fragments", \
  $s13 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 9, AM, 1 KB fragments", \
  $s14 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 9, AM, 4 KB fragments", \
  $s15 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 9, AM, 16 KB fragments", \
  $s16 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 9, AM, 64 KB fragments", \
  $s17 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 9, AM, best fragment"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_10c_lanai9_am.svg"
plot \
  $s12 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 9, AM, 256 B fragments", \
  $s13 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 9, AM, 1 KB fragments", \
  $s14 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 9, AM, 4 KB fragments", \
  $s15 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 9, AM, 16 KB fragments", \
  $s16 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 9, AM, 64 KB fragments", \
  $s17 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 9, AM, best fragment"
unset output
