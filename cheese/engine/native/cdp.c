/* Cheese Drop in C: the rules of cheese/engine/cheese_drop (the reference engine), fast
 * enough for batched playouts.
 *
 * The state is a canonical packed struct: the options, the round in progress, and for
 * every round its marbles (drop order, then slot order), each seat's pieces as a bit mask
 * of columns, and each seat's points once the round is scored; marbles[r] is never
 * cleared, so the view's scored rounds are read from it. The betting order, the pieces
 * placed, the pieces per column and the full columns of the round are kept alongside
 * (they follow from the rest). Unused bytes are zero. The deal seed is not in the struct:
 * paired-luck outcomes are drawn in Python (luck.resolve_chance) from chance_key.
 *
 * Event order and chance keys follow cheese_drop/state.py: per drop, the draws (key
 * event_key(1, round, drop, marble index)), the dropper's gate, then each marble in slot
 * order falls row by row (key event_key(2, round, drop, slot * 256 + row)). After the last
 * drop the betting laps; the last piece scores the round at once.
 *
 * Playout policies (batched: ch_playouts; one at a time: cdp_playout):
 *   0: uniform among the legal actions. Chance is sampled with the chance weights: a draw
 *      picks a marble of the bag uniformly, a deflection takes 2 random bits (left 1/4,
 *      straight 1/2, right 1/4, held at the walls), a gate puts the drawn marbles into
 *      random distinct slots (uniform over fillings: each filling comes from the same
 *      number of marble-to-slot maps). Small ranges share one 64-bit draw (cdp_below).
 *   1: gates as in policy 0; each bet takes the legal column with the highest expected
 *      points for the seat, given what everyone sees: every marble's lane under the
 *      cover, spread over the hidden rows by the Galton walk. A lane column is worth its
 *      expected base points plus the bonus of each event the seat already holds; an event
 *      column the bonus it pays on the lanes the seat already holds; before the seat's
 *      last piece, a column also counts the best pair it opens for the next one (as the
 *      evaluation's best_column does). The expectations are exact per lane (marbles fall
 *      independently). Ties go to the lower column.
 * The search's playouts (cdp_playout) first redraw the rows under the cover of the
 * round's marbles, which nobody has seen, so that leaf playouts do not all share one.
 */
#include "common.h"
#include "json_writer.h"
#define CH_GAME(name) cdp_##name
#include "game_view_api.h"
#include "game_api.h"

#define CDP_MIN_PLAYERS 2
#define CDP_MAX_PLAYERS 5
#define CDP_ROUNDS 3
#define CDP_COLOURS 4
#define CDP_CHEESE 0
#define CDP_APPLE 1
#define CDP_MOUSE 2
#define CDP_CAT 3
#define CDP_LANES 6
#define CDP_SLOTS 6
#define CDP_EVENTS 7
#define CDP_COLUMNS (CDP_LANES + CDP_EVENTS)
#define CDP_MAX_ROUND_MARBLES 20 /* the last bag: 8 + 6 + 3 + 3 */
#define CDP_MAX_ROWS 255         /* options.MAX_ROWS */
#define CDP_GATE_ACTIONS 15625   /* 5 ** 6 */
#define CDP_MAX_GATES 360        /* the most distinct fillings of any hand (e.g. Y R M C) */
#define CDP_DRAW_EVENT 1
#define CDP_FALL_EVENT 2
#define CDP_ROW_FIELD 256
#define CDP_NONE 0xFF
#define CDP_RANK_WIDTH 1
/* view: 6 header ints, totals, bag, hand, the marbles in play (5 ints each), the pieces
 * (a count and up to 3 columns per seat), then per scored round its lanes (4 counts each),
 * pieces and points. */
#define CDP_BETS_SIZE (4 * CDP_MAX_PLAYERS)
#define CDP_VIEW_SIZE \
    (6 + CDP_MAX_PLAYERS + 2 * CDP_COLOURS + 1 + 5 * CDP_MAX_ROUND_MARBLES + CDP_BETS_SIZE + \
     1 + CDP_ROUNDS * (CDP_LANES * CDP_COLOURS + CDP_BETS_SIZE + CDP_MAX_PLAYERS))

enum { CDP_DRAW = 0, CDP_GATE = 1, CDP_FALL = 2, CDP_BET = 3, CDP_OVER = 4 }; /* core.Phase */
/* Where each option sits in cdp_init's ints (native_codec.OPTION_ORDER). */
enum { CDP_OPTION_SIMPLE, CDP_OPTION_CELLS, CDP_OPTION_ROWS, CDP_OPTION_HIDDEN_ROWS,
       CDP_OPTION_START_PLAYER, CDP_OPTION_COUNT };
enum { CDP_OK = 0, CDP_BAD_PLAYERS = 1, CDP_BAD_OPTION_COUNT = 2, CDP_BAD_OPTION = 3 };
enum { CDP_ILLEGAL = 1 };

typedef struct {
    uint8_t colour, drop, slot, rows_fallen, seen_lane, lane; /* core.Marble */
} cdp_marble;

typedef struct {
    int32_t totals[CDP_MAX_PLAYERS];
    int16_t points[CDP_ROUNDS][CDP_MAX_PLAYERS];
    uint16_t bets[CDP_ROUNDS][CDP_MAX_PLAYERS]; /* bit c: a piece in column c */
    uint8_t num_players, simple, cells, rows, hidden_rows, start_player;
    uint8_t round, drop;
    uint8_t bag[CDP_COLOURS], hand[CDP_COLOURS];
    uint8_t marble_count[CDP_ROUNDS];
    uint8_t falling; /* index in marbles[round] of the marble on the slope, or CDP_NONE */
    /* Worked out from the fields above when they change, kept for speed: */
    uint8_t order[CDP_MAX_PLAYERS]; /* the round's betting order */
    uint8_t placed;                 /* pieces placed this round */
    uint8_t used[CDP_COLUMNS];      /* pieces in each column this round */
    uint16_t full;                  /* columns whose cells are all taken this round */
    cdp_marble marbles[CDP_ROUNDS][CDP_MAX_ROUND_MARBLES];
} cdp_state;
/* native_codec.revealed_view reads round, marble_count and marbles[][].lane at fixed byte
 * offsets (the view leaves the lanes under the cover out): cdp_facts exports them, and a
 * test holds the codec's copies against them. */

static const uint8_t CDP_BAGS[CDP_ROUNDS][CDP_COLOURS] = {{6, 4, 1, 1}, {7, 5, 2, 2}, {8, 6, 3, 3}};
/* marbles.DRAWS_PER_DROP, indexed by player count */
static const uint8_t CDP_DRAWS[CDP_MAX_PLAYERS + 1][CDP_ROUNDS] = {
    {0, 0, 0}, {0, 0, 0}, {3, 4, 5}, {4, 5, 6}, {3, 4, 5}, {2, 3, 4}};
static const int32_t CDP_POW5[CDP_SLOTS] = {1, 5, 25, 125, 625, 3125};

/* ---------------------------------------------------------------------------------------
 * Small facts
 */
static inline int cdp_visible_rows(const cdp_state *s) { return s->rows - s->hidden_rows; }
static inline int cdp_pieces_per_player(const cdp_state *s) { return s->simple ? 2 : 3; }
static inline int cdp_column_count(const cdp_state *s) {
    return s->simple ? CDP_LANES : CDP_COLUMNS;
}
static inline int cdp_drops_per_round(int players) { return players == 2 ? 4 : players; }
static inline int cdp_hand_size(const cdp_state *s) {
    return s->hand[0] + s->hand[1] + s->hand[2] + s->hand[3];
}
static inline int cdp_round_start(const cdp_state *s) {
    return (s->start_player + s->round) % s->num_players;
}

