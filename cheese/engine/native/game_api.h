/* The API every game's C engine exports under its prefix: gtc_apply, chs_apply, cdp_apply …
 *
 * No include guard: each game's .c file defines CH_GAME(name) as its prefixed name, then
 * includes this header. The build writes cffi's declarations from it, once per prefix.
 * The functions are documented in the games' .c files and in the native backend's
 * conventions (cheese/engine/native/bridge.py).
 */
int32_t CH_GAME(state_size)(void);
int32_t CH_GAME(max_actions)(void);
int32_t CH_GAME(view_size)(void);
int32_t CH_GAME(init)(uint8_t *state, int32_t num_players, uint64_t seed,
                      const int32_t *options, int32_t n_options);
int32_t CH_GAME(current_player)(const uint8_t *state);
int32_t CH_GAME(legal_actions)(const uint8_t *state, int32_t *out);
int32_t CH_GAME(chance_weights)(const uint8_t *state, int32_t *actions, int64_t *weights);
uint64_t CH_GAME(chance_key)(const uint8_t *state);
int32_t CH_GAME(apply)(uint8_t *state, int32_t action);
void CH_GAME(scores)(const uint8_t *state, int32_t *out);
int32_t CH_GAME(rank_keys)(const uint8_t *state, int32_t *out);
int32_t CH_GAME(view)(const uint8_t *state, int32_t seat, int32_t *out);
/* The seat's view as the JSON of the game's view_json.py (json_writer.h): its length, or
 * -1 when it does not fit in `capacity` bytes. */
int32_t CH_GAME(view_json)(const uint8_t *state, int32_t seat, char *out, int32_t capacity);
/* At a decision, what its actions' notation depends on besides their numbers (equal
 * numbers under equal keys read the same): a phase, or 0 when the number alone says. */
int32_t CH_GAME(notation_key)(const uint8_t *state);
void CH_GAME(determinize)(uint8_t *state, int32_t seat, uint64_t rng_seed);
int32_t CH_GAME(playout)(const uint8_t *state, int32_t policy, uint64_t *rng_state,
                         int32_t *scores, int32_t *rank_keys);
int32_t CH_GAME(action_priors)(const uint8_t *state, const int32_t *actions, int32_t n,
                               double *priors);
const ch_game *CH_GAME(game)(void); /* the primitives above, for a search in C */
const char *CH_GAME(fact_name)(int32_t index); /* the facts Python mirrors (CH_GAME_FACTS) */
int32_t CH_GAME(fact_value)(int32_t index);
#undef CH_GAME
