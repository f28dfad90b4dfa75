# Finds where clang-14's peephole pass could fold a compare into a swapped
# subtraction (lanai-cc; docs/firmware.md): in one basic block of Lanai
# assembly compiled WITHOUT the peephole pass, a register-register
# `sub %rA, %rB, %rD` and a compare `sub.f %rB, %rA, %r0`. Prints
# "FUNCTION" once per function where that occurs; nothing if none.
function reset() { delete subs; delete cmps }
BEGIN { fn = "?" }
/^[A-Za-z_.$][A-Za-z0-9_.$]*:/ {
    lab = $0; sub(/:.*/, "", lab)
    if (lab !~ /^\./) fn = lab
    reset(); next
}
{
    line = $0; sub(/!.*/, "", line); gsub(/,/, " ", line)
    n = split(line, f, /[ \t]+/)
    k = 0; for (i = 1; i <= n; i++) if (f[i] != "") w[++k] = f[i]
    if (k != 4 || w[2] !~ /^%/ || w[3] !~ /^%/ || w[4] !~ /^%/) next
    if (w[1] == "sub") {
        subs[w[2] "," w[3]] = 1
        if ((w[3] "," w[2]) in cmps) hit()
    } else if (w[1] == "sub.f" && w[4] == "%r0") {
        cmps[w[2] "," w[3]] = 1
        if ((w[3] "," w[2]) in subs) hit()
    }
}
function hit() { if (!(fn in seen)) { seen[fn] = 1; print fn } }
