/* Shared by every game's C engine: the SplitMix64 generator and paired-luck hashing, the
 * playout policies, the tally of batched playouts, and the table of a game's primitives
 * (with which bridge.c's ch_playouts runs any game's batched playouts).
 *
 * The generator and hashing mirror cheese/engine/luck.py bit for bit, so both backends
 * draw the same numbers from the same seeds (the differential tests rely on it).
 * Everything is static inline: each game's .c file includes this header and the build
 * compiles them into one module.
 */
#ifndef CHEESE_COMMON_H
#define CHEESE_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CH_CHANCE (-1)
#define CH_TERMINAL (-4)
#define CH_GOLDEN_GAMMA 0x9E3779B97F4A7C15ULL
/* Room for any game's seats and rank keys, in the loops written once over the games
 * (ch_playouts, the search); each game asserts that it fits. */
#define CH_MAX_PLAYERS 8
#define CH_MAX_RANK_WIDTH 8

typedef struct {
    uint64_t state;
} ch_rng;

static inline uint64_t ch_mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline ch_rng ch_rng_seeded(uint64_t seed) {
    ch_rng rng = {seed};
    return rng;
}

static inline uint64_t ch_rng_next(ch_rng *rng) {
    rng->state += CH_GOLDEN_GAMMA;
    return ch_mix64(rng->state);
}

/* A uniform integer in 0 .. bound-1 (Lemire's multiply-shift, as luck.scale). */
static inline uint64_t ch_scale(uint64_t random_u64, uint64_t bound) {
    return (uint64_t)(((__uint128_t)random_u64 * bound) >> 64);
}

static inline uint64_t ch_rng_below(ch_rng *rng, uint64_t bound) {
    return ch_scale(ch_rng_next(rng), bound);
}

/* Whether an event of chance `chance` happens: a uniform double in [0, 1) below it (the
 * top 53 bits of the next number), for the measuring instruments' partial knowledge. */
static inline int ch_rng_chance(ch_rng *rng, double chance) {
    return (double)(ch_rng_next(rng) >> 11) * 0x1.0p-53 < chance;
}

/* The index chosen by random_u64 among integer weights (luck.pick_weighted). */
static inline int ch_pick_weighted(uint64_t random_u64, const int64_t *weights, int count) {
    int64_t total = 0;
    for (int i = 0; i < count; i++) total += weights[i];
    uint64_t target = ch_scale(random_u64, (uint64_t)total);
    for (int i = 0; i < count; i++) {
        if (target < (uint64_t)weights[i]) return i;
        target -= (uint64_t)weights[i];
    }
    return count - 1; /* unreachable for a positive total */
}

static inline int ch_rng_pick(ch_rng *rng, const int64_t *weights, int count) {
    return ch_pick_weighted(ch_rng_next(rng), weights, count);
}

/* Fisher-Yates from the last index down, as SplitMix64.shuffle. */
static inline void ch_rng_shuffle_u8(ch_rng *rng, uint8_t *items, int count) {
    for (int last = count - 1; last > 0; last--) {
        int other = (int)ch_rng_below(rng, (uint64_t)last + 1);
        uint8_t held = items[last];
        items[last] = items[other];
        items[other] = held;
    }
}

static inline uint64_t ch_event_key(uint64_t kind, uint64_t first, uint64_t second,
                                    uint64_t third) {
    return (kind << 48) | (first << 32) | (second << 16) | third;
}

/* The 64-bit number that decides the event `key` of the deal `seed` (luck.keyed_hash). */
static inline uint64_t ch_keyed_hash(uint64_t seed, uint64_t key) {
    return ch_mix64(seed ^ ch_mix64(key + CH_GOLDEN_GAMMA));
}

/* Playout policies of every game's <prefix>_playout and of ch_playouts: uniform among the
 * legal actions, or the game's fast heuristic (described in its .c file). */
enum { CH_POLICY_RANDOM = 0, CH_POLICY_HEURISTIC = 1 };

static inline int ch_known_policy(int32_t policy) {
    return policy == CH_POLICY_RANDOM || policy == CH_POLICY_HEURISTIC;
}

