int32_t ch_apply_copy(int32_t (*apply)(uint8_t *, int32_t), const char *source, char *target,
                      int32_t size, int32_t action);
void ch_determinize_copy(void (*determinize)(uint8_t *, int32_t, uint64_t), const char *source,
                         char *target, int32_t size, int32_t seat, uint64_t rng_seed);
/* determinize_weighted of `game` on a copy; -1 when the game has none. */
typedef struct ch_game ch_game;
int32_t ch_determinize_weighted_copy(const ch_game *game, const char *source, char *target,
                                     int32_t size, int32_t seat, uint64_t rng_seed,
                                     const int64_t *weights);
/* determinize_odds of `game` on a copy, each card on the table the seat cannot see drawn
 * by `card_odds` (per card and kind); -1 when the game has none. */
int32_t ch_determinize_odds_copy(const ch_game *game, const char *source, char *target,
                                 int32_t size, int32_t seat, uint64_t rng_seed,
                                 const int64_t *card_odds);
/* A game's table of the primitives a search calls (common.h), opaque to Python: the
 * search in C and ch_playouts take it from <prefix>_game(). */
/* The decision `action` of the player to move in `state` as `seat` sees it (ch_game's
 * seen_action); -1 when the game's moves are seen whole. */
int32_t ch_seen_action(const ch_game *game, const uint8_t *state, int32_t action,
                       int32_t seat);
int32_t ch_playouts(const ch_game *game, const uint8_t *state, int32_t n, uint64_t seed,
                    int32_t policy, double *score_sums, double *win_shares);
int32_t ch_playout_outcomes(const ch_game *game, const uint8_t *state, int32_t n,
                            uint64_t seed, int32_t policy, int32_t *points, int32_t *keys);
/* Cheese Chasers: how many of `count` heuristic playouts from `state` finish with points
 * when the heuristic weighs its terms by `weights` (chs_playout_weights.h). */
int32_t chs_playout_finishes(const uint8_t *state, const double *weights, int32_t count,
                             uint64_t seed);
int32_t chs_playout_terms(void); /* how many weights the heuristic has */
/* Cheese Chasers: each placement's heuristic terms (n rows of chs_playout_terms()), the
 * value the heuristic gives it with each weight alone set to 1; `loses` 1 for a placement
 * that loses at once. Returns n, 0 when no card is pending. */
int32_t chs_action_terms(const uint8_t *state, const int32_t *actions, int32_t n, double *terms,
                         int32_t *loses);
/* Cheese Chasers: the leaf value's features of a position after a placement (none
 * pending), written to `out`; returns their count, 0 for any other position. */
int32_t chs_value_features(const uint8_t *state, double *out);
int32_t chs_value_feature_count(void);
/* The fitted chance that the position is completed (chs_value_weights.h); -1 for a
 * position that is not after a placement. */
double chs_value(const uint8_t *state);
/* Cheese Chasers, clairvoyant: whether the deal of `state` (a draw next) completes for
 * a player who knows the deck's `order` (the kinds still to draw), searched over at most
 * `budget` placements: 1 completed (`line`: each draw's direction, -1 at the origin),
 * 0 no placements complete it, -1 the budget ran out first, -2 `order` is not the
 * deck's cards. `nodes`: the placements searched. */
int32_t chs_solve_order(const uint8_t *state, const int32_t *order, int32_t n_order,
                        int64_t budget, int32_t *line, int64_t *nodes);
