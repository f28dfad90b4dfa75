# Appendix A: on-card memory copy bandwidth
# Written by myrisim for scenario appendix_a_copy; run "gnuplot copy_bw.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Appendix A: on-card memory copy bandwidth" noenhanced
set xlabel "bytes copied" noenhanced
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
1024 18.6182
4096 18.7968
16384 18.842
65536 18.8534
262144 18.8562
EOD
$r0 << EOD
65536 19
EOD
$s1 << EOD
1024 65.6031
4096 66.2735
16384 66.4432
65536 66.4858
262144 66.4964
EOD
$r1 << EOD
65536 66
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "copy_bw.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4 (33 MHz)", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "LANai 9 (133 MHz)", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4 (33 MHz) (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 9 (133 MHz) (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "copy_bw.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4 (33 MHz)", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "LANai 9 (133 MHz)", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4 (33 MHz) (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 9 (133 MHz) (dissertation)"
unset output
