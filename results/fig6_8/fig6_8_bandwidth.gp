# Figure 6.8: RC-1000 PCI injection performance, P3-550
# Written by myrisim for scenario fig6_8; run "gnuplot fig6_8_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 6.8: RC-1000 PCI injection performance, P3-550" noenhanced
set xlabel "injection size (bytes)" noenhanced
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
64 49.2308
128 53.3333
256 55.6522
512 56.8889
1024 57.5281
2048 57.8531
4096 58.017
8192 58.0993
16384 58.1405
32768 58.1612
65536 58.1715
131072 58.1767
262144 58.1792
524288 58.1805
1048576 58.1812
EOD
$r0 << EOD
EOD
$s1 << EOD
64 71.1111
128 80
256 85.3333
512 80.5031
1024 72.9345
2048 69.6599
4096 68.1304
8192 67.3906
16384 67.0267
32768 66.8462
65536 66.7563
131072 66.7115
262144 66.6891
524288 66.6779
1048576 66.6723
EOD
$r1 << EOD
1024 42
1048576 32
EOD
$s2 << EOD
64 160
128 213.333
256 113.778
512 84.0722
1024 74.3646
2048 70.3055
4096 68.4378
8192 67.5406
16384 67.1008
32768 66.883
65536 66.7747
131072 66.7206
262144 66.6936
524288 66.6801
1048576 66.6734
EOD
$r2 << EOD
1024 42
1048576 32
EOD
$s3 << EOD
64 15.0235
128 27.0042
256 40.4423
512 57.6577
1024 73.2475
2048 84.6981
4096 91.8798
8192 93.7729
16384 94.7162
32768 95.2115
65536 95.457
131072 95.5781
262144 95.6409
524288 95.6718
1048576 95.6875
EOD
$r3 << EOD
1048576 116
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig6_8_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO (plain)", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "PIO (MMX)", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "PIO (SSE)", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "zero-copy DMA", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "PIO (MMX) (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "PIO (SSE) (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "zero-copy DMA (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig6_8_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "PIO (plain)", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "PIO (MMX)", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "PIO (SSE)", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "zero-copy DMA", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "PIO (MMX) (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "PIO (SSE) (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "zero-copy DMA (dissertation)"
unset output
