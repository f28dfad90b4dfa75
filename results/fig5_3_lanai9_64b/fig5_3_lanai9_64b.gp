# Figure 5.3(b): TPIL host injection on the P4-1.7, LANai 9 in the 64b/66MHz slot
# Written by myrisim for scenario fig5_3_lanai9_64b; run "gnuplot fig5_3_lanai9_64b.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.3(b): TPIL host injection on the P4-1.7, LANai 9 in the 64b/66MHz slot" noenhanced
set xlabel "injection size (bytes)" noenhanced
set ylabel "injection rate (MB/s)" noenhanced
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
64 27.8867
128 36.6237
256 43.4266
512 47.8728
1024 50.4558
2048 51.8547
3072 52.3384
4096 52.5836
6144 52.8312
8192 52.9558
12288 53.0811
16384 53.1439
24576 53.2069
32768 53.2385
65536 53.2858
131072 53.3096
262144 53.3215
524288 53.3274
EOD
$r0 << EOD
EOD
$s1 << EOD
64 28.2561
128 36.9408
256 43.6488
512 48.0075
1024 50.5305
2048 51.8941
3072 52.3651
4096 52.6039
6144 52.8448
8192 52.9661
12288 53.0879
16384 53.1491
24576 53.2104
32768 53.241
65536 53.2871
131072 53.3102
262144 53.3218
524288 53.3276
EOD
$r1 << EOD
524288 53
EOD
$s2 << EOD
64 28.0702
128 36.7816
256 43.5374
512 47.9401
1024 50.4931
2048 51.8744
3072 52.3517
4096 52.5937
6144 52.838
8192 52.961
12288 53.0845
16384 53.1465
24576 53.2086
32768 53.2397
65536 53.2865
131072 53.3099
262144 53.3216
524288 53.3275
EOD
$r2 << EOD
524288 53
EOD
$s3 << EOD
64 11.485
128 22.1358
256 36.2735
512 53.2086
1024 69.5534
2048 89.2083
3072 99.4416
4096 108.124
6144 145.636
8192 159.899
12288 160.297
16384 163.992
24576 165.303
32768 166.956
65536 167.548
131072 170.512
262144 169.525
524288 169.157
EOD
$r3 << EOD
EOD
$s4 << EOD
64 11.2726
128 21.741
256 35.7417
512 52.7156
1024 69.5534
2048 89.2083
3072 99.4416
4096 108.124
6144 145.636
8192 159.899
12288 160.297
16384 163.992
24576 165.303
32768 166.956
65536 167.548
131072 191.716
262144 205.936
524288 213.877
EOD
$r4 << EOD
524288 213
EOD
$s5 << EOD
64 4.44985
128 8.82606
256 16.4129
512 28.7843
1024 46.1938
2048 70.7854
3072 86.749
4096 100.067
6144 137.688
8192 148.211
12288 166.239
16384 170.06
24576 175.873
32768 179.004
65536 183.823
131072 186.331
262144 187.611
524288 188.257
EOD
$r5 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_3_lanai9_64b.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "PIO, MMX (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "PIO, SSE (dissertation)", \
  $r4 using 1:2 with points lc rgb "#E69F00" lw 2 pt 12 ps 2.6 title "DMA, double-buffered (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_3_lanai9_64b.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "PIO, MMX (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "PIO, SSE (dissertation)", \
  $r4 using 1:2 with points lc rgb "#E69F00" lw 2 pt 12 ps 2.6 title "DMA, double-buffered (dissertation)"
unset output
