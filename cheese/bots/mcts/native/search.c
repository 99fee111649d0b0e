/* Information-set MCTS over any of the C games, the loop of cheese/bots/mcts/tree.py.
 *
 * A game reaches the loop as its table of primitives (ch_game, from <prefix>_game() in the
 * engine's C), so this file names no game.
 *
 * Single observer, open loop: every iteration copies the root, draws a fresh
 * determinization of it for the searching seat (the game's determinize, which reads only
 * what that seat knows), and walks one tree whose nodes are keyed by the actions from the
 * root. Chance outcomes are sampled from their weights and not stored, unless the caller
 * says every seat sees them (chance_nodes): then each outcome leads to its own node.
 *
 * - Availability: a child's exploration term counts the passes of its parent in which its
 *   action was legal, not all of them: mean + c * sqrt(ln(available) / visits), where the
 *   mean is the reward of the seat that chose the child.
 * - Progressive widening: a node passed v times has at most floor(1 + widen * sqrt(v))
 *   children (all when widen is 0). A new child takes the untried legal action with the
 *   best prior (the game's action_priors, ties broken at random; without priors, at
 *   random), and a node none of whose children is legal in this world always expands.
 * - Root priors: the caller may give root actions a value (e.g. the one-ply evaluation
 *   of greedy); each such child starts with `prior_visits` virtual visits at that value,
 *   which steer selection and are left out of the statistics returned.
 * - Leaf: playouts of the game's policy to the end (the game's own fast loop; one, or the
 *   mean of leaf_playouts), whose rewards are backed up along the path.
 * - Rewards per seat (ch_rewards) as cheese/bots/search/rewards.py: with n >= 2 seats
 *   0.8 * (pairwise share by rank keys, a tie one half) + 0.2 * (points share); one seat:
 *   0 without points, else finish + (1 - finish) * points / (points + scale).
 *
 * Nodes live in one arena grown by realloc, the children of a node side by side in a
 * block of it (see search_tree); the arena and the scratch buffers are allocated once per
 * search and freed before it returns, so the hot path never calls malloc per node. All
 * randomness comes from one SplitMix64 seeded by the caller, so a fixed seed and
 * iteration budget give the same tree on every machine.
 * Nothing is static and mutable: searches may run in several processes or threads.
 */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "common.h"
#include "search_api.h"

enum { SEARCH_OK = 0, SEARCH_NO_GAME = -1, SEARCH_BAD_ROOT = -2, SEARCH_NO_MEMORY = -3,
       SEARCH_BAD_SETTINGS = -4, SEARCH_NO_LEGAL_ACTION = -5 };

#define SEARCH_CLOCK_EVERY 8 /* iterations between two looks at the clock */
#define SEARCH_NO_NODE (-1)
#define SEARCH_KEEP_WORLD 1  /* settings keep_world: the root searched as it is */
#define SEARCH_KEEP_TABLE 2  /* settings keep_world: the root's table kept, hands drawn */
#define SEARCH_KEEP_CARDS 3  /* settings keep_world: each card of the root's table kept */
#define SEARCH_OTHERS_SEEN 1  /* settings others_seen: the others' moves as seen, one tree */
#define SEARCH_OTHERS_TREES 2 /* a tree per seat, each keyed by what its seat sees */

typedef struct {
    int32_t action;      /* the action from the parent */
    int32_t first_child; /* arena index of the children's block */
    int32_t children;    /* children in the block */
    int32_t capacity;    /* size of the block */
    uint32_t visits;     /* iterations through this node */
    uint32_t available;  /* parent passes in which this node's action was legal */
    uint32_t passes;     /* iterations that reached this node as a decision */
    uint32_t prior;      /* virtual visits at the root action's prior value */
    double reward_sum;   /* rewards of the seat that chose this node's action */
    double mean;         /* reward_sum / visits, kept for selection */
    double spread;       /* 1 / sqrt(visits), kept for selection */
} search_node;

typedef struct {
    int32_t node;
    int32_t mover;
} search_step;

/* Everything one search owns; released by search_free.
 *
 * The children of a node lie side by side in the arena (a block), so a pass reads them in
 * one sweep; a full block moves to a block twice its size at the end of the arena and the
 * old one is left unused (at most as many wasted nodes as live ones). Availability is
 * checked with stamps: a pass writes its number at every legal action's entry of
 * `legal_stamp`, so a child is legal when its action's stamp is the pass's number. */
typedef struct {
    const ch_game *game;
    const ch_search_settings *settings;
    ch_rng rng;
    search_node *nodes;
    int32_t n_nodes, node_capacity; /* arena slots in use (blocks included) and allocated */
    int32_t live;                   /* nodes in the tree, the root included */
    search_step *path;
    int32_t path_capacity;
    uint8_t *world; /* the state of the iteration */
    void *world_board; /* the game's board of that state (ch_game's world_*), or NULL */
    int values_leaves; /* the leaves weigh in the game's fitted value (settings leaf_value) */
    int32_t *legal;
    int32_t *root_legal; /* the root's legal actions, listed once (see search_choices) */
    int32_t n_root_legal;
    int32_t *root_index; /* per root action value: its index in `root_legal` */
    uint32_t *legal_stamp; /* per action value: the pass that found it legal */
    int32_t *legal_index;  /* per action value: its index in `legal` at that pass */
    int32_t action_bound;  /* size of the two arrays above */
    uint32_t *child_stamp; /* per legal index: the pass that found a child playing it */
    uint32_t pass;
    int32_t *available; /* the children legal in this pass */
    int32_t *untried;   /* the legal actions without a child in this pass */
    int32_t *played;    /* others_seen: the legal moves of a node whose edges are the moves
                           as seen, from which the move played is drawn */
    int32_t *played_seen; /* others_seen: each of those moves as the searching seat sees it */
    uint32_t *seen_stamp; /* others_seen: per seen move, the pass that listed it */
    int32_t seen_bound;   /* size of seen_stamp: action values, not counts, index it */
    int seen_moves;     /* others_seen, and the game has seen_action */
    int64_t *weights;
    double *priors;
    double *sqrt_log; /* sqrt(ln(a)) for a below log_bound */
    int64_t log_bound;
    int32_t max_actions, state_size;
} search_tree;

