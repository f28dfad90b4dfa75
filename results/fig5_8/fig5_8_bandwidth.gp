# Figure 5.8: store-and-forward bandwidth, P3-550
# Written by myrisim for scenario fig5_8; run "gnuplot fig5_8_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.8: store-and-forward bandwidth, P3-550" noenhanced
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
4 0.166248
8 0.33217
16 0.664541
32 1.31793
64 2.6155
128 5.12513
256 8.41967
512 16.439
1024 18.2749
2048 25.6786
4096 31.4689
8192 34.6445
16384 36.1882
32768 38.9996
65536 40.6416
EOD
$r0 << EOD
65536 39
EOD
$s1 << EOD
4 0.153854
8 0.307428
16 0.613741
32 1.2256
64 2.44371
128 4.853
256 8.38507
512 15.7633
1024 17.1278
2048 24.011
4096 30.4271
8192 33.7711
16384 35.7492
32768 38.681
65536 40.3577
EOD
$r1 << EOD
65536 39
EOD
$s2 << EOD
4 0.389845
8 0.782045
16 1.55689
32 3.0854
64 5.65161
128 9.77472
256 13.3191
512 23.9364
1024 29.8677
2048 34.8793
4096 37.6346
8192 39.091
16384 40.5777
32768 42.4206
65536 43.3986
EOD
$r2 << EOD
65536 43
EOD
$s3 << EOD
4 0.410496
8 0.814457
16 1.62111
32 3.1259
64 6.17067
128 10.5873
256 11.2328
512 20.1215
1024 26.5685
2048 32.3128
4096 35.9062
8192 38.3599
16384 40.1386
32768 42.0992
65536 43.26
EOD
$r3 << EOD
65536 43
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_8_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "LANai 4, AM", \
  $r0 using 1:2 with points lt 1 lw 2 pt 6 ps 2.5 title "LANai 4, AM (dissertation)", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P", \
  $r1 using 1:2 with points lt 2 lw 2 pt 6 ps 2.5 title "LANai 4, RM-P (dissertation)", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "LANai 9, AM", \
  $r2 using 1:2 with points lt 3 lw 2 pt 6 ps 2.5 title "LANai 9, AM (dissertation)", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P", \
  $r3 using 1:2 with points lt 4 lw 2 pt 6 ps 2.5 title "LANai 9, RM-P (dissertation)"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_8_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "LANai 4, AM", \
  $r0 using 1:2 with points lt 1 lw 2 pt 6 ps 2.5 title "LANai 4, AM (dissertation)", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P", \
  $r1 using 1:2 with points lt 2 lw 2 pt 6 ps 2.5 title "LANai 4, RM-P (dissertation)", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "LANai 9, AM", \
  $r2 using 1:2 with points lt 3 lw 2 pt 6 ps 2.5 title "LANai 9, AM (dissertation)", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P", \
  $r3 using 1:2 with points lt 4 lw 2 pt 6 ps 2.5 title "LANai 9, RM-P (dissertation)"
unset output
