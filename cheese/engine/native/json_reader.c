/* The JSON reader of json_reader.h: recursive descent over the text, nodes in one array
 * grown by doubling, nesting limited so that a hostile line cannot exhaust the stack. */
#include "json_reader.h"

#include <stdlib.h>
#include <string.h>

#define CH_JSON_MAX_DEPTH 64

typedef struct {
    ch_json *doc;
    const char *text;
    int32_t at;
} ch_json_cursor;

static void ch_json_skip_space(ch_json_cursor *c) {
    for (;;) {
        char ch = c->text[c->at];
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') return;
        c->at++;
    }
}

static int32_t ch_json_new_node(ch_json_cursor *c, int32_t type) {
    ch_json *doc = c->doc;
    if (doc->count == doc->capacity) {
        int32_t capacity = doc->capacity ? 2 * doc->capacity : 64;
        ch_json_node *grown = realloc(doc->nodes, sizeof(ch_json_node) * (size_t)capacity);
        if (!grown) return -1;
        doc->nodes = grown;
        doc->capacity = capacity;
    }
    ch_json_node *n = &doc->nodes[doc->count];
    memset(n, 0, sizeof *n);
    n->type = type;
    n->key = -1;
    return doc->count++;
}

/* A string's characters, the cursor on its opening quote; -1 if unterminated. */
static int ch_json_string_span(ch_json_cursor *c, int32_t *start, int32_t *length) {
    c->at++;
    *start = c->at;
    for (;;) {
        char ch = c->text[c->at];
        if (ch == '\0' || (unsigned char)ch < 0x20) return 0;
        if (ch == '"') break;
        if (ch == '\\') {
            if (c->text[c->at + 1] == '\0') return 0;
            c->at++;
        }
        c->at++;
    }
    *length = c->at - *start;
    c->at++;
    return 1;
}

static int ch_json_literal(ch_json_cursor *c, const char *word) {
    size_t n = strlen(word);
    if (strncmp(c->text + c->at, word, n) != 0) return 0;
    c->at += (int32_t)n;
    return 1;
}

static int ch_json_number(ch_json_cursor *c, ch_json_node *n) {
    const char *p = c->text + c->at;
    const char *begin = p;
    int negative = *p == '-';
    if (negative) p++;
    if (*p < '0' || *p > '9') return 0;
    int64_t value = 0;
    int integer = 1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (value > (INT64_MAX - 9) / 10) integer = 0;
        else value = value * 10 + (*p - '0');
    }
    if (*p == '.' || *p == 'e' || *p == 'E') {
        integer = 0;
        if (*p == '.') {
            p++;
            if (*p < '0' || *p > '9') return 0;
            while (*p >= '0' && *p <= '9') p++;
        }
        if (*p == 'e' || *p == 'E') {
            p++;
            if (*p == '+' || *p == '-') p++;
            if (*p < '0' || *p > '9') return 0;
            while (*p >= '0' && *p <= '9') p++;
        }
    }
    n->type = CH_JSON_NUMBER;
    n->start = c->at;
    n->length = (int32_t)(p - begin);
    n->integer = negative ? -value : value;
    n->is_integer = integer;
    c->at += n->length;
    return 1;
}

static int ch_json_value(ch_json_cursor *c, int depth, int32_t key, int32_t key_length);

static int ch_json_container(ch_json_cursor *c, int32_t node, int depth, char close) {
    int object = close == '}';
    c->at++;
    ch_json_skip_space(c);
    int32_t count = 0;
    if (c->text[c->at] == close) {
        c->at++;
        c->doc->nodes[node].count = 0;
        return 1;
    }
    for (;;) {
        int32_t key = -1, key_length = 0;
        ch_json_skip_space(c);
        if (object) {
            if (c->text[c->at] != '"' || !ch_json_string_span(c, &key, &key_length)) return 0;
            ch_json_skip_space(c);
            if (c->text[c->at] != ':') return 0;
            c->at++;
        }
        if (!ch_json_value(c, depth + 1, key, key_length)) return 0;
        count++;
        ch_json_skip_space(c);
        if (c->text[c->at] == ',') {
            c->at++;
            continue;
        }
        if (c->text[c->at] != close) return 0;
        c->at++;
        break;
    }
    c->doc->nodes[node].count = count;
    return 1;
}

