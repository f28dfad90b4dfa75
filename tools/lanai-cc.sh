#!/bin/bash
# lanai-cc: compile C / assembly for the LANai with clang-14 and link it with
# crt0.o and librt.a through lanai-ld. Installed as build/lanai-cc; works from
# any directory (the repository is found relative to this script).
#   lanai-cc -o PROG.elf [--chip lanai4|lanai9 | --sram-size N] [--heap-size N] [--map FILE]
#            [-v] FILE.c|FILE.S|FILE.s|FILE.o|LIB.a ... [clang flags: -O2 -DX -Idir ...]
# --chip (default lanai4) also defines LANAI_CHIP=4|9 for firmware/hal/ni.h and
# links the chip marker (firmware/rt/chip_marker.S: absolute symbol
# __lanai_chip = 4|9) that NI loaders check; --sram-size alone links none.
# Guards against clang-14 Lanai defects and bad input: docs/firmware.md,
# "What lanai-cc refuses or works around". Every error exits with status 2.
set -eu

prog=lanai-cc
die() { echo "$prog: error: $*" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
[ -d "$root/firmware/rt" ] || die "cannot find the repository (expected $root/firmware/rt)"
B="$root/build"
CLANG=${LANAI_CLANG:-clang-14}
# Keep in step with FW_CFLAGS in the Makefile.
fw_cflags=(--target=lanai -ffreestanding -fno-builtin -Wall -Wextra
           "-I$root/firmware/rt/include" "-I$root/firmware/hal")
# The guards (docs/firmware.md): never the host's headers (clang's own
# freestanding ones stay); frames the 16-bit `sub %sp, N, %sp` cannot
# encode are errors, not silent truncation. The peephole pass folds a
# compare into a swapped subtraction with the wrong condition: each C file
# is first compiled without it (no_peephole) and scanned for a block holding
# both halves of that pattern (lanai-cc-swapped-fold.awk); only a file
# without one gets the peephole pass (its other folds save instructions).
fw_guards=(-nostdlibinc -Wframe-larger-than=65535 -Werror=frame-larger-than)
no_peephole=(-mllvm -disable-peephole)
fold_awk="$root/tools/lanai-cc-swapped-fold.awk"

usage() {
    sed -n '2,9s/^# \{0,1\}//p' "$0"
}

# Bad input: every input a readable regular file; outputs never an input,
# a directory or a source file (`lanai-cc -o h.c h.c` must not eat h.c).
check_inputs() {
    case ${ld_size[0]}:${ld_size[1]} in
        --chip:lanai4|--chip:lanai9|--sram-size:*) ;;
        *) die "--chip: unknown chip '${ld_size[1]}' (lanai4 or lanai9)" ;;
    esac
    local f o
    for f in "${inputs[@]}"; do
        [ -e "$f" ] || die "$f: no such file"
        [ ! -d "$f" ] || die "$f: is a directory, not a source or object file"
        [ -f "$f" ] && [ -r "$f" ] || die "$f: not a readable regular file"
    done
    for o in "$out" ${map:+"$map"}; do
        [ ! -d "$o" ] || die "output $o is a directory"
        case $o in
            *.c|*.h|*.S|*.s) die "output $o has a source file's name; refusing to overwrite it (-o PROG.elf)" ;;
        esac
        for f in "${inputs[@]}"; do
            [ ! "$o" -ef "$f" ] || die "output $o is also an input"
        done
    done
    if [ -n "$map" ] && { [ "$map" = "$out" ] || [ "$map" -ef "$out" ]; }; then
        die "--map $map is the output file too"
    fi
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
check_inputs
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

# Hints after clang's own message, for the errors a firmware author meets
# first: a host header, and a frame the Lanai cannot address.
compile_hints() {
    local src=$1 log=$2 h
    h=$(sed -n "s/.*fatal error: '\(.*\)' file not found.*/\1/p" "$log" | head -n 1)
    if [ -n "$h" ]; then
        local have
        have=$(cd "$root/firmware/rt/include" && ls -- *.h | tr '\n' ' ')
        echo "$prog: error: $src: <$h> is not a firmware header: firmware never sees the host's C library." >&2
        echo "$prog: note: firmware/rt/include has: ${have% }; firmware/hal has ni.h sim.h simsvc.h ...;" \
             "clang's freestanding headers (stddef.h stdint.h stdbool.h limits.h float.h) work too" >&2
        case $h in
            stdio.h) echo "$prog: note: for console output use \"console.h\" (con_printf, con_puts, con_putc)" >&2 ;;
        esac
    fi
    sed -n "s/.*stack frame size (\([0-9]*\)) exceeds limit (65535) in '\([^']*\)'.*/\2 \1/p" "$log" |
    while read -r fn size; do
        echo "$prog: error: $src: function '$fn' needs a $size-byte stack frame; the Lanai adjusts sp with a" \
             "16-bit immediate (at most 65535) and clang-14 silently truncates larger frames:" \
             "make the large locals static or global" >&2
    done
}

