/* Cheese Chasers in C: the rules of cheese/engine/cheese_chasers (the reference engine),
 * fast enough for batched playouts.
 *
 * The state is a canonical packed struct: the cards on the table as a list sorted by
 * (x, y) with the unused slots zeroed, so the same position always has the same bytes.
 * Rules that read the table (empty neighbours, activity, scoring) read a `chs_board`: a
 * window of the table as a grid, loaded around the cells a step needs. A playout loads
 * one window big enough for the whole rest of the game and keeps it up to date.
 *
 * The count of active traps is kept in the state and updated per placement: a trap's
 * activity depends only on the cells within Manhattan distance 2 of it (its sides and
 * their sides, where the cats that silence its mice lie), so a placement can change only
 * the traps within distance 2 of the placed card, and those are counted before and after.
 */
#include <math.h>
#include <stdlib.h>

#include "common.h"
#include "json_writer.h"
#define CH_GAME(name) chs_##name
#include "game_view_api.h"
#include "game_api.h"
#include "chs_playout_weights.h"
#include "chs_value_weights.h"

#define CHS_MAX_CARDS 100 /* cards.MAX_CARDS */
#define CHS_KINDS 4
#define CHS_MOUSE 0
#define CHS_CAT 1
#define CHS_CHEESE 2
#define CHS_TRAP 3
#define CHS_NO_CARD (-1)
#define CHS_DIRECTIONS 8
#define CHS_LOSING_TRAPS 3
#define CHS_DRAW_EVENT 1
#define CHS_SINGLE_CHEESE_POINTS 10
#define CHS_GROUP_POINTS_PER_CHEESE 20

enum { CHS_PLAYING = 0, CHS_COMPLETE = 1, CHS_TRAPPED = 2, CHS_ENCLOSED = 3 };
enum { CHS_OK = 0, CHS_BAD_PLAYERS = 1, CHS_BAD_OPTION_COUNT = 2, CHS_BAD_CARD_COUNT = 3,
       CHS_BAD_DECK_SIZE = 4 };

typedef struct {
    int8_t x, y;
    uint8_t kind;
} chs_card;

typedef struct {
    uint8_t n_cards;      /* cards on the table */
    uint8_t ending;       /* CHS_PLAYING or why the game ended */
    int8_t pending;       /* the drawn card waiting for its cell, or CHS_NO_CARD */
    uint8_t active_traps; /* derived from the cards, kept to avoid recounting */
    int8_t last_x, last_y; /* the previously placed card; (0, 0) before the first */
    uint8_t taken;        /* bit d: the previous card's neighbour in direction d holds a
                             card; derived, kept because a draw and the legal moves after
                             it both read it */
    uint8_t left[CHS_KINDS];
    chs_card cards[CHS_MAX_CARDS]; /* sorted by (x, y); unused slots are zero */
} chs_state;

/* Reading order, as board.DIRECTION_OFFSETS: NW N NE W E SW S SE. */
static const int8_t CHS_DX[CHS_DIRECTIONS] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int8_t CHS_DY[CHS_DIRECTIONS] = {-1, -1, -1, 0, 0, 1, 1, 1};
/* The four sides: up, left, right, down. */
static const int8_t CHS_SIDE_DX[4] = {0, -1, 1, 0};
static const int8_t CHS_SIDE_DY[4] = {-1, 0, 0, 1};

/* ------------------------------------------------------------------------------------
 * The board: a window of the table as a grid. Cards outside the window are left off it
 * (a cat outside still counts beside the window's cells), which is the truth whenever
 * the window holds every card the step reads.
 *
 * Every window reaches CHS_MARGIN cells beyond the cells its step asks about, and no rule
 * reads farther than that from them (a trap's activity reads 2 cells from it, and it lies
 * up to 2 from the placed card), so reads are not bounds-checked: that check was a third
 * of a playout's time. Writes are (loading lays every card, inside the window or not).
 * ---------------------------------------------------------------------------------- */

#define CHS_EMPTY 0
#define CHS_CELL(kind) ((kind) + 1)
#define CHS_CARD_BITS 7
#define CHS_CAT_BESIDE 8 /* each cat beside a cell adds this to the cell */
/* A trap's activity reads up to 2 cells from it, and it lies up to 2 from the placed
 * card: a window reaching 4 beyond the cells a step touches sees everything it needs. */
#define CHS_MARGIN 4
#define CHS_REACH (CHS_MAX_CARDS - 1) /* no card lies farther than this from the origin */
#define CHS_SIDE (2 * (CHS_REACH + CHS_MARGIN) + 1)

/* Each cell holds its card (kind + 1, 0 when empty) in the low 3 bits and, above them,
 * how many cats lie beside it, so that a mouse's activity is a single read. The rules
 * read cells by index, and a neighbour is the index plus its direction's offset (kept
 * with the window, as it depends on the window's width). */
typedef struct {
    int x0, y0, width, height;
    int side[4];             /* offsets of CHS_SIDE_DX/DY */
    int around[CHS_DIRECTIONS]; /* offsets of CHS_DX/DY */
    int near[13];            /* the 13 cells within Manhattan distance 2, row by row: the
                                traps a placement can switch */
    uint8_t cells[CHS_SIDE * CHS_SIDE];
} chs_board;

static inline int chs_index(const chs_board *b, int x, int y) {
    return (y - b->y0) * b->width + (x - b->x0);
}

static inline uint8_t *chs_cell(chs_board *b, int x, int y) {
    unsigned cx = (unsigned)(x - b->x0), cy = (unsigned)(y - b->y0);
    if (cx >= (unsigned)b->width || cy >= (unsigned)b->height) return NULL;
    return &b->cells[cy * (unsigned)b->width + cx];
}

/* The card on cell i: kind + 1, or CHS_EMPTY. */
static inline int chs_at(const chs_board *b, int i) { return b->cells[i] & CHS_CARD_BITS; }

/* Lay a card of `kind` on the empty cell (x, y), which may lie outside the window (a cat
 * there still counts beside the window's cells). */
static inline void chs_put(chs_board *b, int x, int y, int kind) {
    uint8_t *cell = chs_cell(b, x, y);
    if (cell) *cell = (uint8_t)(*cell | CHS_CELL(kind));
    if (kind == CHS_CAT)
        for (int side = 0; side < 4; side++) {
            uint8_t *beside = chs_cell(b, x + CHS_SIDE_DX[side], y + CHS_SIDE_DY[side]);
            if (beside) *beside = (uint8_t)(*beside + CHS_CAT_BESIDE);
        }
}

/* Lay a card of `kind` on the empty cell i, with its sides, inside the window. */
static inline void chs_put_at(chs_board *b, int i, int kind) {
    b->cells[i] = (uint8_t)(b->cells[i] | CHS_CELL(kind));
    if (kind == CHS_CAT)
        for (int side = 0; side < 4; side++) b->cells[i + b->side[side]] += CHS_CAT_BESIDE;
}

/* Take the card of `kind` off cell i: the inverse of chs_put_at. */
static inline void chs_lift_at(chs_board *b, int i, int kind) {
    b->cells[i] = (uint8_t)(b->cells[i] & ~CHS_CARD_BITS);
    if (kind == CHS_CAT)
        for (int side = 0; side < 4; side++) b->cells[i + b->side[side]] -= CHS_CAT_BESIDE;
}

static int chs_clamp(int value) {
    int bound = CHS_REACH + CHS_MARGIN;
    return value < -bound ? -bound : value > bound ? bound : value;
}

/* Load the window [x0, x1] x [y0, y1] (clamped to the reachable table) with the state's
 * cards. */
static void chs_board_frame(chs_board *b, int x0, int y0, int x1, int y1) {
    b->x0 = chs_clamp(x0);
    b->y0 = chs_clamp(y0);
    b->width = chs_clamp(x1) - b->x0 + 1;
    b->height = chs_clamp(y1) - b->y0 + 1;
    /* the offsets of CHS_SIDE_DX/DY, CHS_DX/DY and the 13 near cells written out: a loop of
     * multiplications over the tables was a tenth of a search iteration's board loads */
    int w = b->width;
    b->side[0] = -w, b->side[1] = -1, b->side[2] = 1, b->side[3] = w;
    b->around[0] = -w - 1, b->around[1] = -w, b->around[2] = -w + 1, b->around[3] = -1;
    b->around[4] = 1, b->around[5] = w - 1, b->around[6] = w, b->around[7] = w + 1;
    b->near[0] = -2 * w, b->near[1] = -w - 1, b->near[2] = -w, b->near[3] = -w + 1;
    b->near[4] = -2, b->near[5] = -1, b->near[6] = 0, b->near[7] = 1, b->near[8] = 2;
    b->near[9] = w - 1, b->near[10] = w, b->near[11] = w + 1, b->near[12] = 2 * w;
}

