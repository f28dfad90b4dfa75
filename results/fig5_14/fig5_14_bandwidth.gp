# Figure 5.14 (prediction): GRIM bandwidth, P4-1.7
# Written by myrisim for scenario fig5_14; run "gnuplot fig5_14_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.14 (prediction): GRIM bandwidth, P4-1.7" noenhanced
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
4 0.166156
8 0.332242
16 0.663719
32 1.31765
64 2.61387
128 4.9611
256 9.60226
512 14.8729
1024 19.116
2048 30.993
4096 43.8148
8192 58.883
16384 72.0655
32768 75.3722
65536 83.6887
131072 89.7376
262144 93.0373
524288 94.8585
1048576 95.7079
2097152 96.1801
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.134429
8 0.268813
16 0.536807
32 1.07352
64 2.13908
128 4.25664
256 8.40111
512 12.7414
1024 16.5783
2048 25.9462
4096 39.7772
8192 54.0182
16384 66.5129
32768 72.9567
65536 78.0609
131072 81.8233
262144 81.1015
524288 67.8448
1048576 67.7217
2097152 67.6166
EOD
$r1 << EOD
EOD
$s2 << EOD
4 0.153138
8 0.306217
16 0.611373
32 1.22345
64 2.43657
128 4.83876
256 9.52971
512 16.401
1024 17.5456
2048 29.3754
4096 42.5853
8192 58.4806
16384 72.1052
32768 79.1589
65536 85.5202
131072 91.0425
262144 93.8159
524288 95.2937
1048576 95.8982
2097152 96.2745
EOD
$r2 << EOD
EOD
$s3 << EOD
4 0.443136
8 0.885378
16 1.77116
32 3.53016
64 7.05307
128 11.8084
256 11.2807
512 18.8775
1024 28.094
2048 40.386
4096 59.5424
8192 69.479
16384 77.1925
32768 103.473
65536 125.272
131072 126.515
262144 140.107
524288 148.225
1048576 152.733
2097152 155.088
EOD
$r3 << EOD
EOD
$s4 << EOD
4 0.357819
8 0.716184
16 1.43264
32 2.8573
64 5.83854
128 9.93313
256 8.6545
512 16.7159
1024 24.1368
2048 36.9785
4096 56.242
8192 66.3311
16384 75.8066
32768 102.4
65536 123.65
131072 137.972
262144 147.048
524288 152.159
1048576 154.762
2097152 156.138
EOD
$r4 << EOD
EOD
$s5 << EOD
4 0.411024
8 0.82277
16 1.64291
32 3.28127
64 6.54444
128 11.1211
256 9.41961
512 16.5335
1024 24.586
2048 37.5128
4096 56.1838
8192 66.9631
16384 76.1491
32768 102.457
65536 124.498
131072 138.498
262144 147.295
524288 152.074
1048576 154.803
2097152 156.148
EOD
$r5 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_14_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P4-1.7, LANai 9, RM-P"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_14_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P4-1.7, LANai 9, RM-P"
unset output