static void search_free(search_tree *t) {
    free(t->nodes);
    free(t->path);
    free(t->world);
    free(t->world_board);
    free(t->legal);
    free(t->root_legal);
    free(t->root_index);
    free(t->legal_stamp);
    free(t->legal_index);
    free(t->child_stamp);
    free(t->available);
    free(t->untried);
    free(t->played);
    free(t->played_seen);
    free(t->seen_stamp);
    free(t->weights);
    free(t->priors);
    free(t->sqrt_log);
}

static int search_alloc(search_tree *t, int64_t iterations) {
    int64_t first = 2 * iterations + 16 < (1 << 16) ? 2 * iterations + 16 : (1 << 16);
    t->node_capacity = (int32_t)first;
    t->nodes = malloc(sizeof(search_node) * (size_t)t->node_capacity);
    t->path_capacity = 256;
    t->path = malloc(sizeof(search_step) * (size_t)t->path_capacity);
    t->world = malloc((size_t)t->state_size);
    if (t->game->world_size) {
        t->world_board = calloc(1, (size_t)t->game->world_size());
        if (!t->world_board) return 0;
        t->values_leaves = t->settings->leaf_value > 0.0 && t->settings->num_players == 1 &&
                           t->game->world_value != NULL;
    }
    size_t actions = (size_t)t->max_actions;
    t->legal = malloc(sizeof(int32_t) * actions);
    t->root_legal = malloc(sizeof(int32_t) * actions);
    t->child_stamp = calloc(actions, sizeof(uint32_t));
    t->available = malloc(sizeof(int32_t) * actions);
    t->untried = malloc(sizeof(int32_t) * actions);
    t->seen_moves = t->settings->others_seen == SEARCH_OTHERS_SEEN && t->game->seen_action;
    if (t->seen_moves) {
        t->played = malloc(sizeof(int32_t) * actions);
        t->played_seen = malloc(sizeof(int32_t) * actions);
        if (!t->played || !t->played_seen) return 0;
    }
    t->weights = malloc(sizeof(int64_t) * actions);
    t->priors = malloc(sizeof(double) * actions);
    t->log_bound = 1024;
    t->sqrt_log = malloc(sizeof(double) * (size_t)t->log_bound);
    if (t->sqrt_log)
        for (int64_t a = 0; a < t->log_bound; a++) t->sqrt_log[a] = a ? sqrt(log((double)a)) : 0.0;
    return t->nodes && t->path && t->world && t->legal && t->root_legal && t->child_stamp &&
           t->available && t->untried &&
           t->weights && t->priors && t->sqrt_log;
}

/* sqrt(ln(a)), from the table (grown by doubling when `a` is past its end): selection
 * needs it for every available child at every pass. */
static inline double search_sqrt_log(search_tree *t, uint32_t a) {
    if ((int64_t)a >= t->log_bound) {
        int64_t bound = t->log_bound;
        while (bound <= (int64_t)a) bound *= 2;
        double *grown = realloc(t->sqrt_log, sizeof(double) * (size_t)bound);
        if (!grown) return sqrt(log((double)a));
        for (int64_t i = t->log_bound; i < bound; i++) grown[i] = sqrt(log((double)i));
        t->sqrt_log = grown;
        t->log_bound = bound;
    }
    return t->sqrt_log[a];
}

/* Room for `count` more nodes at the end of the arena; 0 when memory runs out. */
static int search_reserve(search_tree *t, int32_t count) {
    if (t->n_nodes <= t->node_capacity - count) return 1;
    int64_t capacity = t->node_capacity;
    while (capacity - t->n_nodes < count) capacity *= 2;
    if (capacity > INT32_MAX) return 0;
    search_node *grown = realloc(t->nodes, sizeof(search_node) * (size_t)capacity);
    if (!grown) return 0;
    t->nodes = grown;
    t->node_capacity = (int32_t)capacity;
    return 1;
}

static void search_init_node(search_node *n, int32_t action) {
    n->action = action;
    n->first_child = 0;
    n->children = n->capacity = 0;
    n->visits = n->available = n->passes = n->prior = 0;
    n->reward_sum = n->mean = 0.0;
    n->spread = 1.0;
}

/* A new child of `parent` playing `action` (its block grown when full); its arena index,
 * or SEARCH_NO_NODE when memory runs out. */
