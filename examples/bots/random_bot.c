/* A cheese bot in C: it plays a random legal action (docs/protocol.md, version 1).
 *
 * Build:  cc -O2 -o random_bot random_bot.c
 * Check:  cheese bot check ./random_bot
 * Play:   cheese duel "cmd:./random_bot" greedy
 *
 * One JSON object comes per line on stdin; the reader below knows just enough JSON to
 * find a top-level key and walk the "legal" array, skipping strings, nested objects and
 * arrays (so a key inside the view is never mistaken for one of the message's own).
 *
 * It speaks version 1 of the protocol (its "ready" names no version), which the referee
 * still plays. It seeds from "seed_text", the seed in decimal: strtoull reads it exactly.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE (1 << 20) + 2 /* the protocol's 1 MiB limit, the newline and a NUL */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The end of the JSON value that starts at p (a string, number, literal, object, array). */
static const char *skip_value(const char *p) {
    int depth = 0;
    do {
        if (*p == '"') {
            for (p++; *p && *p != '"'; p++)
                if (*p == '\\' && p[1]) p++;
            if (*p) p++;
        } else if (*p == '{' || *p == '[') {
            depth++, p++;
        } else if (*p == '}' || *p == ']') {
            depth--, p++;
        } else if (depth == 0) {
            while (*p && *p != ',' && *p != '}' && *p != ']') p++;
        } else {
            p++;
        }
    } while (*p && depth > 0);
    return p;
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

/* The value of "key" in the object starting at p, or NULL. */
static const char *find_key(const char *p, const char *key) {
    size_t length = strlen(key);
    p = skip_space(p);
    if (*p != '{') return NULL;
    p++;
    for (;;) {
        p = skip_space(p);
        if (*p != '"') return NULL;
        const char *name = p + 1;
        const char *value = skip_space(skip_value(p));
        if (*value != ':') return NULL;
        value = skip_space(value + 1);
        if ((size_t)(value - name) >= length + 2 && strncmp(name, key, length) == 0 &&
            name[length] == '"')
            return value;
        p = skip_space(skip_value(value));
        if (*p != ',') return NULL;
        p++;
    }
}

static int is_type(const char *line, const char *type) {
    const char *value = find_key(line, "type");
    size_t length = strlen(type);
    return value && *value == '"' && strncmp(value + 1, type, length) == 0 &&
           value[length + 1] == '"';
}

int main(void) {
    static char line[MAX_LINE];
    /* Room for a whole act in stdin's buffer, so that one read brings one message. */
    setvbuf(stdin, NULL, _IOFBF, 1 << 16);
    while (fgets(line, sizeof line, stdin)) {
        if (is_type(line, "hello")) {
            fprintf(stderr, "random_bot.c: hello\n");
            printf("{\"type\":\"ready\",\"name\":\"random_bot.c\",\"version\":\"1.0\"}\n");
        } else if (is_type(line, "new_game")) {
            const char *seed = find_key(line, "seed_text");
            if (seed && *seed == '"') rng_state = strtoull(seed + 1, NULL, 10);
        } else if (is_type(line, "act")) {
            const char *seq = find_key(line, "seq");
            const char *legal = find_key(line, "legal");
            long long actions[4096];
            int count = 0;
            if (!seq || !legal || *legal != '[') return 1;
            const char *p = skip_space(legal + 1);
            while (*p == '{' && count < 4096) {
                const char *action = find_key(p, "action");
                if (action) actions[count++] = strtoll(action, NULL, 10);
                p = skip_space(skip_value(p));
                if (*p == ',') p = skip_space(p + 1);
            }
            if (count == 0) return 1;
            printf("{\"type\":\"action\",\"seq\":%lld,\"action\":%lld}\n",
                   strtoll(seq, NULL, 10), actions[next_random() % (uint64_t)count]);
        } else if (is_type(line, "quit")) {
            return 0;
        }
        fflush(stdout);
    }
    return 0;
}
