# Table 5.4: GRIM one-way time, P3-550 (dissertation: at 4 B)
# Written by myrisim for scenario table5_4; run "gnuplot table5_4_latency.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Table 5.4: GRIM one-way time, P3-550 (dissertation: at 4 B)" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "round trip / 2 (us)" noenhanced
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
4 24.0604
65536 911.924
524288 5705.25
2097152 22141.2
EOD
$r0 << EOD
4 16
EOD
$s1 << EOD
4 29.7623
65536 850.935
524288 7749.32
2097152 31061.3
EOD
$r1 << EOD
4 18
EOD
$s2 << EOD
4 26.1078
65536 774.667
524288 5555.31
2097152 22000.3
EOD
$r2 << EOD
4 14
EOD
$s3 << EOD
4 10.2605
65536 769.252
524288 5493.48
2097152 19758.8
EOD
$r3 << EOD
4 10
EOD
$s4 << EOD
4 10.9443
65536 775.939
524288 4940.01
2097152 19338.2
EOD
$r4 << EOD
4 10.5
EOD
$s5 << EOD
4 10.0716
65536 773.644
524288 4987.36
2097152 19130.9
EOD
$r5 << EOD
4 9.5
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "table5_4_latency.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P3-550, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P3-550, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P3-550, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P3-550, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P3-550, LANai 9, RM-P", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "P3-550, LANai 4, AM (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "P3-550, LANai 4, RM-V (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "P3-550, LANai 4, RM-P (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "P3-550, LANai 9, AM (dissertation)", \
  $r4 using 1:2 with points lc rgb "#E69F00" lw 2 pt 12 ps 2.6 title "P3-550, LANai 9, RM-V (dissertation)", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "P3-550, LANai 9, RM-P (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "table5_4_latency.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P3-550, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P3-550, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P3-550, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P3-550, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P3-550, LANai 9, RM-P", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "P3-550, LANai 4, AM (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "P3-550, LANai 4, RM-V (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "P3-550, LANai 4, RM-P (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "P3-550, LANai 9, AM (dissertation)", \
  $r4 using 1:2 with points lc rgb "#E69F00" lw 2 pt 12 ps 2.6 title "P3-550, LANai 9, RM-V (dissertation)", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "P3-550, LANai 9, RM-P (dissertation)"
unset output
