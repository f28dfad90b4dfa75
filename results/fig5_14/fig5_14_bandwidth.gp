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
512 16.3918
1024 18.153
2048 31.0835
4096 43.9563
8192 58.9309
16384 72.2252
32768 75.2355
65536 83.5702
131072 89.8396
262144 92.957
524288 94.8547
1048576 95.7064
2097152 96.195
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.134829
8 0.269292
16 0.538401
32 1.07543
64 2.14541
128 4.26917
256 8.19704
512 10.0788
1024 16.9102
2048 26.401
4096 40.1686
8192 54.5312
16384 66.6282
32768 73.2299
65536 78.441
131072 81.9094
262144 81.6616
524288 67.9724
1048576 67.7963
2097152 67.746
EOD
$r1 << EOD
EOD
$s2 << EOD
4 0.153657
8 0.307255
16 0.613026
32 1.22511
64 2.43985
128 4.85496
256 9.55738
512 10.749
1024 17.5336
2048 29.9651
4096 41.9181
8192 57.0196
16384 69.5466
32768 78.806
65536 85.8506
131072 91.3901
262144 93.8822
524288 95.2996
1048576 95.9523
2097152 96.2775
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
256 10.9845
512 18.8686
1024 28.1181
2048 40.3601
4096 59.6342
8192 69.1051
16384 76.4474
32768 102.627
65536 124.686
131072 126.936
262144 140.335
524288 148.291
1048576 153.006
2097152 155.575
EOD
$r3 << EOD
EOD
$s4 << EOD
4 0.367686
8 0.735949
16 1.46742
32 2.93595
64 5.8574
128 10.3145
256 8.68611
512 16.7828
1024 24.9352
2048 37.1656
4096 56.5838
8192 66.5043
16384 74.2627
32768 101.063
65536 123.285
131072 138.153
262144 147.003
524288 152.084
1048576 155.023
2097152 156.664
EOD
$r4 << EOD
EOD
$s5 << EOD
4 0.411771
8 0.824266
16 1.64888
32 3.29319
64 6.55628
128 11.3828
256 9.5651
512 16.7938
1024 24.709
2048 37.8563
4096 56.5565
8192 66.0936
16384 74.4222
32768 101.622
65536 123.882
131072 138.531
262144 147.179
524288 152.078
1048576 155.214
2097152 156.756
EOD
$r5 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_14_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-P"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_14_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-P"
unset output
