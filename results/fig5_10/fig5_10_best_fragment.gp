# Figure 5.10: best fragment size per message size
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10_best_fragment.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10: best fragment size per message size" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "best fragment (KB)" noenhanced
set key outside right top box noenhanced
set grid
set border 3
set tics nomirror
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set logscale x
set format x "%.0f"
set logscale y
$s5 << EOD
1024 2
4096 64
16384 4
65536 16
262144 16
EOD
$r5 << EOD
EOD
$s11 << EOD
1024 2
4096 2
16384 4
65536 16
262144 16
EOD
$r11 << EOD
EOD
$s17 << EOD
1024 2
4096 1
16384 2
65536 4
262144 16
EOD
$r17 << EOD
EOD
$s23 << EOD
1024 2
4096 2
16384 2
65536 4
262144 16
EOD
$r23 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10_best_fragment.png"
plot \
  $s5 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, AM, best fragment", \
  $s11 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "LANai 4, RM-P, best fragment", \
  $s17 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "LANai 9, AM, best fragment", \
  $s23 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "LANai 9, RM-P, best fragment"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_10_best_fragment.svg"
plot \
  $s5 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, AM, best fragment", \
  $s11 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "LANai 4, RM-P, best fragment", \
  $s17 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "LANai 9, AM, best fragment", \
  $s23 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "LANai 9, RM-P, best fragment"
unset output
