/* The library of include/cheese_bot.h: the games' C engines (the files cheese's own search
 * runs on) behind the API a bot outside Python calls, with the view's JSON read by
 * json_reader.c and each game's state_from_view (game_view_api.h).
 *
 * Built as libcheese_bot.so from these sources and the games' (cheese/native_build.py);
 * nothing here is static and mutable, so worlds may live in several threads.
 */
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "bridge_api.h"
#include "include/cheese_bot.h"

#define CH_GAME(name) gtc_##name
#include "game_view_api.h"
#include "game_api.h"
#define CH_GAME(name) chs_##name
#include "game_view_api.h"
#include "game_api.h"
#define CH_GAME(name) cdp_##name
#include "game_view_api.h"
#include "game_api.h"

#define CHEESE_MAX_OPTIONS 64

/* What the library needs of one game besides its table of primitives (ch_game). */
typedef struct {
    const char *(*slug)(void);
    const ch_game *(*table)(void);
    int32_t (*options_from_json)(const ch_json *, int32_t, int32_t, int32_t *, int32_t,
                                 const char **);
    const char *(*state_from_view)(uint8_t *, int32_t, const int32_t *, int32_t,
                                   const ch_json *, int32_t, int32_t *);
    void (*determinize)(uint8_t *, int32_t, uint64_t);
    int32_t (*init)(uint8_t *, int32_t, uint64_t, const int32_t *, int32_t);
} cheese_rules;