static inline int cdp_phase(const cdp_state *s) {
    if (s->round == CDP_ROUNDS) return CDP_OVER;
    if (s->drop == cdp_drops_per_round(s->num_players)) return CDP_BET;
    if (s->falling != CDP_NONE) return CDP_FALL;
    if (cdp_hand_size(s) < CDP_DRAWS[s->num_players][s->round]) return CDP_DRAW;
    return CDP_GATE;
}

/* fall.deflection_weights: lanes ascending, a move into a wall merged with straight. */
static inline int cdp_deflections(int lane, int32_t *lanes, int64_t *weights) {
    if (lane == 0) {
        lanes[0] = 0; weights[0] = 3; lanes[1] = 1; weights[1] = 1;
        return 2;
    }
    if (lane == CDP_LANES - 1) {
        lanes[0] = lane - 1; weights[0] = 1; lanes[1] = lane; weights[1] = 3;
        return 2;
    }
    lanes[0] = lane - 1; weights[0] = 1;
    lanes[1] = lane; weights[1] = 2;
    lanes[2] = lane + 1; weights[2] = 1;
    return 3;
}

/* betting.betting_order: round 1 clockwise from the start player; later lower total
 * first, ties nearer the start player counter-clockwise (the start player first). */
static void cdp_betting_order(const cdp_state *s, uint8_t *order) {
    int n = s->num_players, start = cdp_round_start(s);
    for (int i = 0; i < n; i++) order[i] = (uint8_t)((start + i) % n);
    if (s->round == 0) return;
    for (int i = 0; i < n; i++) order[i] = (uint8_t)((start - i + n) % n);
    /* insertion sort by total; stable, so counter-clockwise nearness breaks ties */
    for (int i = 1; i < n; i++) {
        uint8_t seat = order[i];
        int j = i;
        while (j > 0 && s->totals[order[j - 1]] > s->totals[seat]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = seat;
    }
}

/* betting.bettor: the order repeats once per lap. */
static inline int cdp_bettor(const cdp_state *s) { return s->order[s->placed % s->num_players]; }

static int cdp_player(const cdp_state *s) {
    switch (cdp_phase(s)) {
    case CDP_DRAW:
    case CDP_FALL: return CH_CHANCE;
    case CDP_GATE: return (cdp_round_start(s) + s->drop) % s->num_players;
    case CDP_BET: return cdp_bettor(s);
    default: return CH_TERMINAL;
    }
}

/* betting.legal_columns as a mask: a free cell, and no piece of the seat there yet. */
static inline uint32_t cdp_legal_columns(const cdp_state *s, int seat) {
    uint32_t columns = (1u << cdp_column_count(s)) - 1;
    return columns & ~(uint32_t)s->bets[s->round][seat] & ~(uint32_t)s->full;
}

/* ---------------------------------------------------------------------------------------
 * The steps of a round (state.py, one function each)
 */
static void cdp_start_round(cdp_state *s, int round) {
    s->round = (uint8_t)round;
    s->drop = 0;
    s->falling = CDP_NONE;
    s->placed = 0;
    s->full = 0;
    memset(s->used, 0, sizeof s->used);
    memset(s->hand, 0, sizeof s->hand);
    memset(s->order, 0, sizeof s->order);
    if (round == CDP_ROUNDS) {
        memset(s->bag, 0, sizeof s->bag);
        return;
    }
    memcpy(s->bag, CDP_BAGS[round], sizeof s->bag);
    cdp_betting_order(s, s->order);
}

static inline void cdp_draw_marble(cdp_state *s, int colour) {
    s->bag[colour]--;
    s->hand[colour]++;
}

static inline void cdp_next_drop(cdp_state *s) {
    s->drop++;
    s->falling = CDP_NONE;
}

/* contents[slot]: 0 empty, 1 + colour a marble. Each marble starts under its slot. */
static void cdp_lift_gate(cdp_state *s, const int *contents) {
    int first = s->marble_count[s->round];
    cdp_marble *marbles = s->marbles[s->round];
    int count = first;
    for (int slot = 0; slot < CDP_SLOTS; slot++) {
        if (!contents[slot]) continue;
        cdp_marble m = {(uint8_t)(contents[slot] - 1), s->drop, (uint8_t)slot, 0,
                        (uint8_t)slot, (uint8_t)slot};
        marbles[count++] = m;
    }
    s->marble_count[s->round] = (uint8_t)count;
    memset(s->hand, 0, sizeof s->hand);
    if (s->rows == 0) cdp_next_drop(s);
    else s->falling = (uint8_t)first;
}

static void cdp_deflect(cdp_state *s, int lane) {
    cdp_marble *m = &s->marbles[s->round][s->falling];
    m->rows_fallen++;
    m->lane = (uint8_t)lane;
    if (m->rows_fallen <= cdp_visible_rows(s)) m->seen_lane = (uint8_t)lane;
    if (m->rows_fallen < s->rows) return;
    s->falling++;
    if (s->falling == s->marble_count[s->round]) cdp_next_drop(s);
}

/* scoring.py: base points and the seven events of a lane with counts c[colour]. */
static inline int cdp_base_points(const int *c) {
    int cheese_counts = c[CDP_MOUSE] == 0 || c[CDP_CAT] > 0;
    return c[CDP_APPLE] + (cheese_counts ? c[CDP_CHEESE] : 0);
}

/* The seven events in the order of the rules, for one lane: bonus[event][lane]. */
static inline void cdp_lane_events(const int *c, int bonus[][CDP_LANES], int lane) {
    bonus[0][lane] = c[CDP_CAT] > 0 && c[CDP_MOUSE] > 0 ? 5 : 0; /* cat and mouse */
    bonus[1][lane] = c[CDP_APPLE];                               /* 1 per red */
    bonus[2][lane] = c[CDP_CHEESE];                              /* 1 per yellow */
    bonus[3][lane] = 2 * c[CDP_MOUSE];                           /* 2 per mouse */
    bonus[4][lane] = c[CDP_CAT] > 0 ? c[CDP_APPLE] + c[CDP_CHEESE] : 0; /* a cat's feast */
    bonus[5][lane] = c[CDP_CHEESE] > c[CDP_APPLE] ? 2 : 0;       /* more yellow than red */
    bonus[6][lane] = c[CDP_APPLE] > c[CDP_CHEESE] ? 3 : 0;       /* more red than yellow */
}

static void cdp_score_round(cdp_state *s) {
    int lanes[CDP_LANES][CDP_COLOURS] = {{0}};
    for (int i = 0; i < s->marble_count[s->round]; i++) {
        const cdp_marble *m = &s->marbles[s->round][i];
        lanes[m->lane][m->colour]++;
    }
    int base[CDP_LANES], bonus[CDP_EVENTS][CDP_LANES];
    for (int lane = 0; lane < CDP_LANES; lane++) {
        base[lane] = cdp_base_points(lanes[lane]);
        cdp_lane_events(lanes[lane], bonus, lane);
    }
    for (int seat = 0; seat < s->num_players; seat++) {
        uint32_t bets = s->bets[s->round][seat];
        uint32_t events = bets >> CDP_LANES;
        int points = 0;
        for (uint32_t own = bets & ((1u << CDP_LANES) - 1); own; own &= own - 1) {
            int lane = __builtin_ctz(own);
            points += base[lane];
            for (uint32_t e = events; e; e &= e - 1) points += bonus[__builtin_ctz(e)][lane];
        }
        s->points[s->round][seat] = (int16_t)points;
        s->totals[seat] += points;
    }
    cdp_start_round(s, s->round + 1);
}

static void cdp_place_piece(cdp_state *s, int seat, int column) {
    s->bets[s->round][seat] |= (uint16_t)(1u << column);
    if (++s->used[column] == s->cells) s->full |= (uint16_t)(1u << column);
    s->placed++;
    if (s->placed == s->num_players * cdp_pieces_per_player(s)) cdp_score_round(s);
}

/* ---------------------------------------------------------------------------------------
 * Gates
 */
/* The gates whose last three slots hold the digits a <= b <= c in some order, each
 * `partial` plus those digits, in ascending order: the distinct orders of (a, b, c),
 * lexicographically. */
static int cdp_last_three(int a, int b, int c, int32_t partial, int32_t *out, int count) {
#define CDP_GATE3(x, y, z) (out[count++] = partial + (x) * CDP_POW5[2] + (y) * CDP_POW5[1] + (z))
    if (a == c) {
        CDP_GATE3(a, a, a);
    } else if (a == b) {
        CDP_GATE3(a, a, c);
        CDP_GATE3(a, c, a);
        CDP_GATE3(c, a, a);
    } else if (b == c) {
        CDP_GATE3(a, b, b);
        CDP_GATE3(b, a, b);
        CDP_GATE3(b, b, a);
    } else {
        CDP_GATE3(a, b, c);
        CDP_GATE3(a, c, b);
        CDP_GATE3(b, a, c);
        CDP_GATE3(b, c, a);
        CDP_GATE3(c, a, b);
        CDP_GATE3(c, b, a);
    }
#undef CDP_GATE3
    return count;
}

/* Every filling of the slots `slot` down to 0 with what `left` holds (`left[c]` of
 * content c: 0 empty, then the colours), each action `partial` plus those digits, in
 * ascending order (gate.legal_gates): the last slot is the most significant digit, so
 * filling it first, contents ascending, lists the actions in order. The last three slots
 * are written at once: the search lists gates at every iteration, and the three deepest
 * levels of the recursion were most of its calls. */
static int cdp_fill_gates(int slot, int *left, int32_t partial, int32_t *out, int count) {
    if (slot == 2) {
        int digits[3], n = 0;
        for (int content = 0; content < 5; content++)
            for (int k = 0; k < left[content]; k++) digits[n++] = content;
        return cdp_last_three(digits[0], digits[1], digits[2], partial, out, count);
    }
    for (int content = 0; content < 5; content++) {
        if (!left[content]) continue;
        left[content]--;
        count = cdp_fill_gates(slot - 1, left, partial + content * CDP_POW5[slot], out, count);
        left[content]++;
    }
    return count;
}

/* Decode a gate action into slot contents if it holds exactly the hand (gate.is_legal_gate). */
static int cdp_gate_contents(const cdp_state *s, int32_t action, int *contents) {
    if (action < 0 || action >= CDP_GATE_ACTIONS) return 0;
    int counts[CDP_COLOURS] = {0};
    for (int slot = 0; slot < CDP_SLOTS; slot++) {
        contents[slot] = action % 5;
        action /= 5;
        if (contents[slot]) counts[contents[slot] - 1]++;
    }
    for (int colour = 0; colour < CDP_COLOURS; colour++)
        if (counts[colour] != s->hand[colour]) return 0;
    return 1;
}

/* ---------------------------------------------------------------------------------------
 * The API
 */
int32_t cdp_state_size(void) { return (int32_t)sizeof(cdp_state); }

int32_t cdp_max_actions(void) { return CDP_MAX_GATES; }

int32_t cdp_view_size(void) { return CDP_VIEW_SIZE; }

/* options: simple (0/1), cells_per_column, rows, hidden_rows, start_player — already
 * validated by options.parse_options (cells may be capped at the player count). */
int32_t cdp_init(uint8_t *state, int32_t num_players, uint64_t seed, const int32_t *options,
                 int32_t n_options) {
    cdp_state *s = (cdp_state *)state;
    memset(s, 0, sizeof *s);
    if (num_players < CDP_MIN_PLAYERS || num_players > CDP_MAX_PLAYERS) return CDP_BAD_PLAYERS;
    if (n_options != CDP_OPTION_COUNT) return CDP_BAD_OPTION_COUNT;
    int simple = options[CDP_OPTION_SIMPLE], cells = options[CDP_OPTION_CELLS];
    int rows = options[CDP_OPTION_ROWS], hidden = options[CDP_OPTION_HIDDEN_ROWS];
    int start = options[CDP_OPTION_START_PLAYER];
    if ((simple != 0 && simple != 1) || cells < 1 || cells > 255 || rows < 0 ||
        rows > CDP_MAX_ROWS || hidden < 0 || hidden > rows || start < 0 || start >= num_players)
        return CDP_BAD_OPTION;
    (void)seed; /* chance is keyed in Python (luck.resolve_chance); playouts get their own */
    s->num_players = (uint8_t)num_players;
    s->simple = (uint8_t)simple;
    s->cells = (uint8_t)cells;
    s->rows = (uint8_t)rows;
    s->hidden_rows = (uint8_t)hidden;
    s->start_player = (uint8_t)start;
    cdp_start_round(s, 0);
    return CDP_OK;
}

int32_t cdp_current_player(const uint8_t *state) { return cdp_player((const cdp_state *)state); }

int32_t cdp_chance_weights(const uint8_t *state, int32_t *actions, int64_t *weights) {
    const cdp_state *s = (const cdp_state *)state;
    int phase = cdp_phase(s);
    if (phase == CDP_FALL)
        return cdp_deflections(s->marbles[s->round][s->falling].lane, actions, weights);
    if (phase != CDP_DRAW) return 0;
    int count = 0;
    for (int colour = 0; colour < CDP_COLOURS; colour++) {
        if (!s->bag[colour]) continue;
        actions[count] = colour;
        weights[count] = s->bag[colour];
        count++;
    }
    return count;
}

int32_t cdp_legal_actions(const uint8_t *state, int32_t *out) {
    const cdp_state *s = (const cdp_state *)state;
    int64_t weights[CDP_COLOURS];
    switch (cdp_phase(s)) {
    case CDP_DRAW:
    case CDP_FALL: return cdp_chance_weights(state, out, weights);
    case CDP_GATE: {
        int left[5] = {CDP_SLOTS - cdp_hand_size(s), s->hand[0], s->hand[1], s->hand[2],
                       s->hand[3]};
        return cdp_fill_gates(CDP_SLOTS - 1, left, 0, out, 0);
    }
    case CDP_BET: {
        uint32_t legal = cdp_legal_columns(s, cdp_bettor(s));
        int count = 0;
        for (int column = 0; column < CDP_COLUMNS; column++)
            if (legal & (1u << column)) out[count++] = column;
        return count;
    }
    default: return 0;
    }
}

/* The paired-luck name of the pending chance event; 0 when the state is not a chance node. */
uint64_t cdp_chance_key(const uint8_t *state) {
    const cdp_state *s = (const cdp_state *)state;
    int phase = cdp_phase(s);
    if (phase == CDP_DRAW)
        return ch_event_key(CDP_DRAW_EVENT, s->round, s->drop, (uint64_t)cdp_hand_size(s));
    if (phase == CDP_FALL) {
        const cdp_marble *m = &s->marbles[s->round][s->falling];
        return ch_event_key(CDP_FALL_EVENT, s->round, s->drop,
                            (uint64_t)m->slot * CDP_ROW_FIELD + m->rows_fallen);
    }
    return 0;
}

/* 0 and the move made, or CDP_ILLEGAL and the state untouched. */
int32_t cdp_apply(uint8_t *state, int32_t action) {
    cdp_state *s = (cdp_state *)state;
    switch (cdp_phase(s)) {
    case CDP_DRAW:
        if (action < 0 || action >= CDP_COLOURS || !s->bag[action]) return CDP_ILLEGAL;
        cdp_draw_marble(s, action);
        return CDP_OK;
    case CDP_GATE: {
        int contents[CDP_SLOTS];
        if (!cdp_gate_contents(s, action, contents)) return CDP_ILLEGAL;
        cdp_lift_gate(s, contents);
        return CDP_OK;
    }
    case CDP_FALL: {
        int lane = s->marbles[s->round][s->falling].lane;
        if (action < 0 || action >= CDP_LANES || action < lane - 1 || action > lane + 1)
            return CDP_ILLEGAL;
        cdp_deflect(s, action);
        return CDP_OK;
    }
    case CDP_BET: {
        int seat = cdp_bettor(s);
        if (action < 0 || action >= CDP_COLUMNS || !(cdp_legal_columns(s, seat) & (1u << action)))
            return CDP_ILLEGAL;
        cdp_place_piece(s, seat, action);
        return CDP_OK;
    }
    default: return CDP_ILLEGAL;
    }
}

void cdp_scores(const uint8_t *state, int32_t *out) {
    const cdp_state *s = (const cdp_state *)state;
    for (int seat = 0; seat < s->num_players; seat++) out[seat] = s->totals[seat];
}

/* "After round 3 the highest total wins; equal totals share the win": one key, the total. */
int32_t cdp_rank_keys(const uint8_t *state, int32_t *out) {
    cdp_scores(state, out);
    return CDP_RANK_WIDTH;
}

/* Per seat: how many pieces, then their columns ascending. */
static int cdp_put_bets(const uint16_t *bets, int players, int32_t *out) {
    int k = 0;
    for (int seat = 0; seat < players; seat++) {
        int count = k++;
        out[count] = 0;
        for (uint32_t own = bets[seat]; own; own &= own - 1) {
            out[k++] = __builtin_ctz(own);
            out[count]++;
        }
    }
    return k;
}

/* view.DropView as flat ints (native_codec.decode_view reads them back):
 *   seat, players, round, drop, phase, current player, totals[players], bag[4], hand[4],
 *   the round's marble count, per marble colour drop slot rows_fallen seen_lane,
 *   the pieces (per seat their count, then their columns),
 *   the scored-round count, per round: its lanes' marble counts (4 per lane), the pieces
 *   (as above), the points per seat. */
int32_t cdp_view(const uint8_t *state, int32_t seat, int32_t *out) {
    const cdp_state *s = (const cdp_state *)state;
    int n = s->num_players, k = 0;
    out[k++] = seat;
    out[k++] = n;
    out[k++] = s->round;
    out[k++] = s->drop;
    out[k++] = cdp_phase(s);
    out[k++] = cdp_player(s);
    for (int i = 0; i < n; i++) out[k++] = s->totals[i];
    for (int c = 0; c < CDP_COLOURS; c++) out[k++] = s->bag[c];
    for (int c = 0; c < CDP_COLOURS; c++) out[k++] = s->hand[c];
    int playing = s->round < CDP_ROUNDS ? s->marble_count[s->round] : 0;
    out[k++] = playing;
    for (int i = 0; i < playing; i++) {
        const cdp_marble *m = &s->marbles[s->round][i];
        out[k++] = m->colour;
        out[k++] = m->drop;
        out[k++] = m->slot;
        out[k++] = m->rows_fallen;
        out[k++] = m->seen_lane;
    }
    static const uint16_t no_bets[CDP_MAX_PLAYERS] = {0};
    k += cdp_put_bets(s->round < CDP_ROUNDS ? s->bets[s->round] : no_bets, n, out + k);
    out[k++] = s->round;
    for (int r = 0; r < s->round; r++) {
        int32_t *lanes = out + k;
        memset(lanes, 0, sizeof(int32_t) * CDP_LANES * CDP_COLOURS);
        for (int i = 0; i < s->marble_count[r]; i++)
            lanes[s->marbles[r][i].lane * CDP_COLOURS + s->marbles[r][i].colour]++;
        k += CDP_LANES * CDP_COLOURS;
        k += cdp_put_bets(s->bets[r], n, out + k);
        for (int i = 0; i < n; i++) out[k++] = s->points[r][i];
    }
    return k;
}

/* The pieces cdp_put_bets wrote at v[at] as JSON, one list of columns per seat; returns
 * where they end. */
static int cdp_bets_json(ch_text *text, const int32_t *v, int at, int players) {
    CH_TEXT(text, "[");
    for (int seat = 0; seat < players; seat++) {
        if (seat) CH_TEXT(text, ",");
        ch_text_ints(text, v + at + 1, v[at]);
        at += 1 + v[at];
    }
    CH_TEXT(text, "]");
    return at;
}

/* view_json.view_json of the view above: the phase by its name in lower case (core.Phase),
 * marbles and scored rounds as objects. */
int32_t cdp_view_json(const uint8_t *state, int32_t seat, char *out, int32_t capacity) {
    static const char *const phases[] = {"draw", "gate", "fall", "bet", "over"};
    int32_t v[CDP_VIEW_SIZE];
    cdp_view(state, seat, v);
    int players = v[1];
    ch_text text = ch_text_into(out, capacity);
    CH_TEXT(&text, "{\"seat\":");
    ch_text_int(&text, v[0]);
    CH_TEXT(&text, ",\"num_players\":");
    ch_text_int(&text, players);
    CH_TEXT(&text, ",\"round\":");
    ch_text_int(&text, v[2]);
    CH_TEXT(&text, ",\"drop\":");
    ch_text_int(&text, v[3]);
    CH_TEXT(&text, ",\"phase\":");
    ch_text_string(&text, phases[v[4]]);
    CH_TEXT(&text, ",\"current_player\":");
    ch_text_int(&text, v[5]);
    int at = 6;
    CH_TEXT(&text, ",\"totals\":");
    ch_text_ints(&text, v + at, players);
    at += players;
    CH_TEXT(&text, ",\"bag\":");
    ch_text_ints(&text, v + at, CDP_COLOURS);
    CH_TEXT(&text, ",\"hand\":");
    ch_text_ints(&text, v + at + CDP_COLOURS, CDP_COLOURS);
    at += 2 * CDP_COLOURS;
    int marbles = v[at++];
    CH_TEXT(&text, ",\"marbles\":[");
    for (int i = 0; i < marbles; i++, at += 5) {
        if (i) CH_TEXT(&text, ",");
        CH_TEXT(&text, "{\"colour\":");
        ch_text_int(&text, v[at]);
        CH_TEXT(&text, ",\"drop\":");
        ch_text_int(&text, v[at + 1]);
        CH_TEXT(&text, ",\"slot\":");
        ch_text_int(&text, v[at + 2]);
        CH_TEXT(&text, ",\"rows_fallen\":");
        ch_text_int(&text, v[at + 3]);
        CH_TEXT(&text, ",\"seen_lane\":");
        ch_text_int(&text, v[at + 4]);
        CH_TEXT(&text, "}");
    }
    CH_TEXT(&text, "],\"bets\":");
    at = cdp_bets_json(&text, v, at, players);
    int scored = v[at++];
    CH_TEXT(&text, ",\"results\":[");
    for (int r = 0; r < scored; r++) {
        if (r) CH_TEXT(&text, ",");
        CH_TEXT(&text, "{\"lanes\":[");
        for (int lane = 0; lane < CDP_LANES; lane++) {
            if (lane) CH_TEXT(&text, ",");
            ch_text_ints(&text, v + at + CDP_COLOURS * lane, CDP_COLOURS);
        }
        at += CDP_LANES * CDP_COLOURS;
        CH_TEXT(&text, "],\"bets\":");
        at = cdp_bets_json(&text, v, at, players);
        CH_TEXT(&text, ",\"points\":");
        ch_text_ints(&text, v + at, players);
        at += players;
        CH_TEXT(&text, "}");
    }
    CH_TEXT(&text, "]}");
    return ch_text_length(&text);
}

/* The same numbers name a lane at a bet and a gate's marbles at a gate
 * (notation.action_to_string): the phase tells them apart. */
int32_t cdp_notation_key(const uint8_t *state) {
    return cdp_phase((const cdp_state *)state);
}

/* state.DropState.determinize / determinize.reroll_hidden_rows, step for step: one
 * SplitMix64 seeded with rng_seed; each marble of the round in progress, in order, that
 * has passed h > 0 hidden rows redraws them from its lane under the cover. */
void cdp_determinize(uint8_t *state, int32_t seat, uint64_t rng_seed) {
    (void)seat; /* every seat sees the same */
    cdp_state *s = (cdp_state *)state;
    if (s->round == CDP_ROUNDS) return;
    ch_rng rng = ch_rng_seeded(rng_seed);
    int visible = cdp_visible_rows(s);
    for (int i = 0; i < s->marble_count[s->round]; i++) {
        cdp_marble *m = &s->marbles[s->round][i];
        int hidden = m->rows_fallen - visible;
        if (hidden <= 0) continue;
        int lane = m->seen_lane;
        for (int row = 0; row < hidden; row++) {
            int32_t lanes[3];
            int64_t weights[3];
            int count = cdp_deflections(lane, lanes, weights);
            lane = lanes[ch_rng_pick(&rng, weights, count)];
        }
        m->lane = (uint8_t)lane;
    }
}

/* ---------------------------------------------------------------------------------------
 * Playouts
 */
typedef struct {
    ch_rng rng;
    uint64_t bits; /* unused random bits, for deflections */
    int bits_left;
    uint64_t fraction; /* a uniform 64-bit fraction, for small ranges */
    int fraction_uses;
} cdp_dice;

#define CDP_USES_PER_FRACTION 4
/* A uniform integer in 0 .. bound-1 for bound <= 32: the high word of fraction * bound,
 * the low word being the fraction for the next call (4 calls per 64 random bits leave 44
 * bits of resolution, so the bias stays below 2^-39). */
static inline int cdp_below(cdp_dice *d, int bound) {
    if (d->fraction_uses == 0) {
        d->fraction = ch_rng_next(&d->rng);
        d->fraction_uses = CDP_USES_PER_FRACTION;
    }
    __uint128_t product = (__uint128_t)d->fraction * (uint64_t)bound;
    d->fraction = (uint64_t)product;
    d->fraction_uses--;
    return (int)(product >> 64);
}

/* `count` (at most 6) uniform random bits. */
static inline int cdp_take_bits(cdp_dice *d, int count) {
    if (d->bits_left < count) {
        d->bits = ch_rng_next(&d->rng);
        d->bits_left = 64;
    }
    int taken = (int)(d->bits & ((1u << count) - 1));
    d->bits >>= count;
    d->bits_left -= count;
    return taken;
}

#define CDP_WALK_ROWS 3
/* lane[k][from][bits]: the lane after k pin rows from `from`, each row's deflection read
 * from the next two bits of `bits` (0 left, 1 or 2 straight, 3 right — weights 1, 2, 1 —
 * held at the walls). One lookup falls up to 3 rows. The table is a constant, written
 * out by the macros below, so a single playout needs no setup. */
typedef struct {
    uint8_t lane[CDP_WALK_ROWS + 1][CDP_LANES][1 << (2 * CDP_WALK_ROWS)];
} cdp_walks;

#define CDP_HELD(lane) ((lane) < 0 ? 0 : (lane) > CDP_LANES - 1 ? CDP_LANES - 1 : (lane))
#define CDP_ROW(lane, bits) CDP_HELD((lane) + (((bits) & 3) == 3) - (((bits) & 3) == 0))
#define CDP_WALK0(lane, bits) (lane)
#define CDP_WALK1(lane, bits) CDP_ROW(lane, bits)
#define CDP_WALK2(lane, bits) CDP_ROW(CDP_WALK1(lane, bits), (bits) >> 2)
#define CDP_WALK3(lane, bits) CDP_ROW(CDP_WALK2(lane, bits), (bits) >> 4)
#define CDP_BITS4(k, lane, b) CDP_WALK##k(lane, b), CDP_WALK##k(lane, b + 1), \
    CDP_WALK##k(lane, b + 2), CDP_WALK##k(lane, b + 3)
#define CDP_BITS16(k, lane, b) CDP_BITS4(k, lane, b), CDP_BITS4(k, lane, b + 4), \
    CDP_BITS4(k, lane, b + 8), CDP_BITS4(k, lane, b + 12)
#define CDP_BITS64(k, lane) {CDP_BITS16(k, lane, 0), CDP_BITS16(k, lane, 16), \
    CDP_BITS16(k, lane, 32), CDP_BITS16(k, lane, 48)}
