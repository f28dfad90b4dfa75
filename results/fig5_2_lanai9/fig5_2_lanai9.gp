# Figure 5.2(b): TPIL host injection on the P3-550, LANai 9
# Written by myrisim for scenario fig5_2_lanai9; run "gnuplot fig5_2_lanai9.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.2(b): TPIL host injection on the P3-550, LANai 9" noenhanced
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
64 25.3968
128 35.5556
256 43.9863
512 50.1961
1024 53.8381
2048 55.9563
3072 56.6685
4096 57.0315
6144 57.4152
8192 57.609
12288 57.796
16384 57.8899
24576 57.9882
32768 58.0375
65536 58.1086
131072 58.1457
262144 58.1635
524288 58.1728
EOD
$r0 << EOD
EOD
$s1 << EOD
64 30.4762
128 46.3768
256 60.9524
512 73.5632
1024 81.2698
2048 86.1953
3072 87.8216
4096 88.658
6144 89.5888
8192 90.0616
12288 90.4993
16384 90.7198
24576 90.9616
32768 91.0829
65536 91.2503
131072 91.3419
262144 91.384
524288 91.4069
EOD
$r1 << EOD
EOD
$s2 << EOD
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
12288 96.0826
16384 96.3028
24576 96.5241
32768 96.6351
65536 96.8021
131072 96.8858
262144 96.9277
524288 96.9487
EOD
$r2 << EOD
EOD
$s3 << EOD
64 9.27704
128 16.1032
256 24.3144
512 33.7314
1024 43.6511
2048 51.1377
3072 54.2385
4096 56.3266
6144 57.9684
8192 58.8638
12288 59.6132
16384 60.1074
24576 60.6054
32768 60.7457
65536 61.0991
131072 61.2773
262144 61.2699
524288 61.2699
EOD
$r3 << EOD
EOD
$s4 << EOD
64 9.27704
128 16.1032
256 24.3144
512 33.7314
1024 43.6511
2048 51.1377
3072 54.2385
4096 56.3266
6144 57.9684
8192 58.8638
12288 59.6132
16384 60.1074
24576 60.6054
32768 60.7457
65536 61.0991
131072 79.6418
262144 93.8404
524288 103.024
EOD
$r4 << EOD
EOD
$s5 << EOD
64 2.79004
128 5.46571
256 10.2858
512 18.7417
1024 32.864
2048 52.7308
3072 66.0379
4096 76.2916
6144 82.438
8192 91.0134
12288 98.2264
16384 101.898
24576 105.121
32768 107.758
65536 110.943
131072 112.511
262144 113.484
524288 113.903
EOD
$r5 << EOD
524288 119
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_2_lanai9.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "DMA, zero-copy (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_2_lanai9.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "DMA, zero-copy (dissertation)"
unset output
