/* Experiment kind "firmware": build one firmware image (or take a prebuilt
 * ELF), run it on one simulated LANai (node 0's NI chip) and measure the
 * stretch between two SIMSVC marks. Parameters reach the image as -D
 * defines; the firmware may report further values by printing lines
 * "measure NAME VALUE" on its console. */
#define _GNU_SOURCE
#include "experiments.h"
#include "exp_util.h"

#include "../../model/lanai/lanai.h"
#include "../scenario/runspec.h"
#include "../outputs/textfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const opt_names[] = {"O0", "O1", "O2", "O3", "Os", "Oz", NULL};

static const key_spec firmware_keys[] = {
    {"firmware", KT_STRING, 0, NULL, NULL, NULL, "elf", "C source of the image (built with build/lanai-cc)"},
    {"elf", KT_STRING, 0, NULL, NULL, NULL, "firmware", "a prebuilt image instead of firmware"},
    {"opt", KT_STRING, 0, NULL, opt_names, "optimisation level", NULL, "O0, O1, O2 (default), O3, Os or Oz"},
    {"cflags", KT_STRINGS, 0, NULL, NULL, NULL, NULL, "extra compiler flags, e.g. [\"-DFAST\"]"},
    {"bytes", KT_INT_OR_STRING, 0, NULL, NULL, NULL, NULL,
     "bytes moved between the marks, or the name of the parameter that holds it"},
    {"marks", KT_NUMBERS, 0, NULL, NULL, NULL, NULL, "[start, end] mark ids (default [1, 2])"},
    {"max_cycles", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "stop a run that has not halted (default 4e9)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const char *const firmware_measures[] = {
    "cycles", "insns", "time_us", "bytes", "bandwidth_mbs", "total_cycles", "total_insns", NULL,
};

static int firmware_check(const run_spec *r, diag *d)
{
    int before = d->errors;
    const char *src = run_string(r, "experiment.firmware", NULL);
    const char *elf = run_string(r, "experiment.elf", NULL);
    const config_setting_t *at = run_setting(r, "experiment");
    if (!src == !elf) {
        diag_at(d, at, "give exactly one of firmware (a C source) or elf (a prebuilt image)");
        return d->errors - before;
    }
    char path[2048];
    exp_path(r, src ? src : elf, path, sizeof path);
    if (access(path, R_OK) != 0)
        diag_at(d, run_setting(r, src ? "experiment.firmware" : "experiment.elf"), "cannot read %s", path);
    const config_setting_t *bytes = run_setting(r, "experiment.bytes");
    if (bytes && bytes->type == CONFIG_TYPE_STRING) {
        char p[160];
        snprintf(p, sizeof p, "experiment.params.%s", config_setting_get_string(bytes));
        if (!run_has(r, p))
            diag_at(d, bytes, "no parameter '%s' in experiment.params", config_setting_get_string(bytes));
    }
    exp_check_range(r, "experiment.max_cycles", 4e9, 1, 1e15, d);   /* cast to uint64_t when run */
    exp_check_build(r, d);
    exp_check_elf_chip(r, run_string(r, "cluster.ni", "lanai4"), d);
    return d->errors - before;
}

/* The last few lines of the console, for failure reports. */
static void console_tail(const char *text, run_result *res)
{
    if (!*text)
        return;
    result_fail(res, "console (last lines):");
    exp_fail_lines(res, text, 6);
}

static void firmware_run(const run_spec *r, run_result *res)
{
    const char *chip = run_string(r, "cluster.ni", "lanai4");
    const lanai_profile *prof = lanai_profile_get(chip);
    if (!prof) {
        result_fail(res, "no LANai profile '%s'", chip);
        return;
    }
    char elf[2048], err[2048];
    const char *src = run_string(r, "experiment.firmware", NULL);
    if (src) {
        char path[2048];
        exp_path(r, src, path, sizeof path);
        if (exp_build_image(r, path, chip, 1, elf, sizeof elf, err, sizeof err)) {
            result_fail(res, "%s", err);
            return;
        }
    } else {
        exp_path(r, run_string(r, "experiment.elf", ""), elf, sizeof elf);
    }

    lanai_core *c = lanai_new(prof);
    char *con = NULL;
    size_t conlen = 0;
    FILE *cons = open_memstream(&con, &conlen);
    if (!c || !cons) {
        result_fail(res, "out of memory");
        return;
    }
    if (lanai_load_firmware(c, elf, err, sizeof err)) {   /* refuses the other chip's image */
        result_fail(res, "%s", err);
        goto out;
    }
    lanai_set_console(c, cons);
    double max_cycles = run_number(r, "experiment.max_cycles", 4e9);
    lanai_state st = lanai_run(c, (uint64_t)max_cycles);
    fflush(cons);
    if (st == LANAI_FAULTED) {
        char *rep = NULL;
        size_t replen = 0;
        FILE *rf = open_memstream(&rep, &replen);
        lanai_report_fault(c, rf);
        fclose(rf);
        result_fail(res, "firmware fault on %s:", chip);
        for (char *line = strtok(rep, "\n"); line; line = strtok(NULL, "\n"))
            result_fail(res, "  %s", line);
        free(rep);
        console_tail(con, res);
        goto out;
    }
    if (st == LANAI_RUNNING) {
        char b[NUM_BUF];
        char at[160];
        result_fail(res, "firmware did not halt within %s cycles (experiment.max_cycles); stopped at %s",
                    fmt_num(max_cycles, b), exp_where(c, at, sizeof at));
        goto out;
    }
    if (lanai_exit_code(c) != 0) {
        result_fail(res, "firmware exited with code %d", lanai_exit_code(c));
        console_tail(con, res);
        goto out;
    }

    int start_id, end_id;
    const lanai_mark *m1, *m2;
    if (exp_marks(r, c, &m1, &m2, &start_id, &end_id)) {
        result_fail(res, "firmware did not record mark %d and then mark %d (sim_mark)", start_id, end_id);
        goto out;
    }
    double cycles = (double)(m2->cycle - m1->cycle);
    double time_us = cycles / (double)prof->clock_hz * 1e6;
    result_set(res, "cycles", cycles);
    result_set(res, "insns", (double)(m2->insns - m1->insns));
    result_set(res, "time_us", time_us);
    result_set(res, "total_cycles", (double)lanai_cycles(c));
    result_set(res, "total_insns", (double)lanai_insns(c));
    exp_console_measures(con, res);

    const config_setting_t *bs = run_setting(r, "experiment.bytes");
    double bytes = run_number(r, "experiment.bytes", -1);   /* a number, or the swept value */
    if (bytes >= 0) {
        /* given directly */
    } else if (bs && bs->type == CONFIG_TYPE_STRING) {
        char p[160];
        snprintf(p, sizeof p, "experiment.params.%s", config_setting_get_string(bs));
        bytes = run_number(r, p, -1);
    } else {
        result_get(res, "bytes", &bytes);   /* printed by the firmware */
    }
    if (bytes >= 0) {
        result_set(res, "bytes", bytes);
        if (time_us > 0)
            result_set(res, "bandwidth_mbs", bytes / time_us);   /* bytes per µs = MB/s */
    }
out:
    lanai_free(c);
    fclose(cons);
    free(con);
}

const experiment_kind firmware_kind = {
    .name = "firmware",
    .summary = "run one firmware image on one simulated LANai and time it between two marks",
    .keys = firmware_keys,
    .measures = firmware_measures,
    .custom_measures = 1,
    .supports_trace = 0,
    .check = firmware_check,
    .run = firmware_run,
};
