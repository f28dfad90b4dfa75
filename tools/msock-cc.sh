#!/bin/bash
# msock-cc: build an unmodified Berkeley-sockets C program (its own main,
# the usual headers) as a host program for simulated hosts: a shared object
# with hostlib/sockets/msock_prog.h force-included (its sockets, descriptor,
# time, name and output calls reach the simulated host) and every function
# entry counted (-finstrument-functions; docs/sockets.md "Costs").
# Installed as build/msock-cc; works from any directory.
#   msock-cc -o PROG.so FILE.c ... [gcc flags: -O2 -DX -Idir ...]
# Run it with the host program `sockets` (PROGRAM = PROG.so). Errors exit 2.
set -eu
prog=msock-cc
die() { echo "$prog: error: $*" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
hdr="$root/hostlib/sockets/msock_prog.h"
[ -f "$hdr" ] || die "cannot find $hdr"
out=
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -o) [ $# -ge 2 ] || die "-o needs a file"; out=$2; shift 2 ;;
        -o*) out=${1#-o}; shift ;;
        *) args+=("$1"); shift ;;
    esac
done
[ -n "$out" ] || die "no output (-o PROG.so)"
[ ${#args[@]} -gt 0 ] || die "no source file"
for a in "${args[@]}"; do
    case "$a" in
        -*) ;;
        *) [ -f "$a" ] || die "$a: no such file" ;;
    esac
done
exec gcc -std=gnu11 -O2 -g -Wall -Wextra -fPIC -shared -fvisibility=hidden -finstrument-functions \
    -include "$hdr" -o "$out" "${args[@]}"