static void chs_board_lay_cards(chs_board *b, const chs_state *s) {
    for (int i = 0; i < s->n_cards; i++) chs_put(b, s->cards[i].x, s->cards[i].y, s->cards[i].kind);
}

static void chs_board_load(chs_board *b, const chs_state *s, int x0, int y0, int x1,
                           int y1) {
    chs_board_frame(b, x0, y0, x1, y1);
    memset(b->cells, 0, (size_t)b->width * (size_t)b->height);
    chs_board_lay_cards(b, s);
}

/* Empties the window's rows y0 to y1 (table rows, clamped to the window). */
static void chs_board_clear_rows(chs_board *b, int y0, int y1) {
    int top = y0 - b->y0 < 0 ? 0 : y0 - b->y0;
    int bottom = y1 - b->y0 >= b->height ? b->height - 1 : y1 - b->y0;
    if (bottom >= top)
        memset(b->cells + top * b->width, 0, (size_t)b->width * (size_t)(bottom - top + 1));
}

static void chs_board_around(chs_board *b, const chs_state *s, int x, int y, int radius) {
    chs_board_load(b, s, x - radius, y - radius, x + radius, y + radius);
}

/* ------------------------------------------------------------------------------------
 * Rules read off the board (activity.py, board.py), by cell index.
 * ---------------------------------------------------------------------------------- */

/* "A mouse is active unless a cat is orthogonally adjacent to it." */
static inline int chs_is_active_mouse(const chs_board *b, int i) {
    return b->cells[i] == CHS_CELL(CHS_MOUSE); /* a mouse with no cat beside it */
}

/* "A mousetrap is inactive iff all 4 orthogonal neighbours are active mice." */
static inline int chs_is_active_trap(const chs_board *b, int i) {
    if (chs_at(b, i) != CHS_CELL(CHS_TRAP)) return 0;
    for (int side = 0; side < 4; side++)
        if (!chs_is_active_mouse(b, i + b->side[side])) return 1;
    return 0;
}

static int chs_orthogonal_count(const chs_board *b, int i, int kind) {
    int count = 0;
    for (int side = 0; side < 4; side++) count += chs_at(b, i + b->side[side]) == CHS_CELL(kind);
    return count;
}

static int chs_near_active_traps(const chs_board *b, int i) {
    int count = 0;
    for (int n = 0; n < 13; n++) count += chs_is_active_trap(b, i + b->near[n]);
    return count;
}

/* How many more active traps the table has with the card on cell i than without it,
 * counted on the 13 cells where a trap could switch. */
static int chs_trap_change_near(chs_board *b, int i) {
    int kind = chs_at(b, i) - 1;
    chs_lift_at(b, i, kind);
    int before = chs_near_active_traps(b, i);
    chs_put_at(b, i, kind);
    return chs_near_active_traps(b, i) - before;
}

/* The same change, by the kind just placed on cell i, which was empty. Before the
 * placement every trap beside the cell had an empty side, so it was active. A cheese
 * switches nothing (the traps beside it keep a non-mouse side; only cats silence mice);
 * a trap adds itself if it is active; a mouse can shut the traps beside it; only a cat,
 * by silencing the mice beside it, can reopen traps farther away. */
static int chs_trap_change(chs_board *b, int i) {
    int card = chs_at(b, i), change = 0;
    if (card == CHS_CELL(CHS_TRAP)) return chs_is_active_trap(b, i);
    if (card == CHS_CELL(CHS_MOUSE)) {
        for (int side = 0; side < 4; side++) {
            int t = i + b->side[side];
            change -= chs_at(b, t) == CHS_CELL(CHS_TRAP) && !chs_is_active_trap(b, t);
        }
        return change;
    }
    if (card == CHS_CELL(CHS_CAT) && chs_orthogonal_count(b, i, CHS_MOUSE) > 0)
        return chs_trap_change_near(b, i);
    return 0;
}

/* The directions from cell i to an empty cell, ascending; returns their count. */
static int chs_empty_directions(const chs_board *b, int i, int32_t *out) {
    int count = 0;
    for (int d = 0; d < CHS_DIRECTIONS; d++) {
        out[count] = d; /* kept only when the cell is empty: no branch to mispredict */
        count += chs_at(b, i + b->around[d]) == CHS_EMPTY;
    }
    return count;
}

static int chs_count_empty_neighbours(const chs_board *b, int i) {
    int count = 0;
    for (int d = 0; d < CHS_DIRECTIONS; d++) count += chs_at(b, i + b->around[d]) == CHS_EMPTY;
    return count;
}

static int chs_orthogonal_active_mice(const chs_board *b, int i) {
    int count = 0;
    for (int side = 0; side < 4; side++) count += chs_is_active_mouse(b, i + b->side[side]);
    return count;
}

/* ------------------------------------------------------------------------------------
 * Scoring (scoring.py): nice points, cheese bonus, surrounded groups.
 * ---------------------------------------------------------------------------------- */

static int chs_group_points(int size) {
    return size == 1 ? CHS_SINGLE_CHEESE_POINTS : CHS_GROUP_POINTS_PER_CHEESE * size;
}

/* A group is surrounded iff every side of its cards outside the group is an active
 * mouse; a cheese side is always inside the group (groups are orthogonally connected). */
static int chs_surrounded_points(const chs_board *b, const chs_card *cards, int n) {
    int8_t cx[CHS_MAX_CARDS], cy[CHS_MAX_CARDS];
    int8_t grouped[CHS_MAX_CARDS];
    int cheeses = 0, points = 0;
    for (int i = 0; i < n; i++) {
        if (cards[i].kind != CHS_CHEESE) continue;
        cx[cheeses] = cards[i].x;
        cy[cheeses] = cards[i].y;
        grouped[cheeses++] = 0;
    }
    for (int start = 0; start < cheeses; start++) {
        if (grouped[start]) continue;
        int group[CHS_MAX_CARDS];
        int size = 0, surrounded = 1;
        group[size++] = start;
        grouped[start] = 1;
        for (int next = 0; next < size; next++) {
            int here = group[next];
            for (int other = 0; other < cheeses; other++) {
                int distance = abs(cx[other] - cx[here]) + abs(cy[other] - cy[here]);
                if (!grouped[other] && distance == 1) {
                    grouped[other] = 1;
                    group[size++] = other;
                }
            }
            for (int side = 0; side < 4; side++) {
                int i = chs_index(b, cx[here] + CHS_SIDE_DX[side], cy[here] + CHS_SIDE_DY[side]);
                if (chs_at(b, i) != CHS_CELL(CHS_CHEESE) && !chs_is_active_mouse(b, i))
                    surrounded = 0;
            }
        }
        if (surrounded) points += chs_group_points(size);
    }
    return points;
}

/* Total = nice + cheese bonus + surrounded, for a table whose cards are all on `b`. */
static int chs_table_total(const chs_board *b, const chs_card *cards, int n) {
    int nice = 0, bonus = 0;
    for (int i = 0; i < n; i++) {
        int cell = chs_index(b, cards[i].x, cards[i].y);
        if (cards[i].kind != CHS_MOUSE || !chs_is_active_mouse(b, cell)) continue;
        nice += 1;
        bonus += chs_orthogonal_count(b, cell, CHS_CHEESE);
    }
    return nice + bonus + chs_surrounded_points(b, cards, n);
}

/* ------------------------------------------------------------------------------------
 * The state and its steps (state.py).
 * ---------------------------------------------------------------------------------- */

static inline int chs_cards_left(const chs_state *s) {
    return s->left[0] + s->left[1] + s->left[2] + s->left[3];
}

static inline int chs_key_of(int x, int y) { return (x + 128) * 256 + (y + 128); }

/* Bit d set when the neighbour of the previous card in direction d holds a card, read off
 * the list of cards (cheaper than loading a window for the 8 cells around one): the
 * state's `taken`, worked out once per placement. */
static unsigned chs_taken_around_last(const chs_state *s) {
    /* the direction of each offset (dy + 1) * 3 + (dx + 1); the centre is the card itself */
    static const int8_t direction[9] = {0, 1, 2, 3, -1, 4, 5, 6, 7};
    unsigned taken = 0;
    for (int i = 0; i < s->n_cards; i++) {
        unsigned dx = (unsigned)(s->cards[i].x - s->last_x + 1);
        unsigned dy = (unsigned)(s->cards[i].y - s->last_y + 1);
        if (dx <= 2 && dy <= 2 && (dx != 1 || dy != 1)) taken |= 1u << direction[dy * 3 + dx];
    }
    return taken;
}

