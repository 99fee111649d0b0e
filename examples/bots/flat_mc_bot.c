/* A cheese bot in C that searches: flat Monte Carlo over worlds sampled from its view,
 * with the rules from cheese's C library (cheese_bot.h), so no rule is written here.
 *
 * Build:  cc -O2 -o flat_mc_bot flat_mc_bot.c $(cheese bot sdk --cflags --libs)
 * Check:  cheese bot check ./flat_mc_bot
 * Play:   cheese duel "cmd:./flat_mc_bot" greedy
 *
 * At each act it samples `worlds` full positions consistent with its view (what the view
 * hides drawn from what its seat may know), then gives every legal action the same number
 * of playouts, `playouts` in all, cycling through the worlds: apply the action, play the
 * game out with the game's heuristic policy, score the end. It plays the action with the
 * best mean reward. Settings come from hello's "settings" (a bots file's options):
 * {"playouts": 2000, "worlds": 32}.
 *
 * The reward of a finished game is cheese's own: 0.8 x the share of the other seats it
 * finishes above (a tie counts half) + 0.2 x its share of all points; alone, its points.
 *
 * It speaks version 1 of the protocol, as random_bot.c, whose small reader it reuses to
 * find the message's own keys; the view itself is handed to the library as it came.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheese_bot.h"

#define MAX_LINE (1 << 20) + 2 /* the protocol's 1 MiB limit, the newline and a NUL */
#define MAX_WORLDS 256

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

/* A setting of hello's "settings", or `fallback` when it is not given. */
static long setting(const char *hello, const char *name, long fallback, long low, long high) {
    const char *settings = find_key(hello, "settings");
    const char *value = settings ? find_key(settings, name) : NULL;
    long chosen = value ? strtol(value, NULL, 10) : fallback;
    return chosen < low ? low : chosen > high ? high : chosen;
}

/* The reward of `seat` at a finished game (the header's comment). */
static double reward(int seats, int seat, const int32_t *points, const int32_t *places) {
    if (seats == 1) return points[0];
    double beaten = 0.0, total = 0.0;
    for (int other = 0; other < seats; other++) {
        total += points[other] > 0 ? points[other] : 0;
        if (other == seat) continue;
        beaten += places[seat] < places[other] ? 1.0 : places[seat] == places[other] ? 0.5 : 0.0;
    }
    double share = total > 0.0 ? (points[seat] > 0 ? points[seat] : 0) / total : 1.0 / seats;
    return 0.8 * beaten / (seats - 1) + 0.2 * share;
}

typedef struct {
    cheese_game *game;
    cheese_world *worlds[MAX_WORLDS];
    cheese_world *scratch;
    int32_t *legal;
    double *sums;
    long playouts, n_worlds;
    uint64_t rng;
} searcher;

/* The action to play from the view `view` (a NUL-terminated JSON object), or -1. */
static int32_t choose(searcher *s, const char *view) {
    char error[200];
    int seat = -1;
    for (long w = 0; w < s->n_worlds; w++) {
        seat = cheese_world_sample(s->worlds[w], view, cheese_random(&s->rng), error,
                                   sizeof error);
        if (seat < 0) {
            fprintf(stderr, "flat_mc_bot.c: %s\n", error);
            return -1;
        }
    }
    int n = cheese_legal_actions(s->worlds[0], s->legal);
    if (n <= 1) return n == 1 ? s->legal[0] : -1;
    int seats = cheese_game_players(s->game);
    int32_t points[CHEESE_MAX_SEATS], places[CHEESE_MAX_SEATS];
    memset(s->sums, 0, sizeof(double) * (size_t)n);
    long rounds = s->playouts / n > 0 ? s->playouts / n : 1;
    for (long r = 0; r < rounds; r++) {
        const cheese_world *world = s->worlds[r % s->n_worlds];
        for (int a = 0; a < n; a++) {
            cheese_world_copy(s->scratch, world);
            cheese_apply(s->scratch, s->legal[a]);
            cheese_playout(s->scratch, CHEESE_POLICY_HEURISTIC, &s->rng, points, places);
            s->sums[a] += reward(seats, seat, points, places);
        }
    }
    int best = 0;
    for (int a = 1; a < n; a++)
        if (s->sums[a] > s->sums[best]) best = a;
    return s->legal[best];
}

static int start(searcher *s, const char *hello) {
    char error[200];
    s->game = cheese_game_new(hello, error, sizeof error);
    if (!s->game) {
        printf("{\"type\":\"unsupported\",\"reason\":\"%s\"}\n", error);
        return 0;
    }
    s->playouts = setting(hello, "playouts", 2000, 1, 100000000);
    s->n_worlds = setting(hello, "worlds", 32, 1, MAX_WORLDS);
    for (long w = 0; w < s->n_worlds; w++) s->worlds[w] = cheese_world_new(s->game);
    s->scratch = cheese_world_new(s->game);
    s->legal = malloc(sizeof(int32_t) * (size_t)cheese_game_max_actions(s->game));
    s->sums = malloc(sizeof(double) * (size_t)cheese_game_max_actions(s->game));
    printf("{\"type\":\"ready\",\"name\":\"flat_mc_bot.c\",\"version\":\"1.0\"}\n");
    return 1;
}

int main(void) {
    static char line[MAX_LINE], view[MAX_LINE];
    searcher s = {0};
    s.rng = 0x9E3779B97F4A7C15ull;
    if (cheese_bot_api_version() != CHEESE_BOT_API_VERSION) {
        fprintf(stderr, "flat_mc_bot.c: built for another libcheese_bot\n");
        return 1;
    }
    while (fgets(line, sizeof line, stdin)) {
        if (is_type(line, "hello")) {
            if (!start(&s, line)) return 0;
        } else if (is_type(line, "new_game")) {
            const char *seed = find_key(line, "seed_text");
            if (seed && *seed == '"') s.rng = strtoull(seed + 1, NULL, 10);
        } else if (is_type(line, "act")) {
            const char *seq = find_key(line, "seq");
            const char *value = find_key(line, "view");
            if (!seq || !value) return 1;
            size_t length = (size_t)(skip_value(value) - value);
            memcpy(view, value, length);
            view[length] = '\0';
            int32_t action = choose(&s, view);
            if (action < 0) return 1;
            printf("{\"type\":\"action\",\"seq\":%lld,\"action\":%d}\n", strtoll(seq, NULL, 10),
                   action);
        } else if (is_type(line, "quit")) {
            break;
        }
        fflush(stdout);
    }
    for (long w = 0; w < s.n_worlds; w++) cheese_world_free(s.worlds[w]);
    cheese_world_free(s.scratch);
    free(s.legal);
    free(s.sums);
    cheese_game_free(s.game);
    return 0;
}
