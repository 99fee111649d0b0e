/* A small JSON reader for the views a bot receives (docs/views/): the text is parsed
 * once into a flat list of nodes, and a game's state_from_view reads the fields it needs
 * by name. Numbers are kept as integers (every number of a view is one); strings are kept
 * as slices of the text, escapes left as written (no view field needs them decoded).
 */
#ifndef CHEESE_JSON_READER_H
#define CHEESE_JSON_READER_H

#include <stdint.h>

enum { CH_JSON_NULL, CH_JSON_FALSE, CH_JSON_TRUE, CH_JSON_NUMBER, CH_JSON_STRING,
       CH_JSON_ARRAY, CH_JSON_OBJECT };

typedef struct {
    int32_t type;
    int32_t count;      /* an array's items or an object's members */
    int32_t next;       /* the node after this one's subtree: its next sibling */
    int32_t key;        /* an object member's key: offset in the text, or -1 */
    int32_t key_length;
    int32_t start;      /* a string's characters (between the quotes) or a number's */
    int32_t length;
    int64_t integer;    /* a number's value when it is an integer */
    int32_t is_integer;
} ch_json_node;

typedef struct ch_json {
    const char *text;
    ch_json_node *nodes;
    int32_t count, capacity;
} ch_json;

/* Parses `text` into `doc` (node 0 is the root); 0 on success, else the offset + 1 of
 * the first character that is not JSON. ch_json_free releases the nodes either way. */
int32_t ch_json_parse(ch_json *doc, const char *text);
void ch_json_free(ch_json *doc);

/* The member `key` of the object `node`, or -1 (absent, or `node` is not an object). */
int32_t ch_json_get(const ch_json *doc, int32_t node, const char *key);
/* The items of an array (members of an object), or -1 for anything else. */
int32_t ch_json_length(const ch_json *doc, int32_t node);
/* The item `index` of the array `node`, or -1. */
int32_t ch_json_item(const ch_json *doc, int32_t node, int32_t index);
/* 1 and the value when `node` is an integer in [low, high], else 0. */
int ch_json_int(const ch_json *doc, int32_t node, int64_t low, int64_t high, int32_t *out);
/* 1 when `node` is an array of `count` integers in [low, high], written to `out`. */
int ch_json_ints(const ch_json *doc, int32_t node, int32_t count, int64_t low, int64_t high,
                 int32_t *out);
/* 1 and 0 or 1 when `node` is false or true (or the integer 0 or 1), else 0. */
int ch_json_bool(const ch_json *doc, int32_t node, int32_t *out);
int ch_json_is_null(const ch_json *doc, int32_t node);
/* 1 when `node` is the string `text` exactly. */
int ch_json_string_is(const ch_json *doc, int32_t node, const char *text);

#endif