/* Insert a card keeping the list sorted by (x, y); it becomes the previous card. */
static void chs_insert_card(chs_state *s, int x, int y, int kind) {
    int key = chs_key_of(x, y), at = s->n_cards;
    while (at > 0 && chs_key_of(s->cards[at - 1].x, s->cards[at - 1].y) > key) {
        s->cards[at] = s->cards[at - 1];
        at--;
    }
    s->cards[at].x = (int8_t)x;
    s->cards[at].y = (int8_t)y;
    s->cards[at].kind = (uint8_t)kind;
    s->n_cards++;
    s->last_x = (int8_t)x;
    s->last_y = (int8_t)y;
    s->taken = (uint8_t)chs_taken_around_last(s);
    s->pending = CHS_NO_CARD;
}

/* Lay the card of `kind` on (x, y), a neighbour of the previous card; 1 if the cell is
 * taken (the state is then untouched). The card goes on `board` when one is given (a
 * search's board of its world, which holds every card: ch_game's world_*), else on a
 * window of its own. Activity is recomputed after every placement: 3 or more active traps
 * lose at once (even on the last card); otherwise the game is won once every card is
 * placed. */
static int chs_place_card(chs_state *s, int x, int y, int kind, chs_board *board) {
    int change = 0;
    if (board) {
        int cell = chs_index(board, x, y);
        if (chs_at(board, cell) != CHS_EMPTY) return 1;
        chs_put_at(board, cell, kind);
        change = chs_trap_change(board, cell);
    } else if (kind == CHS_CHEESE) {
        /* a cheese switches no trap (chs_trap_change): the list alone says whether the
         * cell is free, without loading a window */
        for (int i = 0; i < s->n_cards; i++)
            if (s->cards[i].x == x && s->cards[i].y == y) return 1;
    } else {
        chs_board b;
        chs_board_around(&b, s, x, y, CHS_MARGIN);
        int cell = chs_index(&b, x, y);
        if (chs_at(&b, cell) != CHS_EMPTY) return 1;
        chs_put_at(&b, cell, kind);
        change = chs_trap_change(&b, cell);
    }
    s->active_traps = (uint8_t)(s->active_traps + change);
    chs_insert_card(s, x, y, kind);
    if (s->active_traps >= CHS_LOSING_TRAPS)
        s->ending = CHS_TRAPPED;
    else if (chs_cards_left(s) == 0)
        s->ending = CHS_COMPLETE;
    return 0;
}

/* A card of `kind` leaves the deck: the first goes to the origin; a later one waits for
 * its cell, unless the previous card has no empty neighbour (the game ends, enclosed). */
static void chs_draw_card(chs_state *s, int kind, chs_board *board) {
    s->left[kind]--;
    if (s->n_cards == 0) {
        chs_place_card(s, 0, 0, kind, board);
        return;
    }
    s->pending = (int8_t)kind;
    if (s->taken == (1u << CHS_DIRECTIONS) - 1) s->ending = CHS_ENCLOSED;
}

int32_t chs_state_size(void) { return (int32_t)sizeof(chs_state); }

int32_t chs_max_actions(void) { return CHS_DIRECTIONS; }

int32_t chs_view_size(void) { return 3 * CHS_MAX_CARDS + 9; }

int32_t chs_init(uint8_t *state, int32_t num_players, uint64_t seed, const int32_t *options,
                 int32_t n_options) {
    (void)seed; /* chance is keyed by draw number; the bridge keeps the deal seed */
    if (num_players != 1) return CHS_BAD_PLAYERS;
    if (n_options != CHS_KINDS) return CHS_BAD_OPTION_COUNT;
    int total = 0;
    for (int kind = 0; kind < CHS_KINDS; kind++) {
        if (options[kind] < 0 || options[kind] > CHS_MAX_CARDS) return CHS_BAD_CARD_COUNT;
        total += options[kind];
    }
    if (total < 1 || total > CHS_MAX_CARDS) return CHS_BAD_DECK_SIZE;
    chs_state *s = (chs_state *)state;
    memset(s, 0, sizeof *s);
    s->pending = CHS_NO_CARD;
    for (int kind = 0; kind < CHS_KINDS; kind++) s->left[kind] = (uint8_t)options[kind];
    return CHS_OK;
}

int32_t chs_current_player(const uint8_t *state) {
    const chs_state *s = (const chs_state *)state;
    if (s->ending != CHS_PLAYING) return CH_TERMINAL;
    return s->pending == CHS_NO_CARD ? CH_CHANCE : 0;
}

int32_t chs_legal_actions(const uint8_t *state, int32_t *out) {
    const chs_state *s = (const chs_state *)state;
    if (s->ending != CHS_PLAYING) return 0;
    if (s->pending == CHS_NO_CARD) {
        int count = 0;
        for (int kind = 0; kind < CHS_KINDS; kind++)
            if (s->left[kind] > 0) out[count++] = kind;
        return count;
    }
    unsigned taken = s->taken;
    int count = 0;
    for (int d = 0; d < CHS_DIRECTIONS; d++)
        if (!(taken & (1u << d))) out[count++] = d;
    return count;
}

int32_t chs_chance_weights(const uint8_t *state, int32_t *actions, int64_t *weights) {
    const chs_state *s = (const chs_state *)state;
    if (s->ending != CHS_PLAYING || s->pending != CHS_NO_CARD) return 0;
    int count = 0;
    for (int kind = 0; kind < CHS_KINDS; kind++) {
        if (s->left[kind] == 0) continue;
        actions[count] = kind;
        weights[count++] = s->left[kind];
    }
    return count;
}

/* Draw number k (0 for the first card) is event_key(1, k); at a draw, k = cards placed. */
uint64_t chs_chance_key(const uint8_t *state) {
    const chs_state *s = (const chs_state *)state;
    if (chs_current_player(state) != CH_CHANCE) return 0;
    return ch_event_key(CHS_DRAW_EVENT, s->n_cards, 0, 0);
}

/* chs_apply, a placement laid on `board` when given (see chs_place_card). */
static int chs_apply_on(chs_state *s, int32_t action, chs_board *board) {
    if (s->ending != CHS_PLAYING) return 1;
    if (s->pending == CHS_NO_CARD) {
        if (action < 0 || action >= CHS_KINDS || s->left[action] == 0) return 1;
        chs_draw_card(s, action, board);
        return 0;
    }
    if (action < 0 || action >= CHS_DIRECTIONS) return 1;
    return chs_place_card(s, s->last_x + CHS_DX[action], s->last_y + CHS_DY[action], s->pending,
                          board);
}

int32_t chs_apply(uint8_t *state, int32_t action) {
    return chs_apply_on((chs_state *)state, action, NULL);
}

/* Widens the box [x0, x1] x [y0, y1] to hold every card of `s`. */
static void chs_box_cards(const chs_state *s, int *x0, int *y0, int *x1, int *y1) {
    for (int i = 0; i < s->n_cards; i++) {
        const chs_card *c = &s->cards[i];
        *x0 = c->x < *x0 ? c->x : *x0;
        *y0 = c->y < *y0 ? c->y : *y0;
        *x1 = c->x > *x1 ? c->x : *x1;
        *y1 = c->y > *y1 ? c->y : *y1;
    }
}

static int chs_final_score(const chs_state *s) {
    if (s->ending != CHS_COMPLETE) return 0;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    chs_box_cards(s, &x0, &y0, &x1, &y1);
    chs_board b;
    chs_board_load(&b, s, x0 - CHS_MARGIN, y0 - CHS_MARGIN, x1 + CHS_MARGIN, y1 + CHS_MARGIN);
    return chs_table_total(&b, s->cards, s->n_cards);
}

void chs_scores(const uint8_t *state, int32_t *out) {
    out[0] = chs_final_score((const chs_state *)state);
}

int32_t chs_rank_keys(const uint8_t *state, int32_t *out) {
    out[0] = chs_final_score((const chs_state *)state);
    return 1;
}

/* [n, (x, y, kind) * n sorted, last_x, last_y, pending, left * 4, ending]. */
int32_t chs_view(const uint8_t *state, int32_t seat, int32_t *out) {
    (void)seat; /* one seat, and it sees everything */
    const chs_state *s = (const chs_state *)state;
    int length = 0;
    out[length++] = s->n_cards;
    for (int i = 0; i < s->n_cards; i++) {
        out[length++] = s->cards[i].x;
        out[length++] = s->cards[i].y;
        out[length++] = s->cards[i].kind;
    }
    out[length++] = s->last_x;
    out[length++] = s->last_y;
    out[length++] = s->pending;
    for (int kind = 0; kind < CHS_KINDS; kind++) out[length++] = s->left[kind];
    out[length++] = s->ending;
    return length;
}

/* view_json.view_json of the view above: the last cell null before the first card, the
 * pending card null when none waits, the ending by its name (view.ENDINGS) or null. */
