# Figure 5.13: GRIM one-way time, P3-550
# Written by myrisim for scenario fig5_13; run "gnuplot fig5_13_latency.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.13: GRIM one-way time, P3-550" noenhanced
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
8 24.084
16 24.0768
32 24.2804
64 24.4695
128 24.975
256 30.405
512 35.3619
1024 56.5855
2048 68.3114
4096 93.6628
8192 140.111
16384 228.832
32768 556.824
65536 911.924
131072 1590.36
262144 2965.33
524288 5705.25
1048576 11182.2
2097152 22141.2
EOD
$r0 << EOD
EOD
$s1 << EOD
4 29.7623
8 29.7314
16 29.7787
32 29.8187
64 29.8988
128 30.135
256 34.2423
512 34.879
1024 61.7755
2048 79.1414
4096 103.388
8192 154.214
16384 248.318
32768 451.565
65536 850.935
131072 1608.63
262144 3253.57
524288 7749.32
1048576 15517.4
2097152 31061.3
EOD
$r1 << EOD
EOD
$s2 << EOD
4 26.1078
8 26.0769
16 26.1787
32 26.1642
64 26.2442
128 26.49
256 30.5905
512 31.575
1024 58.4523
2048 69.5877
4096 98.0332
8192 144.176
16384 236.006
32768 419.236
65536 774.667
131072 1449.02
262144 2818.69
524288 5555.31
1048576 11037.2
2097152 22000.3
EOD
$r2 << EOD
4 14
EOD
$s3 << EOD
4 10.2605
8 10.2296
16 10.2769
32 10.3714
64 11.3242
128 13.095
256 19.1073
512 23.9931
1024 31.8191
2048 57.06
4096 95.9741
8192 174.81
16384 320.71
32768 470.134
65536 769.252
131072 1927.23
262144 3115.55
524288 5493.48
1048576 10246.8
2097152 19758.8
EOD
$r3 << EOD
EOD
$s4 << EOD
4 10.9443
8 11.1861
16 10.9607
32 11.0007
64 11.408
128 13.17
256 23.445
512 26.0619
1024 39.7336
2048 58.7291
4096 98.8432
8192 183.307
16384 330.552
32768 478.575
65536 775.939
131072 1373.52
262144 2562.81
524288 4940.01
1048576 9697.47
2097152 19338.2
EOD
$r4 << EOD
EOD
$s5 << EOD
4 10.0716
8 9.87703
16 9.86977
32 10.2371
64 10.6989
128 12.3505
256 19.9623
512 28.5245
1024 36.9695
2048 59.385
4096 100.811
8192 180.676
16384 326.028
32768 474.821
65536 773.644
131072 1375.49
262144 2577.57
524288 4987.36
1048576 9652.89
2097152 19130.9
EOD
$r5 << EOD
4 9.5
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_13_latency.png"
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
set output "fig5_13_latency.svg"
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
