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
512 14.461
1024 17.9332
2048 30.4657
4096 44.5459
8192 60.1878
16384 71.2748
32768 58.635
65536 71.7211
131072 82.4137
262144 88.6545
524288 92.0657
1048576 93.8114
2097152 94.7056
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.134893
8 0.26957
16 0.538283
32 1.07709
64 2.14447
128 4.26163
256 7.49794
512 14.4699
1024 16.9202
2048 26
4096 39.7099
8192 53.0601
16384 64.9161
32768 73.1993
65536 77.5147
131072 81.9179
262144 80.9731
524288 67.9058
1048576 67.8045
2097152 67.7456
EOD
$r1 << EOD
EOD
$s2 << EOD
4 0.153854
8 0.307428
16 0.613741
32 1.2256
64 2.44371
128 4.853
256 8.38507
512 10.754
1024 17.5141
2048 29.1263
4096 41.7765
8192 55.7501
16384 69.1985
32768 78.1632
65536 84.8996
131072 90.4483
262144 93.0022
524288 94.3685
1048576 95.012
2097152 95.3206
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
256 13.243
512 21.3358
1024 32.1447
2048 35.892
4096 42.9676
8192 46.7715
16384 50.4908
32768 66.5415
65536 79.1949
131072 63.7578
262144 77.3328
524288 86.5202
1048576 91.9809
2097152 94.9862
EOD
$r3 << EOD
EOD
$s4 << EOD
4 0.367318
8 0.733044
16 1.45976
32 2.90891
64 5.6101
128 9.75238
256 11.1006
512 19.7417
1024 26.0415
2048 34.4726
4096 41.1194
8192 44.5893
16384 48.9456
32768 65.5866
65536 78.6994
131072 87.2201
262144 92.3385
524288 95.1478
1048576 96.5664
2097152 97.3388
EOD
$r4 << EOD
EOD
$s5 << EOD
4 0.410496
8 0.814457
16 1.62111
32 3.1259
64 6.17067
128 10.5873
256 12.4864
512 18.2789
1024 28.7901
2048 34.9004
4096 40.92
8192 46.0533
16384 49.6204
32768 66.015
65536 78.8632
131072 87.0675
262144 91.8268
524288 94.5134
1048576 97.061
2097152 97.7817
EOD
$r5 << EOD
2097152 116
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_13_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "P3-550, LANai 4, AM", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "P3-550, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "P3-550, LANai 4, RM-P", \
  $r2 using 1:2 with points lt 3 lw 2 pt 6 ps 2.5 title "P3-550, LANai 4, RM-P (dissertation)", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "P3-550, LANai 9, AM", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "P3-550, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "P3-550, LANai 9, RM-P", \
  $r5 using 1:2 with points lt 6 lw 2 pt 6 ps 2.5 title "P3-550, LANai 9, RM-P (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_13_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "P3-550, LANai 4, AM", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "P3-550, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "P3-550, LANai 4, RM-P", \
  $r2 using 1:2 with points lt 3 lw 2 pt 6 ps 2.5 title "P3-550, LANai 4, RM-P (dissertation)", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "P3-550, LANai 9, AM", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "P3-550, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "P3-550, LANai 9, RM-P", \
  $r5 using 1:2 with points lt 6 lw 2 pt 6 ps 2.5 title "P3-550, LANai 9, RM-P (dissertation)"
unset output
