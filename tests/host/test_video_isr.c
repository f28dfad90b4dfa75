/* The BT848 driver's interrupt handler (sim/experiments/exp_video_isr.c) on
 * a P3-550 host: each frame's IRQ bit raises the card's INTA, the handler
 * reads and clears INT_STAT over PCI and marks the frame complete, and only
 * it does: a program without the IRQ bit captures every frame yet none is
 * ever marked (a request then gets the "no frame" reply, number 0). */
#include "../harness/harness.h"
#include "../../model/bt848/bt848_prog.h"
#include "../../sim/experiments/exp_video_isr.h"

#include <string.h>

#define REGS 0x90000000ull

typedef struct rig {
    evq *q;
    host *h;
    hm_space *k;
    bt848 *v;
    video_isr *x;
    uint64_t prog;
} rig;

static void rig_up(rig *r, int irq)
{
    char err[256];
    r->q = evq_new();
    r->h = host_new(r->q, host_profile_get("p3-550"), 1, err, sizeof err);
    ASSERT_TRUE(r->h != NULL);
    r->k = hm_space_new(host_mem(r->h), "video");
    uint64_t pa[2];
    for (int i = 0; i < 2; i++) ASSERT_TRUE(hm_alloc_contig(r->k, 320 * 240 * 2, &pa[i]) != NULL);
    size_t n = bt848_prog_bytes(320, 240, 2);
    uint8_t *p = hm_alloc_contig(r->k, n, &r->prog);
    ASSERT_EQ(bt848_prog_build(p, n, r->prog, 320, 240, pa, 2, irq), n);
    r->v = bt848_new(host_bus(r->h, 0), &bt848_default, 320, 240, err, sizeof err);
    ASSERT_TRUE(r->v != NULL);
    ASSERT_EQ(bt848_attach_regs(r->v, REGS, err, sizeof err), 0);
    ASSERT_EQ(bt848_reg_write(r->v, BT848_REG_INT_MASK, BT848_INT_RISCI, err, sizeof err), 0);
    ASSERT_EQ(bt848_set_trigger(r->v, 32), 0);
    r->x = video_isr_new(r->h, 0, r->v, REGS, 2);
    ASSERT_TRUE(r->x != NULL);
}

static void rig_down(rig *r)
{
    video_isr_free(r->x);
    bt848_free(r->v);
    hm_space_free(r->k);
    host_free(r->h);
    evq_free(r->q);
}

TEST(video_isr, frames_are_marked_complete_by_the_interrupt_handler)
{
    rig r;
    rig_up(&r, 1);
    ASSERT_EQ(bt848_start(r.v, r.prog, 3), 0);
    /* up to the first frame's last line: the card is done with it, the
     * handler has not run yet, so nothing is complete */
    while (bt848_stats_of(r.v)->irqs == 0 && evq_pending(r.q)) evq_step(r.q);
    ASSERT_EQ(bt848_inta(r.v), 1);
    ASSERT_EQ(video_isr_latest(r.x, NULL), 0);
    sim_time raised = evq_now(r.q);
    while ((!bt848_done(r.v) || video_isr_busy(r.x)) && evq_pending(r.q)) evq_step(r.q);
    const video_isr_stats *is = video_isr_stats_of(r.x);
    harness_note("3 frames: %llu handler runs, %.2f us a run (max %.2f)", (unsigned long long)is->runs,
                 is->cost_ps / 1e6 / (double)is->runs, is->max_ps / 1e6);
    ASSERT_TRUE(video_isr_error(r.x)[0] == 0);
    ASSERT_EQ(is->frames, 3);
    ASSERT_EQ(is->runs, 3);
    int buf;
    ASSERT_EQ(video_isr_latest(r.x, &buf), 3);
    ASSERT_EQ(buf, 0);                       /* frame 3 went to buffer 0 */
    ASSERT_EQ(bt848_inta(r.v), 0);           /* cleared by the handler's INT_STAT write */
    /* a run costs the host's interrupt entry and exit and an uncached read */
    const host_profile *hp = host_profile_get("p3-550");
    ASSERT_TRUE(is->cost_ps / 3 > hp->irq_entry_ps + hp->irq_exit_ps);
    ASSERT_TRUE(is->max_ps < hp->irq_entry_ps + hp->irq_exit_ps + SIM_US(5));
    ASSERT_TRUE(is->marked_ps > raised);
    /* the host's CPU was the handler's for exactly its runs */
    ASSERT_EQ(host_kernel_in(r.h, 0, evq_now(r.q)), is->cost_ps);
    rig_down(&r);
}

TEST(video_isr, a_program_without_the_irq_bit_never_marks_a_frame)
{
    rig r;
    rig_up(&r, 0);
    ASSERT_EQ(bt848_start(r.v, r.prog, 3), 0);
    while (!bt848_done(r.v) && evq_pending(r.q)) evq_step(r.q);
    ASSERT_EQ(bt848_stats_of(r.v)->frames, 3);
    ASSERT_EQ(bt848_stats_of(r.v)->frames_dropped, 0);
    ASSERT_EQ(bt848_stats_of(r.v)->irqs, 0);
    ASSERT_EQ(video_isr_stats_of(r.x)->runs, 0);
    ASSERT_EQ(video_isr_latest(r.x, NULL), 0);   /* a request gets "no frame" (number 0) */
    rig_down(&r);
}
