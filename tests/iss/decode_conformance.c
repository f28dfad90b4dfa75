/* Decoder conformance: our decoder and disassembler against LLVM 14 over a
 * large deterministic sample of words (random fields per format plus a
 * systematic enumeration of every bit that decides validity).
 * Method: all words go into one assembly file as ".long" lines; llvm-mc-14
 * assembles it and one llvm-objdump-14 -d run prints one line per word.
 *
 * Normalisations (precise): whitespace runs collapse to one space; objdump's
 * symbolization suffix " <.text+0x..>" after branch targets is dropped.
 * Excluded from the LLVM run: RRM words with BBB=111 and JJJJJ[2:0] != 0.
 * LLVM's decoder accepts them but its printer aborts (undefined ALU code),
 * so llvm-objdump-14 crashes on them; we decode them as illegal and check
 * that separately. */
#include "../harness/harness.h"
#include "../../model/lanai/lanai.h"
#include "../../model/lanai/decode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct { uint32_t *w; size_t n, cap; } wordvec;

static void push(wordvec *v, uint32_t w)
{
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 4096;
        v->w = realloc(v->w, v->cap * sizeof *v->w);
        if (!v->w) abort();
    }
    v->w[v->n++] = w;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;   /* fixed seed: deterministic sample */
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static int llvm_crashes_on(uint32_t w)
{
    return (w >> 29) == 5 && ((w >> 8) & 7) == 7 && ((w >> 3) & 7) != 0;
}

static void build_sample(wordvec *v)
{
    /* random words for every top nibble */
    for (uint32_t top = 0; top < 16; top++)
        for (int i = 0; i < 2500; i++) push(v, (top << 28) | (rnd() & 0x0FFFFFFF));
    /* fixed encodings and their neighbours */
    for (uint32_t w = 0; w < 64; w++) push(v, w);
    push(v, 0x15000000); push(v, 0x8116FFFC); push(v, 0xFFFFFFFF);
    /* RI: every op x F x H, r0/r1 sources (mov aliases), signed shifts */
    for (uint32_t op = 0; op < 8; op++)
        for (uint32_t fh = 0; fh < 4; fh++)
            for (uint32_t rs1 = 0; rs1 < 3; rs1++)
                for (int i = 0; i < 8; i++)
                    push(v, (op << 28) | ((rnd() & 31) << 23) | (rs1 << 18) | (fh << 16) | (rnd() & 0xFFFF));
    /* RM: every P Q, displacements around +-4 (increment aliases) */
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t pq = 0; pq < 4; pq++)
            for (int32_t d = -6; d <= 6; d++)
                push(v, 0x80000000u | (s << 28) | ((rnd() & 31) << 23) | ((rnd() & 31) << 18) |
                            (pq << 16) | ((uint32_t)d & 0xFFFF));
    /* RRM: S x BBB x JJJJJ x YLE x PQ */
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t bbb = 0; bbb < 8; bbb++)
            for (uint32_t j = 0; j < 32; j++)
                for (uint32_t yle = 0; yle < 8; yle++)
                    push(v, 0xA0000000u | (s << 28) | ((rnd() & 31) << 23) | ((rnd() & 31) << 18) |
                                ((rnd() & 3) << 16) | ((rnd() & 31) << 11) | (bbb << 8) | (j << 3) | yle);
    /* RR: F x BBB x JJJJJ x DDDI */
    for (uint32_t fl = 0; fl < 2; fl++)
        for (uint32_t bbb = 0; bbb < 8; bbb++)
            for (uint32_t j = 0; j < 32; j++)
                for (uint32_t cc = 0; cc < 16; cc++)
                    push(v, 0xC0000000u | ((rnd() & 31) << 23) | ((rnd() & 31) << 18) | (fl << 17) |
                                ((cc & 1) << 16) | ((rnd() & 31) << 11) | (bbb << 8) | (j << 3) | (cc >> 1));
    /* RR writes to pc with r0 operands (mov / indirect-branch aliases) */
    for (uint32_t bbb = 0; bbb < 7; bbb++)
        for (uint32_t cc = 0; cc < 16; cc++)
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t rs1 = (k & 1) ? (rnd() & 31) : 0, rs2 = (k & 2) ? (rnd() & 31) : 0;
                for (uint32_t fl = 0; fl < 2; fl++)
                    push(v, 0xC0000000u | (2u << 23) | (rs1 << 18) | (fl << 17) | ((cc & 1) << 16) |
                                (rs2 << 11) | (bbb << 8) | (cc >> 1));
            }
    /* special: F x OP x each single bit of 16:3 */
    for (uint32_t fl = 0; fl < 2; fl++)
        for (uint32_t op = 0; op < 8; op++)
            for (int b = 2; b <= 16; b++)
                push(v, 0xD0000000u | ((rnd() & 31) << 23) | ((rnd() & 31) << 18) | (fl << 17) |
                            (b > 2 ? 1u << b : 0) | op);
    /* branches: each single bit of 23:2 with bit1/bit24 combinations */
    for (uint32_t cc = 0; cc < 16; cc++)
        for (uint32_t form = 0; form < 4; form++)
            for (int b = 1; b <= 23; b++) {
                uint32_t base = 0xE0000000u | ((cc >> 1) << 25) | (cc & 1) | ((form & 1) << 1) | ((form >> 1) << 24);
                push(v, base | (b >= 2 ? 1u << b : 0));
                push(v, base | (rnd() & 0x00FFFFFC));
            }
    /* F: bits 17:15 x Y S E, P Q, offsets around +-2 / +-1 */
    for (uint32_t m = 0; m < 8; m++)
        for (uint32_t yse = 0; yse < 8; yse++)
            for (uint32_t pq = 0; pq < 4; pq++)
                for (int32_t d = -3; d <= 3; d++)
                    push(v, 0xF0000000u | ((rnd() & 31) << 23) | ((rnd() & 31) << 18) | (m << 15) |
                                (yse << 12) | (pq << 10) | ((uint32_t)d & 0x3FF));
}