static int32_t search_add_child(search_tree *t, int32_t parent, int32_t action) {
    search_node *p = &t->nodes[parent];
    if (p->children == p->capacity) {
        int32_t capacity = p->capacity ? 2 * p->capacity : 2;
        if (!search_reserve(t, capacity)) return SEARCH_NO_NODE;
        p = &t->nodes[parent];
        int32_t block = t->n_nodes;
        memcpy(&t->nodes[block], &t->nodes[p->first_child],
               sizeof(search_node) * (size_t)p->children);
        t->n_nodes += capacity;
        p->first_child = block;
        p->capacity = capacity;
    }
    int32_t child = p->first_child + p->children++;
    search_init_node(&t->nodes[child], action);
    t->live++;
    return child;
}

/* Makes `action` a known action value: the stamp arrays cover it. */
static int search_cover_action(search_tree *t, int32_t action) {
    if (action < t->action_bound) return 1;
    int32_t bound = t->action_bound ? t->action_bound : 64;
    while (bound <= action) bound *= 2;
    uint32_t *stamps = realloc(t->legal_stamp, sizeof(uint32_t) * (size_t)bound);
    if (!stamps) return 0;
    memset(stamps + t->action_bound, 0, sizeof(uint32_t) * (size_t)(bound - t->action_bound));
    t->legal_stamp = stamps;
    int32_t *index = realloc(t->legal_index, sizeof(int32_t) * (size_t)bound);
    if (!index) return 0;
    t->legal_index = index;
    t->action_bound = bound;
    return 1;
}

static int search_push(search_tree *t, int32_t depth, int32_t node, int32_t mover) {
    if (depth == t->path_capacity) {
        int32_t capacity = t->path_capacity * 2;
        search_step *grown = realloc(t->path, sizeof(search_step) * (size_t)capacity);
        if (!grown) return 0;
        t->path = grown;
        t->path_capacity = capacity;
    }
    t->path[depth].node = node;
    t->path[depth].mover = mover;
    return 1;
}

/* ------------------------------------------------------------------------------------
 * Rewards (cheese/bots/search/rewards.py)
 * ---------------------------------------------------------------------------------- */

#define SEARCH_PAIRWISE_WEIGHT 0.8
#define SEARCH_POINTS_WEIGHT 0.2

void ch_rewards(int32_t seats, double solitaire_scale, double solitaire_finish,
                const int32_t *points, const int32_t *keys, int32_t width, double *rewards) {
    if (seats == 1) {
        double score = points[0] > 0 ? (double)points[0] : 0.0;
        double finish = solitaire_finish;
        rewards[0] =
            score > 0.0 ? finish + (1.0 - finish) * score / (score + solitaire_scale) : 0.0;
        return;
    }
    double total = 0.0;
    for (int seat = 0; seat < seats; seat++) total += points[seat] > 0 ? points[seat] : 0;
    for (int seat = 0; seat < seats; seat++) {
        double beaten = 0.0;
        for (int other = 0; other < seats; other++) {
            if (other == seat) continue;
            int order = ch_key_compare(keys + seat * width, keys + other * width, width);
            beaten += order > 0 ? 1.0 : order == 0 ? 0.5 : 0.0;
        }
        double share = total > 0.0 ? (points[seat] > 0 ? points[seat] : 0) / total
                                   : 1.0 / seats;
        rewards[seat] = SEARCH_PAIRWISE_WEIGHT * beaten / (seats - 1) +
                        SEARCH_POINTS_WEIGHT * share;
    }
}

static void search_terminal_rewards(const search_tree *t, const uint8_t *state,
                                    double *rewards) {
    int32_t points[CH_MAX_PLAYERS], keys[CH_MAX_PLAYERS * CH_MAX_RANK_WIDTH];
    t->game->scores(state, points);
    int width = t->game->rank_keys(state, keys);
    const ch_search_settings *settings = t->settings;
    ch_rewards(settings->num_players, settings->solitaire_scale, settings->solitaire_finish,
               points, keys, width, rewards);
}

/* The game's apply, action_priors and playout, on its board of the world when it keeps one. */
static inline int32_t search_apply(search_tree *t, uint8_t *state, int32_t action) {
    return t->world_board ? t->game->world_apply(t->world_board, state, action)
                          : t->game->apply(state, action);
}

static inline int32_t search_priors(search_tree *t, const uint8_t *state, const int32_t *actions,
                                    int32_t n, double *priors) {
    return t->world_board ? t->game->world_priors(t->world_board, state, actions, n, priors)
                          : t->game->action_priors(state, actions, n, priors);
}

static inline int32_t search_playout(search_tree *t, const uint8_t *state, int32_t *points,
                                     int32_t *keys) {
    int32_t policy = t->settings->policy;
    return t->world_board
               ? t->game->world_playout(t->world_board, state, policy, &t->rng.state, points, keys)
               : t->game->playout(state, policy, &t->rng.state, points, keys);
}

/* The mean rewards of the leaf's playouts. */
static void search_playout_rewards(search_tree *t, const uint8_t *state, double *rewards) {
    int32_t points[CH_MAX_PLAYERS], keys[CH_MAX_PLAYERS * CH_MAX_RANK_WIDTH];
    int seats = t->settings->num_players, count = t->settings->leaf_playouts;
    double one[CH_MAX_PLAYERS];
    for (int seat = 0; seat < seats; seat++) rewards[seat] = 0.0;
    for (int run = 0; run < count; run++) {
        int width = search_playout(t, state, points, keys);
        ch_rewards(seats, t->settings->solitaire_scale, t->settings->solitaire_finish, points,
                   keys, width, count == 1 ? rewards : one);
        if (count > 1)
            for (int seat = 0; seat < seats; seat++) rewards[seat] += one[seat] / count;
    }
}