#define CDP_FROM(k) {CDP_BITS64(k, 0), CDP_BITS64(k, 1), CDP_BITS64(k, 2), CDP_BITS64(k, 3), \
    CDP_BITS64(k, 4), CDP_BITS64(k, 5)}
_Static_assert(CDP_LANES == 6 && CDP_WALK_ROWS == 3, "CDP_WALKS is written out for these");
static const cdp_walks CDP_WALKS = {{CDP_FROM(0), CDP_FROM(1), CDP_FROM(2), CDP_FROM(3)}};

static inline int cdp_walk(const cdp_walks *w, cdp_dice *d, int lane, int rows) {
    while (rows > 0) {
        int step = rows < CDP_WALK_ROWS ? rows : CDP_WALK_ROWS;
        lane = w->lane[step][lane][cdp_take_bits(d, 2 * step)];
        rows -= step;
    }
    return lane;
}

static void cdp_sample_draws(cdp_state *s, cdp_dice *d) {
    for (int left = CDP_DRAWS[s->num_players][s->round] - cdp_hand_size(s); left > 0; left--) {
        int target = cdp_below(d, s->bag[0] + s->bag[1] + s->bag[2] + s->bag[3]);
        int colour = 0;
        while (target >= s->bag[colour]) target -= s->bag[colour++];
        cdp_draw_marble(s, colour);
    }
}