static void normalise(char *s)
{
    char *o = s, *i = s;
    int space = 0;
    while (*i == ' ' || *i == '\t') i++;
    for (; *i && *i != '\n'; i++) {
        if (*i == ' ' || *i == '\t') { space = 1; continue; }
        if (space) *o++ = ' ';
        space = 0;
        *o++ = *i;
    }
    *o = 0;
    /* drop " <sym+off>" after a branch target, but keep "<unknown>" */
    char *lt = strstr(s, " <");
    if (lt && o > s && o[-1] == '>') *lt = 0;
}

static int run(const char *cmd)
{
    int rc = system(cmd);
    return rc;
}

TEST(iss_decode, llvm_conformance)
{
    char dir[1024], path_s[1100], path_o[1100], path_d[1100], cmd[4096];
    snprintf(dir, sizeof dir, "%s/build/tests/iss_decode", harness_root());
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    ASSERT_EQ(run(cmd), 0);
    snprintf(path_s, sizeof path_s, "%s/sample.s", dir);
    snprintf(path_o, sizeof path_o, "%s/sample.o", dir);
    snprintf(path_d, sizeof path_d, "%s/sample.dis", dir);

    wordvec all = {0}, sent = {0};
    build_sample(&all);
    int rejected_crashers = 0;
    for (size_t i = 0; i < all.n; i++) {
        if (llvm_crashes_on(all.w[i])) {
            lanai_fields f;
            ASSERT_EQ(lanai_decode(all.w[i], &f), 0);
            rejected_crashers++;
        } else {
            push(&sent, all.w[i]);
        }
    }
    FILE *s = fopen(path_s, "w");
    ASSERT_TRUE(s != NULL);
    fprintf(s, "\t.text\n");
    for (size_t i = 0; i < sent.n; i++) fprintf(s, "\t.long 0x%08x\n", sent.w[i]);
    fclose(s);
    snprintf(cmd, sizeof cmd, "llvm-mc-14 -triple=lanai -filetype=obj '%s' -o '%s'", path_s, path_o);
    ASSERT_EQ(run(cmd), 0);
    snprintf(cmd, sizeof cmd, "llvm-objdump-14 -d -z '%s' > '%s'", path_o, path_d);
    ASSERT_EQ(run(cmd), 0);

    FILE *d = fopen(path_d, "r");
    ASSERT_TRUE(d != NULL);
    char line[512], ours[160];
    size_t idx = 0, accept_mismatch = 0, text_mismatch = 0, accepted = 0;
    while (fgets(line, sizeof line, d)) {
        unsigned addr, b0, b1, b2, b3;
        int pos = 0;
        if (sscanf(line, " %x: %2x %2x %2x %2x%n", &addr, &b0, &b1, &b2, &b3, &pos) != 5) continue;
        if (idx >= sent.n) { fclose(d); harness_fail(__FILE__, __LINE__, "objdump printed more lines than words"); }
        uint32_t w = sent.w[idx];
        /* every line must be the next word: invalid words advance 4 bytes too */
        ASSERT_EQ(addr, idx * 4);
        ASSERT_EQ((b0 << 24) | (b1 << 16) | (b2 << 8) | b3, w);
        char *theirs = line + pos;
        normalise(theirs);
        int llvm_ok = strcmp(theirs, "<unknown>") != 0;
        lanai_fields f;
        int ok = lanai_decode(w, &f);
        lanai_disasm(w, addr, ours, sizeof ours);
        if (ok != llvm_ok) {
            if (accept_mismatch++ < 10)
                harness_note("acceptance differs 0x%08x: llvm \"%s\", ours \"%s\"", w, theirs, ours);
        } else if (ok) {
            accepted++;
            if (strcmp(theirs, ours) != 0 && text_mismatch++ < 20)
                harness_note("text differs 0x%08x: llvm \"%s\", ours \"%s\"", w, theirs, ours);
        }
        idx++;
    }
    fclose(d);
    harness_note("%zu words compared (%zu accepted by both), %d LLVM-crashing RRM words rejected",
                 idx, accepted, rejected_crashers);
    ASSERT_EQ(idx, sent.n);
    ASSERT_TRUE(idx >= 50000);
    ASSERT_EQ(accept_mismatch, 0);
    ASSERT_EQ(text_mismatch, 0);
    free(all.w);
    free(sent.w);
}
