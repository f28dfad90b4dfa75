# Figure 8.8: multicast round trip by subscription size
# Written by myrisim for scenario fig8_8; run "gnuplot fig8_8_rtt.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.8: multicast round trip by subscription size" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "round trip (us)" noenhanced
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
4 116.655
1024 194.409
4096 467.439
16384 1551.4
65536 4948.77
EOD
$r0 << EOD
EOD
$s1 << EOD
4 131.021
1024 211.802
4096 506.562
16384 1681.29
65536 5376.69
EOD
$r1 << EOD
EOD
$s2 << EOD
4 165.01
1024 310.046
4096 793.128
16384 2730.19
65536 7343.78
EOD
$r2 << EOD
EOD
$s3 << EOD
4 181.811
1024 330.279
4096 834.007
16384 2869.93
65536 7526.02
EOD
$r3 << EOD
EOD
$s4 << EOD
4 210.436
1024 358.911
4096 850.141
16384 2884.78
65536 8228.53
EOD
$r4 << EOD
EOD
$s5 << EOD
4 228.12
1024 376.616
4096 871.834
16384 3001
65536 8613.35
EOD
$r5 << EOD
EOD
$s6 << EOD
4 246.756
1024 427.189
4096 1123.1
16384 3919.96
65536 9521.01
EOD
$r6 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_8_rtt.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "2 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.25 pt 5 ps 1.58 title "3 hosts", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 3.00 pt 9 ps 1.47 title "4 hosts", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.75 pt 11 ps 1.35 title "5 hosts", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.50 pt 13 ps 1.23 title "6 hosts", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.25 pt 15 ps 1.12 title "7 hosts", \
  $s6 using 1:2 with linespoints lc rgb "#56B4E9" dt 1 lw 2.00 pt 7 ps 1.00 title "8 hosts"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_8_rtt.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "2 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.25 pt 5 ps 1.58 title "3 hosts", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 3.00 pt 9 ps 1.47 title "4 hosts", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.75 pt 11 ps 1.35 title "5 hosts", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.50 pt 13 ps 1.23 title "6 hosts", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.25 pt 15 ps 1.12 title "7 hosts", \
  $s6 using 1:2 with linespoints lc rgb "#56B4E9" dt 1 lw 2.00 pt 7 ps 1.00 title "8 hosts"
unset output