static int ch_json_value(ch_json_cursor *c, int depth, int32_t key, int32_t key_length) {
    if (depth > CH_JSON_MAX_DEPTH) return 0;
    ch_json_skip_space(c);
    int32_t node = ch_json_new_node(c, CH_JSON_NULL);
    if (node < 0) return 0;
    c->doc->nodes[node].key = key;
    c->doc->nodes[node].key_length = key_length;
    char ch = c->text[c->at];
    int ok;
    if (ch == '{' || ch == '[') {
        c->doc->nodes[node].type = ch == '{' ? CH_JSON_OBJECT : CH_JSON_ARRAY;
        ok = ch_json_container(c, node, depth, ch == '{' ? '}' : ']');
    } else if (ch == '"') {
        int32_t start, length;
        ok = ch_json_string_span(c, &start, &length);
        c->doc->nodes[node].type = CH_JSON_STRING;
        c->doc->nodes[node].start = start;
        c->doc->nodes[node].length = length;
    } else if (ch == 't') {
        ok = ch_json_literal(c, "true");
        c->doc->nodes[node].type = CH_JSON_TRUE;
    } else if (ch == 'f') {
        ok = ch_json_literal(c, "false");
        c->doc->nodes[node].type = CH_JSON_FALSE;
    } else if (ch == 'n') {
        ok = ch_json_literal(c, "null");
    } else {
        ok = ch_json_number(c, &c->doc->nodes[node]);
    }
    c->doc->nodes[node].next = c->doc->count;
    return ok;
}

int32_t ch_json_parse(ch_json *doc, const char *text) {
    memset(doc, 0, sizeof *doc);
    doc->text = text;
    ch_json_cursor c = {doc, text, 0};
    if (!ch_json_value(&c, 0, -1, 0)) return c.at + 1;
    ch_json_skip_space(&c);
    return text[c.at] == '\0' ? 0 : c.at + 1;
}

void ch_json_free(ch_json *doc) {
    free(doc->nodes);
    doc->nodes = NULL;
    doc->count = doc->capacity = 0;
}

static int ch_json_valid(const ch_json *doc, int32_t node) {
    return node >= 0 && node < doc->count;
}

int32_t ch_json_get(const ch_json *doc, int32_t node, const char *key) {
    if (!ch_json_valid(doc, node) || doc->nodes[node].type != CH_JSON_OBJECT) return -1;
    size_t n = strlen(key);
    int32_t member = node + 1;
    for (int32_t i = 0; i < doc->nodes[node].count; i++) {
        const ch_json_node *m = &doc->nodes[member];
        if ((size_t)m->key_length == n && memcmp(doc->text + m->key, key, n) == 0) return member;
        member = m->next;
    }
    return -1;
}

int32_t ch_json_length(const ch_json *doc, int32_t node) {
    if (!ch_json_valid(doc, node)) return -1;
    int type = doc->nodes[node].type;
    return type == CH_JSON_ARRAY || type == CH_JSON_OBJECT ? doc->nodes[node].count : -1;
}

int32_t ch_json_item(const ch_json *doc, int32_t node, int32_t index) {
    if (!ch_json_valid(doc, node) || doc->nodes[node].type != CH_JSON_ARRAY) return -1;
    if (index < 0 || index >= doc->nodes[node].count) return -1;
    int32_t item = node + 1;
    for (int32_t i = 0; i < index; i++) item = doc->nodes[item].next;
    return item;
}

int ch_json_int(const ch_json *doc, int32_t node, int64_t low, int64_t high, int32_t *out) {
    if (!ch_json_valid(doc, node)) return 0;
    const ch_json_node *n = &doc->nodes[node];
    if (n->type != CH_JSON_NUMBER || !n->is_integer || n->integer < low || n->integer > high)
        return 0;
    *out = (int32_t)n->integer;
    return 1;
}

int ch_json_ints(const ch_json *doc, int32_t node, int32_t count, int64_t low, int64_t high,
                 int32_t *out) {
    if (ch_json_length(doc, node) != count || doc->nodes[node].type != CH_JSON_ARRAY) return 0;
    int32_t item = node + 1;
    for (int32_t i = 0; i < count; i++) {
        if (!ch_json_int(doc, item, low, high, &out[i])) return 0;
        item = doc->nodes[item].next;
    }
    return 1;
}

int ch_json_bool(const ch_json *doc, int32_t node, int32_t *out) {
    if (!ch_json_valid(doc, node)) return 0;
    int type = doc->nodes[node].type;
    if (type == CH_JSON_TRUE || type == CH_JSON_FALSE) {
        *out = type == CH_JSON_TRUE;
        return 1;
    }
    return ch_json_int(doc, node, 0, 1, out);
}

int ch_json_is_null(const ch_json *doc, int32_t node) {
    return ch_json_valid(doc, node) && doc->nodes[node].type == CH_JSON_NULL;
}

int ch_json_string_is(const ch_json *doc, int32_t node, const char *text) {
    if (!ch_json_valid(doc, node) || doc->nodes[node].type != CH_JSON_STRING) return 0;
    size_t n = strlen(text);
    return (size_t)doc->nodes[node].length == n &&
           memcmp(doc->text + doc->nodes[node].start, text, n) == 0;
}
