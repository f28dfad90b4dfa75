# Figure 5.3(a): TPIL host injection on the P4-1.7, LANai 4 in the 32b/33MHz slot
# Written by myrisim for scenario fig5_3_lanai4_32b; run "gnuplot fig5_3_lanai4_32b.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.3(a): TPIL host injection on the P4-1.7, LANai 4 in the 32b/33MHz slot" noenhanced
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
64 21.9931
128 27.8867
256 32.2013
512 34.9012
1024 36.4283
2048 37.2431
3072 37.5229
4096 37.6644
6144 37.8069
8192 37.8786
12288 37.9505
16384 37.9866
24576 38.0227
32768 38.0408
65536 38.068
131072 38.0816
262144 38.0884
524288 38.0918
EOD
$r0 << EOD
EOD
$s1 << EOD
64 22.2222
128 28.0702
256 32.3232
512 34.9727
1024 36.4672
2048 37.2635
3072 37.5367
4096 37.6748
6144 37.8139
8192 37.8838
12288 37.954
16384 37.9892
24576 38.0245
32768 38.0422
65536 38.0687
131072 38.082
262144 38.0886
524288 38.0919
EOD
$r1 << EOD
EOD
$s2 << EOD
64 34.4086
128 51.4056
256 68.2667
512 81.6587
1024 90.5393
2048 95.7457
3072 97.6168
4096 98.58
6144 99.5625
8192 100.061
12288 100.565
16384 100.818
24576 101.073
32768 101.201
65536 101.394
131072 101.491
262144 101.539
524288 101.563
EOD
$r2 << EOD
524288 102
EOD
$s3 << EOD
64 13.1891
128 20.9407
256 29.8629
512 41.0503
1024 53.1051
2048 63.3418
3072 66.8953
4096 70.7518
6144 78.7768
8192 81.2275
12288 80.6498
16384 82.3265
24576 81.4901
32768 83.8673
65536 82.1786
131072 84.3681
262144 83.3937
524288 83.4071
EOD
$r3 << EOD
EOD
$s4 << EOD
64 13.108
128 20.9407
256 29.8629
512 41.0503
1024 53.1051
2048 63.3418
3072 66.8953
4096 70.7518
6144 78.7768
8192 81.2275
12288 80.6498
16384 82.3265
24576 81.4901
32768 83.8673
65536 82.1786
131072 88.5112
262144 91.4291
524288 92.9615
EOD
$r4 << EOD
EOD
$s5 << EOD
64 4.68435
128 8.6297
256 14.9598
512 24.7912
1024 38.3341
2048 53.4412
3072 60.901
4096 67.2109
6144 74.2994
8192 79.6016
12288 82.2586
16384 83.5141
24576 85.1788
32768 85.5846
65536 86.6589
131072 87.2062
262144 87.4824
524288 87.6212
EOD
$r5 << EOD
524288 89
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_3_lanai4_32b.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "PIO, SSE (dissertation)", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "DMA, zero-copy (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_3_lanai4_32b.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO, plain", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.20 pt 5 ps 1.56 title "PIO, MMX", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.90 pt 9 ps 1.42 title "PIO, SSE", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.60 pt 11 ps 1.28 title "DMA, one-copy", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.30 pt 13 ps 1.14 title "DMA, double-buffered", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.00 pt 15 ps 1.00 title "DMA, zero-copy", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "PIO, SSE (dissertation)", \
  $r5 using 1:2 with points lc rgb "#000000" lw 2 pt 14 ps 2.6 title "DMA, zero-copy (dissertation)"
unset output