/* The rest of the drop's fall at once: the rows above the cover, then those under it. */
static void cdp_sample_fall(cdp_state *s, cdp_dice *d, const cdp_walks *w) {
    int visible = cdp_visible_rows(s);
    for (int i = s->falling; i < s->marble_count[s->round]; i++) {
        cdp_marble *m = &s->marbles[s->round][i];
        int lane = m->lane;
        if (m->rows_fallen < visible) {
            lane = cdp_walk(w, d, lane, visible - m->rows_fallen);
            m->seen_lane = (uint8_t)lane;
            m->rows_fallen = (uint8_t)visible;
        }
        m->lane = (uint8_t)cdp_walk(w, d, lane, s->rows - m->rows_fallen);
        m->rows_fallen = s->rows;
    }
    cdp_next_drop(s);
}

/* The drawn marbles into distinct slots: a partial Fisher–Yates over the slots. */
static void cdp_random_contents(const cdp_state *s, cdp_dice *d, int *contents) {
    int slots[CDP_SLOTS] = {0, 1, 2, 3, 4, 5};
    int placed = 0;
    for (int slot = 0; slot < CDP_SLOTS; slot++) contents[slot] = 0;
    for (int colour = 0; colour < CDP_COLOURS; colour++) {
        for (int j = 0; j < s->hand[colour]; j++, placed++) {
            int pick = placed + cdp_below(d, CDP_SLOTS - placed);
            int slot = slots[pick];
            slots[pick] = slots[placed];
            slots[placed] = slot;
            contents[slot] = 1 + colour;
        }
    }
}

