/* The recorder on its own: what it writes parses as JSON with the expected
 * events, strings and picosecond timestamps; the max-events bound; files
 * (gzip and plain); errors; the object -> track table. The JSON reader is
 * checked first, so that "it parses" means something. */
#include "../harness/harness.h"
#include "json_read.h"
#include "mem_sink.h"
#include "trace_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int parses(const char *text)
{
    char err[200];
    jv *v = jv_parse(text, strlen(text), err, sizeof err);
    jv_free(v);
    return v != NULL;
}

TEST(trace_json, reader_rejects_what_is_not_json)
{
    ASSERT_TRUE(parses("{\"a\":[1,2.5,-0.5e3,true,false,null,\"x\\u00e9\\ud83d\\ude00\"]}"));
    const char *badtexts[] = {
        "{\"a\":1,}", "[1,2,]", "{\"a\" 1}", "[01]", "[1.]", "[.5]", "\"tab\there\"", "\"\\x\"",
        "\"\\ud800\"", "\"\xff\"", "\"\xc0\xaf\"", "[1] 2", "{'a':1}", "[tru]", "", "[\"\xed\xa0\x80\"]",
    };
    for (size_t i = 0; i < sizeof badtexts / sizeof *badtexts; i++)
        if (parses(badtexts[i])) harness_fail(__FILE__, __LINE__, "accepted bad JSON #%zu: %s", i, badtexts[i]);
    char err[200];
    jv *v = jv_parse("{\"ts\":12.5,\"t2\":3,\"t3\":0.000001,\"t4\":1e3}", 41, err, sizeof err);
    ASSERT_TRUE(v != NULL);
    ASSERT_EQ(jv_us_to_ps(jv_get(v, "ts")), 12500000);
    ASSERT_EQ(jv_us_to_ps(jv_get(v, "t2")), 3000000);
    ASSERT_EQ(jv_us_to_ps(jv_get(v, "t3")), 1);
    ASSERT_EQ(jv_us_to_ps(jv_get(v, "t4")), -1);
    jv_free(v);
}

/* Close t and load what m holds; fails the test on a bad trace. */
static void close_load(trace *t, mem_sink *m, tr_trace *out)
{
    char err[300];
    ASSERT_EQ(trace_close(t, err, sizeof err), 0);
    ASSERT_TRUE(m->closed);
    if (tr_load_text(out, m->buf, m->len)) {
        harness_note("%s", m->buf);
        harness_fail(__FILE__, __LINE__, "bad trace: %s", out->err);
    }
}

