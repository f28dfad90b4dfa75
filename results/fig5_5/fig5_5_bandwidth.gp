# Figure 5.5: NI-to-NI bandwidth (round trip / 2)
# Written by myrisim for scenario fig5_5; run "gnuplot fig5_5_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.5: NI-to-NI bandwidth (round trip / 2)" noenhanced
set xlabel "message size (bytes)" noenhanced
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
4 2.04255
8 3.96248
16 7.86592
32 14.8471
64 26.3588
128 43.9428
256 65.9356
512 87.9427
1024 105.559
2048 117.308
4096 124.221
8192 127.992
16384 129.965
32768 130.975
65536 131.481
131072 131.738
262144 131.869
EOD
$r0 << EOD
65536 132
65536 132
EOD
$s1 << EOD
4 6.14585
8 11.6443
16 22.009
32 38.2992
64 62.3304
128 89.8364
256 114.543
512 133.603
1024 145.728
2048 152.537
4096 156.156
8192 158.045
16384 159.024
32768 159.512
65536 159.753
131072 159.876
262144 159.939
EOD
$r1 << EOD
65536 150
65536 149
EOD
$s2 << EOD
4 6.24505
8 11.8883
16 22.6082
32 40.5575
64 67.7909
128 100.808
256 134.444
512 160.438
1024 177.927
2048 188.005
4096 193.626
8192 196.516
16384 197.994
32768 198.745
65536 199.117
131072 199.309
262144 199.404
EOD
$r2 << EOD
65536 200
65536 200
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_5_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, SAN-1280", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.75 pt 5 ps 1.35 title "LANai 9, SAN-1280", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.00 pt 9 ps 1.00 title "LANai 9, Myrinet-2000", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4, SAN-1280 (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 9, SAN-1280 (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "LANai 9, Myrinet-2000 (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_5_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, SAN-1280", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.75 pt 5 ps 1.35 title "LANai 9, SAN-1280", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.00 pt 9 ps 1.00 title "LANai 9, Myrinet-2000", \
  $r0 using 1:2 with points lc rgb "#0072B2" lw 2 pt 6 ps 2.6 title "LANai 4, SAN-1280 (dissertation)", \
  $r1 using 1:2 with points lc rgb "#D55E00" lw 2 pt 4 ps 2.6 title "LANai 9, SAN-1280 (dissertation)", \
  $r2 using 1:2 with points lc rgb "#009E73" lw 2 pt 8 ps 2.6 title "LANai 9, Myrinet-2000 (dissertation)"
unset output
