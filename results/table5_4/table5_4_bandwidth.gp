# Table 5.4: GRIM bandwidth, P3-550 (dissertation: at 2 MB)
# Written by myrisim for scenario table5_4; run "gnuplot table5_4_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Table 5.4: GRIM bandwidth, P3-550 (dissertation: at 2 MB)" noenhanced
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
4 0.166248
65536 71.8657
524288 91.8958
2097152 94.7172
EOD
$r0 << EOD
2097152 87
EOD
$s1 << EOD
4 0.134398
65536 77.0165
524288 67.656
2097152 67.5165
EOD
$r1 << EOD
2097152 66
EOD
$s2 << EOD
4 0.153211
65536 84.599
524288 94.376
2097152 95.3237
EOD
$r2 << EOD
2097152 96
EOD
$s3 << EOD
4 0.389845
65536 85.1945
524288 95.4383
2097152 106.138
EOD
$r3 << EOD
2097152 102
EOD
$s4 << EOD
4 0.365487
65536 84.4603
524288 106.131
2097152 108.446
EOD
$r4 << EOD
2097152 69
EOD
$s5 << EOD
4 0.397157
65536 84.7108
524288 105.123
2097152 109.621
EOD
$r5 << EOD
2097152 116
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "table5_4_bandwidth.png"
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
set output "table5_4_bandwidth.svg"
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
