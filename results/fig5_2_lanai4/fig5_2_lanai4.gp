# Figure 5.2(a): TPIL host injection on the P3-550, LANai 4
# Written by myrisim for scenario fig5_2_lanai4; run "gnuplot fig5_2_lanai4.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.2(a): TPIL host injection on the P3-550, LANai 4" noenhanced
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
64 24.8062
128 34.9727
256 43.5374
512 49.9025
1024 53.6688
2048 55.8647
3072 56.6059
4096 56.9839
6144 57.383
8192 57.5847
12288 57.7797
16384 57.8776
24576 57.98
32768 58.0314
65536 58.1055
131072 58.1441
262144 58.1627
524288 58.1724
EOD
$r0 << EOD
EOD
$s1 << EOD
64 29.6296
128 45.3901
256 60.0939
512 72.9345
1024 80.8847
2048 85.9782
3072 87.6712
4096 88.543
6144 89.5105
8192 90.0022
12288 90.4594
16384 90.6897
24576 90.9414
32768 91.0678
65536 91.2427
131072 91.3381
262144 91.382
524288 91.4059
EOD
$r1 << EOD
EOD
$s2 << EOD
64 33.8624
128 50.1961
256 66.1499
512 78.6482
1024 86.8533
2048 91.6331
3072 93.3455
4096 94.2259
6144 95.1231
8192 95.5781
12288 96.0375
16384 96.2689
24576 96.5014
32768 96.618
65536 96.7935
131072 96.8815
262144 96.9256
524288 96.9476
EOD
$r2 << EOD
EOD
$s3 << EOD
64 9.83292
128 17.7071
256 25.9405
512 35.1196
1024 44.7381
2048 51.876
3072 54.7899
4096 56.3964
6144 58.2321
8192 59.0803
12288 59.9097
16384 60.2334
24576 60.5605
32768 60.7965
65536 61.1469
131072 61.2747
262144 61.2747
524288 61.2747
EOD
$r3 << EOD
EOD
$s4 << EOD
64 10.308
128 17.7071
256 25.9405
512 35.1196
1024 44.7381
2048 51.876
3072 54.7899
4096 56.3964
6144 58.2321
8192 59.0803
12288 59.9097
16384 60.2334
24576 60.5605
32768 60.7965
65536 61.1469
131072 79.6796
262144 93.8928
524288 103.087
EOD
$r4 << EOD
EOD
$s5 << EOD
64 2.83829
128 5.63163
256 10.5529
512 19.1411
1024 33.4764
2048 53.5163
3072 66.8571
4096 76.3769
6144 84.4783
8192 92.9971
12288 99.8061
16384 103.071
24576 107.677
32768 109.585
65536 112.758
131072 114.766
262144 115.69
524288 116.152
EOD
$r5 << EOD
524288 119
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_2_lanai4.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "DMA, zero-copy (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_2_lanai4.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "DMA, zero-copy (dissertation)"
unset output
