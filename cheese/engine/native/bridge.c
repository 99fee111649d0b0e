/* Helpers for the Python bridge: one C call per State.apply, and any game's batched
 * playouts.
 *
 * A Python state is an immutable bytes object; a transition copies it into a scratch
 * buffer and mutates the copy. Doing the copy here, instead of building a bytearray in
 * Python first, halves the Python-side cost of apply.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bridge_api.h"
#include "common.h"

int32_t ch_apply_copy(int32_t (*apply)(uint8_t *, int32_t), const char *source, char *target,
                      int32_t size, int32_t action) {
    memcpy(target, source, (size_t)size);
    return apply((uint8_t *)target, action);
}

void ch_determinize_copy(void (*determinize)(uint8_t *, int32_t, uint64_t), const char *source,
                         char *target, int32_t size, int32_t seat, uint64_t rng_seed) {
    memcpy(target, source, (size_t)size);
    determinize((uint8_t *)target, seat, rng_seed);
}

int32_t ch_determinize_weighted_copy(const ch_game *game, const char *source, char *target,
                                     int32_t size, int32_t seat, uint64_t rng_seed,
                                     const int64_t *weights) {
    if (!game->determinize_weighted) return -1;
    memcpy(target, source, (size_t)size);
    game->determinize_weighted((uint8_t *)target, seat, rng_seed, weights);
    return 0;
}

int32_t ch_determinize_odds_copy(const ch_game *game, const char *source, char *target,
                                 int32_t size, int32_t seat, uint64_t rng_seed,
                                 const int64_t *card_odds) {
    if (!game->determinize_odds) return -1;
    memcpy(target, source, (size_t)size);
    game->determinize_odds((uint8_t *)target, seat, rng_seed, card_odds);
    return 0;
}

int32_t ch_seen_action(const ch_game *game, const uint8_t *state, int32_t action,
                       int32_t seat) {
    return game->seen_action ? game->seen_action(state, action, seat) : -1;
}

/* `n` playouts of `game` from `state` by `policy`, all randomness from `seed`, added to
 * each seat's score sum and win shares (ch_tally_playout); returns how many ran: `n`, or
 * 0 for a policy no game has. The game's batch state lives on this stack frame. */
int32_t ch_playouts(const ch_game *game, const uint8_t *state, int32_t n, uint64_t seed,
                    int32_t policy, double *score_sums, double *win_shares) {
    if (!ch_known_policy(policy)) return 0;
    size_t words = ((size_t)game->batch_size() + sizeof(max_align_t) - 1) / sizeof(max_align_t);
    max_align_t batch[words];
    int players = game->batch_start(batch, state, seed);
    int32_t points[CH_MAX_PLAYERS], keys[CH_MAX_PLAYERS * CH_MAX_RANK_WIDTH];
    for (int32_t run = 0; run < n; run++) {
        int width = game->batch_playout(batch, state, policy, points, keys);
        ch_tally_playout(players, points, keys, width, score_sums, win_shares);
    }
    return n;
}

/* `n` playouts like ch_playouts, each one's points and rank keys written out instead of
 * summed: playout r's seat s has points[r * CH_MAX_PLAYERS + s] and keys from
 * keys[(r * CH_MAX_PLAYERS + s) * CH_MAX_RANK_WIDTH]; a move's analysis needs every
 * finishing place, which sums cannot give. Returns the keys' width, or 0 for a policy no
 * game has. */
int32_t ch_playout_outcomes(const ch_game *game, const uint8_t *state, int32_t n,
                            uint64_t seed, int32_t policy, int32_t *points, int32_t *keys) {
    if (!ch_known_policy(policy)) return 0;
    size_t words = ((size_t)game->batch_size() + sizeof(max_align_t) - 1) / sizeof(max_align_t);
    max_align_t batch[words];
    int players = game->batch_start(batch, state, seed);
    int32_t width = 0;
    for (int32_t run = 0; run < n; run++) {
        int32_t played[CH_MAX_PLAYERS], ranked[CH_MAX_PLAYERS * CH_MAX_RANK_WIDTH];
        width = game->batch_playout(batch, state, policy, played, ranked);
        for (int seat = 0; seat < players; seat++) {
            points[run * CH_MAX_PLAYERS + seat] = played[seat];
            for (int32_t i = 0; i < width; i++)
                keys[(run * CH_MAX_PLAYERS + seat) * CH_MAX_RANK_WIDTH + i] =
                    ranked[seat * width + i];
        }
    }
    return width;
}
