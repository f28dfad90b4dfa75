/* A strict JSON reader for the trace tests (RFC 8259: no trailing commas,
 * no bare control characters in strings, valid escapes and UTF-8, no
 * leading zeros, nothing after the value). Numbers keep their text so a
 * test can read a timestamp to the picosecond. */
#ifndef MYRISIM_TRACE_JSON_READ_H
#define MYRISIM_TRACE_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

typedef enum { JV_NULL, JV_BOOL, JV_NUM, JV_STR, JV_ARR, JV_OBJ } jv_type;

typedef struct jv {
    jv_type type;
    int b;
    char *text;            /* JV_STR: the decoded string; JV_NUM: the number as written */
    double num;
    int n;                 /* JV_ARR, JV_OBJ: items */
    struct jv *item;
    char **key;            /* JV_OBJ */
} jv;

/* NULL and "line L col C: what" in err if text is not one JSON value. */
jv *jv_parse(const char *text, size_t len, char *err, size_t errlen);
void jv_free(jv *v);
/* Member of an object (NULL if absent or not an object). */
const jv *jv_get(const jv *o, const char *key);
/* Convenience: the member's string / number, or dflt. */
const char *jv_str(const jv *o, const char *key, const char *dflt);
double jv_num(const jv *o, const char *key, double dflt);
/* A microsecond number as written ("12.5", "3") in picoseconds; -1 if it
 * has more than six decimals, an exponent or a sign. */
int64_t jv_us_to_ps(const jv *num);

#endif
