# Figure 4.10: time to scan N empty logical channels
# Written by myrisim for scenario fig4_10; run "gnuplot fig4_10_scan.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 4.10: time to scan N empty logical channels" noenhanced
set xlabel "logical channels" noenhanced
set ylabel "scan time (us)" noenhanced
set key outside right top box noenhanced
set grid
set border 3
set tics nomirror
set autoscale xfix
set offsets graph 0.04, graph 0.04, 0, 0
set yrange [0:*]
$s0 << EOD
1 0.483141
2 0.844444
4 1.57576
8 3.03066
16 5.94068
24 8.84848
32 11.2885
EOD
$r0 << EOD
1 1
8 5.5
16 9
32 18
EOD
$s1 << EOD
1 0.165007
2 0.277304
4 0.502577
8 0.951256
16 1.85719
24 2.7594
32 3.6153
EOD
$r1 << EOD
1 0.5
8 1.5
16 3
32 6
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig4_10_scan.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "LANai 9", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4 (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 9 (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig4_10_scan.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "LANai 9", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4 (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 9 (dissertation)"
unset output
