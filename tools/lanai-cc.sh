#!/bin/bash
# lanai-cc: compile C / assembly for the LANai with clang-14 and link it with
# crt0.o and librt.a through lanai-ld. Installed as build/lanai-cc; works from
# any directory (the repository is found relative to this script).
#   lanai-cc -o PROG.elf [--chip lanai4|lanai9 | --sram-size N] [--map FILE]
#            [-v] FILE.c|FILE.S|FILE.s|FILE.o|LIB.a ... [clang flags: -O2 -DX -Idir ...]
# --chip (default lanai4) also defines LANAI_CHIP=4|9 for firmware/hal/ni.h.
set -eu

prog=lanai-cc
die() { echo "$prog: error: $*" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
[ -d "$root/firmware/rt" ] || die "cannot find the repository (expected $root/firmware/rt)"
B="$root/build"
CLANG=${LANAI_CLANG:-clang-14}
# Keep in step with FW_CFLAGS in the Makefile.
fw_cflags=(--target=lanai -ffreestanding -fno-builtin -Wall -Wextra
           "-I$root/firmware/rt/include" "-I$root/firmware/hal")

usage() {
    sed -n '2,7s/^# \{0,1\}//p' "$0"
}

out="" map="" verbose=0 have_opt=0 have_chip_macro=0
ld_size=(--chip lanai4)
cflags=() inputs=()
while [ $# -gt 0 ]; do
    a=$1
    case $a in
        -h|--help) usage; exit 0 ;;
        -o) [ $# -ge 2 ] || die "-o needs a file"; out=$2; shift ;;
        --map) [ $# -ge 2 ] || die "--map needs a file"; map=$2; shift ;;
        --map=*) map=${a#--map=} ;;
        --chip) [ $# -ge 2 ] || die "--chip needs lanai4 or lanai9"; ld_size=(--chip "$2"); shift ;;
        --chip=*) ld_size=(--chip "${a#--chip=}") ;;
        --sram-size) [ $# -ge 2 ] || die "--sram-size needs a value"; ld_size=(--sram-size "$2"); shift ;;
        --sram-size=*) ld_size=(--sram-size "${a#--sram-size=}") ;;
        -v) verbose=1 ;;
        -O*) have_opt=1; cflags+=("$a") ;;
        -DLANAI_CHIP|-DLANAI_CHIP=*) have_chip_macro=1; cflags+=("$a") ;;
        -I|-D|-U|-include|-isystem)
            [ $# -ge 2 ] || die "$a needs an argument"; cflags+=("$a" "$2"); shift ;;
        -c|-S|-E) die "$a is not supported: lanai-cc always links (use clang-14 --target=lanai directly)" ;;
        -*) cflags+=("$a") ;;
        *.c|*.S|*.s|*.o|*.a) inputs+=("$a") ;;
        *) die "don't know what to do with '$a' (expected .c .S .s .o .a)" ;;
    esac
    shift
done
[ -n "$out" ] || die "no output file (-o PROG.elf)"
[ ${#inputs[@]} -gt 0 ] || die "no input files"
[ $have_opt = 1 ] || cflags=(-O2 ${cflags[@]+"${cflags[@]}"})
if [ $have_chip_macro = 0 ] && [ "${ld_size[0]}" = --chip ]; then
    case ${ld_size[1]} in
        lanai4) cflags+=(-DLANAI_CHIP=4) ;;
        lanai9) cflags+=(-DLANAI_CHIP=9) ;;
    esac
fi
for f in "$B/lanai-ld" "$B/fw/rt/crt0.o" "$B/fw/librt.a"; do
    [ -e "$f" ] || die "$f is missing; run: make -C $root build/lanai-ld build/fw/rt/crt0.o build/fw/librt.a"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lanai-cc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

run() {
    [ $verbose = 0 ] || echo "$*" >&2
    "$@"
}

objs=()
n=0
for f in "${inputs[@]}"; do
    case $f in
        *.o|*.a) [ -f "$f" ] || die "$f: no such file"; objs+=("$f") ;;
        *)
            [ -f "$f" ] || die "$f: no such file"
            n=$((n + 1))
            o="$tmp/$n-$(basename "${f%.*}").o"
            run "$CLANG" "${fw_cflags[@]}" ${cflags[@]+"${cflags[@]}"} -c "$f" -o "$o" || die "compiling $f failed"
            objs+=("$o")
            ;;
    esac
done

ld_args=("${ld_size[@]}" -o "$out")
[ -z "$map" ] || ld_args+=(--map "$map")
run "$B/lanai-ld" "${ld_args[@]}" "$B/fw/rt/crt0.o" "${objs[@]}" "$B/fw/librt.a"
