# Figure 5.6 set-up: time of one NI-to-host DMA, as firmware sees it
# Written by myrisim for scenario fig5_6; run "gnuplot fig5_6_time.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.6 set-up: time of one NI-to-host DMA, as firmware sees it" noenhanced
set xlabel "transfer size (bytes)" noenhanced
set ylabel "DMA time (us)" noenhanced
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
4 2.09091
8 2.09091
16 2.09091
32 2.09091
64 2.33333
128 2.81818
256 3.78788
512 5.72727
1024 9.60606
2048 17.3636
4096 32.6364
8192 63.4242
16384 125
32768 248.394
65536 494.758
131072 987.788
262144 1973.73
524288 3945.61
EOD
$r0 << EOD
EOD
$s1 << EOD
4 1.96992
8 1.96992
16 2.05263
32 2.13534
64 2.38346
128 2.8797
256 3.8515
512 5.77444
1024 9.57895
2048 17.2707
4096 32.6541
8192 63.4211
16384 125.038
32768 248.312
65536 494.778
131072 987.752
262144 1973.62
524288 3945.51
EOD
$r1 << EOD
EOD
$s2 << EOD
4 1.84848
8 2.09091
16 2.09091
32 2.09091
64 2.33333
128 2.81818
256 3.78788
512 5.72727
1024 9.60606
2048 17.3636
4096 32.8788
8192 63.9091
16384 126.212
32768 250.576
65536 499.061
131072 996.515
262144 1990.94
524288 3980.03
EOD
$r2 << EOD
EOD
$s3 << EOD
4 1.06015
8 1.06015
16 1.06015
32 1.14286
64 1.14286
128 1.30827
256 1.55639
512 2.03195
1024 3.54135
2048 6.93233
4096 13.6316
8192 27.0301
16384 53.8271
32768 107.38
65536 214.526
131072 428.82
262144 857.489
524288 1714.74
EOD
$r3 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_6_time.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550, LANai 9", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, LANai 4 (32b PCI)", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, LANai 9 (64b PCI)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_6_time.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550, LANai 9", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, LANai 4 (32b PCI)", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, LANai 9 (64b PCI)"
unset output