int32_t chs_view_json(const uint8_t *state, int32_t seat, char *out, int32_t capacity) {
    static const char *const endings[] = {"complete", "trapped", "enclosed"};
    const chs_state *s = (const chs_state *)state;
    (void)seat;
    ch_text text = ch_text_into(out, capacity);
    CH_TEXT(&text, "{\"cards\":[");
    for (int i = 0; i < s->n_cards; i++) {
        int32_t card[3] = {s->cards[i].x, s->cards[i].y, s->cards[i].kind};
        if (i) CH_TEXT(&text, ",");
        ch_text_ints(&text, card, 3);
    }
    CH_TEXT(&text, "],\"last\":");
    if (s->n_cards) {
        int32_t last[2] = {s->last_x, s->last_y};
        ch_text_ints(&text, last, 2);
    } else {
        CH_TEXT(&text, "null");
    }
    CH_TEXT(&text, ",\"pending\":");
    if (s->pending == CHS_NO_CARD)
        CH_TEXT(&text, "null");
    else
        ch_text_int(&text, s->pending);
    int32_t left[CHS_KINDS];
    for (int kind = 0; kind < CHS_KINDS; kind++) left[kind] = s->left[kind];
    CH_TEXT(&text, ",\"left\":");
    ch_text_ints(&text, left, CHS_KINDS);
    CH_TEXT(&text, ",\"ending\":");
    if (s->ending == CHS_PLAYING)
        CH_TEXT(&text, "null");
    else
        ch_text_string(&text, endings[s->ending - 1]);
    CH_TEXT(&text, "}");
    return ch_text_length(&text);
}

/* A decision is a placement, named by its direction's number alone (board.DIRECTION_NAMES). */
int32_t chs_notation_key(const uint8_t *state) {
    (void)state;
    return 0;
}

/* Mirrors ChasersState.determinize: nothing is hidden, so the state stays as it is (the
 * caller has already drawn the one 64-bit seed the contract asks for). */
void chs_determinize(uint8_t *state, int32_t seat, uint64_t rng_seed) {
    (void)state;
    (void)seat;
    (void)rng_seed;
}

/* ------------------------------------------------------------------------------------
 * Playouts: the rest of a game on one board window, undone between playouts.
 * ---------------------------------------------------------------------------------- */

typedef struct {
    chs_board board;
    chs_card cards[CHS_MAX_CARDS]; /* the state's cards, then the playout's */
    int n_start;
    int rows_y0, rows_y1; /* the table rows of the window that are cleared */
    const double *weights; /* the heuristic's, CHS_PLAYOUT_WEIGHTS but when a fit tries others */
} chs_playground;

typedef struct {
    int n_cards, last_x, last_y, pending, ending, active_traps, cards_left;
    int64_t left[CHS_KINDS];
} chs_run;

/* The run of a playout or a heuristic from `s`. */
static inline chs_run chs_run_of(const chs_state *s) {
    chs_run r = {s->n_cards, s->last_x, s->last_y, s->pending, s->ending, s->active_traps,
                 chs_cards_left(s), {s->left[0], s->left[1], s->left[2], s->left[3]}};
    return r;
}

/* One window for every card a playout from `s` can place: the previous card's cell
 * reaches at most one step per card still to place. */
static void chs_playground_load(chs_playground *g, const chs_state *s) {
    g->weights = CHS_PLAYOUT_WEIGHTS;
    int reach = chs_cards_left(s) + (s->pending != CHS_NO_CARD);
    int x0 = s->last_x - reach, y0 = s->last_y - reach;
    int x1 = s->last_x + reach, y1 = s->last_y + reach;
    chs_box_cards(s, &x0, &y0, &x1, &y1);
    chs_board_load(&g->board, s, x0 - CHS_MARGIN, y0 - CHS_MARGIN, x1 + CHS_MARGIN,
                   y1 + CHS_MARGIN);
    memcpy(g->cards, s->cards, sizeof(chs_card) * s->n_cards);
    g->n_start = s->n_cards;
    g->rows_y0 = g->board.y0;
    g->rows_y1 = g->board.y0 + g->board.height - 1;
}

/* The same window for one playout, with only the rows within CHS_MARGIN of a card (and
 * of the previous card's cell) cleared: chs_playground_reach clears the others as the
 * playout comes near them. A whole window from the first placements is 207 rows of 207
 * cells, and clearing it was a large part of a search iteration; a playout's walk visits
 * a few dozen rows. */
static void chs_playground_load_near(chs_playground *g, const chs_state *s) {
    g->weights = CHS_PLAYOUT_WEIGHTS;
    int reach = chs_cards_left(s) + (s->pending != CHS_NO_CARD);
    /* the cards and the previous card's cell, then as far as the playout can walk */
    int cards_x0 = s->last_x, rows_y0 = s->last_y, cards_x1 = s->last_x, rows_y1 = s->last_y;
    chs_box_cards(s, &cards_x0, &rows_y0, &cards_x1, &rows_y1);
    int x0 = cards_x0 < s->last_x - reach ? cards_x0 : s->last_x - reach;
    int y0 = rows_y0 < s->last_y - reach ? rows_y0 : s->last_y - reach;
    int x1 = cards_x1 > s->last_x + reach ? cards_x1 : s->last_x + reach;
    int y1 = rows_y1 > s->last_y + reach ? rows_y1 : s->last_y + reach;
    chs_board_frame(&g->board, x0 - CHS_MARGIN, y0 - CHS_MARGIN, x1 + CHS_MARGIN,
                    y1 + CHS_MARGIN);
    chs_board_clear_rows(&g->board, rows_y0 - CHS_MARGIN, rows_y1 + CHS_MARGIN);
    chs_board_lay_cards(&g->board, s);
    memcpy(g->cards, s->cards, sizeof(chs_card) * s->n_cards);
    g->n_start = s->n_cards;
    g->rows_y0 = rows_y0 - CHS_MARGIN;
    g->rows_y1 = rows_y1 + CHS_MARGIN;
}

/* Clears the rows within CHS_MARGIN of row y that are not yet. A card lies at most one
 * row from the previous one, so after each placement at most one row a side is new. */
static inline void chs_playground_reach(chs_playground *g, int y) {
    if (y - CHS_MARGIN < g->rows_y0) {
        chs_board_clear_rows(&g->board, y - CHS_MARGIN, g->rows_y0 - 1);
        g->rows_y0 = y - CHS_MARGIN;
    }
    if (y + CHS_MARGIN > g->rows_y1) {
        chs_board_clear_rows(&g->board, g->rows_y1 + 1, y + CHS_MARGIN);
        g->rows_y1 = y + CHS_MARGIN;
    }
}

static void chs_run_place(chs_playground *g, chs_run *r, int x, int y) {
    int cell = chs_index(&g->board, x, y);
    chs_put_at(&g->board, cell, r->pending);
    g->cards[r->n_cards].x = (int8_t)x;
    g->cards[r->n_cards].y = (int8_t)y;
    g->cards[r->n_cards].kind = (uint8_t)r->pending;
    r->n_cards++;
    r->last_x = x;
    r->last_y = y;
    r->pending = CHS_NO_CARD;
    r->active_traps += chs_trap_change(&g->board, cell);
    if (r->active_traps >= CHS_LOSING_TRAPS)
        r->ending = CHS_TRAPPED;
    else if (r->cards_left == 0)
        r->ending = CHS_COMPLETE;
}

/* Whether the trap on cell i could still be shut: every side is an active mouse, or an
 * empty cell where a mouse would be active (no cat beside it). */
static int chs_trap_can_be_shut(const chs_board *b, int i) {
    for (int side = 0; side < 4; side++) {
        int t = i + b->side[side];
        if (chs_at(b, t) == CHS_EMPTY) {
            if (b->cells[t] != CHS_EMPTY) return 0; /* a cat beside the cell */
        } else if (!chs_is_active_mouse(b, t)) {
            return 0;
        }
    }
    return 1;
}

/* How many of cell j's sides hold an active mouse, when j is empty (else 0): four make a
 * ready hole, where a trap placed is shut at once. */
static int chs_hole_readiness(const chs_board *b, int j) {
    return chs_at(b, j) == CHS_EMPTY ? chs_orthogonal_active_mice(b, j) : 0;
}

/* The heuristic's value of a placement that loses at once: below any other. */
#define CHS_LOSES_AT_ONCE (-1000.0)

/* The run's next card drawn: `kind` leaves the deck and waits for its cell. */
static inline void chs_run_draw(chs_run *r, int kind) {
    r->left[kind]--;
    r->cards_left--;
    r->pending = kind;
}

