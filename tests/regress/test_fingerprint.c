/* The fingerprint of observable records (model/trace/trace.h): order
 * within a component counts, the interleaving of components does not, and
 * a silent trace writes nothing. */
#include "../harness/harness.h"
#include "../../model/trace/trace.h"

static trace *two_tracks(int *a, int *b)
{
    trace *t = trace_new_silent();
    int pid = trace_process(t, "node");
    *a = trace_track(t, pid, "link");
    *b = trace_track(t, pid, "dma");
    return t;
}

TEST(regress_fp, order_within_a_component_counts)
{
    int a, b;
    uint64_t r1[3] = {'P', 100, 200}, r2[3] = {'P', 300, 400}, n1, n2;
    trace *t1 = two_tracks(&a, &b), *t2 = two_tracks(&a, &b);
    trace_fp_record(t1, a, r1, 3);
    trace_fp_record(t1, a, r2, 3);
    trace_fp_record(t2, a, r2, 3);           /* same records, reordered */
    trace_fp_record(t2, a, r1, 3);
    uint64_t h1 = trace_fingerprint(t1, &n1), h2 = trace_fingerprint(t2, &n2);
    ASSERT_EQ(n1, 2);
    ASSERT_EQ(n2, 2);
    ASSERT_NE(h1, h2);
    char err[64];
    ASSERT_EQ(trace_close(t1, err, sizeof err), 0);
    ASSERT_EQ(trace_close(t2, err, sizeof err), 0);
}

TEST(regress_fp, interleaving_of_components_does_not)
{
    int a, b;
    uint64_t r1[2] = {'S', 5}, r2[2] = {'H', 7}, r3[2] = {'S', 9};
    trace *t1 = two_tracks(&a, &b), *t2 = two_tracks(&a, &b);
    trace_fp_record(t1, a, r1, 2);
    trace_fp_record(t1, b, r2, 2);
    trace_fp_record(t1, a, r3, 2);
    trace_fp_record(t2, b, r2, 2);           /* the engine ran the DMA first */
    trace_fp_record(t2, a, r1, 2);
    trace_fp_record(t2, a, r3, 2);
    ASSERT_EQ(trace_fingerprint(t1, NULL), trace_fingerprint(t2, NULL));
    /* the same record on the other component is another observation */
    trace *t3 = two_tracks(&a, &b);
    trace_fp_record(t3, b, r1, 2);
    trace_fp_record(t3, b, r2, 2);
    trace_fp_record(t3, a, r3, 2);
    ASSERT_NE(trace_fingerprint(t1, NULL), trace_fingerprint(t3, NULL));
    /* a time one picosecond later */
    trace *t4 = two_tracks(&a, &b);
    uint64_t r1b[2] = {'S', 6};
    trace_fp_record(t4, a, r1b, 2);
    trace_fp_record(t4, b, r2, 2);
    trace_fp_record(t4, a, r3, 2);
    ASSERT_NE(trace_fingerprint(t1, NULL), trace_fingerprint(t4, NULL));
    char err[64];
    trace_close(t1, err, sizeof err);
    trace_close(t2, err, sizeof err);
    trace_close(t3, err, sizeof err);
    trace_close(t4, err, sizeof err);
}

TEST(regress_fp, silent_trace_records_no_event)
{
    int a, b;
    trace *t = two_tracks(&a, &b);
    trace_complete(t, a, "x", "y", 0, 10, NULL, 0);
    ASSERT_EQ(trace_events(t), 0);
    uint64_t n;
    trace_fingerprint(t, &n);
    ASSERT_EQ(n, 0);
    char err[64];
    ASSERT_EQ(trace_close(t, err, sizeof err), 0);
}