/* A one-seat leaf's rewards with the game's fitted value weighed in: (1 - w) times the
 * playouts' plus w times the value's, the reward of a finished game with the expected
 * points times the chance of finishing. */
static void search_weigh_leaf_value(search_tree *t, const uint8_t *state, double *rewards) {
    int32_t points[1];
    double chance = t->game->world_value(t->world_board, state, points);
    if (chance < 0.0) return;
    double finished[1], weight = t->settings->leaf_value;
    ch_rewards(1, t->settings->solitaire_scale, t->settings->solitaire_finish, points, points,
               1, finished);
    rewards[0] = (1.0 - weight) * rewards[0] + weight * chance * finished[0];
}

/* The rewards of the leaf `state` the iteration just reached: the game's end, or its
 * playouts (with the fitted value weighed in when the settings ask for it). */
static void search_leaf_rewards(search_tree *t, const uint8_t *state, double *rewards) {
    if (t->game->current_player(state) == CH_TERMINAL) {
        search_terminal_rewards(t, state, rewards);
        return;
    }
    search_playout_rewards(t, state, rewards);
    if (t->values_leaves) search_weigh_leaf_value(t, state, rewards);
}

/* ------------------------------------------------------------------------------------
 * One iteration (tree.run_iteration in cheese/bots/mcts/tree.py)
 * ---------------------------------------------------------------------------------- */

/* Stamps the pass's legal actions; counts a pass in which each child whose action is
 * legal was available; lists those children; returns how many there are (-1 when memory
 * runs out). */
static int search_mark_available(search_tree *t, int32_t node, int n_legal) {
    uint32_t pass = ++t->pass;
    const search_node *n = &t->nodes[node];
    if (n->children == 0) return 0;
    if (!search_cover_action(t, t->legal[n_legal - 1])) return -1;
    const int32_t *restrict legal = t->legal;
    uint32_t *restrict legal_stamp = t->legal_stamp;
    int32_t *restrict legal_index = t->legal_index;
    for (int i = 0; i < n_legal; i++) {
        legal_stamp[legal[i]] = pass;
        legal_index[legal[i]] = i;
    }
    search_node *child = &t->nodes[n->first_child];
    uint32_t *restrict child_stamp = t->child_stamp;
    int32_t *restrict available = t->available;
    int32_t bound = t->action_bound, count = 0;
    for (int32_t k = 0; k < n->children; k++, child++) {
        int32_t action = child->action;
        if (action >= bound || legal_stamp[action] != pass) continue;
        child->available++;
        child_stamp[legal_index[action]] = pass;
        available[count++] = n->first_child + k;
    }
    return count;
}

/* search_mark_available at the root, whose legal actions are the same at every pass and
 * include every child's action: no stamps to write for them (Cheese Drop's root lists up
 * to 360 gates), each child is available, and its legal index is read off `root_index`. */
static int search_mark_root_available(search_tree *t) {
    uint32_t pass = ++t->pass;
    const search_node *n = &t->nodes[0];
    search_node *child = &t->nodes[n->first_child];
    const int32_t *restrict root_index = t->root_index;
    uint32_t *restrict child_stamp = t->child_stamp;
    int32_t *restrict available = t->available;
    for (int32_t k = 0; k < n->children; k++, child++) {
        child->available++;
        child_stamp[root_index[child->action]] = pass;
        available[k] = n->first_child + k;
    }
    return n->children;
}

static int search_may_widen(const search_tree *t, const search_node *node) {
    double widen = t->settings->widen;
    if (widen <= 0.0) return 1;
    return node->children < (int64_t)floor(1.0 + widen * sqrt((double)node->passes));
}

/* The untried legal action with the best prior (ties at random), or -1 when every legal
 * action has a child. */
static int32_t search_untried(search_tree *t, const uint8_t *state, const int32_t *legal,
                              int n_legal) {
    const uint32_t *child_stamp = t->child_stamp;
    uint32_t pass = t->pass;
    /* The priors only order two untried actions or more: a node whose legal actions all
     * have children (most nodes visited often, once widening allows them all) or all but
     * one asks the game for nothing, which was most of the priors' cost. */
    int untried = 0, first = -1;
    for (int i = 0; i < n_legal && untried < 2; i++)
        if (child_stamp[i] != pass && untried++ == 0) first = i;
    if (untried == 0) return -1;
    if (untried == 1) return legal[first];
    /* Only the untried actions are valued: a game's prior of an action depends on that
     * action alone, and the tried ones were never chosen (their heuristic values were
     * most of Cheese Chasers' priors). The list keeps the legal order, so ties fall the
     * same way. */
    int32_t *actions = t->untried;
    int n = 0;
    for (int i = first; i < n_legal; i++)
        if (child_stamp[i] != pass) actions[n++] = legal[i];
    const double *priors = t->priors;
    int have_priors = search_priors(t, state, actions, n, t->priors) == n;
    int ties = 0;
    double best_prior = -INFINITY;
    for (int i = 0; i < n; i++) {
        double prior = have_priors ? priors[i] : 0.0;
        if (prior > best_prior) {
            best_prior = prior;
            ties = 1;
        } else if (prior == best_prior) {
            ties++;
        }
    }
    if (ties == 0) return -1;
    /* one draw picks among the tied best */
    int pick = ties > 1 ? (int)ch_rng_below(&t->rng, (uint64_t)ties) : 0;
    for (int i = 0; i < n; i++) {
        if ((have_priors ? priors[i] : 0.0) != best_prior) continue;
        if (pick-- == 0) return actions[i];
    }
    return -1; /* unreachable */
}

