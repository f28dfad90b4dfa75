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
512 84.4884
1024 74.5269
2048 70.378
4096 68.4721
8192 67.5573
16384 67.109
32768 66.8871
65536 66.7767
131072 66.7216
262144 66.6941
524288 66.6804
1048576 66.6735
EOD
$r1 << EOD
1024 42
1048576 32
EOD
$s2 << EOD
64 160
128 213.333
256 131.282
512 88.4283
1024 76.0208
2048 71.0371
4096 68.7825
8192 67.7081
16384 67.1833
32768 66.924
65536 66.7951
131072 66.7308
262144 66.6987
524288 66.6827
1048576 66.6747
EOD
$r2 << EOD
1024 42
1048576 32
EOD
$s3 << EOD
64 16.9312
128 30.0469
256 47.4074
512 69.9454
1024 91.7563
2048 108.705
4096 119.766
8192 123.225
16384 125.433
32768 126.596
65536 127.178
131072 127.493
262144 127.609
524288 127.649
1048576 127.684
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
