/* Sweeps beyond one machine: run --emit-jobs, the jobs run by GNU parallel
 * for real, merge; the outputs must be byte-identical to a local run. */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* sim_base_cfg (a selftest scenario: 2 series x 5 points) as dir/self.cfg. */
static const char *self_cfg(const char *dir)
{
    static char path[1200];
    snprintf(path, sizeof path, "%s/self.cfg", dir);
    sim_write(path, sim_base_cfg);
    return path;
}

/* Runs a shell command from the repository root; its exit status. */
static int sh(const char *fmt, const char *a, const char *b)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, fmt, a, b);
    int st = system(cmd);
    return st == -1 ? -1 : WEXITSTATUS(st);
}

TEST(sim_jobs, parallel_round_trip_matches_a_local_run)
{
    char dir[1024], jobs[1100], merged[1100], local[1100], log[1100];
    snprintf(dir, sizeof dir, "%s", sim_scratch("jobs_parallel"));
    snprintf(jobs, sizeof jobs, "%s/jobs", dir);
    snprintf(merged, sizeof merged, "%s/merged", dir);
    snprintf(local, sizeof local, "%s/local", dir);
    snprintf(log, sizeof log, "%s/parallel.log", dir);
    /* two files (one pool, outputs per file stem), a real firmware kind */
    char files[1400];
    snprintf(files, sizeof files, "scenarios/thesis/appendix_a_copy.cfg '%s'", self_cfg(dir));
    char args[4096];
    snprintf(args, sizeof args, "run %s --quick --out '%s' --emit-jobs '%s'", files, merged, jobs);
    ASSERT_EQ(sim_cli("%s", args), 0);
    harness_note("emit: %s", sim_stdout());
    ASSERT_TRUE(strstr(sim_stdout(), "jobs in") != NULL);
    ASSERT_TRUE(!sim_exists(merged));   /* emitting runs nothing and writes no output */
    char jl[1200];
    snprintf(jl, sizeof jl, "%s/jobs.txt", jobs);
    ASSERT_EQ(sh("parallel --will-cite --jobs 2 < '%s' > '%s' 2>&1", jl, log), 0);
    ASSERT_EQ(sim_cli("merge '%s'", jobs), 0);
    ASSERT_EQ(sim_cli("run %s --quick --jobs 2 --out '%s'", files, local), 0);
    ASSERT_EQ(sh("diff -r '%s' '%s' > /dev/null", local, merged), 0);
    /* a different --out at merge time */
    char other[1200];
    snprintf(other, sizeof other, "%s/other", dir);
    ASSERT_EQ(sim_cli("merge '%s' --out '%s'", jobs, other), 0);
    ASSERT_EQ(sh("diff -r '%s' '%s' > /dev/null", local, other), 0);
}

TEST(sim_jobs, a_missing_result_fails_the_merge_naming_the_job)
{
    char dir[1024], jobs[1100], out[1100], res[1200];
    snprintf(dir, sizeof dir, "%s", sim_scratch("jobs_missing"));
    snprintf(jobs, sizeof jobs, "%s/jobs", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --emit-jobs '%s'", self_cfg(dir), out, jobs), 0);
    ASSERT_EQ(sim_cli("job '%s' 0", jobs), 0);
    snprintf(res, sizeof res, "%s/results/0.txt", jobs);
    ASSERT_TRUE(sim_exists(res));
    /* job 1 never ran */
    ASSERT_EQ(sim_cli("merge '%s'", jobs), 1);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "job 1 has no result") != NULL);
    /* a cut-off result file is a failed run too, not a silent zero */
    sim_write(res, "m x 1\n");
    ASSERT_EQ(sim_cli("merge '%s'", jobs), 1);
    ASSERT_TRUE(strstr(sim_stderr(), "job 0's result") != NULL);
}

TEST(sim_jobs, bad_job_directories_and_indices_are_errors)
{
    char dir[1024], jobs[1100], man[1200];
    snprintf(dir, sizeof dir, "%s", sim_scratch("jobs_bad"));
    snprintf(jobs, sizeof jobs, "%s/jobs", dir);
    ASSERT_EQ(sim_cli("merge '%s'", dir), 2);      /* no manifest */
    ASSERT_TRUE(strstr(sim_stderr(), "manifest") != NULL);
    ASSERT_EQ(sim_cli("run '%s' --emit-jobs '%s'", self_cfg(dir), jobs), 0);
    ASSERT_EQ(sim_cli("job '%s' 999", jobs), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "not 999") != NULL);
    ASSERT_EQ(sim_cli("job '%s' -1", jobs), 2);
    ASSERT_EQ(sim_cli("run '%s' --emit-jobs '%s' --trace t.json", self_cfg(dir), jobs), 2);
    snprintf(man, sizeof man, "%s/manifest", jobs);
    sim_write(man, "myrisim-jobs 1\ncwd /\nbogus line\n");
    ASSERT_EQ(sim_cli("job '%s' 0", jobs), 2);
    harness_note("stderr: %s", sim_stderr());
    ASSERT_TRUE(strstr(sim_stderr(), "manifest:3: not a myrisim job manifest") != NULL);
}
