# Figure 5.10: best fragment size per message size
# Written by myrisim for scenario fig5_10; run "gnuplot fig5_10_best_fragment.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 5.10: best fragment size per message size" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "best fragment (KB)" noenhanced
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
1024 0.25
4096 0.25
16384 0.25
65536 0.25
262144 0.25
EOD
$r0 << EOD
EOD
$s1 << EOD
1024 1
4096 1
16384 1
65536 1
262144 1
EOD
$r1 << EOD
EOD
$s2 << EOD
1024 4
4096 4
16384 4
65536 4
262144 4
EOD
$r2 << EOD
EOD
$s3 << EOD
1024 16
4096 16
16384 16
65536 16
262144 16
EOD
$r3 << EOD
EOD
$s4 << EOD
1024 64
4096 64
16384 64
65536 64
262144 64
EOD
$r4 << EOD
EOD
$s5 << EOD
1024 2
4096 64
16384 4
65536 16
262144 16
EOD
$r5 << EOD
EOD
$s6 << EOD
1024 0.25
4096 0.25
16384 0.25
65536 0.25
262144 0.25
EOD
$r6 << EOD
EOD
$s7 << EOD
1024 1
4096 1
16384 1
65536 1
262144 1
EOD
$r7 << EOD
EOD
$s8 << EOD
1024 4
4096 4
16384 4
65536 4
262144 4
EOD
$r8 << EOD
EOD
$s9 << EOD
1024 16
4096 16
16384 16
65536 16
262144 16
EOD
$r9 << EOD
EOD
$s10 << EOD
1024 64
4096 64
16384 64
65536 64
262144 64
EOD
$r10 << EOD
EOD
$s11 << EOD
1024 2
4096 2
16384 4
65536 16
262144 16
EOD
$r11 << EOD
EOD
$s12 << EOD
1024 0.25
4096 0.25
16384 0.25
65536 0.25
262144 0.25
EOD
$r12 << EOD
EOD
$s13 << EOD
1024 1
4096 1
16384 1
65536 1
262144 1
EOD
$r13 << EOD
EOD
$s14 << EOD
1024 4
4096 4
16384 4
65536 4
262144 4
EOD
$r14 << EOD
EOD
$s15 << EOD
1024 16
4096 16
16384 16
65536 16
262144 16
EOD
$r15 << EOD
EOD
$s16 << EOD
1024 64
4096 64
16384 64
65536 64
262144 64
EOD
$r16 << EOD
EOD
$s17 << EOD
1024 2
4096 1
16384 2
65536 4
262144 16
EOD
$r17 << EOD
EOD
$s18 << EOD
1024 0.25
4096 0.25
16384 0.25
65536 0.25
262144 0.25
EOD
$r18 << EOD
EOD
$s19 << EOD
1024 1
4096 1
16384 1
65536 1
262144 1
EOD
$r19 << EOD
EOD
$s20 << EOD
1024 4
4096 4
16384 4
65536 4
262144 4
EOD
$r20 << EOD
EOD
$s21 << EOD
1024 16
4096 16
16384 16
65536 16
262144 16
EOD
$r21 << EOD
EOD
$s22 << EOD
1024 64
4096 64
16384 64
65536 64
262144 64
EOD
$r22 << EOD
EOD
$s23 << EOD
1024 2
4096 2
16384 2
65536 4
262144 16
EOD
$r23 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig5_10_best_fragment.png"
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
set output "fig5_10_best_fragment.svg"
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
