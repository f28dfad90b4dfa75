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
512 35.4055
1024 57.1009
2048 67.2232
4096 91.95
8192 136.107
16384 229.871
32768 558.847
65536 913.762
131072 1590.42
262144 2956.92
524288 5694.72
1048576 11177.5
2097152 22143.9
EOD
$r0 << EOD
EOD
$s1 << EOD
4 29.6532
8 29.6769
16 29.7242
32 29.7096
64 29.8442
128 30.0355
256 34.1427
512 35.3838
1024 60.5195
2048 78.7691
4096 103.148
8192 154.391
16384 252.387
32768 447.654
65536 845.466
131072 1600.04
262144 3237.42
524288 7720.81
1048576 15464.7
2097152 30956.3
EOD
$r1 << EOD
EOD
$s2 << EOD
4 25.9987
8 26.0224
16 26.0696
32 26.1097
64 26.1897
128 26.3755
256 30.5305
512 47.61
1024 58.4673
2048 70.3145
4096 98.0455
8192 146.941
16384 236.768
32768 419.225
65536 771.923
131072 1449.14
262144 2818.69
524288 5555.75
1048576 11036.2
2097152 22001
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
256 19.3309
512 23.9973
1024 31.8559
2048 57.06
4096 95.3277
8192 175.15
16384 324.495
32768 492.445
65536 827.528
131072 2055.78
262144 3389.82
524288 6059.72
1048576 11399.9
2097152 22078.5
EOD
$r3 << EOD
EOD
$s4 << EOD
4 10.8897
8 10.9134
16 10.9607
32 11.0007
64 11.408
128 13.125
256 23.0618
512 25.935
1024 39.3218
2048 59.4096
4096 99.6123
8192 183.721
16384 334.739
32768 499.615
65536 832.738
131072 1502.77
262144 2838.95
524288 5510.25
1048576 10858.6
2097152 21544.9
EOD
$r4 << EOD
EOD
$s5 << EOD
4 9.7443
8 9.82249
16 9.86977
32 10.2371
64 10.3716
128 12.09
256 20.5023
512 28.0105
1024 35.5677
2048 58.6814
4096 100.098
8192 177.881
16384 330.187
32768 496.372
65536 831.008
131072 1505.41
262144 2854.77
524288 5547.23
1048576 10803.3
2097152 21447.3
EOD
$r5 << EOD
4 9.5
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_13_latency.png"
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
set output "fig5_13_latency.svg"
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
