/* The scenario schema: every key a scenario file may hold, its type, whether
 * it is required, and the values it accepts. The validator walks a parsed
 * file against it, so typos and wrong types are caught with file:line:key
 * before anything runs. docs/scenarios.md describes the same keys. */
#ifndef MYRISIM_SCENARIO_SCHEMA_H
#define MYRISIM_SCENARIO_SCHEMA_H

#include "cfgtree.h"

typedef enum {
    KT_STRING,        /* "text" */
    KT_INT,           /* 42 */
    KT_NUMBER,        /* 42 or 4.2 */
    KT_BOOL,          /* true / false */
    KT_GROUP,         /* { ... } with members */
    KT_LIST,          /* ( { ... }, ... ) each element a group with members */
    KT_NUMBERS,       /* [ 1, 2, 4 ] */
    KT_STRINGS,       /* [ "a", "b" ] */
    KT_SCALAR,        /* any string, number or boolean */
    KT_INT_OR_STRING, /* 65536 or "BYTES" */
    KT_CABLES,        /* ( [ "n0", "s0.1" ], ... ) */
} key_type;

enum {
    KF_REQUIRED  = 1,  /* must be present (except in series overlays) */
    KF_KIND_KEYS = 2,  /* group also accepts the experiment kind's own keys */
    KF_OVERLAY   = 4,  /* group only overrides settings: nothing inside is required */
};

typedef struct key_spec {
    const char *name;                  /* "*": any name */
    key_type type;
    unsigned flags;
    const struct key_spec *members;    /* KT_GROUP / KT_LIST element members */
    const char *const *choices;        /* KT_STRING: accepted values, NULL-terminated */
    const char *what;                  /* noun for choice errors ("NI chip") */
    const char *conflicts;             /* siblings dropped when --set sets this key */
    const char *doc;
} key_spec;

extern const key_spec scenario_keys[];     /* members of the file's root */
extern const key_spec cluster_keys[];
extern const char *const chip_names[], *const link_names[], *const topology_names[],
    *const routing_names[], *const host_names[], *const expect_names[];

struct experiment_kind;

/* Check root against the schema; kind (may be NULL if experiment.kind is
 * missing or unknown) adds its keys to experiment groups. Returns the number
 * of errors reported to stderr. */
int schema_validate(const config_setting_t *root, const struct experiment_kind *kind, diag *d);

/* Spec for a member name in a member table (with the kind's keys when
 * kind_keys is set); NULL if unknown. */
const key_spec *schema_member(const key_spec *members, int kind_keys,
                              const struct experiment_kind *kind, const char *name);

/* Does setting s have the type spec asks for? */
int schema_type_ok(const key_spec *spec, const config_setting_t *s);
const char *schema_type_desc(key_type t);
int schema_choice_ok(const key_spec *spec, const char *v);
/* "lanai4 or lanai9" / "a, b or c" */
const char *schema_choices_text(const char *const *choices, char *buf, size_t len);

#endif
