# Figure 5.4: best TPIL injection rate, LANai 9
# Written by myrisim for scenario fig5_4; run "gnuplot fig5_4.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.4: best TPIL injection rate, LANai 9" noenhanced
set xlabel "injection size (bytes)" noenhanced
set ylabel "best injection rate (MB/s)" noenhanced
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
64 14.0351
128 17.2043
256 19.3939
512 20.712
1024 21.4405
2048 24.5884
3072 27.2193
4096 31.2287
6144 37.1797
8192 40.7966
12288 43.748
16384 45.0678
24576 46.6921
32768 47.549
65536 48.895
131072 49.597
262144 49.9556
524288 51.5176
EOD
$r0 << EOD
EOD
$s1 << EOD
64 34.9727
128 51.4056
256 67.1916
512 79.3798
1024 87.2975
2048 91.8798
3072 93.516
4096 94.3561
6144 95.2115
8192 95.6451
12288 98.2264
16384 101.898
24576 105.121
32768 107.758
65536 110.943
131072 112.511
262144 113.484
524288 113.903
EOD
$r1 << EOD
EOD
$s2 << EOD
64 35.5556
128 52.6749
256 69.3767
512 82.4477
1024 91.0222
2048 96.015
3072 97.8032
4096 98.7226
6144 99.6594
8192 100.134
12288 100.614
16384 100.856
24576 101.098
32768 101.22
65536 101.403
131072 101.495
262144 101.541
524288 101.564
EOD
$r2 << EOD
EOD
$s3 << EOD
64 28.2561
128 36.9408
256 43.6488
512 53.2086
1024 69.5534
2048 89.2083
3072 99.4416
4096 108.124
6144 145.636
8192 159.899
12288 166.239
16384 170.06
24576 175.873
32768 179.004
65536 183.823
131072 191.716
262144 205.936
524288 213.877
EOD
$r3 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_4.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PPro-200", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, 32b PCI", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, 64b PCI"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_4.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PPro-200", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, 32b PCI", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, 64b PCI"
unset output
