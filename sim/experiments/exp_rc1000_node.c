/* An RC-1000 on a node's bus beside its NI, for host programs (kind host,
 * experiment.rc1000_node): the card on the node's host bus at RC_BAR, its
 * window handed to that node's program (happ_env.dev_*), a user's circuit
 * in canvas slot 4 if the scenario names one. */
#include "exp_rc1000_node.h"
#include "hwbuild.h"

#include "../../model/host/host.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"
#include "../../model/rc1000/userc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RC_BAR 0xA0000000u         /* the card's BAR (the NI's is at COSIM_BAR_BASE) */

struct exp_rc1000_node {
    rc1000 *c;
    rc1000_pci *rp;
    rc_userc *uc;
    char config_file[2048];
};

/* A configuration file (experiment.rc1000_config): what the card's FPGA
 * holds after a reconfiguration, as the function list the frame sees. One
 * line per circuit, "SLOT HANDLER" (slot 0-7 of the canvas or 8, the ALU;
 * handler 1-0xFFFF, decimal or 0x hex); # starts a comment. 0, or -1 with
 * err naming file and line. */
static int read_config(const char *file, uint32_t funcs[9], char *err, size_t n)
{
    FILE *f = fopen(file, "r");
    if (!f) return snprintf(err, n, "%s: cannot read the configuration file", file), -1;
    memset(funcs, 0, 9 * sizeof funcs[0]);
    char line[256];
    int ln = 0, any = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char *e, *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (!*p || *p == '\n') continue;
        unsigned long slot = strtoul(p, &e, 0), id = e != p ? strtoul(e, &p, 0) : 0;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
        if (e == line || slot > 8 || id < 1 || id > 0xFFFF || *p) {
            fclose(f);
            return snprintf(err, n, "%s:%d: expected \"SLOT HANDLER\" (slot 0-8, handler 1-0xFFFF)", file, ln), -1;
        }
        if (funcs[slot]) {
            fclose(f);
            return snprintf(err, n, "%s:%d: slot %lu given twice", file, ln, slot), -1;
        }
        funcs[slot] = (uint32_t)id;
        any = 1;
    }
    fclose(f);
    if (!any) return snprintf(err, n, "%s: no circuit in the configuration", file), -1;
    return 0;
}

int exp_circuit_of(const run_spec *r, const char *ckey, const char *mkey, char *file, size_t flen, char *module,
                   size_t mlen)
{
    const char *c = run_string(r, ckey, NULL);
    if (!c) return 0;
    exp_path(r, c, file, flen);
    const char *m = run_string(r, mkey, NULL);
    if (m) snprintf(module, mlen, "%s", m);
    else {
        const char *b = strrchr(file, '/');
        snprintf(module, mlen, "%s", b ? b + 1 : file);
        char *dot = strrchr(module, '.');
        if (dot) *dot = 0;
    }
    return 1;
}

int exp_circuit_check(const run_spec *r, const char *ckey, const char *mkey, diag *d)
{
    int before = d->errors;
    char file[2048], module[256], so[2400];
    static char err[16384];
    if (!exp_circuit_of(r, ckey, mkey, file, sizeof file, module, sizeof module)) return 0;
    const config_setting_t *at = run_setting(r, ckey);
    int hit = hw_circuit_cached(r->sc->root, file, module, so, sizeof so, err, sizeof err);
    if (hit < 0) diag_at(d, at, "%s", err);
    else if (!hit && (hw_circuit_ports(file, module, err, sizeof err) ||
                      hw_circuit_lint(file, module, NULL, 0, err, sizeof err)))
        diag_at(d, at, "circuit '%s' does not fit the frame:\n%s", module, err);
    return d->errors - before;
}

