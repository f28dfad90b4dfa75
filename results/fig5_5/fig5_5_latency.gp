# Figure 5.5 set-up: one-way time (round trip / 2)
# Written by myrisim for scenario fig5_5; run "gnuplot fig5_5_latency.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.5 set-up: one-way time (round trip / 2)" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "one-way time (us)" noenhanced
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
4 1.95833
8 2.01894
16 2.03409
32 2.1553
64 2.42803
128 2.91288
256 3.88258
512 5.82197
1024 9.70076
2048 17.4583
4096 32.9735
8192 64.0038
16384 126.064
32768 250.186
65536 498.445
131072 994.943
262144 1987.91
EOD
$r0 << EOD
EOD
$s1 << EOD
4 0.650846
8 0.68703
16 0.726974
32 0.835526
64 1.02679
128 1.42481
256 2.23496
512 3.83224
1024 7.02679
2048 13.4262
4096 26.2303
8192 51.8332
16384 103.029
32768 205.427
65536 410.233
131072 819.834
262144 1639.03
EOD
$r1 << EOD
EOD
$s2 << EOD
4 0.640508
8 0.672932
16 0.707707
32 0.789004
64 0.944079
128 1.26974
256 1.90414
512 3.19126
1024 5.75517
2048 10.8933
4096 21.1541
8192 41.6861
16384 82.75
32768 164.875
65536 329.133
131072 657.631
262144 1314.64
EOD
$r2 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_5_latency.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, SAN-1280", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.75 pt 5 ps 1.35 title "LANai 9, SAN-1280", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.00 pt 9 ps 1.00 title "LANai 9, Myrinet-2000"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_5_latency.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "LANai 4, SAN-1280", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 2.75 pt 5 ps 1.35 title "LANai 9, SAN-1280", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 2.00 pt 9 ps 1.00 title "LANai 9, Myrinet-2000"
unset output
