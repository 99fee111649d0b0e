/* Writing a seat's view as JSON straight from a game's C state (<prefix>_view_json), for
 * the external bots' `act` lines: compact, keys in the order of the game's view_json.py,
 * byte for byte what the referee's encoder writes from that module's dictionary (the
 * differential tests in tests/external/test_view_json_native.py hold them equal).
 *
 * A writer fills a buffer the caller owns; once a piece does not fit it writes nothing
 * more, and ch_text_length then says -1, so the caller can ask again with more room.
 */
#ifndef CHEESE_JSON_WRITER_H
#define CHEESE_JSON_WRITER_H

#include <stdint.h>
#include <string.h>

typedef struct {
    char *at;
    char *end;
    char *start;
    int full;
} ch_text;

static inline ch_text ch_text_into(char *out, int32_t capacity) {
    ch_text text = {out, out + (capacity > 0 ? capacity : 0), out, 0};
    return text;
}

static inline void ch_text_put(ch_text *text, const char *piece, size_t length) {
    if (text->full || (size_t)(text->end - text->at) < length) {
        text->full = 1;
        return;
    }
    memcpy(text->at, piece, length);
    text->at += length;
}

/* A literal piece of JSON: a key with its quotes and colon, a bracket, a comma. The empty
 * strings around it refuse anything but a literal, whose sizeof is its length + 1. */
#define CH_TEXT(text, literal) ch_text_put((text), "" literal "", sizeof("" literal "") - 1)

static inline void ch_text_int(ch_text *text, int64_t value) {
    char digits[24];
    int n = sizeof digits;
    uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[--n] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0) digits[--n] = '-';
    ch_text_put(text, digits + n, sizeof digits - (size_t)n);
}

static inline void ch_text_bool(ch_text *text, int value) {
    if (value)
        CH_TEXT(text, "true");
    else
        CH_TEXT(text, "false");
}

/* A plain ASCII string with nothing to escape (a phase's or an ending's name). */
static inline void ch_text_string(ch_text *text, const char *value) {
    CH_TEXT(text, "\"");
    ch_text_put(text, value, strlen(value));
    CH_TEXT(text, "\"");
}

/* [v0,v1,…] */
static inline void ch_text_ints(ch_text *text, const int32_t *values, int count) {
    CH_TEXT(text, "[");
    for (int i = 0; i < count; i++) {
        if (i) CH_TEXT(text, ",");
        ch_text_int(text, values[i]);
    }
    CH_TEXT(text, "]");
}

/* The length written, or -1 if it did not fit. */
static inline int32_t ch_text_length(const ch_text *text) {
    return text->full ? -1 : (int32_t)(text->at - text->start);
}

#endif