/* Rank keys compared lexicographically, `width` ints each: >0 when `a` ranks above `b`. */
static inline int ch_key_compare(const int32_t *a, const int32_t *b, int width) {
    for (int i = 0; i < width; i++)
        if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1;
    return 0;
}

/* Adds one finished playout to the sums of a batch (ch_playouts): each seat's
 * points, and one win shared equally by the seats with the highest rank keys. */
static inline void ch_tally_playout(int players, const int32_t *points, const int32_t *keys,
                                    int width, double *score_sums, double *win_shares) {
    const int32_t *top = keys;
    for (int seat = 1; seat < players; seat++)
        if (ch_key_compare(keys + seat * width, top, width) > 0) top = keys + seat * width;
    int winners = 0;
    for (int seat = 0; seat < players; seat++)
        winners += ch_key_compare(keys + seat * width, top, width) == 0;
    for (int seat = 0; seat < players; seat++) {
        score_sums[seat] += points[seat];
        if (ch_key_compare(keys + seat * width, top, width) == 0)
            win_shares[seat] += 1.0 / winners;
    }
}

/* The primitives of one game that a search over it calls (its <prefix>_game() table). */
typedef struct ch_game {
    int32_t (*state_size)(void);
    int32_t (*max_actions)(void);
    int32_t (*current_player)(const uint8_t *state);
    int32_t (*legal_actions)(const uint8_t *state, int32_t *out);
    int32_t (*chance_weights)(const uint8_t *state, int32_t *actions, int64_t *weights);
    int32_t (*apply)(uint8_t *state, int32_t action);
    void (*determinize)(uint8_t *state, int32_t seat, uint64_t rng_seed);
    void (*scores)(const uint8_t *state, int32_t *out);
    int32_t (*rank_keys)(const uint8_t *state, int32_t *out);
    int32_t (*playout)(const uint8_t *state, int32_t policy, uint64_t *rng_state,
                       int32_t *scores, int32_t *rank_keys);
    int32_t (*action_priors)(const uint8_t *state, const int32_t *actions, int32_t n,
                             double *priors);
    /* Batched playouts from one position (ch_playouts): what a game keeps from one
     * playout of the batch to the next (its generator, a board laid out once) lives in
     * batch_size() bytes. batch_start readies them for `state` and the batch's seed and
     * returns the number of seats; batch_playout plays one playout from `state` by a
     * known policy, leaves each seat's final points and rank keys, and returns the keys'
     * width. */
    int32_t (*batch_size)(void);
    int32_t (*batch_start)(void *batch, const uint8_t *state, uint64_t seed);
    int32_t (*batch_playout)(void *batch, const uint8_t *state, int32_t policy,
                             int32_t *points, int32_t *rank_keys);
    /* Optional (NULL in a game without it): a board that follows one search's world
     * through an iteration, for a game whose steps would otherwise lay out a board from
     * the state at every call (Cheese Chasers). The search allocates world_size() bytes
     * once; world_start is told each iteration's determinized root; then world_apply,
     * world_priors and world_playout stand for apply, action_priors and playout, on the
     * same states and with the same results. */
    int32_t (*world_size)(void);
    void (*world_start)(void *world, const uint8_t *state);
    int32_t (*world_apply)(void *world, uint8_t *state, int32_t action);
    int32_t (*world_priors)(void *world, const uint8_t *state, const int32_t *actions,
                            int32_t n, double *priors);
    int32_t (*world_playout)(void *world, const uint8_t *state, int32_t policy,
                             uint64_t *rng_state, int32_t *scores, int32_t *rank_keys);
    /* Optional (NULL in a game without it): determinize drawing the hidden cards with
     * the game's integer weights (Get The Cheese!: per place in a play and kind), NULL
     * weights being the uniform draw of determinize. */
    void (*determinize_weighted)(uint8_t *state, int32_t seat, uint64_t rng_seed,
                                 const int64_t *weights);
    /* Optional (NULL in a game without it): a one-seat game's fitted value of a leaf on
     * the world's board, the chance that its game is finished, with the points a
     * finished game is expected to have; below 0 for a position it does not value. */
    double (*world_value)(void *world, const uint8_t *state, int32_t *points);
    /* Optional (NULL in a game whose moves every seat sees whole): the decision `action`
     * of the player to move in `state` as `seat` sees it, an action of the same game
     * (the smallest of those `seat` cannot tell from it, at most `action`): Get The
     * Cheese!'s plays with their face-down cards hidden. */
    int32_t (*seen_action)(const uint8_t *state, int32_t action, int32_t seat);
    /* Optional (NULL in a game without cards on the table that some seats cannot see):
     * determinize the other seats' hands and decks, each card on the table that `seat`
     * cannot see kept as it is with the chance `keep` and dealt with them otherwise
     * (Get The Cheese!'s face-down cards; `keep` 1: every one kept, drawing no number
     * for it): a clairvoyant search's half-way, or a table known in part. */
    void (*determinize_hands)(uint8_t *state, int32_t seat, uint64_t rng_seed, double keep);
    /* Optional (NULL in a game without cards on the table that some seats cannot see):
     * determinize with each such card drawn by odds an instrument gives per card and kind
     * (Get The Cheese!'s face-down cards, GTC_CARD_ODDS_COUNT integers): a
     * posterior over them from outside the game, such as a model of the players that
     * knew their hands. */
    void (*determinize_odds)(uint8_t *state, int32_t seat, uint64_t rng_seed,
                             const int64_t *card_odds);
} ch_game;