#define CHEESE_RULES(p) \
    {p##_slug, p##_game, p##_options_from_json, p##_state_from_view, p##_determinize, p##_init}
static const cheese_rules CHEESE_GAMES[] = {CHEESE_RULES(gtc), CHEESE_RULES(chs),
                                            CHEESE_RULES(cdp)};
#define CHEESE_GAME_COUNT ((int)(sizeof CHEESE_GAMES / sizeof CHEESE_GAMES[0]))

struct cheese_game {
    const cheese_rules *rules;
    const ch_game *table;
    int32_t players;
    int32_t options[CHEESE_MAX_OPTIONS];
    int32_t n_options;
    int32_t state_size;
};

struct cheese_world {
    const cheese_game *game;
    uint8_t *state;
};

static void cheese_error(char *error, size_t size, const char *message) {
    if (error && size) snprintf(error, size, "%s", message);
}

int32_t cheese_bot_api_version(void) { return CHEESE_BOT_API_VERSION; }

uint64_t cheese_random(uint64_t *rng) {
    ch_rng generator = {*rng};
    uint64_t value = ch_rng_next(&generator);
    *rng = generator.state;
    return value;
}

cheese_game *cheese_game_new(const char *hello_json, char *error, size_t error_size) {
    ch_json doc;
    if (!hello_json || ch_json_parse(&doc, hello_json) != 0) {
        ch_json_free(&doc);
        cheese_error(error, error_size, "hello is not a JSON object");
        return NULL;
    }
    const cheese_rules *rules = NULL;
    int32_t slug = ch_json_get(&doc, 0, "game");
    for (int i = 0; i < CHEESE_GAME_COUNT && !rules; i++)
        if (ch_json_string_is(&doc, slug, CHEESE_GAMES[i].slug())) rules = &CHEESE_GAMES[i];
    cheese_game *game = NULL;
    int32_t players;
    if (!rules) {
        cheese_error(error, error_size,
                     "hello's game is not get-the-cheese, cheese-chasers or cheese-drop");
    } else if (!ch_json_int(&doc, ch_json_get(&doc, 0, "players"), 1, CHEESE_MAX_SEATS,
                            &players)) {
        cheese_error(error, error_size, "hello's players is not a player count");
    } else if ((game = calloc(1, sizeof *game))) {
        const char *reason = "hello's options are not an object";
        game->rules = rules;
        game->table = rules->table();
        game->players = players;
        game->state_size = game->table->state_size();
        game->n_options = rules->options_from_json(&doc, ch_json_get(&doc, 0, "options"), players,
                                                   game->options, CHEESE_MAX_OPTIONS, &reason);
        uint8_t *probe = game->n_options >= 0 ? malloc((size_t)game->state_size) : NULL;
        if (game->n_options >= 0 && !probe) reason = "out of memory";
        else if (probe && rules->init(probe, players, 0, game->options, game->n_options) != 0)
            reason = "hello's players and options do not make a game of cheese";
        else if (probe) reason = NULL;
        free(probe);
        if (reason) {
            cheese_error(error, error_size, reason);
            free(game);
            game = NULL;
        }
    } else {
        cheese_error(error, error_size, "out of memory");
    }
    ch_json_free(&doc);
    return game;
}

void cheese_game_free(cheese_game *game) { free(game); }

const char *cheese_game_slug(const cheese_game *game) { return game->rules->slug(); }

int32_t cheese_game_players(const cheese_game *game) { return game->players; }

int32_t cheese_game_max_actions(const cheese_game *game) { return game->table->max_actions(); }

cheese_world *cheese_world_new(const cheese_game *game) {
    cheese_world *world = malloc(sizeof *world);
    if (!world) return NULL;
    world->game = game;
    world->state = calloc(1, (size_t)game->state_size);
    if (!world->state) {
        free(world);
        return NULL;
    }
    game->rules->init(world->state, game->players, 0, game->options, game->n_options);
    return world;
}

void cheese_world_free(cheese_world *world) {
    if (!world) return;
    free(world->state);
    free(world);
}

void cheese_world_copy(cheese_world *target, const cheese_world *source) {
    memcpy(target->state, source->state, (size_t)source->game->state_size);
}

int32_t cheese_world_sample(cheese_world *world, const char *view_json, uint64_t seed,
                            char *error, size_t error_size) {
    const cheese_game *game = world->game;
    ch_json doc;
    if (!view_json || ch_json_parse(&doc, view_json) != 0 ||
        doc.nodes[0].type != CH_JSON_OBJECT) {
        ch_json_free(&doc);
        cheese_error(error, error_size, "the view is not a JSON object");
        return -1;
    }
    int32_t seat = -1;
    const char *reason = game->rules->state_from_view(world->state, game->players, game->options,
                                                      game->n_options, &doc, 0, &seat);
    ch_json_free(&doc);
    if (reason) {
        cheese_error(error, error_size, reason);
        game->rules->init(world->state, game->players, 0, game->options, game->n_options);
        return -1;
    }
    game->rules->determinize(world->state, seat, seed);
    return seat;
}

int32_t cheese_current_player(const cheese_world *world) {
    return world->game->table->current_player(world->state);
}

int32_t cheese_legal_actions(const cheese_world *world, int32_t *out) {
    int32_t player = cheese_current_player(world);
    return player >= 0 ? world->game->table->legal_actions(world->state, out) : 0;
}

int32_t cheese_chance_outcomes(const cheese_world *world, int32_t *outcomes, int64_t *weights) {
    return world->game->table->chance_weights(world->state, outcomes, weights);
}

int32_t cheese_apply(cheese_world *world, int32_t action) {
    const ch_game *table = world->game->table;
    int32_t player = table->current_player(world->state);
    if (player == CH_TERMINAL) return 1;
    /* The engines trust a search's actions (taken from their own lists); a bot's come
     * from anywhere, so they are checked against the list first. */
    int32_t max = table->max_actions();
    int32_t *listed = malloc(sizeof(int32_t) * (size_t)max);
    int64_t *weights = malloc(sizeof(int64_t) * (size_t)max);
    int32_t n = 0, legal = 0;
    if (listed && weights)
        n = player == CH_CHANCE ? table->chance_weights(world->state, listed, weights)
                                : table->legal_actions(world->state, listed);
    for (int32_t i = 0; i < n && !legal; i++) legal = listed[i] == action;
    free(listed);
    free(weights);
    if (!legal) return 1;
    return table->apply(world->state, action) != 0;
}

int32_t cheese_resolve_chance(cheese_world *world, uint64_t *rng) {
    const ch_game *table = world->game->table;
    int32_t max = table->max_actions();
    int32_t outcomes[max];
    int64_t weights[max];
    ch_rng generator = {*rng};
    int32_t player;
    while ((player = table->current_player(world->state)) == CH_CHANCE) {
        int n = table->chance_weights(world->state, outcomes, weights);
        table->apply(world->state, outcomes[ch_rng_pick(&generator, weights, n)]);
    }
    *rng = generator.state;
    return player;
}

/* Places from rank keys (`width` ints per seat): 1 + the seats ranked strictly above. */
static void cheese_places_of(int32_t seats, const int32_t *keys, int32_t width,
                             int32_t *places) {
    for (int32_t seat = 0; seat < seats; seat++) {
        places[seat] = 1;
        for (int32_t other = 0; other < seats; other++)
            places[seat] += ch_key_compare(keys + other * width, keys + seat * width, width) > 0;
    }
}

int32_t cheese_playout(const cheese_world *world, int32_t policy, uint64_t *rng,
                       int32_t *points, int32_t *places) {
    if (!ch_known_policy(policy)) return -1;
    const ch_game *table = world->game->table;
    int32_t keys[CH_MAX_PLAYERS * CH_MAX_RANK_WIDTH], width;
    if (table->current_player(world->state) == CH_TERMINAL) {
        table->scores(world->state, points);
        width = table->rank_keys(world->state, keys);
    } else {
        width = table->playout(world->state, policy, rng, points, keys);
    }
    cheese_places_of(world->game->players, keys, width, places);
    return world->game->players;
}

int32_t cheese_playouts(const cheese_world *world, int32_t n, int32_t policy, uint64_t seed,
                        double *score_sums, double *win_shares) {
    return ch_playouts(world->game->table, world->state, n, seed, policy, score_sums,
                       win_shares);
}

int32_t cheese_scores(const cheese_world *world, int32_t *points) {
    world->game->table->scores(world->state, points);
    return world->game->players;
}

int32_t cheese_places(const cheese_world *world, int32_t *places) {
    int32_t keys[CH_MAX_PLAYERS * CH_MAX_RANK_WIDTH];
    int32_t width = world->game->table->rank_keys(world->state, keys);
    cheese_places_of(world->game->players, keys, width, places);
    return world->game->players;
}

int32_t cheese_world_bytes(const cheese_world *world, uint8_t *out, int32_t capacity) {
    int32_t size = world->game->state_size;
    if (capacity >= size) memcpy(out, world->state, (size_t)size);
    return size;
}