/* The fast playout heuristic (policy 1): a one-ply look at each empty cell, keeping the
 * best (ties broken at random). It refuses to lose at once — a 3rd active trap, or a
 * cell with no empty neighbour while cards remain (the next draw would end the game).
 * Otherwise a placement's value is a weighted sum of what it does (the terms of
 * chs_playout_weights.h, fitted to finish playouts: tools/chasers_playout_fit.py):
 *   mouse   if active: a base, per cheese beside it, per trap beside it (it may shut
 *           it); if a cat silences it: a cost;
 *   cat     per active mouse it silences;
 *   cheese  per active mouse beside it, per cat or trap beside it;
 *   trap    per active mouse beside it, per trap beside it, if it can never be shut
 *           (a side that is neither an active mouse nor a cell fit for one);
 *   each newly active trap, and again times the traps already active;
 *   room to go on (per empty neighbour, up to 3), and being cramped (fewer than 2);
 *   per trap still in the deck, the ready holes (and the holes one mouse short) among
 *   the eight cells the next card may take: where a drawn trap can be shut at once. */
static double chs_heuristic_value(chs_board *b, const chs_run *r, int i, const double *w) {
    int kind = r->pending;
    double value = 0;
    int mice_beside = chs_orthogonal_active_mice(b, i);
    chs_put_at(b, i, kind);
    int new_traps = chs_trap_change(b, i);
    int room = chs_count_empty_neighbours(b, i);
    if (kind == CHS_MOUSE && chs_is_active_mouse(b, i))
        value += w[CHS_W_MOUSE_ACTIVE] +
                 w[CHS_W_MOUSE_CHEESE] * chs_orthogonal_count(b, i, CHS_CHEESE) +
                 w[CHS_W_MOUSE_TRAP] * chs_orthogonal_count(b, i, CHS_TRAP);
    else if (kind == CHS_MOUSE)
        value += w[CHS_W_MOUSE_SILENCED];
    else if (kind == CHS_CAT)
        value += w[CHS_W_CAT_MOUSE] * mice_beside;
    else if (kind == CHS_CHEESE)
        value += w[CHS_W_CHEESE_MOUSE] * mice_beside +
                 w[CHS_W_CHEESE_BLOCKED] * (chs_orthogonal_count(b, i, CHS_CAT) +
                                            chs_orthogonal_count(b, i, CHS_TRAP));
    else
        value += w[CHS_W_TRAP_MOUSE] * mice_beside +
                 w[CHS_W_TRAP_TRAP] * chs_orthogonal_count(b, i, CHS_TRAP) +
                 w[CHS_W_TRAP_NEVER_SHUT] * !chs_trap_can_be_shut(b, i);
    if (r->left[CHS_TRAP] > 0) {
        int ready = 0, one_short = 0;
        for (int d = 0; d < CHS_DIRECTIONS; d++) {
            int readiness = chs_hole_readiness(b, i + b->around[d]);
            ready += readiness == 4;
            one_short += readiness == 3;
        }
        value += (double)r->left[CHS_TRAP] *
                 (w[CHS_W_READY_HOLE] * ready + w[CHS_W_HOLE_ONE_SHORT] * one_short);
    }
    chs_lift_at(b, i, kind);
    if (r->active_traps + new_traps >= CHS_LOSING_TRAPS) return CHS_LOSES_AT_ONCE;
    if (r->cards_left > 0 && room == 0) return CHS_LOSES_AT_ONCE;
    return value + w[CHS_W_NEW_TRAP] * new_traps +
           w[CHS_W_NEW_TRAP_WITH_ACTIVE] * new_traps * r->active_traps +
           w[CHS_W_ROOM] * (room < 3 ? room : 3) + w[CHS_W_CRAMPED] * (room < 2);
}

static int chs_choose(chs_playground *g, const chs_run *r, const int32_t *legal, int count,
                      ch_rng *rng, int policy) {
    if (policy != CH_POLICY_HEURISTIC) return legal[ch_rng_below(rng, (uint64_t)count)];
    int best = legal[0], ties = 0;
    double best_value = 0;
    int last = chs_index(&g->board, r->last_x, r->last_y);
    for (int i = 0; i < count; i++) {
        int d = legal[i];
        double value = chs_heuristic_value(&g->board, r, last + g->board.around[d], g->weights);
        if (ties == 0 || value > best_value) {
            best = d;
            best_value = value;
            ties = 1;
        } else if (value == best_value && ch_rng_below(rng, (uint64_t)++ties) == 0) {
            best = d;
        }
    }
    return best;
}

/* Place the waiting card by `policy`; 0 when the previous card has no empty neighbour. */
static int chs_run_decide(chs_playground *g, chs_run *r, ch_rng *rng, int policy) {
    int32_t legal[CHS_DIRECTIONS];
    int count = chs_empty_directions(&g->board, chs_index(&g->board, r->last_x, r->last_y), legal);
    if (count == 0) return 0;
    int d = chs_choose(g, r, legal, count, rng, policy);
    chs_run_place(g, r, r->last_x + CHS_DX[d], r->last_y + CHS_DY[d]);
    return 1;
}

/* Play from `s` to the end; returns the final score. `near` (a constant at each call):
 * the window's rows are cleared as the playout reaches them (chs_playground_load_near).
 * Every read of a step lies within CHS_MARGIN of the previous card, whose rows are
 * cleared once it is placed. */
static inline int chs_play_out(chs_playground *g, const chs_state *s, ch_rng *rng, int policy,
                               int near) {
    chs_run r = chs_run_of(s);
    if (r.ending == CHS_PLAYING && r.pending != CHS_NO_CARD) {
        chs_run_decide(g, &r, rng, policy);
        if (near) chs_playground_reach(g, r.last_y);
    }
    while (r.ending == CHS_PLAYING) {
        chs_run_draw(&r, ch_rng_pick(rng, r.left, CHS_KINDS));
        if (r.n_cards == 0)
            chs_run_place(g, &r, 0, 0);
        else if (!chs_run_decide(g, &r, rng, policy))
            r.ending = CHS_ENCLOSED;
        if (near) chs_playground_reach(g, r.last_y);
    }
    int score = r.ending == CHS_COMPLETE ? chs_table_total(&g->board, g->cards, r.n_cards) : 0;
    for (int i = g->n_start; i < r.n_cards; i++)
        chs_lift_at(&g->board, chs_index(&g->board, g->cards[i].x, g->cards[i].y),
                    g->cards[i].kind);
    return score;
}

/* The run of a decision node `s` (its card pending) on a board around the previous card
 * wide enough for the heuristic (a placement and the traps it can switch). */
static void chs_decision_load(chs_playground *g, chs_run *r, const chs_state *s) {
    chs_board_around(&g->board, s, s->last_x, s->last_y, 1 + CHS_MARGIN);
    *r = chs_run_of(s);
}

/* The decision of `state` loaded into `g` and `r`; 0 when no card waits to be placed. */
static int chs_decision_of(const uint8_t *state, chs_playground *g, chs_run *r) {
    if (chs_current_player(state) != 0) return 0;
    chs_decision_load(g, r, (const chs_state *)state);
    return 1;
}

/* The heuristic's value of each placement of run `r` (directions) on `b`. */
static void chs_heuristic_priors(chs_board *b, const chs_run *r, const int32_t *actions,
                                 int32_t n, double *priors) {
    int last = chs_index(b, r->last_x, r->last_y);
    for (int i = 0; i < n; i++)
        priors[i] = chs_heuristic_value(b, r, last + b->around[actions[i]], CHS_PLAYOUT_WEIGHTS);
}

/* The heuristic's value of each placement (directions), as the search's priors. */
int32_t chs_action_priors(const uint8_t *state, const int32_t *actions, int32_t n,
                          double *priors) {
    chs_playground g;
    chs_run r;
    if (!chs_decision_of(state, &g, &r)) return 0;
    chs_heuristic_priors(&g.board, &r, actions, n, priors);
    return n;
}

/* Each placement's heuristic terms, the value chs_heuristic_value gives it with each
 * weight alone set to 1 (the value is linear in the weights): `terms` takes n rows of
 * CHS_PLAYOUT_TERMS, `loses` 1 for a placement that loses at once (its row all 0). What
 * tools/chasers_search_agreement.py fits the search's choices to. */
int32_t chs_action_terms(const uint8_t *state, const int32_t *actions, int32_t n, double *terms,
                         int32_t *loses) {
    chs_playground g;
    chs_run r;
    if (!chs_decision_of(state, &g, &r)) return 0;
    int last = chs_index(&g.board, r.last_x, r.last_y);
    double unit[CHS_PLAYOUT_TERMS] = {0};
    for (int i = 0; i < n; i++) {
        double *row = terms + (ptrdiff_t)i * CHS_PLAYOUT_TERMS;
        loses[i] = 0;
        for (int k = 0; k < CHS_PLAYOUT_TERMS; k++) {
            unit[k] = 1.0;
            row[k] = chs_heuristic_value(&g.board, &r, last + g.board.around[actions[i]], unit);
            unit[k] = 0.0;
            if (row[k] == CHS_LOSES_AT_ONCE) loses[i] = 1;
        }
        if (loses[i])
            for (int k = 0; k < CHS_PLAYOUT_TERMS; k++) row[k] = 0.0;
    }
    return n;
}

