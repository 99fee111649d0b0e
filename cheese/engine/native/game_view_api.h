/* What every game's C engine adds for bots outside Python (cheese_bot.c): its options from
 * the JSON of the protocol's hello, and a state from the JSON of a seat's view.
 *
 * No include guard: like game_api.h, each game's .c file includes it after defining
 * CH_GAME(name) (and before game_api.h, which ends by undefining it).
 */
#include "json_reader.h"

/* The game's slug, as hello names it. */
const char *CH_GAME(slug)(void);
/* <prefix>_init's option ints from hello's `options` object (node `options` of `doc`):
 * their count, or -1 with `*error` saying which option is missing or out of range. */
int32_t CH_GAME(options_from_json)(const ch_json *doc, int32_t options, int32_t num_players,
                                   int32_t *out, int32_t capacity, const char **error);
/* A state that agrees with the view (node `view` of `doc`) of a game started with
 * `options`: everything the view shows as shown, everything it hides filled in with some
 * arrangement the seat cannot rule out, which <prefix>_determinize then draws anew. The
 * view's seat goes to `*seat`. Returns NULL, or what is wrong with the view. */
const char *CH_GAME(state_from_view)(uint8_t *state, int32_t num_players,
                                     const int32_t *options, int32_t n_options,
                                     const ch_json *doc, int32_t view, int32_t *seat);
