# Figure 5.13: GRIM bandwidth, P3-550
# Written by myrisim for scenario fig5_13; run "gnuplot fig5_13_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.13: GRIM bandwidth, P3-550" noenhanced
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
8 0.33217
16 0.664541
32 1.31793
64 2.6155
128 5.12513
256 8.41967
512 14.4789
1024 18.0965
2048 29.9804
4096 43.7314
8192 58.468
16384 71.5984
32768 58.848
65536 71.8657
131072 82.4166
262144 88.4031
524288 91.8958
1048576 93.7721
2097152 94.7172
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.134398
8 0.269076
16 0.537297
32 1.07315
64 2.14056
128 4.24755
256 7.47614
512 14.6793
1024 16.5761
2048 25.8777
4096 39.6177
8192 53.1211
16384 65.9799
32768 72.5653
65536 77.0165
131072 81.4806
262144 80.5713
524288 67.656
1048576 67.574
2097152 67.5165
EOD
$r1 << EOD
EOD
$s2 << EOD
4 0.153211
8 0.306785
16 0.611183
32 1.22305
64 2.43863
128 4.83201
256 8.36862
512 16.2154
1024 17.5186
2048 29.4305
4096 41.7818
8192 56.8195
16384 69.422
32768 78.1612
65536 84.599
131072 90.4555
262144 93.0022
524288 94.376
1048576 95.0039
2097152 95.3237
EOD
$r2 << EOD
2097152 96
EOD
$s3 << EOD
4 0.389845
8 0.782045
16 1.55689
32 3.0854
64 5.65161
128 9.77472
256 13.398
512 21.3394
1024 32.1819
2048 35.892
4096 42.6782
8192 46.8623
16384 51.0867
32768 69.6993
65536 85.1945
131072 68.0106
262144 84.1406
524288 95.4383
1048576 102.332
2097152 106.138
EOD
$r3 << EOD
EOD
$s4 << EOD
4 0.365487
8 0.715172
16 1.45976
32 2.90891
64 5.6101
128 9.71906
256 10.9192
512 19.6456
1024 25.7717
2048 34.872
4096 41.4394
8192 44.6901
16384 49.5656
32768 68.4699
65536 84.4603
131072 95.428
262144 102.288
524288 106.131
1048576 108.129
2097152 108.446
EOD
$r4 << EOD
EOD
$s5 << EOD
4 0.397157
8 0.80996
16 1.62111
32 3.1259
64 5.98191
128 10.364
256 12.8242
512 17.9495
1024 27.6985
2048 34.4868
4096 40.6305
8192 45.3407
16384 50.2534
32768 69.0113
65536 84.7108
131072 95.291
262144 101.702
524288 105.123
1048576 108.628
2097152 109.621
EOD
$r5 << EOD
2097152 116
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_13_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P3-550, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P3-550, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P3-550, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P3-550, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P3-550, LANai 9, RM-P", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "P3-550, LANai 4, RM-P (dissertation)", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "P3-550, LANai 9, RM-P (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_13_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P3-550, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P3-550, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P3-550, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P3-550, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P3-550, LANai 9, RM-P", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "P3-550, LANai 4, RM-P (dissertation)", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "P3-550, LANai 9, RM-P (dissertation)"
unset output