# clang-14 places a local aligned beyond 8 bytes on the 8-aligned stack
# without realigning it: refuse, naming function and variable (read off the
# front end's IR, before any optimisation renames them).
check_overaligned() {
    local src=$1 ll=$2
    run "$CLANG" "${fw_cflags[@]}" "${fw_guards[@]}" ${cflags[@]+"${cflags[@]}"} -S -emit-llvm \
        -Xclang -disable-llvm-passes -fno-discard-value-names -Wno-everything "$src" -o "$ll" 2>/dev/null || return 0
    local bad
    bad=$(awk '/^define /{ fn = $0; sub(/^[^@]*@/, "", fn); sub(/\(.*/, "", fn); gsub(/"/, "", fn) }
               / = alloca .*, align [0-9]+/{ n = $NF + 0; if (n > 8) { v = $1; sub(/^%/, "", v);
                   printf "%s %s %d\n", fn, v, n } }' "$ll")
    [ -z "$bad" ] || {
        echo "$bad" | while read -r fn v n; do
            echo "$prog: error: $src: function '$fn': local '$v' asks for $n-byte alignment, but the Lanai" \
                 "stack is 8-byte aligned and clang-14 does not realign it (the variable would be misaligned):" \
                 "make it static or global, or align it to 8" >&2
        done
        exit 2
    }
}

objs=()
srcmap=()   # "temporary object<TAB>source" for the linker's messages
n=0
for f in "${inputs[@]}"; do
    case $f in
        *.o|*.a) objs+=("$f") ;;
        *)
            n=$((n + 1))
            o="$tmp/$n-$(basename "${f%.*}").o"
            peep=()
            case $f in
                *.c)
                    check_overaligned "$f" "$tmp/$n.ll"
                    if ! run "$CLANG" "${fw_cflags[@]}" "${fw_guards[@]}" "${no_peephole[@]}" \
                           ${cflags[@]+"${cflags[@]}"} -S "$f" -o "$tmp/$n.s" 2> "$tmp/cc.log"; then
                        cat "$tmp/cc.log" >&2
                        compile_hints "$f" "$tmp/cc.log"
                        die "compiling $f failed"
                    fi
                    cat "$tmp/cc.log" >&2
                    risky=$(awk -f "$fold_awk" "$tmp/$n.s" | tr '\n' ' ')
                    if [ -n "$risky" ]; then
                        peep=("${no_peephole[@]}")
                        [ $verbose = 0 ] || echo "$prog: note: $f: ${risky% }: a compare the peephole pass could" \
                            "fold into a swapped subtraction; compiled without the peephole pass" >&2
                    fi
                    ;;
            esac
            if ! run "$CLANG" "${fw_cflags[@]}" "${fw_guards[@]}" ${peep[@]+"${peep[@]}"} \
                   ${cflags[@]+"${cflags[@]}"} -c "$f" -o "$o" 2> "$tmp/cc.log"; then
                cat "$tmp/cc.log" >&2
                compile_hints "$f" "$tmp/cc.log"
                die "compiling $f failed"
            fi
            case $f in *.c) ;; *) cat "$tmp/cc.log" >&2 ;; esac   # a C file's warnings came above
            objs+=("$o")
            srcmap+=("$o	$f")
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

# The linker's messages name the user's sources, not our temporary objects.
ld_args=("${ld_size[@]}" ${ld_heap[@]+"${ld_heap[@]}"} -o "$out")
[ -z "$map" ] || ld_args+=(--map "$map")
rc=0
run "$B/lanai-ld" "${ld_args[@]}" "${rt_objs[@]}" "${objs[@]}" "$B/fw/librt.a" 2> "$tmp/ld.log" || rc=$?
if [ -s "$tmp/ld.log" ]; then
    sedargs=()
    for m in ${srcmap[@]+"${srcmap[@]}"}; do
        IFS='	' read -r o src <<< "$m"
        sedargs+=(-e "s|$(printf '%s' "$o" | sed 's/[][\\.*^$|]/\\&/g')|$(printf '%s' "$src" | sed 's/[\\&|]/\\&/g')|g")
    done
    sed ${sedargs[@]+"${sedargs[@]}"} -e "s|$tmp/chip_marker.o|$marker_src|g" "$tmp/ld.log" >&2
fi
exit $rc
