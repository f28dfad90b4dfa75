#!/bin/bash
# lanai-cc: compile C / assembly for the LANai with clang-14 and link it with
# crt0.o and librt.a through lanai-ld. Installed as build/lanai-cc; works from
# any directory (the repository is found relative to this script).
#   lanai-cc -o PROG.elf [--chip lanai4|lanai9 | --sram-size N] [--heap-size N] [--map FILE]
#            [-v] FILE.c|FILE.S|FILE.s|FILE.o|LIB.a ... [clang flags: -O2 -DX -Idir ...]
# --chip (default lanai4) also defines LANAI_CHIP=4|9 for firmware/hal/ni.h and
# links the chip marker (firmware/rt/chip_marker.S: absolute symbol
# __lanai_chip = 4|9) that NI loaders check; --sram-size alone links none.
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
    sed -n '2,9s/^# \{0,1\}//p' "$0"
}

out="" map="" verbose=0 have_opt=0 have_chip_macro=0 chip_macro=""
ld_size=(--chip lanai4)
ld_heap=()   # malloc's heap size for lanai-ld (its default: 64 KiB)
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
        --heap-size) [ $# -ge 2 ] || die "--heap-size needs a value"; ld_heap=(--heap-size "$2"); shift ;;
        --heap-size=*) ld_heap=(--heap-size "${a#--heap-size=}") ;;
        -v) verbose=1 ;;
        -O*) have_opt=1; cflags+=("$a") ;;
        -DLANAI_CHIP|-DLANAI_CHIP=*) have_chip_macro=1; chip_macro=${a#-DLANAI_CHIP}; cflags+=("$a") ;;
        -I|-D|-U|-include|-isystem)
            [ $# -ge 2 ] || die "$a needs an argument"
            case "$a $2" in "-D LANAI_CHIP"|"-D LANAI_CHIP="*) have_chip_macro=1; chip_macro=${2#LANAI_CHIP} ;; esac
            cflags+=("$a" "$2"); shift ;;
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
# The chip the code is compiled for names the marker: an explicit
# -DLANAI_CHIP=N wins over --chip (which then only sizes SRAM).
mark=""
if [ $have_chip_macro = 1 ]; then
    case $chip_macro in
        =4|=9) mark=${chip_macro#=} ;;
        *) die "-DLANAI_CHIP$chip_macro: LANAI_CHIP must be 4 or 9" ;;
    esac
elif [ "${ld_size[0]}" = --chip ]; then
    case ${ld_size[1]} in
        lanai4) mark=4; cflags+=(-DLANAI_CHIP=4) ;;
        lanai9) mark=9; cflags+=(-DLANAI_CHIP=9) ;;
    esac
fi
marker_src="$root/firmware/rt/chip_marker.S"
[ -z "$mark" ] || [ -f "$marker_src" ] || die "$marker_src is missing"
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

# The marker object carries no code or data: the image's SRAM is the same
# with or without it.
rt_objs=("$B/fw/rt/crt0.o")
if [ -n "$mark" ]; then
    run "$CLANG" --target=lanai -DLANAI_CHIP="$mark" -c "$marker_src" -o "$tmp/chip_marker.o" ||
        die "assembling the chip marker $marker_src failed"
    rt_objs+=("$tmp/chip_marker.o")
fi

ld_args=("${ld_size[@]}" ${ld_heap[@]+"${ld_heap[@]}"} -o "$out")
[ -z "$map" ] || ld_args+=(--map "$map")
run "$B/lanai-ld" "${ld_args[@]}" "${rt_objs[@]}" "${objs[@]}" "$B/fw/librt.a"