/* chs_playout on `g`, a window loaded for `s` whose rows are cleared as the playout
 * reaches them. */
static int32_t chs_scored_playout(chs_playground *g, const chs_state *s, int32_t policy,
                                  uint64_t *rng_state, int32_t *scores, int32_t *rank_keys) {
    ch_rng rng = ch_rng_seeded(*rng_state);
    int known = policy == CH_POLICY_HEURISTIC ? policy : CH_POLICY_RANDOM;
    int score = chs_play_out(g, s, &rng, known, 1);
    *rng_state = rng.state;
    scores[0] = rank_keys[0] = score;
    return 1;
}

int32_t chs_playout(const uint8_t *state, int32_t policy, uint64_t *rng_state, int32_t *scores,
                    int32_t *rank_keys) {
    const chs_state *s = (const chs_state *)state;
    chs_playground g;
    chs_playground_load_near(&g, s);
    return chs_scored_playout(&g, s, policy, rng_state, scores, rank_keys);
}

/* Batched playouts (ch_game's batch_*): one window for the whole batch, laid out at once
 * (chs_playground_load), and one generator. Policy 0 picks uniformly among the empty
 * cells; policy 1 is the heuristic above. The only seat always wins. */
typedef struct {
    chs_playground g;
    ch_rng rng;
} chs_batch;

_Static_assert(sizeof(chs_batch) < 64 * 1024, "ch_playouts keeps the batch on the stack");

static int32_t chs_batch_size(void) { return (int32_t)sizeof(chs_batch); }

static int32_t chs_batch_start(void *batch, const uint8_t *state, uint64_t seed) {
    chs_batch *b = (chs_batch *)batch;
    chs_playground_load(&b->g, (const chs_state *)state);
    b->rng = ch_rng_seeded(seed);
    return 1;
}

static int32_t chs_batch_playout(void *batch, const uint8_t *state, int32_t policy,
                                 int32_t *points, int32_t *rank_keys) {
    chs_batch *b = (chs_batch *)batch;
    points[0] = rank_keys[0] = chs_play_out(&b->g, (const chs_state *)state, &b->rng, policy, 0);
    return 1;
}

/* How many of `count` heuristic playouts from `state` finish with points when the
 * heuristic weighs its terms by `weights` (CHS_PLAYOUT_TERMS of them) instead of
 * CHS_PLAYOUT_WEIGHTS: what tools/chasers_playout_fit.py maximises. They are the
 * playouts of ch_playouts with policy 1 and the same seed, bar the weights; a game
 * finished without a point counts as lost, as the searches count a playout. */
int32_t chs_playout_finishes(const uint8_t *state, const double *weights, int32_t count,
                             uint64_t seed) {
    chs_batch b;
    chs_batch_start(&b, state, seed);
    b.g.weights = weights;
    int32_t finished = 0;
    for (int32_t run = 0; run < count; run++)
        finished +=
            chs_play_out(&b.g, (const chs_state *)state, &b.rng, CH_POLICY_HEURISTIC, 0) > 0;
    return finished;
}

int32_t chs_playout_terms(void) { return CHS_PLAYOUT_TERMS; }

/* ------------------------------------------------------------------------------------
 * The leaf value (tools/chasers_value_fit.py): the chance that the game of a position
 * after a placement is completed by a search, a logistic regression on what decides it:
 * the active traps and the traps that must still be shut (more than two active lose),
 * the holes where a trap is shut at once or one mouse short of it, the room around the
 * previous card, the deck's counts. The weights are fitted to games a search played,
 * so a leaf is valued by how a search would go on, where a playout of the heuristic
 * finishes a fifth as often.
 * ---------------------------------------------------------------------------------- */

/* The features, in the order of the fitted weights (FEATURES in the fitting tool). */
enum chs_value_feature {
    CHS_V_BIAS,
    CHS_V_ONE_ACTIVE,       /* one active trap */
    CHS_V_TWO_ACTIVE,       /* two: the next one loses */
    CHS_V_TRAPS_LEFT,       /* traps still in the deck */
    CHS_V_NEED_ONE,         /* traps to shut before the end (deck and active, beyond two) */
    CHS_V_NEED_TWO,
    CHS_V_NEED_MORE,
    CHS_V_CARDS_LEFT,       /* cards still in the deck, in tens */
    CHS_V_NEED_CARDS_LEFT,  /* traps to shut times the cards left to do it */
    CHS_V_READY,            /* ready holes: empty, four active mice beside (capped) */
    CHS_V_READY_NEEDED,     /* ready holes, up to the traps to shut */
    CHS_V_ONE_SHORT,        /* holes with three active mice and room for a fourth (capped) */
    CHS_V_ONE_SHORT_NEEDED, /* the same while traps must be shut */
    CHS_V_READY_NEAR,       /* ready holes within two steps of the previous card (up to 2) */
    CHS_V_SHUTTABLE,        /* active traps that could still be shut */
    CHS_V_NEVER_SHUT,       /* active traps that never can */
    CHS_V_OPENABLE,         /* shut traps a cat could open again, while cats remain */
    CHS_V_ROOM,             /* empty cells around the previous card (up to 3) */
    CHS_V_NO_ROOM,          /* none: the next draw ends the game */
    CHS_V_ONE_ROOM,
    CHS_V_MICE_LEFT,        /* in tens */
    CHS_V_CATS_LEFT,        /* in tens */
    CHS_V_MICE_NEEDED,      /* mice left while traps must be shut, in tens */
    CHS_VALUE_FEATURES
};

#define CHS_VALUE_CAP_HOLES 4

/* Whether cell j is empty with no cat beside it: a mouse placed there would be active. */
static inline int chs_fit_for_mouse(const chs_board *b, int j) { return b->cells[j] == CHS_EMPTY; }

/* Whether the shut trap on cell i could be opened again: one of its mice has an empty
 * side where a cat could go. */
static int chs_trap_can_be_opened(const chs_board *b, int i) {
    for (int side = 0; side < 4; side++) {
        int m = i + b->side[side];
        for (int other = 0; other < 4; other++)
            if (chs_at(b, m + b->side[other]) == CHS_EMPTY) return 1;
    }
    return 0;
}

static inline double chs_capped(int value, int cap) { return value < cap ? value : cap; }

/* The features of the position `s` (a card just placed, none pending) on a board holding
 * all its cards: CHS_VALUE_FEATURES numbers, in the order of enum chs_value_feature. */
