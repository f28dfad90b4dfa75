# Figure 4.6: average injection overhead per null message
# Written by myrisim for scenario fig4_6; run "gnuplot fig4_6_overhead.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 4.6: average injection overhead per null message" noenhanced
set xlabel "burst size (messages)" noenhanced
set ylabel "injection overhead (us)" noenhanced
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
1 1.0233
2 1.0233
5 14.146
10 25.7843
20 31.5271
50 35.0557
100 36.1476
200 36.7262
500 37.0956
1000 37.2083
2000 37.2655
5000 37.299
10000 37.2667
EOD
$r0 << EOD
EOD
$s1 << EOD
1 1.0233
2 1.0233
5 1.0233
10 1.0233
20 9.07334
50 26.0677
100 31.6753
200 34.5065
500 36.2418
1000 36.9162
2000 37.0408
5000 37.21
10000 37.2762
EOD
$r1 << EOD
EOD
$s2 << EOD
1 1.0233
2 1.0233
5 1.0233
10 1.0233
20 1.0233
50 1.0233
100 13.7712
200 25.5528
500 32.6524
1000 34.9754
2000 36.1481
5000 36.8534
10000 37.0269
EOD
$r2 << EOD
EOD
$s3 << EOD
1 1.0233
2 1.0233
5 1.0233
10 1.0233
20 1.0233
50 1.0233
100 1.0233
200 1.0233
500 18.3044
1000 27.8142
2000 32.5881
5000 35.4601
10000 36.3636
EOD
$r3 << EOD
EOD
$s4 << EOD
1 1.0233
2 1.0233
5 1.0233
10 1.0233
20 1.0233
50 1.0233
100 1.0233
200 1.0233
500 1.0233
1000 1.0233
2000 1.0233
5000 1.02356
10000 1.02343
EOD
$r4 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig4_6_overhead.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "4 outstanding", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.12 pt 5 ps 1.52 title "16 outstanding", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.75 pt 9 ps 1.35 title "64 outstanding", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.38 pt 11 ps 1.18 title "256 outstanding", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.00 pt 13 ps 1.00 title "no injection policing"
set terminal svg size 1080,600 font "Sans,11"
set output "fig4_6_overhead.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "4 outstanding", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.12 pt 5 ps 1.52 title "16 outstanding", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.75 pt 9 ps 1.35 title "64 outstanding", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.38 pt 11 ps 1.18 title "256 outstanding", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.00 pt 13 ps 1.00 title "no injection policing"
unset output