static void cdp_random_gate(cdp_state *s, cdp_dice *d) {
    int contents[CDP_SLOTS];
    cdp_random_contents(s, d, contents);
    cdp_lift_gate(s, contents);
}

/* A column drawn uniformly from the legal ones: draw among all columns until a legal
 * one comes up (most columns are legal, so this is quicker than counting them). */
static inline int cdp_random_column(const cdp_state *s, cdp_dice *d, uint32_t legal) {
    int columns = cdp_column_count(s), column;
    do column = cdp_below(d, columns);
    while (!((legal >> column) & 1));
    return column;
}

/* Expected points of each lane and of each event on each lane, given the lanes under
 * the cover (policy 1). */
typedef struct {
    int round; /* the round these values belong to, or -1 */
    double base[CDP_LANES];
    double bonus[CDP_EVENTS][CDP_LANES];
} cdp_values;

/* Where a marble seen in `lane` under the cover ends after `rows` more pin rows. */
static void cdp_spread(int lane, int rows, double *p) {
    double next[CDP_LANES];
    for (int i = 0; i < CDP_LANES; i++) p[i] = i == lane ? 1.0 : 0.0;
    for (int row = 0; row < rows; row++) {
        for (int i = 0; i < CDP_LANES; i++) next[i] = 0.0;
        for (int i = 0; i < CDP_LANES; i++) {
            if (p[i] == 0.0) continue;
            next[i > 0 ? i - 1 : 0] += 0.25 * p[i];
            next[i] += 0.5 * p[i];
            next[i < CDP_LANES - 1 ? i + 1 : CDP_LANES - 1] += 0.25 * p[i];
        }
        for (int i = 0; i < CDP_LANES; i++) p[i] = next[i];
    }
}

