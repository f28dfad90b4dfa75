/* The shipped circuits (hw/circuits) through the Verilated canvas: pass,
 * the vector ALU and MD5 against C references and RFC 1321's published
 * vectors, with their clock counts worked out from the circuits' state
 * machines and the one-word-per-clock handshake of appendix B.3. */
#include "../harness/harness.h"
#include "circ_bench.h"
#include "md5_ref.h"

#include <stdlib.h>
#include <string.h>

enum { SLOT_PASS = 0, SLOT_MD5 = 1, SLOT_HANG = 2, SLOT_BSWAP = 3, SLOT_ALU = 8 };

static uint32_t lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }

TEST(hw, canvas_reports_its_slots)
{
    hw_canvas *cv = hw_canvas_new();
    hw_canvas_pins p;
    memset(&p, 0, sizeof p);
    p.reset_h = 1;
    hw_canvas_clock(cv, &p);
    ASSERT_EQ(p.present, 0x10F);   /* pass, MD5, hang, bswap, ALU */
    hw_canvas_free(cv);
}

/* 1 clock for the circuit to turn its ports on, then one word per clock,
 * then 1 clock to see the last word's ack: n + 2. */
TEST(hw, pass_streams_1024_words_one_per_clock)
{
    static uint32_t a[1024], c[1024];
    uint32_t s = 1;
    for (int i = 0; i < 1024; i++) a[i] = lcg(&s);
    hw_canvas *cv = hw_canvas_new();
    circ_job j = {.sel = SLOT_PASS, .ints = 0, .a = a, .na = 1024, .c = c, .nc_max = 1024,
                  .limit = 5000};
    circ_result r = circ_run(cv, &j, 1);
    ASSERT_TRUE(r.done);
    ASSERT_EQ(r.nc, 1024);
    ASSERT_EQ(r.na_read, 1024);
    ASSERT_MEM_EQ(c, a, sizeof a);
    ASSERT_EQ(r.clocks, 1024 + 2);
    ASSERT_TRUE(!r.on_after_done);
    /* a second job after operation_complete, with the receiver stalling
     * every third clock: still every word, in order */
    j.ints = 100;
    j.na = 100;
    j.stall_c = 3;
    memset(c, 0, sizeof c);
    r = circ_run(cv, &j, 0);
    ASSERT_TRUE(r.done);
    ASSERT_EQ(r.nc, 100);
    ASSERT_MEM_EQ(c, a, 100 * 4);
    ASSERT_TRUE(r.clocks > 100 + 2);
    hw_canvas_free(cv);
}

static uint32_t alu_ref(unsigned op, uint32_t a, uint32_t b)
{
    switch (op) {
    case 1: return a + b;
    case 2: return a - b;
    case 3: return a * b;
    case 4: return a & b;
    case 5: return a | b;
    case 6: return a ^ b;
    case 7: return (int32_t)a < (int32_t)b ? a : b;
    case 8: return (int32_t)a > (int32_t)b ? a : b;
    case 9: return ~a;
    default: return a;
    }
}

TEST(hw, vector_alu_matches_c_for_every_subop)
{
    enum { N = 257 };
    static uint32_t a[N], b[N], c[N];
    uint32_t s = 7;
    for (int i = 0; i < N; i++) { a[i] = lcg(&s); b[i] = lcg(&s); }
    a[0] = 0x80000000u; b[0] = 1;          /* signed min/max edge */
    hw_canvas *cv = hw_canvas_new();
    for (unsigned op = 0; op < 16; op++) {
        circ_job j = {.sel = SLOT_ALU, .subop = op, .ints = N, .a = a, .b = b, .na = N, .nb = N,
                      .c = c, .nc_max = N, .limit = 2000};
        memset(c, 0, sizeof c);
        circ_result r = circ_run(cv, &j, op == 0);
        ASSERT_TRUE(r.done);
        ASSERT_EQ(r.nc, N);
        ASSERT_EQ(r.nb_read, op >= 1 && op <= 8 ? N : 0);
        for (int i = 0; i < N; i++)
            if (c[i] != alu_ref(op, a[i], b[i]))
                harness_fail(__FILE__, __LINE__, "subop %u word %d: %08x, C says %08x", op, i,
                             c[i], alu_ref(op, a[i], b[i]));
        ASSERT_EQ(r.clocks, N + 2);
    }
    hw_canvas_free(cv);
}

