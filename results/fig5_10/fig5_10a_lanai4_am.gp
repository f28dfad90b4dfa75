# Figure 5.10(a): bandwidth per fragment size, LANai 4, AM, P3-550
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10a_lanai4_am.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10(a): bandwidth per fragment size, LANai 4, AM, P3-550" noenhanced
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
1024 11.2477
4096 11.1252
16384 11.0589
65536 11.0463
262144 11.0445
EOD
$r0 << EOD
EOD
$s1 << EOD
1024 18.2727
4096 27.9894
16384 31.7514
65536 32.7973
262144 33.1207
EOD
$r1 << EOD
EOD
$s2 << EOD
1024 18.2727
4096 31.4689
16384 48.0534
65536 59.6014
262144 63.2511
EOD
$r2 << EOD
EOD
$s3 << EOD
1024 18.2727
4096 31.4689
16384 37.1837
65536 61.4744
262144 87.072
EOD
$r3 << EOD
EOD
$s4 << EOD
1024 18.2727
4096 31.4689
16384 37.1837
65536 40.9199
262144 66.7959
EOD
$r4 << EOD
EOD
$s5 << EOD
1024 18.2909
4096 31.1158
16384 47.8788
65536 61.4843
262144 87.0765
EOD
$r5 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10a_lanai4_am.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, AM, 256 B fragments", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 4, AM, 1 KB fragments", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 4, AM, 4 KB fragments", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 4, AM, 16 KB fragments", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 4, AM, 64 KB fragments", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 4, AM, best fragment"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_10a_lanai4_am.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, AM, 256 B fragments", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "LANai 4, AM, 1 KB fragments", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "LANai 4, AM, 4 KB fragments", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "LANai 4, AM, 16 KB fragments", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "LANai 4, AM, 64 KB fragments", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "LANai 4, AM, best fragment"
unset output