TEST(trace_recorder, events_round_trip)
{
    mem_sink m = {0};
    trace *t = mem_trace(&m, 0);
    int p1 = trace_process(t, "node 0"), p2 = trace_process(t, "fabric");
    ASSERT_EQ(p1, 1);
    ASSERT_EQ(p2, 2);
    int a = trace_track(t, p1, "send"), b = trace_track(t, p2, "link a->b"), c = trace_track(t, p1, "recv");
    ASSERT_EQ(trace_track(t, 7, "no such process"), -1);
    const char *weird = "a \"quoted\" \\ name\twith\x01 \xc2\xb5s and \xff bad";
    trace_arg args[2] = {{"bytes", NULL, 4096}, {"what", weird, 0}};
    trace_complete(t, a, "ni", weird, 0, 1, args, 2);
    trace_complete(t, b, "link", "pkt", 12500000, 1000000000000000ull + 7, NULL, 0);
    trace_instant(t, c, "core", "mark 1", 999999, NULL, 0);
    trace_instant(t, -1, "run", "everywhere", 5, NULL, 0);
    trace_counter(t, p2, "queue", 2000000, "depth", -3);
    trace_flow(t, a, 's', "packet", 77, 1);
    trace_flow(t, b, 't', "packet", 77, 13000000);
    trace_flow(t, c, 'f', "packet", 77, 14000000);
    trace_flow(t, c, 'x', "packet", 77, 14000000);   /* not a flow phase: ignored */
    trace_complete(t, 99, "bad", "no such track", 0, 1, NULL, 0);
    trace_meta(t, "scenario", "unit \"test\"");
    ASSERT_EQ(trace_events(t), 8);

    tr_trace r;
    close_load(t, &m, &r);
    ASSERT_EQ(r.ntrk, 3);
    ASSERT_STR_EQ(r.trk[1].name, "link a->b");
    ASSERT_STR_EQ(r.trk[1].process, "fabric");
    ASSERT_EQ(r.trk[2].tid, 2);   /* second track of node 0 */
    ASSERT_EQ(r.nev, 8);
    /* the weird name comes back with escapes undone and the bad byte as '?' */
    ASSERT_STR_EQ(r.ev[0].name, "a \"quoted\" \\ name\twith\x01 \xc2\xb5s and ? bad");
    ASSERT_STR_EQ(jv_str(r.ev[0].args, "what", ""), r.ev[0].name);
    ASSERT_EQ(tr_arg(&r.ev[0], "bytes", 0), 4096);
    ASSERT_EQ(r.ev[0].ts, 0);
    ASSERT_EQ(r.ev[0].dur, 1);
    ASSERT_EQ(r.ev[1].ts, 12500000);
    ASSERT_EQ(r.ev[1].dur, 1000000000000000ll + 7 - 12500000);
    ASSERT_EQ(r.ev[2].ph, 'i');
    ASSERT_EQ(r.ev[2].ts, 999999);
    ASSERT_EQ(r.ev[3].tid, -1);
    ASSERT_EQ(r.ev[4].ph, 'C');
    ASSERT_EQ(tr_arg(&r.ev[4], "depth", 0), -3);
    ASSERT_EQ(r.ev[5].ph, 's');
    ASSERT_EQ(r.ev[7].ph, 'f');
    ASSERT_EQ(r.ev[7].id, 77);
    ASSERT_EQ(r.ev[7].pid, 1);
    ASSERT_EQ(r.ev[7].tid, 2);
    ASSERT_STR_EQ(tr_meta(&r, "scenario"), "unit \"test\"");
    ASSERT_STR_EQ(tr_meta(&r, "events"), "8");
    tr_free(&r);
    mem_sink_free(&m);
}

TEST(trace_recorder, max_events_stop_with_a_final_instant)
{
    mem_sink m = {0};
    trace *t = mem_trace(&m, 5);
    int k = trace_track(t, trace_process(t, "p"), "t");
    for (int i = 0; i < 9; i++) trace_complete(t, k, "c", "span", (sim_time)i * 1000000, (sim_time)i * 1000000 + 1, NULL, 0);
    ASSERT_EQ(trace_events(t), 5);
    ASSERT_TRUE(trace_stopped(t));
    tr_trace r;
    close_load(t, &m, &r);
    ASSERT_EQ(r.nev, 6);
    for (int i = 0; i < 5; i++) ASSERT_EQ(r.ev[i].ph, 'X');
    ASSERT_EQ(r.ev[5].ph, 'i');
    ASSERT_EQ(r.ev[5].ts, 5000000);   /* at the first event it refused */
    ASSERT_TRUE(strstr(r.ev[5].name, "5 events") && strstr(r.ev[5].name, "max events"));
    ASSERT_STR_EQ(tr_meta(&r, "stopped"), "max events");
    tr_free(&r);
    mem_sink_free(&m);
}

static const char *scratch(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/build/tests/trace", harness_root());
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/build/tests/trace/%s", harness_root(), name);
    return path;
}

static void write_file(const char *path)
{
    char err[600];
    remove(path);
    trace *t = trace_open(path, 0, err, sizeof err);
    if (!t) harness_fail(__FILE__, __LINE__, "%s", err);
    int k = trace_track(t, trace_process(t, "p"), "t");
    for (int i = 0; i < 1000; i++) trace_complete(t, k, "c", "span", (sim_time)i * 3000, (sim_time)i * 3000 + 2000, NULL, 0);
    ASSERT_EQ(trace_close(t, err, sizeof err), 0);
}

