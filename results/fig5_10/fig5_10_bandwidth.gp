# Figure 5.10: bandwidth per fragment size, P3-550
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10_bandwidth.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10: bandwidth per fragment size, P3-550" noenhanced
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
1024 11.2477
4096 11.1252
16384 11.0589
65536 11.0463
262144 11.0427
EOD
$r0 << EOD
EOD
$s1 << EOD
1024 18.2749
4096 28.0309
16384 31.7046
65536 32.7738
262144 33.0546
EOD
$r1 << EOD
EOD
$s2 << EOD
1024 18.2749
4096 31.4689
16384 48.0534
65536 59.6014
262144 63.2553
EOD
$r2 << EOD
EOD
$s3 << EOD
1024 18.2749
4096 31.4689
16384 36.1882
65536 58.3404
262144 79.7633
EOD
$r3 << EOD
EOD
$s4 << EOD
1024 18.2749
4096 31.4689
16384 36.1882
65536 40.6416
262144 65.7931
EOD
$r4 << EOD
EOD
$s5 << EOD
1024 18.274
4096 31.1416
16384 47.5888
65536 59.8075
262144 79.8347
EOD
$r5 << EOD
EOD
$s6 << EOD
1024 10.48
4096 11.0813
16384 11.1171
65536 11.1117
262144 11.1154
EOD
$r6 << EOD
EOD
$s7 << EOD
1024 17.1278
4096 28.1956
16384 35.2273
65536 36.3813
262144 36.786
EOD
$r7 << EOD
EOD
$s8 << EOD
1024 17.1278
4096 30.4271
16384 52.3264
65536 63.7115
262144 66.9024
EOD
$r8 << EOD
EOD
$s9 << EOD
1024 17.1278
4096 30.4271
16384 35.7492
65536 65.3878
262144 82.6072
EOD
$r9 << EOD
EOD
$s10 << EOD
1024 17.1278
4096 30.4271
16384 35.7492
65536 40.3577
262144 76.4294
EOD
$r10 << EOD
EOD
$s11 << EOD
1024 17.369
4096 37.3241
16384 52.3602
65536 65.4734
262144 82.4422
EOD
$r11 << EOD
EOD
$s12 << EOD
1024 21.497
4096 25.614
16384 27.0042
65536 27.3532
262144 27.4508
EOD
$r12 << EOD
EOD
$s13 << EOD
1024 29.8677
4096 42.8303
16384 54.7584
65536 58.8823
262144 59.9694
EOD
$r13 << EOD
EOD
$s14 << EOD
1024 29.8677
4096 37.6346
16384 58.9262
65536 81.144
262144 89.5982
EOD
$r14 << EOD
EOD
$s15 << EOD
1024 29.8677
4096 37.6346
16384 40.5777
65536 62.511
262144 85.4215
EOD
$r15 << EOD
EOD
$s16 << EOD
1024 29.8677
4096 37.6346
16384 40.5777
65536 43.3986
262144 67.6947
EOD
$r16 << EOD
EOD
$s17 << EOD
1024 29.876
4096 42.8303
16384 62.3524
65536 83.4841
262144 91.1559
EOD
$r17 << EOD
EOD
$s18 << EOD
1024 23.6656
4096 28.3304
16384 29.9163
65536 30.3365
262144 30.446
EOD
$r18 << EOD
EOD
$s19 << EOD
1024 26.5685
4096 47.8866
16384 58.2932
65536 61.5738
262144 62.4509
EOD
$r19 << EOD
EOD
$s20 << EOD
1024 26.5685
4096 35.9062
16384 66.2601
65536 84.3556
262144 90.5622
EOD
$r20 << EOD
EOD
$s21 << EOD
1024 26.5685
4096 35.9062
16384 40.1386
65536 71.3087
262144 88.6073
EOD
$r21 << EOD
EOD
$s22 << EOD
1024 26.5685
4096 35.9062
16384 40.1386
65536 43.26
262144 79.1731
EOD
$r22 << EOD
EOD
$s23 << EOD
1024 26.6071
4096 49.5608
16384 68.226
65536 86.9304
262144 93.5112
EOD
$r23 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10_bandwidth.png"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 256 B fragments", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 1 KB fragments", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 4 KB fragments", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 16 KB fragments", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 64 KB fragments", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "LANai 4, AM, best fragment", \
  $s6 using 1:2 with linespoints lt 7 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 256 B fragments", \
  $s7 using 1:2 with linespoints lt 8 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 1 KB fragments", \
  $s8 using 1:2 with linespoints lt 9 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 4 KB fragments", \
  $s9 using 1:2 with linespoints lt 10 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 16 KB fragments", \
  $s10 using 1:2 with linespoints lt 11 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 64 KB fragments", \
  $s11 using 1:2 with linespoints lt 12 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, best fragment", \
  $s12 using 1:2 with linespoints lt 13 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 256 B fragments", \
  $s13 using 1:2 with linespoints lt 14 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 1 KB fragments", \
  $s14 using 1:2 with linespoints lt 15 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 4 KB fragments", \
  $s15 using 1:2 with linespoints lt 16 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 16 KB fragments", \
  $s16 using 1:2 with linespoints lt 17 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 64 KB fragments", \
  $s17 using 1:2 with linespoints lt 18 lw 2 pt 7 ps 1.2 title "LANai 9, AM, best fragment", \
  $s18 using 1:2 with linespoints lt 19 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 256 B fragments", \
  $s19 using 1:2 with linespoints lt 20 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 1 KB fragments", \
  $s20 using 1:2 with linespoints lt 21 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 4 KB fragments", \
  $s21 using 1:2 with linespoints lt 22 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 16 KB fragments", \
  $s22 using 1:2 with linespoints lt 23 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 64 KB fragments", \
  $s23 using 1:2 with linespoints lt 24 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, best fragment"