static void md5_on_canvas(hw_canvas *cv, const uint8_t *msg, size_t len, uint32_t d[4],
                          uint64_t *clocks)
{
    static uint32_t w[1024 + 32];
    size_t n = md5_pad(msg, len, w);
    circ_job j = {.sel = SLOT_MD5, .ints = (unsigned)(n & 1023), .a = w, .na = n, .c = d,
                  .nc_max = 4, .limit = 100000};
    circ_result r = circ_run(cv, &j, 0);
    ASSERT_TRUE(r.done);
    ASSERT_EQ(r.nc, 4);
    ASSERT_EQ(r.na_read, n);
    /* per block 16 loads + 64 rounds + 1 add; 1 clock to start, 5 to emit 4 words */
    ASSERT_EQ(r.clocks, 81 * (n / 16) + 6);
    *clocks = r.clocks;
}

TEST(hw, md5_matches_rfc1321_vectors)
{
    static const char *const v[][2] = {
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"a", "0cc175b9c0f1b6a831c399e269772661"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
         "d174ab98d277d9f5a5611c2c9f419d9f"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"},
    };
    hw_canvas *cv = hw_canvas_new();
    hw_canvas_pins p;
    memset(&p, 0, sizeof p);
    p.reset_h = 1;
    hw_canvas_clock(cv, &p);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint32_t d[4], ref[4];
        uint64_t clk;
        char hex[33], rhex[33];
        md5_on_canvas(cv, (const uint8_t *)v[i][0], strlen(v[i][0]), d, &clk);
        md5_hex(d, hex);
        ASSERT_STR_EQ(hex, v[i][1]);
        /* the C reference agrees with the RFC too (so it can judge the rest) */
        static uint32_t w[64];
        size_t n = md5_pad((const uint8_t *)v[i][0], strlen(v[i][0]), w);
        md5_words(w, n, ref);
        md5_hex(ref, rhex);
        ASSERT_STR_EQ(rhex, v[i][1]);
    }
    hw_canvas_free(cv);
}

TEST(hw, md5_matches_reference_on_random_messages_up_to_1024_words)
{
    static uint8_t msg[4096];
    uint32_t s = 99;
    hw_canvas *cv = hw_canvas_new();
    hw_canvas_pins p;
    memset(&p, 0, sizeof p);
    p.reset_h = 1;
    hw_canvas_clock(cv, &p);
    const size_t lens[] = {55, 56, 63, 64, 1000, 4096 - 9};   /* 4087 bytes pad to 1,024 words */
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        for (size_t i = 0; i < lens[k]; i++) msg[i] = (uint8_t)(lcg(&s) >> 24);
        uint32_t d[4], ref[4];
        uint64_t clk;
        static uint32_t w[1024 + 32];
        size_t n = md5_pad(msg, lens[k], w);
        md5_words(w, n, ref);
        md5_on_canvas(cv, msg, lens[k], d, &clk);
        ASSERT_MEM_EQ(d, ref, sizeof d);
        harness_note("%zu bytes: %zu words, %llu clocks", lens[k], n, (unsigned long long)clk);
    }
    hw_canvas_free(cv);
}

TEST(hw, hang_circuit_never_finishes_on_its_own)
{
    static uint32_t a[16];
    hw_canvas *cv = hw_canvas_new();
    circ_job j = {.sel = SLOT_HANG, .ints = 16, .a = a, .na = 16, .limit = 10000};
    circ_result r = circ_run(cv, &j, 1);
    ASSERT_TRUE(!r.done);
    ASSERT_EQ(r.na_read, 16);
    hw_canvas_free(cv);
}

/* A core with its own load/start/ready handshake, unedited, behind the
 * adapter of docs/endpoints.md: per word 1 take + 1 start + 4 core clocks
 * + 1 ready seen + 1 handed over = 8 clocks, and 1 to start. */
TEST(hw, wrapped_load_start_core_runs_unedited)
{
    static uint32_t a[40], c[40];
    uint32_t s = 5;
    for (int i = 0; i < 40; i++) a[i] = lcg(&s);
    hw_canvas *cv = hw_canvas_new();
    circ_job j = {.sel = SLOT_BSWAP, .ints = 40, .a = a, .na = 40, .c = c, .nc_max = 40, .limit = 5000};
    circ_result r = circ_run(cv, &j, 1);
    ASSERT_TRUE(r.done);
    ASSERT_EQ(r.nc, 40);
    for (int i = 0; i < 40; i++) ASSERT_EQ(c[i], __builtin_bswap32(a[i]));
    ASSERT_EQ(r.clocks, 8 * 40 + 1);
    ASSERT_TRUE(!r.on_after_done);
    hw_canvas_free(cv);
}