TEST(trace_recorder, gzip_and_plain_files)
{
    char gz[1024], plain[1024];
    snprintf(gz, sizeof gz, "%s", scratch("unit.json.gz"));
    snprintf(plain, sizeof plain, "%s", scratch("unit.json"));
    write_file(gz);
    write_file(plain);
    unsigned char head[2];
    FILE *f = fopen(gz, "rb");
    ASSERT_TRUE(f && fread(head, 1, 2, f) == 2);
    fclose(f);
    ASSERT_TRUE(head[0] == 0x1f && head[1] == 0x8b);   /* gzip magic */
    f = fopen(plain, "rb");
    ASSERT_TRUE(f && fread(head, 1, 1, f) == 1);
    fclose(f);
    ASSERT_EQ(head[0], '{');
    struct stat a, b;
    ASSERT_EQ(stat(gz, &a), 0);
    ASSERT_EQ(stat(plain, &b), 0);
    harness_note("1000 spans: %lld bytes gzip, %lld plain", (long long)a.st_size, (long long)b.st_size);
    ASSERT_TRUE(a.st_size * 4 < b.st_size);
    tr_trace r, q;
    if (tr_load_file(&r, gz)) harness_fail(__FILE__, __LINE__, "%s", r.err);
    if (tr_load_file(&q, plain)) harness_fail(__FILE__, __LINE__, "%s", q.err);
    ASSERT_EQ(r.nev, 1000);
    ASSERT_EQ(q.nev, 1000);
    ASSERT_EQ(r.ev[999].ts, 999 * 3000);
    ASSERT_EQ(r.ev[999].dur, 2000);
    tr_free(&r);
    tr_free(&q);
}

TEST(trace_recorder, errors_name_the_file)
{
    char err[600] = "";
    const char *path = "/nonexistent-dir/x/trace.json.gz";
    ASSERT_TRUE(trace_open(path, 0, err, sizeof err) == NULL);
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, path) != NULL);
    /* a write that fails on the way is reported at close */
    mem_sink m = {.fail_after = 300};
    trace *t = mem_trace(&m, 0);
    int k = trace_track(t, trace_process(t, "p"), "t");
    for (int i = 0; i < 5000; i++) trace_complete(t, k, "c", "span", 0, 1, NULL, 0);
    ASSERT_EQ(trace_close(t, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "writing the trace failed") != NULL);
    mem_sink_free(&m);
}

TEST(trace_recorder, object_and_node_bindings)
{
    mem_sink m = {0};
    trace *t = mem_trace(&m, 0);
    static int objs[3000];
    for (int i = 0; i < 3000; i++) trace_bind(t, &objs[i], i % 7, i);
    trace_bind(t, &objs[5], 5 % 7, 123456);   /* rebinding replaces */
    for (int i = 0; i < 3000; i++) ASSERT_EQ(trace_find(t, &objs[i], i % 7), i == 5 ? 123456 : i);
    ASSERT_EQ(trace_find(t, &objs[1], 0), -1);
    ASSERT_EQ(trace_find(t, NULL, 0), -1);
    ASSERT_EQ(trace_find_node(t, 0, 0), -1);
    trace_bind_node(t, 300, 4, 17);
    trace_bind_node(t, 2, 1, 9);
    ASSERT_EQ(trace_find_node(t, 300, 4), 17);
    ASSERT_EQ(trace_find_node(t, 2, 1), 9);
    ASSERT_EQ(trace_find_node(t, 2, 4), -1);
    ASSERT_EQ(trace_find_node(t, 301, 4), -1);
    ASSERT_EQ(trace_find_node(t, 2, TRACE_NODE_KINDS), -1);
    char err[100];
    ASSERT_EQ(trace_close(t, err, sizeof err), 0);
    mem_sink_free(&m);
}
