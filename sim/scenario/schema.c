/* The scenario schema (schema.h): every key, its type and accepted values,
 * and the validator that walks a parsed file against it. */
#include "schema.h"

#include "../experiments/experiments.h"

#include <string.h>

const char *const chip_names[] = {"lanai4", "lanai9", NULL};
const char *const link_names[] = {"san1280", "myrinet2000", NULL};
const char *const topology_names[] = {"cable", "switch", "line", "ring", "grid", "grid3d", "das", "clos", "tree", "explicit", NULL};
const char *const routing_names[] = {"updown", "shortest", NULL};
/* Host profiles arrive with model/host; the names are fixed now so scenarios
 * can already say which host the dissertation used. */
const char *const host_names[] = {"none", "ppro-200", "p3-550", "p4-1.7", "das-ppro-200", NULL};
static const char *const pci_names[] = {"pci32-33", "pci64-66", NULL};
/* In the order of scenario.h's sc_expect. */
const char *const expect_names[] = {"complete", "deadlock", "livelock", NULL};
#define EXPECT_HELP                                                                                                    \
    "the outcome a run is meant to have: complete (default), deadlock or livelock (the watchdog stops it); a run "    \
    "that meets it succeeds"

static const key_spec topology_keys[] = {
    {"kind", KT_STRING, KF_REQUIRED, NULL, topology_names, "topology", NULL,
     "cable (two nodes back to back), switch (one crossbar), line, ring, grid, grid3d, das (LFC's 128-node "
     "cluster: 32 eight-port switches, 2x2x8), clos (leaf/spine), tree, explicit"},
    {"ports", KT_INT, 0, NULL, NULL, NULL, NULL, "ports per switch (default 16)"},
    {"width", KT_INT, 0, NULL, NULL, NULL, NULL, "grid: switches per row"},
    {"height", KT_INT, 0, NULL, NULL, NULL, NULL, "grid: rows of switches"},
    {"depth", KT_INT, 0, NULL, NULL, NULL, NULL, "grid3d: planes of switches"},
    {"leaves", KT_INT, 0, NULL, NULL, NULL, NULL, "clos: leaf switches (the nodes' switches)"},
    {"spines", KT_INT, 0, NULL, NULL, NULL, NULL, "clos: spine switches (each joined to every leaf)"},
    {"arity", KT_INT, 0, NULL, NULL, NULL, NULL, "tree: children per switch"},
    {"switches", KT_INT, 0, NULL, NULL, NULL, NULL, "line/ring/explicit: number of switches"},
    {"cables", KT_CABLES, 0, NULL, NULL, NULL, NULL,
     "explicit: ( [\"n0\", \"s0.3\"], ... ): node n<i> or switch s<j>.<port>"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

const key_spec cluster_keys[] = {
    {"nodes", KT_INT, 0, NULL, NULL, NULL, NULL, "number of hosts, each with one NI (default 1)"},
    {"ni", KT_STRING, KF_REQUIRED, NULL, chip_names, "NI chip", NULL, "lanai4 or lanai9"},
    {"link", KT_STRING, 0, NULL, link_names, "link kind", NULL, "san1280 (default) or myrinet2000"},
    {"host", KT_STRING, 0, NULL, host_names, "host profile", NULL, "host CPU profile (default none)"},
    {"pci", KT_STRING, 0, NULL, pci_names, "PCI bus", NULL, "pci32-33 (default) or pci64-66"},
    {"topology", KT_GROUP, 0, topology_keys, NULL, NULL, NULL, "how nodes and switches are cabled"},
    {"routing", KT_STRING, 0, NULL, routing_names, "routing", NULL, "updown (default) or shortest"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const key_spec params_keys[] = {
    {"*", KT_SCALAR, 0, NULL, NULL, NULL, NULL, "a parameter (number, string or boolean)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const key_spec experiment_keys[] = {
    {"kind", KT_STRING, KF_REQUIRED, NULL, NULL, "experiment kind", NULL, "which experiment runs (see myrisim --help)"},
    {"params", KT_GROUP, 0, params_keys, NULL, NULL, NULL, "parameters handed to the experiment"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const key_spec series_experiment_keys[] = {
    {"params", KT_GROUP, 0, params_keys, NULL, NULL, NULL, "parameters handed to the experiment"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const key_spec sweep_keys[] = {
    {"param", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "dotted path of the swept setting"},
    {"label", KT_STRING, 0, NULL, NULL, NULL, NULL, "name of x in tables"},
    {"values", KT_NUMBERS, 0, NULL, NULL, NULL, "from,to,times,step,quick", "explicit list of x values"},
    {"from", KT_NUMBER, 0, NULL, NULL, NULL, "values,quick", "first x of a range"},
    {"to", KT_NUMBER, 0, NULL, NULL, NULL, "values,quick", "last x of a range (inclusive)"},
    {"times", KT_NUMBER, 0, NULL, NULL, NULL, "values,step,quick", "geometric range factor"},
    {"step", KT_NUMBER, 0, NULL, NULL, NULL, "values,times,quick", "linear range step"},
    {"quick", KT_NUMBERS, 0, NULL, NULL, NULL, NULL, "x values run with --quick (a subset of the sweep)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const key_spec series_keys[] = {
    {"name", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "legend and CSV name"},
    {"cluster", KT_GROUP, KF_OVERLAY, cluster_keys, NULL, NULL, NULL, "cluster settings this series changes"},
    {"experiment", KT_GROUP, KF_KIND_KEYS | KF_OVERLAY, series_experiment_keys, NULL, NULL, NULL,
     "experiment settings this series changes"},
    {"expect", KT_STRING, 0, NULL, expect_names, "expected outcome", NULL, EXPECT_HELP " (this series)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const key_spec plot_keys[] = {
    {"name", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "file name stem"},
    {"title", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "plot title, naming the figure"},
    {"x", KT_STRING, 0, NULL, NULL, NULL, NULL, "\"x\" (the swept value, default) or a measurement"},
    {"y", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "measurement on the y axis"},
    {"xlabel", KT_STRING, 0, NULL, NULL, NULL, NULL, "x axis label with unit"},
    {"ylabel", KT_STRING, 0, NULL, NULL, NULL, NULL, "y axis label with unit"},
    {"logx", KT_BOOL, 0, NULL, NULL, NULL, NULL, "log-scale x axis"},
    {"logy", KT_BOOL, 0, NULL, NULL, NULL, NULL, "log-scale y axis"},
    {"series", KT_STRINGS, 0, NULL, NULL, NULL, NULL, "the series drawn (default: every one), e.g. one panel of a figure"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

static const char *const ref_kind_names[] = {"exact", "approx", "bound", NULL};
static const char *const ref_cmp_names[] = {"<", "<=", ">", ">=", NULL};

static const key_spec select_keys[] = {
    {"series", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "the row's series"},
    {"metric", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "the row's metric"},
    {"figure", KT_STRING, 0, NULL, NULL, NULL, NULL, "the row's figure (files usually hold one)"},
    {"x", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "only the row at this x"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

/* y and source are required for inline values; the loader checks that,
 * because values selected from a reference file bring their own. */
static const key_spec reference_keys[] = {
    {"series", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "series name"},
    {"x", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "sweep point (required when there is a sweep)"},
    {"y", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "published value (inline)"},
    {"measure", KT_STRING, 0, NULL, NULL, NULL, NULL, "measurement compared (default: the first one)"},
    {"source", KT_STRING, 0, NULL, NULL, NULL, NULL, "dissertation line, e.g. \"L2492\" (inline)"},
    {"note", KT_STRING, 0, NULL, NULL, NULL, NULL, "what the value is"},
    {"analysis", KT_STRING, 0, NULL, NULL, NULL, NULL, "where this value's large error is explained (instead of the scenario's analysis)"},
    {"kind", KT_STRING, 0, NULL, ref_kind_names, "reference kind", NULL, "exact (default), approx or bound (inline)"},
    {"cmp", KT_STRING, 0, NULL, ref_cmp_names, "comparison", NULL, "a bound's comparison: simulated <cmp> y"},
    {"select", KT_GROUP, 0, select_keys, NULL, NULL, NULL, "take the value from a row of a reference file"},
    {"file", KT_STRING, 0, NULL, NULL, NULL, NULL, "reference file (default: reference_file)"},
    {"scale", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "factor from the file's unit to the measurement's"},
    {"location", KT_STRING, 0, NULL, NULL, NULL, NULL, "where the value is in the dissertation (inline)"},
    {"quick_x", KT_NUMBER, 0, NULL, NULL, NULL, NULL, "sweep point compared instead with --quick (labelled reduced)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

const key_spec scenario_keys[] = {
    {"name", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "identifier: results/<name>/"},
    {"title", KT_STRING, KF_REQUIRED, NULL, NULL, NULL, NULL, "one-line title"},
    {"figure", KT_STRING, 0, NULL, NULL, NULL, NULL, "figure or table reproduced"},
    {"source", KT_STRING, 0, NULL, NULL, NULL, NULL, "dissertation lines, e.g. \"L2476-L2499\""},
    {"description", KT_STRING, 0, NULL, NULL, NULL, NULL, "a paragraph for the report"},
    {"analysis", KT_STRING, 0, NULL, NULL, NULL, NULL, "where large errors are explained, e.g. a docs section"},
    {"cluster", KT_GROUP, KF_REQUIRED, cluster_keys, NULL, NULL, NULL, "the simulated cluster"},
    {"experiment", KT_GROUP, KF_REQUIRED | KF_KIND_KEYS, experiment_keys, NULL, NULL, NULL, "what runs"},
    {"sweep", KT_GROUP, 0, sweep_keys, NULL, NULL, NULL, "the swept parameter"},
    {"series", KT_LIST, 0, series_keys, NULL, NULL, NULL, "curves, each overriding settings"},
    {"expect", KT_STRING, 0, NULL, expect_names, "expected outcome", NULL, EXPECT_HELP " (every series' default)"},
    {"measurements", KT_STRINGS, KF_REQUIRED, NULL, NULL, NULL, NULL, "measurements reported"},
    {"plots", KT_LIST, 0, plot_keys, NULL, NULL, NULL, "plots drawn"},
    {"references", KT_LIST, 0, reference_keys, NULL, NULL, NULL, "published values compared"},
    {"reference_file", KT_STRING, 0, NULL, NULL, NULL, NULL, "CSV under results/reference/ that references select from"},
    {"regress_tolerance", KT_STRINGS, 0, NULL, NULL, NULL, NULL,
     "myrisim regress: relative tolerances, \"METRIC=0.01\" (default: exact; docs/regress.md)"},
    {NULL, 0, 0, NULL, NULL, NULL, NULL, NULL},
};

const char *schema_type_desc(key_type t)
{
    switch (t) {
    case KT_STRING: return "a string";
    case KT_INT: return "an integer";
    case KT_NUMBER: return "a number";
    case KT_BOOL: return "a boolean (true/false)";
    case KT_GROUP: return "a group { ... }";
    case KT_LIST: return "a list of groups ( { ... }, ... )";
    case KT_NUMBERS: return "an array of numbers [ ... ]";
    case KT_STRINGS: return "an array of strings [ ... ]";
    case KT_SCALAR: return "a number, string or boolean";
    case KT_INT_OR_STRING: return "an integer or a parameter name";
    case KT_CABLES: return "a list of [\"end\", \"end\"] pairs";
    }
    return "?";
}

static int all_elems(const config_setting_t *s, int (*ok)(const config_setting_t *))
{
    for (int i = 0; i < config_setting_length(s); i++)
        if (!ok(config_setting_get_elem(s, (unsigned)i)))
            return 0;
    return 1;
}

static int is_string(const config_setting_t *e) { return e->type == CONFIG_TYPE_STRING; }
static int is_group(const config_setting_t *e) { return e->type == CONFIG_TYPE_GROUP; }
static int is_cable(const config_setting_t *e)
{
    return (e->type == CONFIG_TYPE_ARRAY || e->type == CONFIG_TYPE_LIST) &&
           config_setting_length(e) == 2 && all_elems(e, is_string);
}

int schema_type_ok(const key_spec *spec, const config_setting_t *s)
{
    int t = s->type;
    int agg = t == CONFIG_TYPE_ARRAY || t == CONFIG_TYPE_LIST;
    switch (spec->type) {
    case KT_STRING: return t == CONFIG_TYPE_STRING;
    case KT_INT: return t == CONFIG_TYPE_INT || t == CONFIG_TYPE_INT64;
    case KT_NUMBER: return cfg_is_number(s);
    case KT_BOOL: return t == CONFIG_TYPE_BOOL;
    case KT_GROUP: return t == CONFIG_TYPE_GROUP;
    case KT_LIST: return agg && all_elems(s, is_group);
    case KT_NUMBERS: return agg && all_elems(s, cfg_is_number);
    case KT_STRINGS: return agg && all_elems(s, is_string);
    case KT_SCALAR: return cfg_is_number(s) || t == CONFIG_TYPE_STRING || t == CONFIG_TYPE_BOOL;
    case KT_INT_OR_STRING: return t == CONFIG_TYPE_INT || t == CONFIG_TYPE_INT64 || t == CONFIG_TYPE_STRING;
    case KT_CABLES: return agg && all_elems(s, is_cable);
    }
    return 0;
}

int schema_choice_ok(const key_spec *spec, const char *v)
{
    if (!spec->choices)
        return 1;
    for (int i = 0; spec->choices[i]; i++)
        if (!strcmp(spec->choices[i], v))
            return 1;
    return 0;
}

const char *schema_choices_text(const char *const *choices, char *buf, size_t len)
{
    size_t used = 0;
    int n = 0;
    while (choices[n])
        n++;
    buf[0] = 0;
    for (int i = 0; i < n && used < len; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
        int k = snprintf(buf + used, len - used, "%s%s", sep, choices[i]);
        if (k < 0)
            break;
        used += (size_t)k;
    }
    return buf;
}

const key_spec *schema_member(const key_spec *members, int kind_keys,
                              const struct experiment_kind *kind, const char *name)
{
    const key_spec *any = NULL;
    for (const key_spec *k = members; k && k->name; k++) {
        if (!strcmp(k->name, name))
            return k;
        if (!strcmp(k->name, "*"))
            any = k;
    }
    if (kind_keys && kind)
        for (const key_spec *k = kind->keys; k && k->name; k++)
            if (!strcmp(k->name, name))
                return k;
    return any;
}

/* Edit distance, for "did you mean" on unknown keys. */
static int distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int d[41][41];
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

static const char *suggest(const key_spec *members, int kind_keys, const struct experiment_kind *kind,
                           const char *name)
{
    const char *best = NULL;
    int bd = 3;
    for (int pass = 0; pass < 2; pass++) {
        const key_spec *k = pass == 0 ? members : (kind_keys && kind ? kind->keys : NULL);
        for (; k && k->name; k++) {
            int dd = distance(name, k->name);
            if (strcmp(k->name, "*") && dd < bd) {
                bd = dd;
                best = k->name;
            }
        }
    }
    return best;
}

typedef struct vctx {
    const struct experiment_kind *kind;
    diag *d;
} vctx;

static void validate_group(vctx *v, const config_setting_t *g, const key_spec *members, int kind_keys,
                           int overlay);

static void validate_value(vctx *v, const config_setting_t *s, const key_spec *spec, int overlay)
{
    if (!schema_type_ok(spec, s)) {
        diag_at(v->d, s, "must be %s, not %s", schema_type_desc(spec->type), cfg_type_name(s->type));
        return;
    }
    if (spec->type == KT_STRING && spec->choices && !schema_choice_ok(spec, config_setting_get_string(s))) {
        char buf[200];
        diag_at(v->d, s, "unknown %s '%s' (expected %s)", spec->what ? spec->what : "value",
                config_setting_get_string(s), schema_choices_text(spec->choices, buf, sizeof buf));
        return;
    }
    overlay |= (spec->flags & KF_OVERLAY) != 0;
    if (spec->type == KT_GROUP)
        validate_group(v, s, spec->members, spec->flags & KF_KIND_KEYS, overlay);
    if (spec->type == KT_LIST)
        for (int i = 0; i < config_setting_length(s); i++)
            validate_group(v, config_setting_get_elem(s, (unsigned)i), spec->members, 0, overlay);
}

static void validate_group(vctx *v, const config_setting_t *g, const key_spec *members, int kind_keys,
                           int overlay)
{
    for (int i = 0; i < config_setting_length(g); i++) {
        const config_setting_t *s = config_setting_get_elem(g, (unsigned)i);
        const key_spec *spec = schema_member(members, kind_keys, v->kind, s->name);
        if (!spec && kind_keys && !v->kind)
            continue;   /* the unknown kind itself was reported; its keys cannot be checked */
        if (!spec) {
            const char *hint = suggest(members, kind_keys, v->kind, s->name);
            if (hint)
                diag_at(v->d, s, "unknown key (did you mean '%s'?)", hint);
            else
                diag_at(v->d, s, "unknown key");
            continue;
        }
        validate_value(v, s, spec, overlay);
    }
    if (overlay)
        return;
    for (int pass = 0; pass < 2; pass++) {
        const key_spec *k = pass == 0 ? members : (kind_keys && v->kind ? v->kind->keys : NULL);
        for (; k && k->name; k++)
            if ((k->flags & KF_REQUIRED) && !config_setting_get_member(g, k->name)) {
                if (g->parent)
                    diag_at(v->d, g, "missing required key '%s'", k->name);
                else
                    diag_at(v->d, NULL, "missing required key '%s'", k->name);
            }
    }
}

int schema_validate(const config_setting_t *root, const struct experiment_kind *kind, diag *d)
{
    vctx v = {kind, d};
    int before = d->errors;
    validate_group(&v, root, scenario_keys, 0, 0);
    return d->errors - before;
}