/* The available child with the best UCB score, mean + c * sqrt(ln(available) / visits)
 * (ties: the lower action). */
static int32_t search_select(search_tree *t, int count) {
    double c = t->settings->exploration;
    int32_t best = SEARCH_NO_NODE;
    double best_score = -INFINITY;
    for (int i = 0; i < count; i++) {
        const search_node *child = &t->nodes[t->available[i]];
        double score = child->mean + c * search_sqrt_log(t, child->available) * child->spread;
        if (score > best_score ||
            (score == best_score && child->action < t->nodes[best].action)) {
            best = t->available[i];
            best_score = score;
        }
    }
    return best;
}

static int32_t search_sample_chance(search_tree *t, uint8_t *state) {
    int n = t->game->chance_weights(state, t->legal, t->weights);
    int32_t outcome = t->legal[ch_rng_pick(&t->rng, t->weights, n)];
    search_apply(t, state, outcome);
    return outcome;
}

/* The child of `node` keyed `key` (a chance outcome, or in a tree per seat a move as
 * that tree's seat sees it), added when first reached; SEARCH_NO_NODE when memory runs
 * out. Nobody chooses among such children, so their availability is never read. */
static int32_t search_keyed_child(search_tree *t, int32_t node, int32_t key) {
    const search_node *n = &t->nodes[node];
    for (int32_t k = 0; k < n->children; k++)
        if (t->nodes[n->first_child + k].action == key) return n->first_child + k;
    return search_add_child(t, node, key);
}