static void cdp_expected_values(const cdp_state *s, cdp_values *v) {
    enum { ZERO = CDP_MAX_ROUND_MARBLES }; /* index of "as many yellow as red" */
    int count = s->marble_count[s->round];
    /* At betting every marble has landed and was last seen after the visible rows, so
     * each spreads from its lane under the cover over the hidden rows. */
    double spread[CDP_LANES][CDP_LANES];
    for (int seen = 0; seen < CDP_LANES; seen++) cdp_spread(seen, s->hidden_rows, spread[seen]);
    for (int lane = 0; lane < CDP_LANES; lane++) {
        double expected[CDP_COLOURS] = {0}, none[CDP_COLOURS] = {1, 1, 1, 1};
        double diff[2 * ZERO + 1] = {0}; /* the law of (yellow − red) in the lane */
        int low = ZERO, high = ZERO;
        diff[ZERO] = 1.0;
        for (int i = 0; i < count; i++) {
            const cdp_marble *m = &s->marbles[s->round][i];
            double q = spread[m->seen_lane][lane];
            expected[m->colour] += q;
            none[m->colour] *= 1.0 - q;
            if (q == 0.0) continue;
            if (m->colour == CDP_CHEESE) {
                for (int j = high; j >= low; j--) {
                    diff[j + 1] += diff[j] * q;
                    diff[j] *= 1.0 - q;
                }
                high++;
            } else if (m->colour == CDP_APPLE) {
                for (int j = low; j <= high; j++) {
                    diff[j - 1] += diff[j] * q;
                    diff[j] *= 1.0 - q;
                }
                low--;
            }
        }
        double more_cheese = 0.0, more_apples = 0.0;
        for (int j = low; j < ZERO; j++) more_apples += diff[j];
        for (int j = ZERO + 1; j <= high; j++) more_cheese += diff[j];
        double mouse = 1.0 - none[CDP_MOUSE], cat = 1.0 - none[CDP_CAT];
        v->base[lane] = expected[CDP_APPLE] + expected[CDP_CHEESE] * (1.0 - mouse * (1.0 - cat));
        v->bonus[0][lane] = 5.0 * cat * mouse;
        v->bonus[1][lane] = expected[CDP_APPLE];
        v->bonus[2][lane] = expected[CDP_CHEESE];
        v->bonus[3][lane] = 2.0 * expected[CDP_MOUSE];
        v->bonus[4][lane] = cat * (expected[CDP_APPLE] + expected[CDP_CHEESE]);
        v->bonus[5][lane] = 2.0 * more_cheese;
        v->bonus[6][lane] = 3.0 * more_apples;
    }
    v->round = s->round;
}

/* A column's worth to a seat holding `own`, with `legal` its legal columns: a lane its
 * base points plus its bonus with the seat's events, an event its bonus on the seat's
 * lanes; with another piece to come (`more`), plus the best pair the column opens for it
 * (a lane with a legal event, an event with a legal lane), as the evaluation's
 * best_column counts it. */
static double cdp_column_value(const cdp_values *v, uint16_t own, uint32_t legal, int more,
                               int column) {
    double value = 0.0, opens = 0.0;
    if (column < CDP_LANES) {
        value = v->base[column];
        for (int event = 0; event < CDP_EVENTS; event++) {
            double bonus = v->bonus[event][column];
            if (own & (1u << (CDP_LANES + event))) value += bonus;
            else if (more && (legal & (1u << (CDP_LANES + event))) && bonus > opens)
                opens = bonus;
        }
    } else {
        const double *bonus = v->bonus[column - CDP_LANES];
        for (int lane = 0; lane < CDP_LANES; lane++) {
            if (own & (1u << lane)) value += bonus[lane];
            else if (more && (legal & (1u << lane)) && bonus[lane] > opens) opens = bonus[lane];
        }
    }
    return value + opens;
}

static inline int cdp_more_to_come(const cdp_state *s, uint16_t own) {
    return __builtin_popcount(own) + 1 < cdp_pieces_per_player(s);
}

static int cdp_heuristic_bet(const cdp_state *s, int seat, uint32_t legal, cdp_values *v) {
    if (v->round != s->round) cdp_expected_values(s, v);
    uint16_t own = s->bets[s->round][seat];
    int more = cdp_more_to_come(s, own);
    int best = -1;
    double best_value = -1.0;
    for (int column = 0; column < CDP_COLUMNS; column++) {
        if (!(legal & (1u << column))) continue;
        double value = cdp_column_value(v, own, legal, more, column);
        if (value > best_value) {
            best_value = value;
            best = column;
        }
    }
    return best;
}

/* Every remaining piece of the round, then the round's scoring. */
static void cdp_sample_bets(cdp_state *s, cdp_dice *d, int policy, cdp_values *values) {
    int players = s->num_players, turn = s->placed % players, round = s->round;
    while (s->round == round) {
        int seat = s->order[turn];
        uint32_t legal = cdp_legal_columns(s, seat);
        int column = policy == CH_POLICY_HEURISTIC ? cdp_heuristic_bet(s, seat, legal, values)
                                                   : cdp_random_column(s, d, legal);
        cdp_place_piece(s, seat, column);
        if (++turn == players) turn = 0;
    }
}

static void cdp_play_out(cdp_state *s, cdp_dice *d, int policy, const cdp_walks *w) {
    cdp_values values;
    values.round = -1;
    for (;;) {
        switch (cdp_phase(s)) {
        case CDP_DRAW: cdp_sample_draws(s, d); break;
        case CDP_GATE: cdp_random_gate(s, d); break;
        case CDP_FALL: cdp_sample_fall(s, d, w); break;
        case CDP_BET: cdp_sample_bets(s, d, policy, &values); break;
        default: return;
        }
    }
}

