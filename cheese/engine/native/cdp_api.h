/* Cheese Drop (cheese-drop): the C engine's API, plain declarations for cffi's cdef.
 * The functions are documented in cdp.c and in the native backend's conventions. */
int32_t cdp_state_size(void);
int32_t cdp_max_actions(void);
int32_t cdp_view_size(void);
int32_t cdp_init(uint8_t *state, int32_t num_players, uint64_t seed,
                 const int32_t *options, int32_t n_options);
int32_t cdp_current_player(const uint8_t *state);
int32_t cdp_legal_actions(const uint8_t *state, int32_t *out);
int32_t cdp_chance_weights(const uint8_t *state, int32_t *actions, int64_t *weights);
uint64_t cdp_chance_key(const uint8_t *state);
int32_t cdp_apply(uint8_t *state, int32_t action);
void cdp_scores(const uint8_t *state, int32_t *out);
int32_t cdp_rank_keys(const uint8_t *state, int32_t *out);
int32_t cdp_view(const uint8_t *state, int32_t seat, int32_t *out);
void cdp_determinize(uint8_t *state, int32_t seat, uint64_t rng_seed);
int32_t cdp_playouts(const uint8_t *state, int32_t n, uint64_t seed, int32_t policy,
                     double *score_sums, double *win_shares);
int32_t cdp_policy_action(const uint8_t *state, int32_t policy, uint64_t *rng_state);
int32_t cdp_playout(const uint8_t *state, int32_t policy, uint64_t *rng_state, int32_t *scores,
                    int32_t *rank_keys);
int32_t cdp_action_priors(const uint8_t *state, const int32_t *actions, int32_t n,
                          double *priors);
