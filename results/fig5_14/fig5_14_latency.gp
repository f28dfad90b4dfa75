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
512 31.2351
1024 56.4095
2048 65.8871
4096 93.1835
8192 139.01
16384 226.846
32768 435.539
65536 784.203
131072 1458.96
262144 2820.06
524288 5527.27
1048576 10956.2
2097152 21801.1
EOD
$r0 << EOD
EOD
$s1 << EOD
4 29.6672
8 29.7076
16 29.7177
32 29.7555
64 29.8311
128 29.9824
256 31.2308
512 50.7997
1024 60.555
2048 77.5729
4096 101.97
8192 150.226
16384 245.902
32768 447.468
65536 835.481
131072 1600.21
262144 3210.13
524288 7713.25
1048576 15466.6
2097152 30956.1
EOD
$r1 << EOD
EOD
$s2 << EOD
4 26.0319
8 26.037
16 26.1
32 26.1202
64 26.2311
128 26.3648
256 26.7856
512 47.6323
1024 58.4021
2048 68.3462
4096 97.7144
8192 143.67
16384 235.583
32768 415.806
65536 763.373
131072 1434.2
262144 2792.27
524288 5501.47
1048576 10928.1
2097152 21782.4
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
256 23.3056
512 27.135
1024 36.4178
2048 50.7432
4096 68.6854
8192 118.544
16384 214.317
32768 319.292
65536 525.607
131072 1032.58
262144 1867.98
524288 3535.53
1048576 6853.18
2097152 13480
EOD
$r3 << EOD
EOD
$s4 << EOD
4 10.8789
8 10.8703
16 10.9035
32 10.8994
64 10.9263
128 12.4097
256 29.4724
512 30.5074
1024 41.0665
2048 55.1047
4096 72.3882
8192 123.18
16384 220.622
32768 324.233
65536 531.58
131072 948.745
262144 1783.26
524288 3447.36
1048576 6764.01
2097152 13386.3
EOD
$r4 << EOD
EOD
$s5 << EOD
4 9.71415
8 9.70561
16 9.70353
32 9.71702
64 9.76164
128 11.245
256 26.764
512 30.4875
1024 41.4424
2048 54.0993
4096 72.4231
8192 123.945
16384 220.149
32768 322.448
65536 529.019
131072 946.159
262144 1781.12
524288 3447.49
1048576 6755.68
2097152 13378.4
EOD
$r5 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_14_latency.png"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-P"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_14_latency.svg"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, AM", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-V", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 4, RM-P", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, AM", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-V", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "P4-1.7, LANai 9, RM-P"
unset output