/* A number of a game that its Python half also knows (a limit, a byte offset in the
 * state, an option's place in <prefix>_init's ints), by name: <prefix>_fact_name and
 * <prefix>_fact_value list them (CH_GAME_FACTS) so that a test holds Python's copies
 * against the C. */
typedef struct {
    const char *name;
    int32_t value;
} ch_fact;

/* <prefix>_fact_name(i) and <prefix>_fact_value(i) over the facts given, in order;
 * past the last, NULL and 0. */
#define CH_GAME_FACTS(p, ...)                                                              \
    static const ch_fact p##_facts[] = {__VA_ARGS__};                                     \
    static const int32_t p##_fact_count = (int32_t)(sizeof p##_facts / sizeof p##_facts[0]); \
    const char *p##_fact_name(int32_t index) {                                             \
        return index >= 0 && index < p##_fact_count ? p##_facts[index].name : NULL;       \
    }                                                                                      \
    int32_t p##_fact_value(int32_t index) {                                                \
        return index >= 0 && index < p##_fact_count ? p##_facts[index].value : 0;         \
    }

/* The body of <prefix>_game(), written once at the end of each game's .c file;
 * CH_GAME_TABLE_WITH_WORLD adds the game's <prefix>_world_* functions. */
#define CH_GAME_PRIMITIVES(p)                                                              \
    .state_size = p##_state_size, .max_actions = p##_max_actions,                         \
    .current_player = p##_current_player, .legal_actions = p##_legal_actions,              \
    .chance_weights = p##_chance_weights, .apply = p##_apply,                              \
    .determinize = p##_determinize, .scores = p##_scores, .rank_keys = p##_rank_keys,      \
    .playout = p##_playout, .action_priors = p##_action_priors,                            \
    .batch_size = p##_batch_size, .batch_start = p##_batch_start,                          \
    .batch_playout = p##_batch_playout
#define CH_GAME_TABLE(p)                                                                   \
    static const ch_game table = {CH_GAME_PRIMITIVES(p)};                                  \
    return &table
#define CH_GAME_TABLE_WITH_WORLD(p)                                                        \
    static const ch_game table = {CH_GAME_PRIMITIVES(p), .world_size = p##_world_size,     \
                                  .world_start = p##_world_start,                          \
                                  .world_apply = p##_world_apply,                          \
                                  .world_priors = p##_world_priors,                        \
                                  .world_playout = p##_world_playout,                      \
                                  .world_value = p##_world_value};                         \
    return &table

#endif