/* The dice of one call that continues the caller's SplitMix64 state. */
static inline cdp_dice cdp_dice_from(uint64_t rng_state) {
    cdp_dice dice = {ch_rng_seeded(rng_state), 0, 0, 0, 0};
    return dice;
}

/* The search's priors: a bet's worth to the bettor (policy 1's values); every gate the
 * same. */
int32_t cdp_action_priors(const uint8_t *state, const int32_t *actions, int32_t n,
                          double *priors) {
    const cdp_state *s = (const cdp_state *)state;
    for (int i = 0; i < n; i++) priors[i] = 0.0;
    if (cdp_phase(s) != CDP_BET) return n;
    cdp_values values;
    cdp_expected_values(s, &values);
    int seat = cdp_bettor(s);
    uint16_t own = s->bets[s->round][seat];
    uint32_t legal = cdp_legal_columns(s, seat);
    int more = cdp_more_to_come(s, own);
    for (int i = 0; i < n; i++) priors[i] = cdp_column_value(&values, own, legal, more, actions[i]);
    return n;
}

/* The round's rows under the cover drawn afresh: nobody has seen them, so a search's
 * leaf playouts each meet their own lanes instead of sharing its determinization's. */
static void cdp_reroll_hidden(cdp_state *s, cdp_dice *d, const cdp_walks *w) {
    if (s->round >= CDP_ROUNDS) return;
    int visible = cdp_visible_rows(s);
    for (int i = 0; i < s->marble_count[s->round]; i++) {
        cdp_marble *m = &s->marbles[s->round][i];
        if (m->rows_fallen > visible)
            m->lane = (uint8_t)cdp_walk(w, d, m->seen_lane, m->rows_fallen - visible);
    }
}

int32_t cdp_playout(const uint8_t *state, int32_t policy, uint64_t *rng_state, int32_t *scores,
                    int32_t *rank_keys) {
    cdp_state s;
    memcpy(&s, state, sizeof s);
    cdp_dice dice = cdp_dice_from(*rng_state);
    cdp_reroll_hidden(&s, &dice, &CDP_WALKS);
    cdp_play_out(&s, &dice, policy == CH_POLICY_HEURISTIC ? policy : CH_POLICY_RANDOM,
                 &CDP_WALKS);
    *rng_state = dice.rng.state;
    cdp_scores((const uint8_t *)&s, scores);
    return cdp_rank_keys((const uint8_t *)&s, rank_keys);
}

/* Batched playouts (ch_game's batch_*): policy 0 random, 1 the heuristic (see the top of
 * this file); one set of dice rolls through the whole batch, and the rows under the
 * cover stay as the state has them. Points are the totals, which are the rank keys. */
_Static_assert(CDP_MAX_PLAYERS <= CH_MAX_PLAYERS && CDP_RANK_WIDTH <= CH_MAX_RANK_WIDTH,
               "the batch's points and keys fit ch_playouts' arrays");

static int32_t cdp_batch_size(void) { return (int32_t)sizeof(cdp_dice); }

static int32_t cdp_batch_start(void *batch, const uint8_t *state, uint64_t seed) {
    cdp_dice dice = {ch_rng_seeded(seed), 0, 0, 0, 0};
    memcpy(batch, &dice, sizeof dice);
    return ((const cdp_state *)state)->num_players;
}

static int32_t cdp_batch_playout(void *batch, const uint8_t *state, int32_t policy,
                                 int32_t *points, int32_t *rank_keys) {
    cdp_state s;
    memcpy(&s, state, sizeof s);
    cdp_play_out(&s, (cdp_dice *)batch, policy, &CDP_WALKS);
    memcpy(points, s.totals, sizeof(int32_t) * (size_t)s.num_players);
    memcpy(rank_keys, s.totals, sizeof(int32_t) * (size_t)s.num_players);
    return CDP_RANK_WIDTH;
}

/* ---------------------------------------------------------------------------------------
 * A state from hello's options and a view's JSON (game_view_api.h, for cheese_bot.c).
 * Every seat sees the same; what nobody sees is each marble's lane under the cover, set
 * here to the lane in which it went under and drawn anew by cdp_determinize. A scored
 * round's marbles are rebuilt from its result, each in the lane where it ended.
 */
const char *cdp_slug(void) { return "cheese-drop"; }

int32_t cdp_options_from_json(const ch_json *doc, int32_t options, int32_t num_players,
                              int32_t *out, int32_t capacity, const char **error) {
    if (capacity < CDP_OPTION_COUNT) {
        *error = "no room for the options";
        return -1;
    }
    if (!ch_json_bool(doc, ch_json_get(doc, options, "simple"), &out[CDP_OPTION_SIMPLE]) ||
        !ch_json_int(doc, ch_json_get(doc, options, "cells_per_column"), 1, 255,
                     &out[CDP_OPTION_CELLS]) ||
        !ch_json_int(doc, ch_json_get(doc, options, "rows"), 0, CDP_MAX_ROWS,
                     &out[CDP_OPTION_ROWS]) ||
        !ch_json_int(doc, ch_json_get(doc, options, "hidden_rows"), 0, CDP_MAX_ROWS,
                     &out[CDP_OPTION_HIDDEN_ROWS]) ||
        !ch_json_int(doc, ch_json_get(doc, options, "start_player"), 0, CDP_MAX_PLAYERS - 1,
                     &out[CDP_OPTION_START_PLAYER])) {
        *error = "hello's options need simple, cells_per_column, rows, hidden_rows and "
                 "start_player";
        return -1;
    }
    /* as native_codec.parse_options: more cells than players play alike */
    if (out[CDP_OPTION_CELLS] > num_players) out[CDP_OPTION_CELLS] = num_players;
    return CDP_OPTION_COUNT;
}

/* A seat's columns (a list) as a mask; -1 when it is not a list of distinct columns. */
static int32_t cdp_columns_from_json(const cdp_state *s, const ch_json *doc, int32_t list) {
    int32_t n = ch_json_length(doc, list), mask = 0;
    if (n < 0 || n > cdp_pieces_per_player(s)) return -1;
    for (int32_t i = 0; i < n; i++) {
        int32_t column;
        if (!ch_json_int(doc, ch_json_item(doc, list, i), 0, cdp_column_count(s) - 1, &column) ||
            (mask >> column) & 1)
            return -1;
        mask |= 1 << column;
    }
    return mask;
}

static const char *cdp_results_from_view(cdp_state *s, const ch_json *doc, int32_t results,
                                         int rounds) {
    if (ch_json_length(doc, results) != rounds) return "the view's results are not one per round played";
    for (int r = 0; r < rounds; r++) {
        int32_t result = ch_json_item(doc, results, r), points[CDP_MAX_PLAYERS];
        int32_t bets = ch_json_get(doc, result, "bets");
        if (!ch_json_ints(doc, ch_json_get(doc, result, "points"), s->num_players, -32768, 32767,
                          points) ||
            ch_json_length(doc, bets) != s->num_players)
            return "a result of the view lacks its points or bets";
        /* the round's marbles, each in the lane where it ended (what the result shows) */
        int32_t lanes = ch_json_get(doc, result, "lanes"), count = 0;
        if (ch_json_length(doc, lanes) != CDP_LANES) return "a result of the view lacks its lanes";
        for (int lane = 0; lane < CDP_LANES; lane++) {
            int32_t colours[CDP_COLOURS];
            if (!ch_json_ints(doc, ch_json_item(doc, lanes, lane), CDP_COLOURS, 0,
                              CDP_MAX_ROUND_MARBLES, colours))
                return "a result's lanes are not counts per colour";
            for (int colour = 0; colour < CDP_COLOURS; colour++)
                for (int k = 0; k < colours[colour]; k++) {
                    if (count == CDP_MAX_ROUND_MARBLES) return "a result holds too many marbles";
                    cdp_marble m = {(uint8_t)colour, 0, (uint8_t)lane, s->rows, (uint8_t)lane,
                                    (uint8_t)lane};
                    s->marbles[r][count++] = m;
                }
        }
        s->marble_count[r] = (uint8_t)count;
        for (int seat = 0; seat < s->num_players; seat++) {
            int32_t mask = cdp_columns_from_json(s, doc, ch_json_item(doc, bets, seat));
            if (mask < 0) return "a result's bets are not lists of columns";
            s->bets[r][seat] = (uint16_t)mask;
            s->points[r][seat] = (int16_t)points[seat];
        }
    }
    return NULL;
}

