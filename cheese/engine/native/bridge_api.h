int32_t ch_apply_copy(int32_t (*apply)(uint8_t *, int32_t), const char *source, char *target,
                      int32_t size, int32_t action);
void ch_determinize_copy(void (*determinize)(uint8_t *, int32_t, uint64_t), const char *source,
                         char *target, int32_t size, int32_t seat, uint64_t rng_seed);
/* determinize_weighted of `game` on a copy; -1 when the game has none. */
typedef struct ch_game ch_game;
int32_t ch_determinize_weighted_copy(const ch_game *game, const char *source, char *target,
                                     int32_t size, int32_t seat, uint64_t rng_seed,
                                     const int64_t *weights);
/* A game's table of the primitives a search calls (common.h), opaque to Python: the
 * search in C and ch_playouts take it from <prefix>_game(). */
int32_t ch_playouts(const ch_game *game, const uint8_t *state, int32_t n, uint64_t seed,
                    int32_t policy, double *score_sums, double *win_shares);
int32_t ch_playout_outcomes(const ch_game *game, const uint8_t *state, int32_t n,
                            uint64_t seed, int32_t policy, int32_t *points, int32_t *keys);
/* Cheese Chasers: how many of `count` heuristic playouts from `state` finish with points
 * when the heuristic weighs its terms by `weights` (chs_playout_weights.h). */
int32_t chs_playout_finishes(const uint8_t *state, const double *weights, int32_t count,
                             uint64_t seed);
int32_t chs_playout_terms(void); /* how many weights the heuristic has */
