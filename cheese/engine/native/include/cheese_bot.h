/* cheese_bot.h: the rules of cheese's games for bots written outside Python.
 *
 * A bot that speaks the line protocol (docs/protocol.md) receives `hello` once and a
 * seat's `view` at each `act`. With this library it turns that view into worlds: full
 * positions that agree with everything the view shows, every hidden card, marble lane or
 * deck order drawn from what that seat may know (never from what it may not), and on a
 * world it lists the legal actions, applies one, resolves chance, plays out to the end
 * with the project's playout policies, and reads the scores and places. The library is
 * the engine cheese's own search runs on (the same C files), so its rules are the
 * referee's.
 *
 * Build against it with the flags `cheese bot sdk --cflags --libs` prints:
 *     cc my_bot.c $(cheese bot sdk --cflags --libs) -o my_bot
 *
 * Numbers: seats, actions and outcomes are the protocol's (docs/views/). Every random
 * choice takes a caller's 64-bit generator state, so a bot seeded at `new_game` replays.
 * A world belongs to one thread at a time; distinct worlds may be used in parallel.
 * Costs per call, measured on the project's machine: docs/writing-a-bot.md.
 */
#ifndef CHEESE_BOT_H
#define CHEESE_BOT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The API's version: it changes when a function below changes its meaning. */
#define CHEESE_BOT_API_VERSION 1
/* The version the library was built with; compare it with CHEESE_BOT_API_VERSION. */
int32_t cheese_bot_api_version(void);

/* current_player's answers besides a seat. */
#define CHEESE_CHANCE (-1)
#define CHEESE_TERMINAL (-4)
/* Playout policies: uniform among the legal actions, or the game's fast heuristic. */
#define CHEESE_POLICY_RANDOM 0
#define CHEESE_POLICY_HEURISTIC 1
/* Room a caller gives the per-seat outputs below. */
#define CHEESE_MAX_SEATS 8

/* A game with its options and player count, read from the protocol's `hello` line. */
typedef struct cheese_game cheese_game;
/* One full position of that game. */
typedef struct cheese_world cheese_world;

/* The game of a `hello` line (the whole JSON object, as received), or NULL with a
 * one-line reason in `error` (`error_size` bytes, may be 0). */
cheese_game *cheese_game_new(const char *hello_json, char *error, size_t error_size);
void cheese_game_free(cheese_game *game);
/* The game's slug ("get-the-cheese", "cheese-chasers", "cheese-drop"). */
const char *cheese_game_slug(const cheese_game *game);
int32_t cheese_game_players(const cheese_game *game);
/* The most legal actions (or chance outcomes) any position lists: the size of the arrays
 * given to cheese_legal_actions and cheese_chance_outcomes. */
int32_t cheese_game_max_actions(const cheese_game *game);

/* A world of `game` (the game must outlive it), empty until sampled or copied into. */
cheese_world *cheese_world_new(const cheese_game *game);
void cheese_world_free(cheese_world *world);
/* Makes `target` the same position as `source` (worlds of the same game). */
void cheese_world_copy(cheese_world *target, const cheese_world *source);

/* Makes `world` a position consistent with `view_json` (the `view` object of an `act`
 * or of `game_over`, as received): what the view shows as shown, what it hides drawn by
 * `seed` from what the view's seat may know, as cheese's own search draws its worlds.
 * Each seed gives one world. Returns the view's seat, or -1 with a one-line reason in
 * `error`. */
int32_t cheese_world_sample(cheese_world *world, const char *view_json, uint64_t seed,
                            char *error, size_t error_size);

/* The seat to act, CHEESE_CHANCE or CHEESE_TERMINAL. */
int32_t cheese_current_player(const cheese_world *world);
/* The legal actions of the seat to act, ascending, into `out`; their count (0 unless a
 * seat is to act). */
int32_t cheese_legal_actions(const cheese_world *world, int32_t *out);
/* The chance outcomes and their integer weights; their count (0 unless chance acts). */
int32_t cheese_chance_outcomes(const cheese_world *world, int32_t *outcomes, int64_t *weights);
/* Plays `action` (a legal action, or a chance outcome when chance acts): 0, or nonzero
 * for an action that is not legal (the world is then unchanged). */
int32_t cheese_apply(cheese_world *world, int32_t action);
/* Draws chance outcomes by their weights until a seat is to act or the game is over;
 * returns cheese_current_player. */
int32_t cheese_resolve_chance(cheese_world *world, uint64_t *rng);

/* Plays a copy of `world` to the end by `policy`; writes each seat's points and place
 * (1 is first, tied seats share the better place) and leaves `world` as it was. Returns
 * the number of seats, or -1 for an unknown policy. */
int32_t cheese_playout(const cheese_world *world, int32_t policy, uint64_t *rng,
                       int32_t *points, int32_t *places);
/* `n` playouts at once (the loop cheese's own search runs): adds each seat's points to
 * `score_sums` and its share of each win (a tie splits one) to `win_shares`. Returns `n`,
 * or 0 for an unknown policy. */
int32_t cheese_playouts(const cheese_world *world, int32_t n, int32_t policy, uint64_t seed,
                        double *score_sums, double *win_shares);

/* Each seat's points now (final once the game is over). */
int32_t cheese_scores(const cheese_world *world, int32_t *points);
/* Each seat's place by the game's ranking (1 is first; ties share the better place), as
 * the game would end now: meaningful once cheese_current_player is CHEESE_TERMINAL. */
int32_t cheese_places(const cheese_world *world, int32_t *places);

/* The world as the engine's packed state, copied to `out` if `capacity` bytes suffice;
 * returns its size. Its layout is the engine's own and may change in any version: for
 * tests and tools that hand a world back to cheese, not for reading. */
int32_t cheese_world_bytes(const cheese_world *world, uint8_t *out, int32_t capacity);

/* A uniform 64-bit number from the generator state `rng` (SplitMix64, as cheese's). */
uint64_t cheese_random(uint64_t *rng);

#ifdef __cplusplus
}
#endif

#endif
