# Figure 5.6(a): NI-to-host DMA bandwidth, LANai 4 in the slot and behind the RC-1000 bridge
# Written by myrisim for scenario fig5_6_pmc; run "gnuplot fig5_6_pmc_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.6(a): NI-to-host DMA bandwidth, LANai 4 in the slot and behind the RC-1000 bridge" noenhanced
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
128 41.8218
256 63.5188
512 79.3239
1024 90.5952
2048 97.5238
4096 102.014
8192 104.417
16384 105.497
32768 106.045
65536 106.363
131072 106.523
262144 106.593
524288 106.628
EOD
$r0 << EOD
524288 112
EOD
$s1 << EOD
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
$r1 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_6_pmc_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4 PMC on RC-1000", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "P3-550, LANai 4 (slot)", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "P3-550, LANai 4 PMC on RC-1000 (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_6_pmc_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "P3-550, LANai 4 PMC on RC-1000", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.00 pt 5 ps 1.00 title "P3-550, LANai 4 (slot)", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "P3-550, LANai 4 PMC on RC-1000 (dissertation)"
unset output
