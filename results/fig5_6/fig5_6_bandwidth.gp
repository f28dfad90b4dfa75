# Figure 5.6: NI-to-host DMA bandwidth
# Written by myrisim for scenario fig5_6; run "gnuplot fig5_6_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.6: NI-to-host DMA bandwidth" noenhanced
set xlabel "transfer size (bytes)" noenhanced
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
4 1.91304
8 3.82609
16 7.65217
32 15.3043
64 27.4286
128 45.4194
256 67.584
512 89.3968
1024 106.599
2048 117.948
4096 125.504
8192 129.162
16384 131.072
32768 131.919
65536 132.461
131072 132.692
262144 132.817
524288 132.879
EOD
$r0 << EOD
524288 132
524288 131
EOD
$s1 << EOD
4 2.03053
8 4.06107
16 7.79487
32 14.9859
64 26.8517
128 44.4491
256 66.4675
512 88.6667
1024 106.901
2048 118.582
4096 125.436
8192 129.168
16384 131.033
32768 131.963
65536 132.455
131072 132.697
262144 132.824
524288 132.882
EOD
$r1 << EOD
524288 132
524288 132
EOD
$s2 << EOD
4 2.16393
8 3.82609
16 7.65217
32 15.3043
64 27.4286
128 45.4194
256 67.584
512 89.3968
1024 106.599
2048 117.948
4096 124.579
8192 128.182
16384 129.813
32768 130.771
65536 131.319
131072 131.53
262144 131.668
524288 131.73
EOD
$r2 << EOD
524288 130
EOD
$s3 << EOD
4 3.77305
8 7.5461
16 15.0922
32 28
64 56
128 97.8391
256 164.483
512 251.974
1024 289.155
2048 295.427
4096 300.479
8192 303.07
16384 304.382
32768 305.16
65536 305.492
131072 305.658
262144 305.711
524288 305.753
EOD
$r3 << EOD
524288 307
524288 303
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_6_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550, LANai 9", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, LANai 4 (32b PCI)", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, LANai 9 (64b PCI)", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "P3-550, LANai 4 (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "P3-550, LANai 9 (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "P4-1.7, LANai 4 (32b PCI) (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "P4-1.7, LANai 9 (64b PCI) (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_6_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.00 pt 5 ps 1.47 title "P3-550, LANai 9", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.50 pt 9 ps 1.23 title "P4-1.7, LANai 4 (32b PCI)", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.00 pt 11 ps 1.00 title "P4-1.7, LANai 9 (64b PCI)", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "P3-550, LANai 4 (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "P3-550, LANai 9 (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "P4-1.7, LANai 4 (32b PCI) (dissertation)", \
  $r3 using 1:2 with points lc rgb "#CC79A7" lw 2 pt 10 ps 2.6 title "P4-1.7, LANai 9 (64b PCI) (dissertation)"
unset output
