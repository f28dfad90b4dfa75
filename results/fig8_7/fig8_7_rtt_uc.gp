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
4 113.913
1024 136.871
4096 238.368
16384 619.495
65536 2158.38
EOD
$r0 << EOD
EOD
$s1 << EOD
4 277.633
1024 302.628
4096 462.476
16384 1308.44
65536 4874.05
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
