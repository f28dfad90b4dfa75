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
262144 11.0445
EOD
$r0 << EOD
EOD
$s1 << EOD
1024 18.2727
4096 27.9894
16384 31.7514
65536 32.7973
262144 33.1207
EOD
$r1 << EOD
EOD
$s2 << EOD
1024 18.2727
4096 31.4689
16384 48.0534
65536 59.6014
262144 63.2511
EOD
$r2 << EOD
EOD
$s3 << EOD
1024 18.2727
4096 31.4689
16384 37.1837
65536 61.4744
262144 87.072
EOD
$r3 << EOD
EOD
$s4 << EOD
1024 18.2727
4096 31.4689
16384 37.1837
65536 40.9199
262144 66.7959
EOD
$r4 << EOD
EOD
$s5 << EOD
1024 18.2909
4096 31.1158
16384 47.8788
65536 61.4843
262144 87.0765
EOD
$r5 << EOD
EOD
$s6 << EOD
1024 10.3419
4096 10.9571
16384 11.101
65536 11.111
262144 11.1128
EOD
$r6 << EOD
EOD
$s7 << EOD
1024 16.9937
4096 30.0355
16384 34.7155
65536 36.0764
262144 36.4532
EOD
$r7 << EOD
EOD
$s8 << EOD
1024 16.9937
4096 30.3509
16384 53.2733
65536 60.7075
262144 62.8465
EOD
$r8 << EOD
EOD
$s9 << EOD
1024 16.9937
4096 30.3509
16384 36.9129
65536 70.1586
262144 90.7572
EOD
$r9 << EOD
EOD
$s10 << EOD
1024 16.9937
4096 30.3509
16384 36.9129
65536 40.6836
262144 77.9815
EOD
$r10 << EOD
EOD
$s11 << EOD
1024 16.9971
4096 37.3757
16384 53.3831
65536 70.237
262144 90.8184
EOD
$r11 << EOD
EOD
$s12 << EOD
1024 21.0859
4096 25.6143
16384 26.9796
65536 27.3625
262144 27.4494
EOD
$r12 << EOD
EOD
$s13 << EOD
1024 29.8535
4096 42.7883
16384 54.7415
65536 58.8584
262144 59.9766
EOD
$r13 << EOD
EOD
$s14 << EOD
1024 29.8535
4096 37.2533
16384 58.9132
65536 81.1587
262144 89.5815
EOD
$r14 << EOD
EOD
$s15 << EOD
1024 29.8535
4096 37.2533
16384 40.922
65536 66.0561
262144 93.7835
EOD
$r15 << EOD
EOD
$s16 << EOD
1024 29.8535
4096 37.2533
16384 40.922
65536 43.5378
262144 68.7472
EOD
$r16 << EOD
EOD
$s17 << EOD
1024 29.8677
4096 42.7883
16384 62.2236
65536 83.4901
262144 93.8196
EOD
$r17 << EOD
EOD
$s18 << EOD
1024 23.3979
4096 28.1396
16384 29.7333
65536 30.16
262144 30.268
EOD
$r18 << EOD
EOD
$s19 << EOD
1024 26.531
4096 47.0038
16384 57.6817
65536 61.042
262144 62.1625
EOD
$r19 << EOD
EOD
$s20 << EOD
1024 26.531
4096 36.273
16384 66.2305
65536 84.3849
262144 90.5383
EOD
$r20 << EOD
EOD
$s21 << EOD
1024 26.531
4096 36.273
16384 40.5625
65536 76.1703
262144 97.8259
EOD
$r21 << EOD
EOD
$s22 << EOD
1024 26.531
4096 36.273
16384 40.5625
65536 43.3882
262144 80.6993
EOD
$r22 << EOD
EOD
$s23 << EOD
1024 26.6686
4096 49.8189
16384 68.1439
65536 86.9246
262144 97.7968
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