static void chs_value_features_on(const chs_board *b, const chs_state *s, double *f) {
    int shuttable = 0, never = 0, openable = 0, ready = 0, one_short = 0, ready_near = 0;
    for (int c = 0; c < s->n_cards; c++) {
        const chs_card *card = &s->cards[c];
        int i = chs_index(b, card->x, card->y);
        if (card->kind == CHS_TRAP) {
            if (chs_is_active_trap(b, i))
                chs_trap_can_be_shut(b, i) ? shuttable++ : never++;
            else
                openable += chs_trap_can_be_opened(b, i);
            continue;
        }
        if (!chs_is_active_mouse(b, i)) continue;
        /* each empty side of an active mouse is a hole, counted from the first of its
         * sides that holds an active mouse, so once */
        for (int side = 0; side < 4; side++) {
            int j = i + b->side[side];
            if (chs_at(b, j) != CHS_EMPTY) continue;
            int first = 1;
            for (int earlier = 0; earlier < 3 - side; earlier++)
                if (chs_is_active_mouse(b, j + b->side[earlier])) first = 0;
            if (!first) continue;
            int mice = chs_orthogonal_active_mice(b, j);
            int near = abs(card->x + CHS_SIDE_DX[side] - s->last_x) <= 2 &&
                       abs(card->y + CHS_SIDE_DY[side] - s->last_y) <= 2;
            if (mice == 4) {
                ready++;
                ready_near += near;
            } else if (mice == 3) {
                for (int other = 0; other < 4; other++) {
                    int t = j + b->side[other];
                    if (chs_at(b, t) == CHS_EMPTY && chs_fit_for_mouse(b, t)) one_short++;
                }
            }
        }
    }
    int active = s->active_traps, traps_left = s->left[CHS_TRAP];
    int need = traps_left + active - (CHS_LOSING_TRAPS - 1);
    need = need > 0 ? need : 0;
    int room = chs_count_empty_neighbours(b, chs_index(b, s->last_x, s->last_y));
    double cards_left = chs_cards_left(s) / 10.0, pressed = need > 0;
    f[CHS_V_BIAS] = 1.0;
    f[CHS_V_ONE_ACTIVE] = active == 1;
    f[CHS_V_TWO_ACTIVE] = active == 2;
    f[CHS_V_TRAPS_LEFT] = traps_left;
    f[CHS_V_NEED_ONE] = need == 1;
    f[CHS_V_NEED_TWO] = need == 2;
    f[CHS_V_NEED_MORE] = need >= 3;
    f[CHS_V_CARDS_LEFT] = cards_left;
    f[CHS_V_NEED_CARDS_LEFT] = need * cards_left;
    f[CHS_V_READY] = chs_capped(ready, CHS_VALUE_CAP_HOLES);
    f[CHS_V_READY_NEEDED] = pressed * chs_capped(ready, need);
    f[CHS_V_ONE_SHORT] = chs_capped(one_short, CHS_VALUE_CAP_HOLES);
    f[CHS_V_ONE_SHORT_NEEDED] = pressed * chs_capped(one_short, CHS_VALUE_CAP_HOLES);
    f[CHS_V_READY_NEAR] = chs_capped(ready_near, 2);
    f[CHS_V_SHUTTABLE] = shuttable;
    f[CHS_V_NEVER_SHUT] = never;
    f[CHS_V_OPENABLE] = s->left[CHS_CAT] > 0 ? openable : 0;
    f[CHS_V_ROOM] = chs_capped(room, 3);
    f[CHS_V_NO_ROOM] = room == 0;
    f[CHS_V_ONE_ROOM] = room == 1;
    f[CHS_V_MICE_LEFT] = s->left[CHS_MOUSE] / 10.0;
    f[CHS_V_CATS_LEFT] = s->left[CHS_CAT] / 10.0;
    f[CHS_V_MICE_NEEDED] = pressed * s->left[CHS_MOUSE] / 10.0;
}

_Static_assert(sizeof CHS_VALUE_WEIGHTS == CHS_VALUE_FEATURES * sizeof(double),
               "chs_value_weights.h has one weight per feature");

/* The fitted chance that the position is completed: none when the next draw has no cell. */
static double chs_value_on(const chs_board *b, const chs_state *s) {
    double f[CHS_VALUE_FEATURES], z = 0.0;
    chs_value_features_on(b, s, f);
    if (f[CHS_V_NO_ROOM] > 0.0) return 0.0;
    for (int k = 0; k < CHS_VALUE_FEATURES; k++) z += CHS_VALUE_WEIGHTS[k] * f[k];
    return 1.0 / (1.0 + exp(-z));
}

/* Whether `s` is a position the value values: a card just placed, none drawn, the game
 * going on. */
static inline int chs_is_after_placement(const chs_state *s) {
    return s->ending == CHS_PLAYING && s->pending == CHS_NO_CARD && s->n_cards > 0;
}

/* A board holding every card of `s` and its previous card's neighbours. */
static void chs_board_of(chs_board *b, const chs_state *s) {
    int x0 = s->last_x, y0 = s->last_y, x1 = s->last_x, y1 = s->last_y;
    chs_box_cards(s, &x0, &y0, &x1, &y1);
    chs_board_load(b, s, x0 - CHS_MARGIN, y0 - CHS_MARGIN, x1 + CHS_MARGIN, y1 + CHS_MARGIN);
}

int32_t chs_value_features(const uint8_t *state, double *out) {
    const chs_state *s = (const chs_state *)state;
    if (!chs_is_after_placement(s)) return 0;
    chs_board b;
    chs_board_of(&b, s);
    chs_value_features_on(&b, s, out);
    return CHS_VALUE_FEATURES;
}

double chs_value(const uint8_t *state) {
    const chs_state *s = (const chs_state *)state;
    if (!chs_is_after_placement(s)) return -1.0;
    chs_board b;
    chs_board_of(&b, s);
    return chs_value_on(&b, s);
}

int32_t chs_value_feature_count(void) { return CHS_VALUE_FEATURES; }

/* ------------------------------------------------------------------------------------
 * The clairvoyant solver (tools/chasers_ceiling.py): whether a deal can be completed by
 * a player who knew the deck's order, found by depth-first search over the placements,
 * the heuristic's best first. A measuring instrument of how far luck alone caps the
 * completion rate, never a player: no bot knows the order.
 * ---------------------------------------------------------------------------------- */

typedef struct {
    int64_t nodes, budget;
    const int32_t *order; /* the kinds still to draw, in order */
    int32_t *line;        /* the direction each of them was placed in (-1: the origin) */
} chs_solver;

enum { CHS_SOLVED = 1, CHS_UNSOLVABLE = 0, CHS_OUT_OF_BUDGET = -1, CHS_BAD_ORDER = -2 };

/* The placements of run `r`'s draw k and on, tried best first by the heuristic; those
 * that lose at once (a third active trap, a card left without an empty neighbour while
 * cards remain) are never tried. */
static int chs_solve_from(chs_playground *g, const chs_run *r, chs_solver *sv, int k) {
    if (r->ending == CHS_COMPLETE) return CHS_SOLVED;
    if (r->ending != CHS_PLAYING) return CHS_UNSOLVABLE;
    if (++sv->nodes > sv->budget) return CHS_OUT_OF_BUDGET;
    chs_run drawn = *r;
    int kind = sv->order[k];
    chs_run_draw(&drawn, kind);
    if (drawn.n_cards == 0) {
        sv->line[k] = -1;
        chs_run_place(g, &drawn, 0, 0);
        int result = chs_solve_from(g, &drawn, sv, k + 1);
        chs_lift_at(&g->board, chs_index(&g->board, 0, 0), kind);
        return result;
    }
    int last = chs_index(&g->board, drawn.last_x, drawn.last_y);
    int32_t legal[CHS_DIRECTIONS], ranked[CHS_DIRECTIONS];
    double values[CHS_DIRECTIONS];
    int count = chs_empty_directions(&g->board, last, legal), tried = 0;
    for (int i = 0; i < count; i++) {
        double value = chs_heuristic_value(&g->board, &drawn, last + g->board.around[legal[i]],
                                           g->weights);
        if (value <= CHS_LOSES_AT_ONCE) continue;
        int at = tried++;
        for (; at > 0 && values[at - 1] < value; at--) {
            values[at] = values[at - 1];
            ranked[at] = ranked[at - 1];
        }
        values[at] = value;
        ranked[at] = legal[i];
    }
    for (int i = 0; i < tried; i++) {
        int d = ranked[i], x = drawn.last_x + CHS_DX[d], y = drawn.last_y + CHS_DY[d];
        chs_run placed = drawn;
        sv->line[k] = d;
        chs_run_place(g, &placed, x, y);
        int result = chs_solve_from(g, &placed, sv, k + 1);
        chs_lift_at(&g->board, chs_index(&g->board, x, y), kind);
        if (result != CHS_UNSOLVABLE) return result;
    }
    return CHS_UNSOLVABLE;
}

int32_t chs_solve_order(const uint8_t *state, const int32_t *order, int32_t n_order,
                        int64_t budget, int32_t *line, int64_t *nodes) {
    const chs_state *s = (const chs_state *)state;
    *nodes = 0;
    if (s->ending == CHS_COMPLETE) return CHS_SOLVED;
    if (s->ending != CHS_PLAYING) return CHS_UNSOLVABLE;
    if (s->pending != CHS_NO_CARD || n_order != chs_cards_left(s)) return CHS_BAD_ORDER;
    int counts[CHS_KINDS] = {0, 0, 0, 0};
    for (int k = 0; k < n_order; k++) {
        if (order[k] < 0 || order[k] >= CHS_KINDS) return CHS_BAD_ORDER;
        counts[order[k]]++;
    }
    for (int kind = 0; kind < CHS_KINDS; kind++)
        if (counts[kind] != s->left[kind]) return CHS_BAD_ORDER;
    chs_playground *g = malloc(sizeof *g);
    if (!g) return CHS_OUT_OF_BUDGET;
    chs_playground_load(g, s);
    chs_run r = chs_run_of(s);
    chs_solver sv = {0, budget, order, line};
    int result = chs_solve_from(g, &r, &sv, 0);
    free(g);
    *nodes = sv.nodes < budget ? sv.nodes : budget;
    return result;
}

/* ------------------------------------------------------------------------------------
 * A search's world on one board (ch_game's world_*): the window of chs_playground_load_near
 * framed once for the root, and each iteration's cards laid on it and lifted again, where
 * chs_apply, chs_action_priors and chs_playout each lay out a window from the state (the
 * search's placements, priors and leaves were a fifth of an iteration doing that). The
 * rules read the same cells, so every result is the same.
 * ---------------------------------------------------------------------------------- */

