/* experiment.video of kind host: the BT848 streams beside the host program
 * and its NI; the run reports the stream's share of the bus and the frames
 * dropped, the card's tenures cost more than its data, and a size the card
 * cannot capture is refused at load time. grim_video: frames reach a remote
 * endpoint by an AM frame request and a reply handler, intact. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>


TEST(video, the_bt848_streams_beside_the_nis_traffic)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("video"));
    ASSERT_EQ(sim_cli("run scenarios/thesis/bt848_video.cfg --set experiment.video_frames=6 --jobs 2 --out %s", d), 0);
    double a[5], s[5], b[5];   /* pci_pct dropped busy_pct mbs frames */
    ASSERT_EQ(sim_csv_nums_in(d, "640x480-alone.csv", a, 5), 0);
    ASSERT_EQ(sim_csv_nums_in(d, "320x240-alone.csv", s, 5), 0);
    ASSERT_EQ(sim_csv_nums_in(d, "640x480-beside-ni-to-host-dma.csv", b, 5), 0);
    harness_note("640x480: %.2f%% of the bus, busy %.2f%%, %g dropped; beside DMA: busy %.2f%%, %g dropped", a[0], a[2],
                 a[1], b[2], b[1]);
    ASSERT_EQ((long)a[4], 6);
    ASSERT_EQ((long)a[1], 0);
    ASSERT_TRUE(a[3] > 18.4 && a[3] < 18.5);        /* 614,400 bytes x 30 a second */
    ASSERT_TRUE(s[3] > 4.6 && s[3] < 4.61);
    ASSERT_TRUE(a[2] > a[0]);                       /* tenures cost more than their data */
    ASSERT_EQ((long)b[4], 6);
    ASSERT_TRUE(b[2] >= a[2]);                      /* sharing the bus never makes the card's tenures cheaper */
}

TEST(video, a_trigger_point_the_card_has_not_is_refused_naming_the_key)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("video_trig"));
    int st = sim_cli("run scenarios/thesis/bt848_video.cfg --set experiment.video_trigger=12 --out %s", d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "video_trigger") != NULL);
    ASSERT_TRUE(strstr(sim_stderr(), "4, 8, 16 or 32") != NULL);
    /* a smaller trigger point: more, smaller bursts, more of the bus held */
    ASSERT_EQ(sim_cli("run scenarios/thesis/bt848_video.cfg --set experiment.video_frames=6 --set experiment.video_trigger=4 "
                      "--jobs 2 --out %s/t4", d), 0);
    double a[7];
    ASSERT_EQ(sim_csv_nums_in(d, "t4/640x480-alone.csv", a, 7), 0);
    harness_note("trigger 4: busy %.2f%%", a[2]);
    ASSERT_EQ((long)a[1], 0);
    ASSERT_TRUE(a[2] > 20);
}

TEST(video, a_size_the_card_cannot_capture_is_refused)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("video_bad"));
    int st = sim_cli("run scenarios/thesis/bt848_video.cfg --set experiment.video=800x600 --out %s", d);
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 2);
    ASSERT_TRUE(strstr(sim_stderr(), "800x600") != NULL);
}

/* scenarios/thesis/bt848_remote.cfg: node 1 asks node 0 for a frame every
 * 100 ms; every reply that carries a frame arrives intact and is a new one;
 * a reply takes at least the copy out of the driver's buffer plus the
 * frame's time on a 160 MB/s link; the capture loses nothing meanwhile. */
TEST(video, frames_reach_a_remote_endpoint_by_request_and_reply)
{
    char d[1024];
    snprintf(d, sizeof d, "%s", sim_scratch("video_remote"));
    ASSERT_EQ(sim_cli("run scenarios/thesis/bt848_remote.cfg --jobs 2 --out %s", d), 0);
    double v[7];   /* requests delivered bad distinct latency_us frames dropped */
    ASSERT_EQ(sim_csv_nums_in(d, "640x480-a-frame-every-100-ms.csv", v, 7), 0);
    harness_note("%g requests, %g frames delivered intact, %g bad, %g distinct, median %.1f us, %g dropped", v[0], v[1],
                 v[2], v[3], v[4], v[6]);
    ASSERT_EQ((long)v[0], 9);
    ASSERT_TRUE(v[1] >= 7);                         /* the first request may come before any frame */
    ASSERT_EQ((long)v[2], 0);
    ASSERT_EQ((long)v[3], (long)v[1]);              /* 100 ms apart: a new frame each time */
    ASSERT_TRUE(v[4] > 614400 / 115.0 + 614400 / 160.0);
    ASSERT_EQ((long)v[6], 0);
    /* without a capture card node 0 has nothing to serve */
    int st = sim_cli("run scenarios/thesis/bt848_remote.cfg --set experiment.video=none --jobs 2 --out %s/none", d);
    ASSERT_TRUE(st != 0);
    ASSERT_TRUE(strstr(sim_stderr(), "node 0 has no capture card") != NULL);
}
