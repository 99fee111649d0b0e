/* The information-set MCTS loop in C: plain declarations for cffi's cdef. See search.c. */
typedef struct {
    int64_t iterations;      /* at most this many iterations (at least 1 is always run) */
    double seconds;          /* wall-clock limit; 0 or less: none */
    double exploration;      /* UCB constant c */
    double widen;            /* progressive widening: 1 + widen * sqrt(passes) children; 0 off */
    int32_t policy;          /* playout policy: 0 uniform random, 1 the game's heuristic */
    int32_t num_players;
    int32_t seat;            /* the searching seat, to act at the root */
    double solitaire_scale;  /* one seat: points at which the score part of the reward is 1/2 */
    double solitaire_finish; /* one seat: the reward of finishing with points, before the score */
    uint64_t seed;           /* the SplitMix64 seed of every random choice of the search */
    int32_t prior_visits;    /* virtual visits of each root action given a prior value */
    int32_t chance_nodes;    /* 1: chance outcomes, seen by every seat, are tree edges */
    int32_t leaf_playouts;   /* playouts averaged at each leaf (at least 1) */
    const int64_t *determinize_weights; /* NULL: the game's determinize, else its
                                           determinize_weighted with these weights */
    double leaf_value;       /* one seat: the weight of the game's fitted leaf value beside
                                the playouts' (world_value); 0: playouts alone */
    int32_t others_seen;     /* 0: the others' moves are tree edges as played; 1: as the
                                searching seat sees them (seen_action), one of the moves
                                it cannot tell apart played at random; 2: a tree per
                                seat, each keyed by the moves as its seat sees them */
    int32_t keep_world;      /* 0: each iteration draws what the seat cannot see; 1: the
                                root is the true world, searched as it is every iteration
                                (a clairvoyant search, which measures what the hidden
                                cards are worth); 2: the true world's table is kept, only
                                the others' hands drawn (the game's determinize_hands);
                                3: each card of the true world's table kept, or dealt
                                with the hands, by the chance below */
    double redraw_table;     /* keep_world 2: the chance an iteration draws its whole world
                                as keep_world 0 does instead of keeping the table; 3: the
                                chance each card on the table the seat cannot see is
                                dealt instead of kept, card by card (a search that knows
                                the table only in part); 0: never */
    const int64_t *card_odds; /* NULL: none; else (keep_world 0, no determinize_weights)
                                 each iteration draws the hidden cards by the game's
                                 determinize_odds with these odds per card on the table
                                 and kind (a measuring instrument's posterior) */
} ch_search_settings;

typedef struct {
    int64_t iterations; /* iterations run */
    double elapsed;     /* seconds of wall-clock time */
    int32_t children;   /* root children written */
    int32_t nodes;      /* tree nodes, the root included */
} ch_search_report;

int32_t ch_search(const ch_game *game, const uint8_t *root, const ch_search_settings *settings,
                  const int32_t *prior_actions, const double *prior_values, int32_t n_priors,
                  int32_t *actions, int64_t *visits, double *reward_sums, int32_t capacity,
                  ch_search_report *report);

/* The rewards of a finished game, one per seat, from its points and rank keys (`width`
 * ints per seat); the formula of cheese/bots/search/rewards.py. */
void ch_rewards(int32_t seats, double solitaire_scale, double solitaire_finish,
                const int32_t *points, const int32_t *keys, int32_t width, double *rewards);