static const char *cdp_marbles_from_view(cdp_state *s, const ch_json *doc, int32_t marbles) {
    int32_t n = ch_json_length(doc, marbles);
    if (n < 0 || n > CDP_MAX_ROUND_MARBLES) return "the view's marbles are not a list";
    s->marble_count[s->round] = (uint8_t)n;
    s->falling = CDP_NONE;
    for (int32_t i = 0; i < n; i++) {
        int32_t marble = ch_json_item(doc, marbles, i), colour, drop, slot, rows, lane;
        if (!ch_json_int(doc, ch_json_get(doc, marble, "colour"), 0, CDP_COLOURS - 1, &colour) ||
            !ch_json_int(doc, ch_json_get(doc, marble, "drop"), 0, s->drop, &drop) ||
            !ch_json_int(doc, ch_json_get(doc, marble, "slot"), 0, CDP_SLOTS - 1, &slot) ||
            !ch_json_int(doc, ch_json_get(doc, marble, "rows_fallen"), 0, s->rows, &rows) ||
            !ch_json_int(doc, ch_json_get(doc, marble, "seen_lane"), 0, CDP_LANES - 1, &lane))
            return "a marble of the view lacks its colour, drop, slot, rows_fallen or seen_lane";
        cdp_marble m = {(uint8_t)colour, (uint8_t)drop, (uint8_t)slot, (uint8_t)rows,
                        (uint8_t)lane, (uint8_t)lane};
        s->marbles[s->round][i] = m;
        if (rows < s->rows && s->falling == CDP_NONE) s->falling = (uint8_t)i;
    }
    return NULL;
}

static const char *cdp_bets_from_view(cdp_state *s, const ch_json *doc, int32_t bets) {
    if (ch_json_length(doc, bets) != s->num_players) return "the view's bets are not one list per seat";
    for (int seat = 0; seat < s->num_players; seat++) {
        int32_t mask = cdp_columns_from_json(s, doc, ch_json_item(doc, bets, seat));
        if (mask < 0) return "the view's bets are not lists of columns";
        s->bets[s->round][seat] = (uint16_t)mask;
        for (int column = 0; column < CDP_COLUMNS; column++) {
            if (!((mask >> column) & 1)) continue;
            if (++s->used[column] > s->cells) return "a column of the view holds too many pieces";
            if (s->used[column] == s->cells) s->full |= (uint16_t)(1u << column);
            s->placed++;
        }
    }
    return NULL;
}

const char *cdp_state_from_view(uint8_t *state, int32_t num_players, const int32_t *options,
                                int32_t n_options, const ch_json *doc, int32_t view,
                                int32_t *seat) {
    if (cdp_init(state, num_players, 0, options, n_options) != CDP_OK)
        return "the options do not make a Cheese Drop game";
    cdp_state *s = (cdp_state *)state;
    int32_t players, round, drop, current, totals[CDP_MAX_PLAYERS], bag[CDP_COLOURS],
        hand[CDP_COLOURS];
    if (!ch_json_int(doc, ch_json_get(doc, view, "num_players"), num_players, num_players,
                     &players) ||
        !ch_json_int(doc, ch_json_get(doc, view, "seat"), 0, num_players - 1, seat))
        return "the view's num_players or seat does not fit hello's players";
    if (!ch_json_int(doc, ch_json_get(doc, view, "round"), 0, CDP_ROUNDS, &round) ||
        !ch_json_int(doc, ch_json_get(doc, view, "drop"), 0, cdp_drops_per_round(num_players),
                     &drop) ||
        !ch_json_int(doc, ch_json_get(doc, view, "current_player"), CH_TERMINAL,
                     num_players - 1, &current))
        return "the view's round, drop or current_player is out of range";
    if (!ch_json_ints(doc, ch_json_get(doc, view, "totals"), num_players, -1000000, 1000000,
                      totals) ||
        !ch_json_ints(doc, ch_json_get(doc, view, "bag"), CDP_COLOURS, 0, 255, bag) ||
        !ch_json_ints(doc, ch_json_get(doc, view, "hand"), CDP_COLOURS, 0, CDP_SLOTS, hand))
        return "the view's totals, bag or hand are not counts";
    for (int j = 0; j < num_players; j++) s->totals[j] = totals[j];
    const char *error = cdp_results_from_view(s, doc, ch_json_get(doc, view, "results"), round);
    if (error) return error;
    cdp_start_round(s, round);
    if (round == CDP_ROUNDS) return current == CH_TERMINAL ? NULL : "the view's game is over but a seat is to act";
    s->drop = (uint8_t)drop;
    memcpy(s->bag, (uint8_t[]){(uint8_t)bag[0], (uint8_t)bag[1], (uint8_t)bag[2], (uint8_t)bag[3]},
           sizeof s->bag);
    int in_hand = 0;
    for (int colour = 0; colour < CDP_COLOURS; colour++) {
        s->hand[colour] = (uint8_t)hand[colour];
        in_hand += hand[colour];
    }
    if (in_hand > CDP_DRAWS[num_players][round]) return "the view's hand holds more marbles than a drop draws";
    if ((error = cdp_marbles_from_view(s, doc, ch_json_get(doc, view, "marbles")))) return error;
    if ((error = cdp_bets_from_view(s, doc, ch_json_get(doc, view, "bets")))) return error;
    if (cdp_player(s) != current) return "the view's current_player is not the one its position gives";
    return NULL;
}

const ch_game *cdp_game(void) { CH_GAME_TABLE(cdp); }

CH_GAME_FACTS(cdp, {"min_players", CDP_MIN_PLAYERS}, {"max_players", CDP_MAX_PLAYERS},
              {"rounds", CDP_ROUNDS}, {"lanes", CDP_LANES}, {"max_rows", CDP_MAX_ROWS},
              {"max_round_marbles", CDP_MAX_ROUND_MARBLES},
              {"state_size", (int32_t)sizeof(cdp_state)},
              {"round_offset", (int32_t)offsetof(cdp_state, round)},
              {"marble_count_offset", (int32_t)offsetof(cdp_state, marble_count)},
              {"marbles_offset", (int32_t)offsetof(cdp_state, marbles)},
              {"marble_size", (int32_t)sizeof(cdp_marble)},
              {"lane_in_marble", (int32_t)offsetof(cdp_marble, lane)},
              {"option.simple", CDP_OPTION_SIMPLE}, {"option.cells_per_column", CDP_OPTION_CELLS},
              {"option.rows", CDP_OPTION_ROWS}, {"option.hidden_rows", CDP_OPTION_HIDDEN_ROWS},
              {"option.start_player", CDP_OPTION_START_PLAYER},
              {"option_count", CDP_OPTION_COUNT})