int exp_rc1000_node_check(const run_spec *r, int nodes, diag *d)
{
    int before = d->errors;
    const config_setting_t *at = run_setting(r, "experiment.rc1000_node");
    double v = run_number(r, "experiment.rc1000_node", -1);
    if (at && (v != (int)v || v < 0 || v >= nodes))
        diag_at(d, at, "rc1000_node must name a node, 0..%d", nodes - 1);
    if (!at && (run_setting(r, "experiment.rc1000_circuit") || run_setting(r, "experiment.rc1000_module")))
        diag_at(d, run_setting(r, "experiment.rc1000_circuit") ? run_setting(r, "experiment.rc1000_circuit")
                                                                : run_setting(r, "experiment.rc1000_module"),
                "a circuit needs a card: set experiment.rc1000_node");
    exp_circuit_check(r, "experiment.rc1000_circuit", "experiment.rc1000_module", d);
    const char *cf = run_string(r, "experiment.rc1000_config", NULL);
    if (cf) {
        char path[2048], err[2400];
        uint32_t funcs[9];
        exp_path(r, cf, path, sizeof path);
        if (!at) diag_at(d, run_setting(r, "experiment.rc1000_config"), "a configuration needs a card: set experiment.rc1000_node");
        else if (read_config(path, funcs, err, sizeof err)) diag_at(d, run_setting(r, "experiment.rc1000_config"), "%s", err);
    }
    return d->errors - before;
}

exp_rc1000_node *exp_rc1000_node_start(const run_spec *r, cosim *s, happ_env *const *envs, int n, run_result *res,
                                       int *failed)
{
    *failed = 0;
    int ni = (int)run_number(r, "experiment.rc1000_node", -1);
    if (ni < 0) return NULL;
    static char err[8192];
    exp_rc1000_node *x = calloc(1, sizeof *x);
    host *h = cosim_host(s, ni);
    if (!x || !h || ni >= n) {
        snprintf(err, sizeof err, "%s", !x ? "out of memory" : "the node has no host");
        goto bad;
    }
    rc1000_params p = rc1000_default_params;
    p.config_ps = p.reset_ps = 0;  /* configured before the programs start */
    char name[32];
    snprintf(name, sizeof name, "rc1000.%d", ni);
    p.name = name;
    x->c = rc1000_new(cosim_evq(s), &p, err, sizeof err);
    x->rp = x->c ? rc1000_pci_attach(x->c, host_bus(h, cosim_host_bus(s, ni)), RC_BAR, NULL, err, sizeof err) : NULL;
    if (!x->rp) goto bad;
    char file[2048], module[256], so[2400];
    uint32_t *b0 = rc1000_bank(x->c, 0);
    if (exp_circuit_of(r, "experiment.rc1000_circuit", "experiment.rc1000_module", file, sizeof file, module,
                       sizeof module)) {
        int built = 0;
        if (hw_circuit_build(r->sc->root, file, module, so, sizeof so, &built, err, sizeof err) ||
            !(x->uc = rc_userc_attach(x->c, so, module, err, sizeof err)))
            goto bad;
        b0[RC_CTL_FUNCS + RC_SLOT_EXTERNAL] = 0x40 + RC_SLOT_EXTERNAL;
    }
    b0[RC_CTL_FUNCS + 0] = 0x40;            /* pass */
    b0[RC_CTL_FUNCS + 8] = 0x48;            /* the ALU */
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    b0[RC_CTL_EP] = (uint32_t)ni << 8;
    rc1000_configure(x->c);
    /* configured at once; a reconfiguration during the run (RC_REG_CONFIG)
     * takes the published times */
    rc1000_set_config_times(x->c, rc1000_default_params.config_ps, rc1000_default_params.reset_ps);
    const char *cf = run_string(r, "experiment.rc1000_config", NULL);
    if (cf) {
        exp_path(r, cf, x->config_file, sizeof x->config_file);
        if (read_config(x->config_file, envs[ni]->dev_config_funcs, err, sizeof err)) goto bad;
        envs[ni]->dev_config_file = x->config_file;
    }
    envs[ni]->dev_name = "rc1000";
    envs[ni]->dev_base = RC_BAR;
    envs[ni]->dev_size = RC_BAR_SIZE;
    return x;
bad:
    result_fail(res, "rc1000 on node %d: %s", ni, err);
    *failed = 1;
    exp_rc1000_node_finish(x, NULL);
    return NULL;
}

void exp_rc1000_node_finish(exp_rc1000_node *x, run_result *res)
{
    if (!x) return;
    if (res && x->c) {
        if (rc1000_error(x->c)) result_fail(res, "%s", rc1000_error(x->c));
        else result_set(res, "card_fpga_clocks", (double)rc1000_clocks(x->c));
    }
    rc_userc_free(x->uc);
    rc1000_pci_free(x->rp);
    rc1000_free(x->c);
    free(x);
}
