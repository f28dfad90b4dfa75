# Figure 8.8: multicast round trip by subscription size
# Written by myrisim for scenario fig8_8; run "gnuplot fig8_8_rtt.gp" in this directory.
set encoding utf8
set datafile separator whitespace
set title "Figure 8.8: multicast round trip by subscription size" noenhanced
set xlabel "message size (bytes)" noenhanced
set ylabel "round trip (us)" noenhanced
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
4 118.807
1024 196.639
4096 469.396
16384 1553.54
65536 4827.42
EOD
$r0 << EOD
EOD
$s1 << EOD
4 133.173
1024 216.076
4096 508.783
16384 1685.98
65536 5357.02
EOD
$r1 << EOD
EOD
$s2 << EOD
4 169.175
1024 314.063
4096 798.772
16384 2734.26
65536 7340.59
EOD
$r2 << EOD
EOD
$s3 << EOD
4 182.341
1024 334.034
4096 837.601
16384 2874.31
65536 7493.47
EOD
$r3 << EOD
EOD
$s4 << EOD
4 216.26
1024 362.798
4096 853.36
16384 2889.73
65536 8206.8
EOD
$r4 << EOD
EOD
$s5 << EOD
4 233.59
1024 382.066
4096 877.583
16384 3007.74
65536 8608.58
EOD
$r5 << EOD
EOD
$s6 << EOD
4 252.509
1024 430.645
4096 1127.82
16384 3924.3
65536 8585.8
EOD
$r6 << EOD
EOD
set terminal pngcairo size 1080,600 font "Sans,11"
set output "fig8_8_rtt.png"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "2 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.25 pt 5 ps 1.58 title "3 hosts", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 3.00 pt 9 ps 1.47 title "4 hosts", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.75 pt 11 ps 1.35 title "5 hosts", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.50 pt 13 ps 1.23 title "6 hosts", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.25 pt 15 ps 1.12 title "7 hosts", \
  $s6 using 1:2 with linespoints lc rgb "#56B4E9" dt 1 lw 2.00 pt 7 ps 1.00 title "8 hosts"
set terminal svg size 1080,600 font "Sans,11"
set output "fig8_8_rtt.svg"
plot \
  $s0 using 1:2 with linespoints lc rgb "#0072B2" dt 1 lw 3.50 pt 7 ps 1.70 title "2 hosts", \
  $s1 using 1:2 with linespoints lc rgb "#D55E00" dt (8,4) lw 3.25 pt 5 ps 1.58 title "3 hosts", \
  $s2 using 1:2 with linespoints lc rgb "#009E73" dt (12,4,3,4) lw 3.00 pt 9 ps 1.47 title "4 hosts", \
  $s3 using 1:2 with linespoints lc rgb "#CC79A7" dt (4,3) lw 2.75 pt 11 ps 1.35 title "5 hosts", \
  $s4 using 1:2 with linespoints lc rgb "#E69F00" dt (16,6) lw 2.50 pt 13 ps 1.23 title "6 hosts", \
  $s5 using 1:2 with linespoints lc rgb "#000000" dt (12,4,3,4,3,4) lw 2.25 pt 15 ps 1.12 title "7 hosts", \
  $s6 using 1:2 with linespoints lc rgb "#56B4E9" dt 1 lw 2.00 pt 7 ps 1.00 title "8 hosts"
unset output