set terminal svg size 1080,600 font "Sans,11"
set output "fig5_10_bandwidth.svg"
plot \
  $s0 using 1:2 with linespoints lt 1 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 256 B fragments", \
  $s1 using 1:2 with linespoints lt 2 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 1 KB fragments", \
  $s2 using 1:2 with linespoints lt 3 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 4 KB fragments", \
  $s3 using 1:2 with linespoints lt 4 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 16 KB fragments", \
  $s4 using 1:2 with linespoints lt 5 lw 2 pt 7 ps 1.2 title "LANai 4, AM, 64 KB fragments", \
  $s5 using 1:2 with linespoints lt 6 lw 2 pt 7 ps 1.2 title "LANai 4, AM, best fragment", \
  $s6 using 1:2 with linespoints lt 7 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 256 B fragments", \
  $s7 using 1:2 with linespoints lt 8 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 1 KB fragments", \
  $s8 using 1:2 with linespoints lt 9 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 4 KB fragments", \
  $s9 using 1:2 with linespoints lt 10 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 16 KB fragments", \
  $s10 using 1:2 with linespoints lt 11 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, 64 KB fragments", \
  $s11 using 1:2 with linespoints lt 12 lw 2 pt 7 ps 1.2 title "LANai 4, RM-P, best fragment", \
  $s12 using 1:2 with linespoints lt 13 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 256 B fragments", \
  $s13 using 1:2 with linespoints lt 14 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 1 KB fragments", \
  $s14 using 1:2 with linespoints lt 15 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 4 KB fragments", \
  $s15 using 1:2 with linespoints lt 16 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 16 KB fragments", \
  $s16 using 1:2 with linespoints lt 17 lw 2 pt 7 ps 1.2 title "LANai 9, AM, 64 KB fragments", \
  $s17 using 1:2 with linespoints lt 18 lw 2 pt 7 ps 1.2 title "LANai 9, AM, best fragment", \
  $s18 using 1:2 with linespoints lt 19 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 256 B fragments", \
  $s19 using 1:2 with linespoints lt 20 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 1 KB fragments", \
  $s20 using 1:2 with linespoints lt 21 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 4 KB fragments", \
  $s21 using 1:2 with linespoints lt 22 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 16 KB fragments", \
  $s22 using 1:2 with linespoints lt 23 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, 64 KB fragments", \
  $s23 using 1:2 with linespoints lt 24 lw 2 pt 7 ps 1.2 title "LANai 9, RM-P, best fragment"
unset output