static int search_compare_actions(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* The legal moves of another seat in `state` as the searching seat sees them:
 * the moves themselves are kept in `played` (ascending, as every game lists them) and
 * how each is seen in `played_seen`, and `legal` gets each seen move once, ascending.
 * Returns how many seen moves there are, or -1 when memory runs out. */
static int search_list_seen(search_tree *t, const uint8_t *state, int n_played) {
    /* a seen move is at most the move, so the largest legal move bounds them all */
    int32_t largest = t->played[n_played - 1];
    if (largest >= t->seen_bound) {
        uint32_t *stamps = realloc(t->seen_stamp, sizeof(uint32_t) * (size_t)(largest + 1));
        if (!stamps) return -1;
        memset(stamps + t->seen_bound, 0,
               sizeof(uint32_t) * (size_t)(largest + 1 - t->seen_bound));
        t->seen_stamp = stamps;
        t->seen_bound = largest + 1;
    }
    uint32_t pass = ++t->pass;
    int n = 0;
    for (int i = 0; i < n_played; i++) {
        int32_t seen = t->game->seen_action(state, t->played[i], t->settings->seat);
        t->played_seen[i] = seen;
        if (t->seen_stamp[seen] == pass) continue;
        t->seen_stamp[seen] = pass;
        t->legal[n++] = seen;
    }
    qsort(t->legal, (size_t)n, sizeof(int32_t), search_compare_actions);
    return n;
}

/* One of the legal moves seen as `seen`, drawn uniformly (POM: the searching seat cannot
 * tell them apart, so its tree does not choose among them). */
static int32_t search_draw_seen(search_tree *t, int32_t seen, int n_played) {
    int matches = 0;
    int32_t pick = seen;
    for (int i = 0; i < n_played; i++) {
        if (t->played_seen[i] != seen) continue;
        if (ch_rng_below(&t->rng, (uint64_t)++matches) == 0) pick = t->played[i];
    }
    return pick;
}

/* The moves `t` chooses among at `node` in `state`, where `player` is to move: the
 * root's, listed once; another seat's as the searching seat sees them (others_seen 1);
 * else the game's legal moves. Counts the pass and marks the children legal in it
 * available; returns how many are, or SEARCH_NO_LEGAL_ACTION or SEARCH_NO_MEMORY, and
 * leaves the list in `*legal`, its length in `*n_legal`, and for seen moves the count of
 * moves behind them in `*n_played` (else 0). */
static int search_choices(search_tree *t, int32_t node, const uint8_t *state, int at_root,
                          int player, const int32_t **legal, int *n_legal, int *n_played) {
    *n_played = 0;
    if (at_root) {
        /* The root is the searching seat's decision, and its legal moves depend only
         * on what that seat knows, so every world of the search has the same ones:
         * listing them once saves the longest list of the iteration (Cheese Drop's
         * gates, up to 360, were half of its time). */
        *n_legal = t->n_root_legal;
        *legal = t->root_legal;
        if (*n_legal <= 0) return SEARCH_NO_LEGAL_ACTION;
        t->nodes[node].passes++;
        return search_mark_root_available(t);
    }
    if (t->seen_moves && player != t->settings->seat) {
        *n_played = t->game->legal_actions(state, t->played);
        if (*n_played <= 0) return SEARCH_NO_LEGAL_ACTION;
        *n_legal = search_list_seen(t, state, *n_played);
        if (*n_legal < 0) return SEARCH_NO_MEMORY;
    } else {
        *n_legal = t->game->legal_actions(state, t->legal);
        if (*n_legal <= 0) return SEARCH_NO_LEGAL_ACTION;
    }
    *legal = t->legal;
    t->nodes[node].passes++;
    int available = search_mark_available(t, node, *n_legal);
    return available < 0 ? SEARCH_NO_MEMORY : available;
}

/* Whether an iteration of a search that keeps the whole table draws its whole world instead:
 * with the chance `redraw_table`, drawn only when it is above 0 so that a search keeping
 * the table always takes the same numbers as before it had the setting. */
static int search_redraws_table(search_tree *t) {
    double chance = t->settings->redraw_table;
    return chance > 0.0 && ch_rng_chance(&t->rng, chance);
}

/* The iteration's world: a copy of `root` with what the searching seat cannot see drawn
 * afresh (weighted, or by an instrument's odds per card, when the settings give them), or
 * with the others' hands alone drawn, or `root` as it is, as the settings keep the table
 * or the world. */
static uint8_t *search_draw_world(search_tree *t, const uint8_t *root) {
    uint8_t *state = t->world;
    memcpy(state, root, (size_t)t->state_size);
    if (t->settings->keep_world == SEARCH_KEEP_WORLD) return state;
    if (t->settings->keep_world == SEARCH_KEEP_TABLE && !search_redraws_table(t)) {
        t->game->determinize_hands(state, t->settings->seat, ch_rng_next(&t->rng), 1.0);
        return state;
    }
    if (t->settings->keep_world == SEARCH_KEEP_CARDS) {
        t->game->determinize_hands(state, t->settings->seat, ch_rng_next(&t->rng),
                                   1.0 - t->settings->redraw_table);
        return state;
    }
    if (t->settings->card_odds)
        t->game->determinize_odds(state, t->settings->seat, ch_rng_next(&t->rng),
                                  t->settings->card_odds);
    else if (t->settings->determinize_weights)
        t->game->determinize_weighted(state, t->settings->seat, ch_rng_next(&t->rng),
                                      t->settings->determinize_weights);
    else
        t->game->determinize(state, t->settings->seat, ch_rng_next(&t->rng));
    return state;
}

/* Each node of the iteration's path (its first `depth` steps) takes the reward of the
 * seat that moved there. */
static void search_back_up(search_tree *t, int32_t depth, const double *rewards) {
    for (int32_t i = 0; i < depth; i++) {
        search_node *n = &t->nodes[t->path[i].node];
        n->visits++;
        int mover = t->path[i].mover;
        n->reward_sum += mover >= 0 ? rewards[mover] : 0.0;
        n->mean = n->reward_sum / n->visits;
        n->spread = 1.0 / sqrt((double)n->visits);
    }
}

/* Returns SEARCH_OK or SEARCH_NO_MEMORY. */
static int search_iteration(search_tree *t, const uint8_t *root) {
    const ch_game *g = t->game;
    uint8_t *state = search_draw_world(t, root);
    if (t->world_board) g->world_start(t->world_board, state);
    double rewards[CH_MAX_PLAYERS];
    int32_t node = 0, depth = 0;
    t->nodes[0].visits++;
    for (;;) {
        int player = g->current_player(state);
        if (player == CH_TERMINAL) {
            search_terminal_rewards(t, state, rewards);
            break;
        }
        if (player == CH_CHANCE) {
            int32_t outcome = search_sample_chance(t, state);
            if (t->settings->chance_nodes) {
                node = search_keyed_child(t, node, outcome);
                if (node == SEARCH_NO_NODE) return SEARCH_NO_MEMORY;
                if (!search_push(t, depth++, node, CH_CHANCE)) return SEARCH_NO_MEMORY;
            }
            continue;
        }
        int n_legal, n_played;
        const int32_t *legal;
        int available =
            search_choices(t, node, state, depth == 0, player, &legal, &n_legal, &n_played);
        if (available < 0) return available;
        int32_t action = -1;
        if (available == 0 || search_may_widen(t, &t->nodes[node]))
            action = search_untried(t, state, legal, n_legal);
        if (action >= 0) {
            int32_t child = search_add_child(t, node, action);
            if (child == SEARCH_NO_NODE) return SEARCH_NO_MEMORY;
            t->nodes[child].available = 1;
            if (n_played) action = search_draw_seen(t, action, n_played);
            search_apply(t, state, action);
            if (!search_push(t, depth++, child, player)) return SEARCH_NO_MEMORY;
            search_leaf_rewards(t, state, rewards);
            break;
        }
        node = search_select(t, available);
        int32_t chosen = t->nodes[node].action;
        search_apply(t, state, n_played ? search_draw_seen(t, chosen, n_played) : chosen);
        if (!search_push(t, depth++, node, player)) return SEARCH_NO_MEMORY;
    }
    search_back_up(t, depth, rewards);
    return SEARCH_OK;
}

/* ------------------------------------------------------------------------------------
 * A tree per seat (multiple-observer ISMCTS; settings others_seen 2): every seat keeps
 * its own tree, keyed by the moves as that seat sees them (ch_game's seen_action; its
 * own moves whole). An iteration walks all the trees at once: the seat to move chooses
 * in its own tree (availability, widening and UCB as above), and every other tree
 * follows the move as its seat sees it. So an opponent in the search chooses by what it
 * could know, not by the face-down cards of the searching seat, and the searching seat's
 * own later choices do not know the others' face-down cards either. Every tree's nodes
 * on the path are updated with the reward of the seat that moved there.
 * ---------------------------------------------------------------------------------- */

/* One iteration over the trees of every seat (trees[seat] is the searching seat's, with
 * its root's legal moves listed; the world, its draws and the playouts are its). Returns
 * SEARCH_OK or SEARCH_NO_MEMORY. */
static int search_iteration_trees(search_tree *trees, int seats, int seat,
                                  const uint8_t *root) {
    search_tree *own = &trees[seat];
    const ch_game *g = own->game;
    uint8_t *state = search_draw_world(own, root);
    double rewards[CH_MAX_PLAYERS];
    int32_t node[CH_MAX_PLAYERS];
    int32_t depth = 0;
    for (int q = 0; q < seats; q++) {
        node[q] = 0;
        trees[q].nodes[0].visits++;
    }
    for (;;) {
        int player = g->current_player(state);
        if (player == CH_TERMINAL) {
            search_terminal_rewards(own, state, rewards);
            break;
        }
        if (player == CH_CHANCE) {
            search_sample_chance(own, state);
            continue;
        }
        search_tree *mover = &trees[player];
        int32_t at = node[player];
        int n_legal, n_played;
        const int32_t *legal;
        int available = search_choices(mover, at, state, mover == own && depth == 0, player,
                                       &legal, &n_legal, &n_played);
        if (available < 0) return available;
        int32_t action = -1, chosen;
        if (available == 0 || search_may_widen(mover, &mover->nodes[at]))
            action = search_untried(mover, state, legal, n_legal);
        int expanded = action >= 0;
        if (expanded) {
            chosen = search_add_child(mover, at, action);
            if (chosen == SEARCH_NO_NODE) return SEARCH_NO_MEMORY;
            mover->nodes[chosen].available = 1;
        } else {
            chosen = search_select(mover, available);
            action = mover->nodes[chosen].action;
        }
        for (int q = 0; q < seats; q++) {
            int32_t next = q == player ? chosen
                                       : search_keyed_child(&trees[q], node[q],
                                                            g->seen_action(state, action, q));
            if (next == SEARCH_NO_NODE) return SEARCH_NO_MEMORY;
            if (!search_push(&trees[q], depth, next, player)) return SEARCH_NO_MEMORY;
            node[q] = next;
        }
        depth++;
        search_apply(own, state, action);
        if (expanded) {
            search_leaf_rewards(own, state, rewards);
            break;
        }
    }
    for (int q = 0; q < seats; q++) search_back_up(&trees[q], depth, rewards);
    return SEARCH_OK;
}

static double search_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* The root's children with virtual visits at their prior values; 0 when an action is
 * not legal at the root or memory runs out. */
static int search_seed_root(search_tree *t, const uint8_t *root, const int32_t *prior_actions,
                            const double *prior_values, int32_t n_priors) {
    int n_legal = t->game->legal_actions(root, t->legal);
    uint32_t virtual_visits = (uint32_t)t->settings->prior_visits;
    for (int32_t i = 0; i < n_priors; i++) {
        int legal = 0;
        for (int k = 0; k < n_legal && !legal; k++) legal = t->legal[k] == prior_actions[i];
        for (int32_t k = 0; k < i && legal; k++) legal = prior_actions[k] != prior_actions[i];
        if (!legal) return 0;
        int32_t child = search_add_child(t, 0, prior_actions[i]);
        if (child == SEARCH_NO_NODE) return 0;
        search_node *n = &t->nodes[child];
        n->visits = n->available = n->prior = virtual_visits;
        n->reward_sum = prior_values[i] * virtual_visits;
        n->mean = prior_values[i];
        n->spread = 1.0 / sqrt((double)virtual_visits);
    }
    return 1;
}

/* Iterations until the budget or the clock ends them (`*done` counts them): of the one
 * tree `trees`, or with `per_seat` of every seat's tree, trees[seat] the searching
 * seat's. */
static int search_run(search_tree *trees, int per_seat, const uint8_t *root, int64_t *done,
                      double deadline) {
    const ch_search_settings *settings = trees[0].settings;
    while (*done < settings->iterations) {
        int status = per_seat ? search_iteration_trees(trees, settings->num_players,
                                                       settings->seat, root)
                              : search_iteration(trees, root);
        if (status != SEARCH_OK) return status;
        ++*done;
        if (*done % SEARCH_CLOCK_EVERY == 0 && search_clock() >= deadline) break;
    }
    return SEARCH_OK;
}

/* The iterations of a tree per seat: `t` is the searching seat's tree (left with its
 * statistics), the others' trees live for this search only. */
static int search_run_trees(search_tree *t, const uint8_t *root, int64_t *done,
                            double deadline) {
    const ch_search_settings *settings = t->settings;
    int seats = settings->num_players, seat = settings->seat;
    search_tree trees[CH_MAX_PLAYERS];
    memset(trees, 0, sizeof trees);
    int status = SEARCH_OK;
    for (int q = 0; q < seats && status == SEARCH_OK; q++) {
        if (q == seat) continue;
        search_tree *other = &trees[q];
        other->game = t->game;
        other->settings = settings;
        other->rng = ch_rng_seeded(settings->seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(q + 1)));
        other->max_actions = t->max_actions;
        other->state_size = t->state_size;
        if (!search_alloc(other, settings->iterations)) {
            status = SEARCH_NO_MEMORY;
            break;
        }
        search_init_node(&other->nodes[0], -1);
        other->n_nodes = other->live = 1;
    }
    trees[seat] = *t;
    if (status == SEARCH_OK) status = search_run(trees, 1, root, done, deadline);
    *t = trees[seat];
    for (int q = 0; q < seats; q++)
        if (q != seat) search_free(&trees[q]);
    return status;
}

