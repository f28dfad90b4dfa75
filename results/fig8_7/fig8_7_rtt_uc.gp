# Figure 8.7: unicast-copies round trip
# Written by myrisim for scenario fig8_7; run "gnuplot fig8_7_rtt_uc.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.7: unicast-copies round trip" noenhanced
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
set yrange [0:*]
$s0 << EOD
4 113.313
1024 136.228
4096 237.937
16384 618.289
65536 2157.21
EOD
$r0 << EOD
EOD
$s1 << EOD
4 275.092
1024 305.003
4096 461.426
16384 1291.32
65536 4872.42
EOD
$r1 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_7_rtt_uc.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "4 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "8 hosts"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_7_rtt_uc.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "4 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "8 hosts"
unset output
