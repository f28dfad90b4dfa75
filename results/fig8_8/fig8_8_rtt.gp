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
4 116.337
1024 193.972
4096 465.168
16384 1551.84
65536 4942.99
EOD
$r0 << EOD
EOD
$s1 << EOD
4 128.726
1024 208.952
4096 504.084
16384 1681.5
65536 5372.96
EOD
$r1 << EOD
EOD
$s2 << EOD
4 164.234
1024 309.169
4096 790.251
16384 2730.57
65536 7342.04
EOD
$r2 << EOD
EOD
$s3 << EOD
4 178.882
1024 325.328
4096 832.976
16384 2868.32
65536 7521.81
EOD
$r3 << EOD
EOD
$s4 << EOD
4 207.507
1024 357.509
4096 846.424
16384 2883.95
65536 8224.38
EOD
$r4 << EOD
EOD
$s5 << EOD
4 226.778
1024 375.314
4096 872.532
16384 3000.08
65536 8609.52
EOD
$r5 << EOD
EOD
$s6 << EOD
4 245.133
1024 423.683
4096 1118.64
16384 3911.92
65536 9515.2
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
