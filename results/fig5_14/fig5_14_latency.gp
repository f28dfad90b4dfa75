# Figure 5.14 (prediction): GRIM one-way time, P4-1.7
# Written by myrisim for scenario fig5_14; run "gnuplot fig5_14_latency.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.14 (prediction): GRIM one-way time, P4-1.7" noenhanced
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
4 24.0738
8 24.0788
16 24.1066
32 24.2856
64 24.4848
128 25.8008
256 26.6604
512 34.425
1024 53.5676
2048 66.0794
4096 93.4844
8192 139.123
16384 227.349
32768 434.749
65536 783.093
131072 1460.61
262144 2817.62
524288 5527.05
1048576 10956
2097152 21804.4
EOD
$r0 << EOD
EOD
$s1 << EOD
4 29.7555
8 29.7605
16 29.8059
32 29.8084
64 29.9194
128 30.0707
256 30.4722
512 40.1841
1024 61.7674
2048 78.9326
4096 102.974
8192 151.653
16384 246.328
32768 449.143
65536 839.55
131072 1601.89
262144 3232.3
524288 7727.75
1048576 15483.6
2097152 31015.3
EOD
$r1 << EOD
EOD
$s2 << EOD
4 26.1202
8 26.1252
16 26.1706
32 26.1555
64 26.2664
128 26.453
256 26.8633
512 31.2177
1024 58.3624
2048 69.7182
4096 96.1835
8192 140.081
16384 227.224
32768 413.952
65536 766.322
131072 1439.68
262144 2794.24
524288 5501.81
1048576 10934.3
2097152 21783
EOD
$r2 << EOD
EOD
$s3 << EOD
4 9.02658
8 9.03569
16 9.03361
32 9.06474
64 9.07407
128 10.8398
256 22.6937
512 27.1222
1024 36.4491
2048 50.7106
4096 68.7913
8192 117.906
16384 212.249
32768 316.683
65536 523.148
131072 1036.02
262144 1871.03
524288 3537.12
1048576 6865.4
2097152 13522.3
EOD
$r3 << EOD
EOD
$s4 << EOD
4 11.1789
8 11.1703
16 11.1682
32 11.1994
64 10.9616
128 12.8862
256 29.58
512 30.6296
1024 42.4249
2048 55.3835
4096 72.8281
8192 123.502
16384 216.129
32768 319.999
65536 530.01
131072 949.99
262144 1782.71
524288 3445.66
1048576 6775.42
2097152 13431.4
EOD
$r4 << EOD
EOD
$s5 << EOD
4 9.7318
8 9.72326
16 9.73882
32 9.75231
64 9.77929
128 11.5097
256 27.1774
512 30.9675
1024 41.6497
2048 54.5947
4096 72.9035
8192 122.336
16384 215.157
32768 319.823
65536 526.403
131072 946.383
262144 1779.72
524288 3447.57
1048576 6773.63
2097152 13430.6
EOD
$r5 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_14_latency.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P4-1.7, LANai 9, RM-P"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_14_latency.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "P4-1.7, LANai 9, RM-P"
unset output