typedef struct {
    chs_playground g;              /* the board of the root and the iteration's cards */
    chs_state root;                /* the root the board was framed for */
    chs_card placed[CHS_MAX_CARDS]; /* the cards the iteration's tree steps laid */
    int n_placed;
    int framed;
} chs_world;

static int32_t chs_world_size(void) { return (int32_t)sizeof(chs_world); }

/* Every card later placed lies within the root's reach of its previous card, so the
 * root's window holds the whole iteration. A root unlike the last one (never, as nothing
 * is hidden) frames the window anew. */
static void chs_world_start(void *world, const uint8_t *state) {
    chs_world *w = (chs_world *)world;
    const chs_state *s = (const chs_state *)state;
    for (int i = w->n_placed - 1; i >= 0; i--) {
        const chs_card *c = &w->placed[i];
        chs_lift_at(&w->g.board, chs_index(&w->g.board, c->x, c->y), c->kind);
    }
    w->n_placed = 0;
    if (!w->framed || memcmp(&w->root, s, sizeof *s) != 0) {
        chs_playground_load_near(&w->g, s);
        w->root = *s;
        w->framed = 1;
    }
}

/* chs_apply on the world's board; a card placed is kept to be lifted at the next start. */
static int32_t chs_world_apply(void *world, uint8_t *state, int32_t action) {
    chs_world *w = (chs_world *)world;
    chs_state *s = (chs_state *)state;
    int cards = s->n_cards, kind = s->pending == CHS_NO_CARD ? action : s->pending;
    if (chs_apply_on(s, action, &w->g.board)) return 1;
    if (s->n_cards > cards) {
        chs_card *laid = &w->placed[w->n_placed++];
        laid->x = s->last_x, laid->y = s->last_y, laid->kind = (uint8_t)kind;
        chs_playground_reach(&w->g, s->last_y);
    }
    return 0;
}

/* chs_action_priors on the world's board. */
static int32_t chs_world_priors(void *world, const uint8_t *state, const int32_t *actions,
                                int32_t n, double *priors) {
    chs_world *w = (chs_world *)world;
    const chs_state *s = (const chs_state *)state;
    if (chs_current_player(state) != 0) return 0;
    chs_run r = chs_run_of(s);
    chs_heuristic_priors(&w->g.board, &r, actions, n, priors);
    return n;
}

/* chs_playout on the world's board, which it leaves as it found it. */
static int32_t chs_world_playout(void *world, const uint8_t *state, int32_t policy,
                                 uint64_t *rng_state, int32_t *scores, int32_t *rank_keys) {
    chs_world *w = (chs_world *)world;
    const chs_state *s = (const chs_state *)state;
    memcpy(w->g.cards, s->cards, sizeof(chs_card) * s->n_cards);
    w->g.n_start = s->n_cards;
    return chs_scored_playout(&w->g, s, policy, rng_state, scores, rank_keys);
}

/* chs_value on the world's board, with the points a completed game is expected to have. */
static double chs_world_value(void *world, const uint8_t *state, int32_t *points) {
    chs_world *w = (chs_world *)world;
    const chs_state *s = (const chs_state *)state;
    if (!chs_is_after_placement(s)) return -1.0;
    points[0] = (int32_t)(CHS_VALUE_POINTS + 0.5);
    return chs_value_on(&w->g.board, s);
}

/* ------------------------------------------------------------------------------------
 * A state from hello's options and a view's JSON (game_view_api.h, for cheese_bot.c).
 * The view is the whole position but the deck's order, which no state holds: the state
 * is the position itself.
 * ---------------------------------------------------------------------------------- */

const char *chs_slug(void) { return "cheese-chasers"; }

static const char *const CHS_OPTION_NAMES[CHS_KINDS] = {"mice", "cats", "cheese", "traps"};

int32_t chs_options_from_json(const ch_json *doc, int32_t options, int32_t num_players,
                              int32_t *out, int32_t capacity, const char **error) {
    (void)num_players;
    if (capacity < CHS_KINDS) {
        *error = "no room for the options";
        return -1;
    }
    for (int kind = 0; kind < CHS_KINDS; kind++)
        if (!ch_json_int(doc, ch_json_get(doc, options, CHS_OPTION_NAMES[kind]), 0,
                         CHS_MAX_CARDS, &out[kind])) {
            *error = "hello's options need mice, cats, cheese and traps, each 0 to 100";
            return -1;
        }
    return CHS_KINDS;
}

/* The traps of the table that are active now, counted on one window holding every card. */
static int chs_count_active_traps(const chs_state *s) {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    chs_box_cards(s, &x0, &y0, &x1, &y1);
    chs_board *b = malloc(sizeof *b);
    if (!b) return 0;
    chs_board_load(b, s, x0 - CHS_MARGIN, y0 - CHS_MARGIN, x1 + CHS_MARGIN, y1 + CHS_MARGIN);
    int active = 0;
    for (int i = 0; i < s->n_cards; i++)
        if (s->cards[i].kind == CHS_TRAP)
            active += chs_is_active_trap(b, chs_index(b, s->cards[i].x, s->cards[i].y));
    free(b);
    return active;
}

const char *chs_state_from_view(uint8_t *state, int32_t num_players, const int32_t *options,
                                int32_t n_options, const ch_json *doc, int32_t view,
                                int32_t *seat) {
    if (chs_init(state, num_players, 0, options, n_options) != CHS_OK)
        return "the options do not make a Cheese Chasers game";
    chs_state *s = (chs_state *)state;
    *seat = 0;
    int32_t cards = ch_json_get(doc, view, "cards");
    int32_t n_cards = ch_json_length(doc, cards);
    if (n_cards < 0 || n_cards > CHS_MAX_CARDS) return "the view's cards are not a list";
    int32_t used[CHS_KINDS] = {0};
    for (int32_t i = 0; i < n_cards; i++) {
        int32_t card[3];
        if (!ch_json_ints(doc, ch_json_item(doc, cards, i), 3, -CHS_REACH, CHS_REACH, card) ||
            card[2] < 0 || card[2] >= CHS_KINDS)
            return "a card of the view is not [x, y, kind]";
        for (int k = 0; k < s->n_cards; k++)
            if (s->cards[k].x == card[0] && s->cards[k].y == card[1])
                return "two cards of the view lie on one cell";
        chs_insert_card(s, card[0], card[1], card[2]);
        used[card[2]]++;
    }
    int32_t last[2] = {0, 0};
    int32_t last_node = ch_json_get(doc, view, "last");
    if (!ch_json_is_null(doc, last_node) &&
        !ch_json_ints(doc, last_node, 2, -CHS_REACH, CHS_REACH, last))
        return "the view's last is not [x, y] or null";
    s->last_x = (int8_t)last[0];
    s->last_y = (int8_t)last[1];
    s->taken = (uint8_t)chs_taken_around_last(s);
    int32_t pending = CHS_NO_CARD, pending_node = ch_json_get(doc, view, "pending");
    if (!ch_json_is_null(doc, pending_node) &&
        !ch_json_int(doc, pending_node, 0, CHS_KINDS - 1, &pending))
        return "the view's pending is not a kind or null";
    s->pending = (int8_t)pending;
    if (pending != CHS_NO_CARD) used[pending]++;
    int32_t left[CHS_KINDS];
    if (!ch_json_ints(doc, ch_json_get(doc, view, "left"), CHS_KINDS, 0, CHS_MAX_CARDS, left))
        return "the view's left is not 4 counts";
    for (int kind = 0; kind < CHS_KINDS; kind++) {
        if (left[kind] + used[kind] != options[kind])
            return "the view's cards and left do not add up to hello's deck";
        s->left[kind] = (uint8_t)left[kind];
    }
    int32_t ending = ch_json_get(doc, view, "ending");
    if (ch_json_is_null(doc, ending)) s->ending = CHS_PLAYING;
    else if (ch_json_string_is(doc, ending, "complete")) s->ending = CHS_COMPLETE;
    else if (ch_json_string_is(doc, ending, "trapped")) s->ending = CHS_TRAPPED;
    else if (ch_json_string_is(doc, ending, "enclosed")) s->ending = CHS_ENCLOSED;
    else return "the view's ending is not null, complete, trapped or enclosed";
    s->active_traps = (uint8_t)chs_count_active_traps(s);
    return NULL;
}


const ch_game *chs_game(void) { CH_GAME_TABLE_WITH_WORLD(chs); }

CH_GAME_FACTS(chs, {"min_players", 1}, {"max_players", 1}, {"kinds", CHS_KINDS},
              {"max_cards", CHS_MAX_CARDS}, {"option.counts", 0},
              {"option_count", CHS_KINDS})