/* Runs the search from `root` (a decision node of settings->seat; a determinized state is
 * enough, as each iteration draws its own world) and writes the root's children, at most
 * `capacity`, most visited first (ties: lower action). Returns the number of children
 * written, or a negative code: -1 no game, -2 the seat is not to act at the root,
 * -3 out of memory, -4 bad settings, -5 a decision without legal actions. */
int32_t ch_search(const ch_game *game, const uint8_t *root, const ch_search_settings *settings,
                  const int32_t *prior_actions, const double *prior_values, int32_t n_priors,
                  int32_t *actions, int64_t *visits, double *reward_sums, int32_t capacity,
                  ch_search_report *report) {
    double started = search_clock();
    memset(report, 0, sizeof *report);
    if (!game) return SEARCH_NO_GAME;
    if (settings->num_players < 1 || settings->num_players > CH_MAX_PLAYERS ||
        settings->iterations < 1 || settings->exploration < 0.0 || settings->widen < 0.0 ||
        settings->leaf_playouts < 1 ||
        (settings->determinize_weights && !game->determinize_weighted) ||
        settings->keep_world < 0 || settings->keep_world > SEARCH_KEEP_CARDS ||
        (settings->keep_world >= SEARCH_KEEP_TABLE && !game->determinize_hands) ||
        !(settings->redraw_table >= 0.0 && settings->redraw_table <= 1.0) ||
        (settings->redraw_table > 0.0 && settings->keep_world < SEARCH_KEEP_TABLE) ||
        (settings->card_odds && (!game->determinize_odds || settings->keep_world != 0 ||
                                 settings->determinize_weights)) ||
        (settings->num_players == 1 && settings->solitaire_scale <= 0.0) || n_priors < 0 ||
        (n_priors > 0 && settings->prior_visits < 1))
        return SEARCH_BAD_SETTINGS;
    if (game->current_player(root) != settings->seat) return SEARCH_BAD_ROOT;
    search_tree t;
    memset(&t, 0, sizeof t);
    t.game = game;
    t.settings = settings;
    t.rng = ch_rng_seeded(settings->seed);
    t.max_actions = game->max_actions();
    t.state_size = game->state_size();
    if (!search_alloc(&t, settings->iterations)) {
        search_free(&t);
        return SEARCH_NO_MEMORY;
    }
    search_init_node(&t.nodes[0], -1);
    t.n_nodes = t.live = 1;
    t.n_root_legal = game->legal_actions(root, t.root_legal);
    int32_t root_bound = 0;
    for (int32_t i = 0; i < t.n_root_legal; i++)
        root_bound = t.root_legal[i] >= root_bound ? t.root_legal[i] + 1 : root_bound;
    t.root_index = malloc(sizeof(int32_t) * (size_t)(root_bound ? root_bound : 1));
    if (!t.root_index) {
        search_free(&t);
        return SEARCH_NO_MEMORY;
    }
    for (int32_t i = 0; i < t.n_root_legal; i++) t.root_index[t.root_legal[i]] = i;
    if (n_priors > 0 && !search_seed_root(&t, root, prior_actions, prior_values, n_priors)) {
        search_free(&t);
        return SEARCH_BAD_SETTINGS;
    }
    int64_t done = 0;
    int status = SEARCH_OK;
    double deadline = settings->seconds > 0.0 ? started + settings->seconds : INFINITY;
    if (settings->others_seen == SEARCH_OTHERS_TREES && game->seen_action &&
        settings->num_players > 1)
        status = search_run_trees(&t, root, &done, deadline);
    else
        status = search_run(&t, 0, root, &done, deadline);
    int32_t written = 0;
    if (status == SEARCH_OK) {
        /* insertion by real visits (ties: lower action), keeping the best `capacity`; the
         * children with priors come first in the block, in the order of the priors */
        const search_node *root_node = &t.nodes[0];
        for (int32_t k = 0; k < root_node->children; k++) {
            const search_node *n = &t.nodes[root_node->first_child + k];
            int64_t real_visits = (int64_t)n->visits - n->prior;
            double real_sum = n->reward_sum - (k < n_priors ? prior_values[k] * n->prior : 0.0);
            int at = written < capacity ? written++ : capacity;
            while (at > 0 && (visits[at - 1] < real_visits ||
                              (visits[at - 1] == real_visits && actions[at - 1] > n->action))) {
                if (at < capacity) {
                    actions[at] = actions[at - 1];
                    visits[at] = visits[at - 1];
                    reward_sums[at] = reward_sums[at - 1];
                }
                at--;
            }
            if (at < capacity) {
                actions[at] = n->action;
                visits[at] = real_visits;
                reward_sums[at] = real_sum;
            }
        }
    }
    report->iterations = done;
    report->children = written;
    report->nodes = t.live;
    report->elapsed = search_clock() - started;
    search_free(&t);
    return status == SEARCH_OK ? written : status;
}
