# Figure 8.7: multicast round trip
# Written by myrisim for scenario fig8_7; run "gnuplot fig8_7_rtt_mc.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.7: multicast round trip" noenhanced
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
4 133.244
1024 215.329
4096 510.443
16384 1686.69
65536 5352.38
EOD
$r0 << EOD
EOD
$s1 << EOD
4 233.978
1024 382.078
4096 879.506
16384 3008.25
65536 8604.78
EOD
$r1 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_7_rtt_mc.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "4 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "8 hosts"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_7_rtt_mc.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "4 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "8 hosts"
unset output
