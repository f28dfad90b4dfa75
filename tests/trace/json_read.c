/* json_read.h: recursive descent over the text. */
#include "json_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *s, *end, *p;
    char *err;
    size_t errlen;
    int failed;
} rd;

static void fail(rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(rd *r, const char *fmt, ...)
{
    if (r->failed) return;
    r->failed = 1;
    int line = 1, col = 1;
    for (const char *q = r->s; q < r->p && q < r->end; q++) {
        if (*q == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errlen, "line %d col %d: %s", line, col, what);
}

static void ws(rd *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

static int peek(rd *r) { return r->p < r->end ? (unsigned char)*r->p : -1; }

static void value(rd *r, jv *v, int depth);

/* Append a code point as UTF-8. */
static void put_cp(char *o, size_t *n, unsigned cp)
{
    if (cp < 0x80) {
        o[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        o[(*n)++] = (char)(0xC0 | cp >> 6);
        o[(*n)++] = (char)(0x80 | (cp & 63));
    } else if (cp < 0x10000) {
        o[(*n)++] = (char)(0xE0 | cp >> 12);
        o[(*n)++] = (char)(0x80 | (cp >> 6 & 63));
        o[(*n)++] = (char)(0x80 | (cp & 63));
    } else {
        o[(*n)++] = (char)(0xF0 | cp >> 18);
        o[(*n)++] = (char)(0x80 | (cp >> 12 & 63));
        o[(*n)++] = (char)(0x80 | (cp >> 6 & 63));
        o[(*n)++] = (char)(0x80 | (cp & 63));
    }
}

static int hex4(rd *r, unsigned *cp)
{
    *cp = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(r);
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) {
            fail(r, "bad \\u escape");
            return -1;
        }
        *cp = *cp << 4 | (unsigned)d;
        r->p++;
    }
    return 0;
}

static char *string(rd *r)
{
    r->p++;   /* the opening quote */
    char *o = malloc((size_t)(r->end - r->p) + 1);
    size_t n = 0;
    for (;;) {
        int c = peek(r);
        if (c < 0) {
            fail(r, "unterminated string");
            break;
        }
        if (c == '"') {
            r->p++;
            break;
        }
        if (c < 0x20) {
            fail(r, "control character 0x%02x in a string", c);
            break;
        }
        if (c == '\\') {
            r->p++;
            int e = peek(r);
            if (e >= 0) r->p++;   /* a backslash at the very end: stay inside the text */
            const char *simple = strchr("\"\\/bfnrt", e > 0 ? e : 'x');
            if (e > 0 && simple && e != 'u') {
                static const char to[] = "\"\\/\b\f\n\r\t";
                o[n++] = to[simple - "\"\\/bfnrt"];
            } else if (e == 'u') {
                unsigned cp, lo;
                if (hex4(r, &cp)) break;
                if (cp >= 0xD800 && cp < 0xDC00) {
                    if (peek(r) != '\\' || r->p + 1 >= r->end || r->p[1] != 'u') {
                        fail(r, "lone high surrogate");
                        break;
                    }
                    r->p += 2;
                    if (hex4(r, &lo)) break;
                    if (lo < 0xDC00 || lo > 0xDFFF) {
                        fail(r, "bad low surrogate");
                        break;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp < 0xE000) {
                    fail(r, "lone low surrogate");
                    break;
                }
                put_cp(o, &n, cp);
            } else {
                fail(r, "bad escape");
                break;
            }
            continue;
        }
        /* UTF-8: lead byte and continuation bytes, no overlongs or surrogates */
        int len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (!len || r->p + len > r->end) {
            fail(r, "invalid UTF-8 byte 0x%02x", c);
            break;
        }
        unsigned cp = len == 1 ? (unsigned)c : (unsigned)c & (0x7F >> len);
        for (int i = 1; i < len; i++) {
            unsigned char k = (unsigned char)r->p[i];
            if ((k & 0xC0) != 0x80) {
                fail(r, "invalid UTF-8 continuation");
                break;
            }
            cp = cp << 6 | (k & 63);
        }
        if (r->failed) break;
        if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
            fail(r, "invalid UTF-8 sequence");
            break;
        }
        memcpy(o + n, r->p, (size_t)len);
        n += (size_t)len;
        r->p += len;
    }
    o[n] = 0;
    return o;
}

static void number(rd *r, jv *v)
{
    const char *a = r->p;
    if (peek(r) == '-') r->p++;
    if (peek(r) == '0') {
        r->p++;
    } else if (peek(r) >= '1' && peek(r) <= '9') {
        while (peek(r) >= '0' && peek(r) <= '9') r->p++;
    } else {
        fail(r, "bad number");
        return;
    }
    if (peek(r) == '.') {
        r->p++;
        if (!(peek(r) >= '0' && peek(r) <= '9')) {
            fail(r, "digits must follow a decimal point");
            return;
        }
        while (peek(r) >= '0' && peek(r) <= '9') r->p++;
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        r->p++;
        if (peek(r) == '+' || peek(r) == '-') r->p++;
        if (!(peek(r) >= '0' && peek(r) <= '9')) {
            fail(r, "bad exponent");
            return;
        }
        while (peek(r) >= '0' && peek(r) <= '9') r->p++;
    }
    v->type = JV_NUM;
    v->text = strndup(a, (size_t)(r->p - a));
    v->num = strtod(v->text, NULL);
}

static void literal(rd *r, jv *v, const char *word, jv_type t, int b)
{
    size_t l = strlen(word);
    if ((size_t)(r->end - r->p) < l || memcmp(r->p, word, l)) {
        fail(r, "unexpected character '%c'", *r->p);
        return;
    }
    r->p += l;
    v->type = t;
    v->b = b;
}

static void push(jv *v, int *cap)
{
    if (v->n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        v->item = realloc(v->item, (size_t)*cap * sizeof *v->item);
        if (v->type == JV_OBJ) v->key = realloc(v->key, (size_t)*cap * sizeof *v->key);
    }
    memset(&v->item[v->n], 0, sizeof v->item[0]);
}

static void array(rd *r, jv *v, int depth)
{
    v->type = JV_ARR;
    r->p++;
    ws(r);
    int cap = 0;
    if (peek(r) == ']') {
        r->p++;
        return;
    }
    for (;;) {
        push(v, &cap);
        value(r, &v->item[v->n++], depth + 1);
        if (r->failed) return;
        ws(r);
        if (peek(r) == ',') {
            r->p++;
            continue;
        }
        if (peek(r) == ']') {
            r->p++;
            return;
        }
        fail(r, "expected ',' or ']'");
        return;
    }
}

static void object(rd *r, jv *v, int depth)
{
    v->type = JV_OBJ;
    r->p++;
    ws(r);
    int cap = 0;
    if (peek(r) == '}') {
        r->p++;
        return;
    }
    for (;;) {
        ws(r);
        if (peek(r) != '"') {
            fail(r, "expected a member name");
            return;
        }
        push(v, &cap);
        v->key[v->n] = string(r);
        v->n++;
        if (r->failed) return;
        ws(r);
        if (peek(r) != ':') {
            fail(r, "expected ':'");
            return;
        }
        r->p++;
        value(r, &v->item[v->n - 1], depth + 1);
        if (r->failed) return;
        ws(r);
        if (peek(r) == ',') {
            r->p++;
            continue;
        }
        if (peek(r) == '}') {
            r->p++;
            return;
        }
        fail(r, "expected ',' or '}'");
        return;
    }
}

static void value(rd *r, jv *v, int depth)
{
    ws(r);
    if (depth > 64) {
        fail(r, "nested too deeply");
        return;
    }
    int c = peek(r);
    if (c == '{') object(r, v, depth);
    else if (c == '[') array(r, v, depth);
    else if (c == '"') {
        v->type = JV_STR;
        v->text = string(r);
    } else if (c == '-' || (c >= '0' && c <= '9')) number(r, v);
    else if (c == 't') literal(r, v, "true", JV_BOOL, 1);
    else if (c == 'f') literal(r, v, "false", JV_BOOL, 0);
    else if (c == 'n') literal(r, v, "null", JV_NULL, 0);
    else if (c < 0) fail(r, "unexpected end of text");
    else fail(r, "unexpected character '%c'", c);
}

static void release(jv *v)
{
    free(v->text);
    for (int i = 0; i < v->n; i++) {
        release(&v->item[i]);
        if (v->key) free(v->key[i]);
    }
    free(v->item);
    free(v->key);
}

void jv_free(jv *v)
{
    if (!v) return;
    release(v);
    free(v);
}

jv *jv_parse(const char *text, size_t len, char *err, size_t errlen)
{
    rd r = {text, text + len, text, err, errlen, 0};
    jv *v = calloc(1, sizeof *v);
    value(&r, v, 0);
    ws(&r);
    if (!r.failed && r.p != r.end) fail(&r, "text after the value");
    if (r.failed) {
        jv_free(v);
        return NULL;
    }
    return v;
}

const jv *jv_get(const jv *o, const char *key)
{
    if (!o || o->type != JV_OBJ) return NULL;
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->key[i], key)) return &o->item[i];
    return NULL;
}

const char *jv_str(const jv *o, const char *key, const char *dflt)
{
    const jv *v = jv_get(o, key);
    return v && v->type == JV_STR ? v->text : dflt;
}

double jv_num(const jv *o, const char *key, double dflt)
{
    const jv *v = jv_get(o, key);
    return v && v->type == JV_NUM ? v->num : dflt;
}

int64_t jv_us_to_ps(const jv *num)
{
    if (!num || num->type != JV_NUM) return -1;
    const char *p = num->text;
    int64_t whole = 0, frac = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        whole = whole * 10 + (*p - '0');
        if (whole > (INT64_MAX - 999999) / 1000000) return -1;   /* too large in ps */
    }
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++) {
            if (digits == 6) return -1;
            frac = frac * 10 + (*p - '0');
        }
    if (*p) return -1;
    for (; digits < 6; digits++) frac *= 10;
    return whole * 1000000 + frac;
}
