/* Get The Cheese! in C: the rules of cheese/engine/get_the_cheese (the reference engine),
 * fast enough for batched playouts.
 *
 * The state is a canonical packed struct of bytes. Hands and decks are counts per kind (a
 * deck is never an order); each cheese's line is an array from the cheese outward, one
 * byte per card; the cheese cards not yet dealt are kept sorted. Hand, deck and owed
 * totals are kept beside the counts they sum (they are functions of them, so they stay
 * canonical) because the turn rules read them at every step. Unused bytes are zero, so
 * the same position always has the same bytes. The mice and king mice of each line are
 * kept the same way, for the playout heuristic, which reads them at every decision.
 *
 * Event order and chance keys follow get_the_cheese/turns.py: the circle (key
 * event_key(1, position)), the opening hands seat 0 first, then a seat's 3 card draws after
 * each "draw 3" (key event_key(2, seat, cards drawn before)).
 *
 * Playout policies (gtc_choose, used by every playout): 0 picks uniformly among the legal
 * actions (without listing them); 1 is the heuristic described above
 * gtc_heuristic_action, whose per-action values are also the search's priors.
 */
#include "common.h"
#include "json_writer.h"
#define CH_GAME(name) gtc_##name
#include "game_view_api.h"
#include "game_api.h"

#define GTC_KINDS 7
#define GTC_MOUSE 0
#define GTC_SYMBOL_MOUSE 1
#define GTC_BIG_MOUSE 2
#define GTC_KING_MOUSE 3
#define GTC_CAT 4
#define GTC_SYMBOL_CAT 5
#define GTC_DOG 6

#define GTC_MIN_PLAYERS 3
#define GTC_MAX_PLAYERS 5
#define GTC_CHEESES_PER_PLAYER 2
#define GTC_MAX_CHEESES (GTC_CHEESES_PER_PLAYER * GTC_MAX_PLAYERS)
#define GTC_MAX_CARDS_PER_SEAT 30 /* options.MAX_CARDS_PER_SEAT */
#define GTC_MAX_PLACED (GTC_MAX_PLAYERS * GTC_MAX_CARDS_PER_SEAT)
/* A play puts one card on each of 3 different cheeses (a circle has at least 6), so a
 * line is never longer than the number of plays in a game. */
#define GTC_MAX_LINE (GTC_MAX_PLACED / 3) /* fits the 64-bit masks of the resolution */
#define GTC_MAX_CHEESE_CARDS 30 /* options.MAX_CHEESE_CARDS */
#define GTC_MAX_CHEESE_VALUE 99 /* options.MAX_CHEESE_VALUE */
/* The weighted determinization's weights (determinize.LINE_BINS, FIRST_PLACE_WEIGHTS,
 * WEIGHT_COUNT): per (kind, line bin) for a card played 1st, per kind for the 2nd and 3rd. */
#define GTC_LINE_BINS 4
#define GTC_FIRST_PLACE_WEIGHTS (GTC_KINDS * GTC_LINE_BINS)
#define GTC_WEIGHT_COUNT (GTC_FIRST_PLACE_WEIGHTS + 2 * GTC_KINDS)
/* An instrument's odds of each kind per card on the table (gtc_determinize_odds). */
#define GTC_CARD_ODDS_COUNT (GTC_MAX_CHEESES * GTC_MAX_LINE * GTC_KINDS)
#define GTC_PER_TURN 3
#define GTC_HAND_LIMIT 6
#define GTC_CAT_REACH 3
#define GTC_DRAW 0
#define GTC_TRIPLES_PER_START (GTC_KINDS * GTC_KINDS * GTC_KINDS)
#define GTC_MAX_TRIPLES 120 /* 6 different cards: 6 * 5 * 4 orders */
#define GTC_MAX_ACTIONS (1 + GTC_MAX_CHEESES * GTC_MAX_TRIPLES)
#define GTC_RANK_WIDTH 3
#define GTC_CHEESE_EVENT 1
#define GTC_CARD_EVENT 2
#define GTC_UNKNOWN (-1)        /* view.UNKNOWN */
#define GTC_UNKNOWN_SYMBOL (-2) /* view.UNKNOWN_SYMBOL */
/* view: 6 header ints, cheeses, per cheese a length and 4 ints a card, the hand, 3 ints
 * per seat, the terminal flag and the score piles. */
#define GTC_VIEW_SIZE \
    (6 + 2 * GTC_MAX_CHEESES + 4 * GTC_MAX_PLACED + GTC_KINDS + 3 * GTC_MAX_PLAYERS + 1 + \
     GTC_MAX_PLAYERS * GTC_KINDS)

/* Where each option sits in gtc_init's ints (native_codec.GtcCodec.parse_options): the
 * start player, the composition (GTC_KINDS counts), the cheese cards' count, their values. */
enum { GTC_OPTION_START_PLAYER = 0, GTC_OPTION_COMPOSITION = 1,
       GTC_OPTION_CHEESE_COUNT = 1 + GTC_KINDS, GTC_OPTION_CHEESE_VALUES = 2 + GTC_KINDS };
enum { GTC_OK = 0, GTC_BAD_PLAYERS = 1, GTC_BAD_OPTION_COUNT = 2, GTC_BAD_START = 3,
       GTC_BAD_COMPOSITION = 4, GTC_BAD_CHEESES = 5 };
enum { GTC_ILLEGAL = 1 };

typedef struct {
    uint8_t num_players;
    uint8_t n_cheeses;      /* 2 per player */
    uint8_t to_move;        /* the seat that decides once pending draws are done */
    uint8_t n_dealt;        /* cheeses of the circle dealt so far */
    uint8_t cards_per_seat; /* the composition's total */
    uint8_t n_cheese_left;  /* cheese cards not yet dealt */
    uint8_t n_placed;       /* cards in all lines */
    uint8_t n_owed;         /* sum of owed */
    uint8_t composition[GTC_KINDS];
    uint8_t owed[GTC_MAX_PLAYERS]; /* cards each seat still has to draw */
    uint8_t hand_size[GTC_MAX_PLAYERS];
    uint8_t deck_size[GTC_MAX_PLAYERS];
    uint8_t cheese[GTC_MAX_CHEESES];
    uint8_t line_len[GTC_MAX_CHEESES];
    uint8_t line_mice[GTC_MAX_CHEESES];  /* mice of each line, king mice included */
    uint8_t line_kings[GTC_MAX_CHEESES]; /* king mice of each line */
    uint8_t cheese_left[GTC_MAX_CHEESE_CARDS]; /* ascending */
    uint8_t hand[GTC_MAX_PLAYERS][GTC_KINDS];
    uint8_t deck[GTC_MAX_PLAYERS][GTC_KINDS];
    uint8_t line[GTC_MAX_CHEESES][GTC_MAX_LINE]; /* owner << 5 | position << 3 | kind */
} gtc_state;

static const uint8_t GTC_VALUE[GTC_KINDS] = {1, 1, 2, 1, 3, 3, 0};

/* ------------------------------------------------------------------------------------
 * Cards and counts
 * ---------------------------------------------------------------------------------- */

static inline uint8_t gtc_card(int owner, int kind, int position) {
    return (uint8_t)((owner << 5) | (position << 3) | kind);
}
static inline int gtc_kind(uint8_t card) { return card & 7; }
static inline int gtc_position(uint8_t card) { return (card >> 3) & 3; }
static inline int gtc_owner(uint8_t card) { return card >> 5; }
static inline int gtc_is_mouse(int kind) { return kind <= GTC_KING_MOUSE; }
static inline int gtc_is_cat(int kind) { return kind == GTC_CAT || kind == GTC_SYMBOL_CAT; }
static inline int gtc_is_symbol(int kind) {
    return kind == GTC_SYMBOL_MOUSE || kind == GTC_SYMBOL_CAT;
}
/* moves.is_placed_face_down */
static inline int gtc_face_down(uint8_t card) {
    return gtc_position(card) == 1 || gtc_is_symbol(gtc_kind(card));
}

static inline int gtc_has_cards(const gtc_state *s, int seat) {
    return s->hand_size[seat] + s->deck_size[seat] > 0;
}

/* ------------------------------------------------------------------------------------
 * Turns (turns.py)
 * ---------------------------------------------------------------------------------- */

static inline int gtc_is_over(const gtc_state *s) {
    /* Every card of every seat is in a line exactly when all hands and decks are empty. */
    return s->n_placed == s->num_players * s->cards_per_seat;
}

static inline int gtc_drawing_seat(const gtc_state *s) {
    for (int seat = 0; seat < s->num_players; seat++)
        if (s->owed[seat]) return seat;
    return -1;
}

static inline int gtc_player(const gtc_state *s) {
    if (s->n_dealt < s->n_cheeses || s->n_owed) return CH_CHANCE;
    if (gtc_is_over(s)) return CH_TERMINAL;
    return s->to_move;
}

static int gtc_next_seat(const gtc_state *s, int seat) {
    int candidate = seat;
    for (int step = 1; step <= s->num_players; step++) {
        candidate = candidate + 1 == s->num_players ? 0 : candidate + 1; /* no division */
        if (gtc_has_cards(s, candidate)) return candidate;
    }
    return seat;
}

static inline int gtc_may_draw(const gtc_state *s, int seat) {
    return s->deck_size[seat] > 0 && s->hand_size[seat] < GTC_HAND_LIMIT;
}

static inline int gtc_may_play(const gtc_state *s, int seat) {
    return s->hand_size[seat] >= GTC_PER_TURN;
}

static void gtc_deal_cheese(gtc_state *s, int index) {
    s->cheese[s->n_dealt++] = s->cheese_left[index];
    s->n_cheese_left--;
    memmove(s->cheese_left + index, s->cheese_left + index + 1,
            (size_t)(s->n_cheese_left - index));
    s->cheese_left[s->n_cheese_left] = 0;
    if (s->n_dealt == s->n_cheeses) {
        for (int seat = 0; seat < s->num_players; seat++) s->owed[seat] = GTC_PER_TURN;
        s->n_owed = (uint8_t)(GTC_PER_TURN * s->num_players);
    }
}

static inline void gtc_draw_card(gtc_state *s, int seat, int kind) {
    s->hand[seat][kind]++;
    s->hand_size[seat]++;
    s->deck[seat][kind]--;
    s->deck_size[seat]--;
    s->owed[seat]--;
    s->n_owed--;
}

static inline void gtc_draw_three(gtc_state *s, int seat) {
    s->owed[seat] = GTC_PER_TURN;
    s->n_owed += GTC_PER_TURN;
    s->to_move = (uint8_t)gtc_next_seat(s, seat);
}

/* The play of `kinds` from cheese `start`. With `count_mice` 0 the lines' mice counts are
 * left behind: only for a uniform playout, whose state is scored and thrown away without
 * reading them (a constant at each call, so the inlined play has no test for it). */
static inline void gtc_place_three(gtc_state *s, int seat, int start, const int *kinds,
                                   int count_mice) {
    for (int offset = 0, cheese = start; offset < GTC_PER_TURN; offset++) {
        int kind = kinds[offset];
        s->line[cheese][s->line_len[cheese]++] = gtc_card(seat, kind, offset + 1);
        if (count_mice) {
            s->line_mice[cheese] = (uint8_t)(s->line_mice[cheese] + gtc_is_mouse(kind));
            s->line_kings[cheese] = (uint8_t)(s->line_kings[cheese] + (kind == GTC_KING_MOUSE));
        }
        s->hand[seat][kind]--;
        cheese = cheese + 1 == s->n_cheeses ? 0 : cheese + 1;
    }
    s->n_placed += GTC_PER_TURN;
    s->hand_size[seat] -= GTC_PER_TURN;
    s->to_move = (uint8_t)gtc_next_seat(s, seat);
}

static void gtc_play_three(gtc_state *s, int seat, int start, const int *kinds) {
    gtc_place_three(s, seat, start, kinds, 1);
}

/* ------------------------------------------------------------------------------------
 * Plays: distinct ordered triples of the kinds in a hand (moves.distinct_plays)
 * ---------------------------------------------------------------------------------- */

/* A hand as three masks of kinds (bit k: kind k held once or more, twice or more, three
 * times or more): the triples of a hand depend on nothing else, and the masks turn their
 * counting into table reads and their listing into loops over the kinds held only. */
typedef struct {
    unsigned once, twice, thrice;
} gtc_hand_masks;

#define GTC_BITS2(m) ((m) & 1) + (((m) >> 1) & 1)
#define GTC_BITS4(m) GTC_BITS2(m) + GTC_BITS2((m) >> 2)
#define GTC_BITS7(m) GTC_BITS4(m) + GTC_BITS2((m) >> 4) + (((m) >> 6) & 1)
#define GTC_POP(m) (uint8_t)(GTC_BITS7(m))
#define GTC_POP8(m) GTC_POP(m), GTC_POP(m + 1), GTC_POP(m + 2), GTC_POP(m + 3), \
    GTC_POP(m + 4), GTC_POP(m + 5), GTC_POP(m + 6), GTC_POP(m + 7)
#define GTC_POP32(m) GTC_POP8(m), GTC_POP8(m + 8), GTC_POP8(m + 16), GTC_POP8(m + 24)
/* Bits set in a mask of kinds (the build targets processors without a popcount). */
static const uint8_t GTC_POPCOUNT[1 << GTC_KINDS] = {GTC_POP32(0), GTC_POP32(32), GTC_POP32(64),
                                                     GTC_POP32(96)};

/* A count's bits in the three masks, packed 8 apart (bit 0 once, 8 twice, 16 thrice). */
#define GTC_LEVELS(c) (((c) > 0) | ((c) > 1) << 8 | ((c) > 2) << 16)
#define GTC_LEVELS8(c) GTC_LEVELS(c), GTC_LEVELS(c + 1), GTC_LEVELS(c + 2), GTC_LEVELS(c + 3), \
    GTC_LEVELS(c + 4), GTC_LEVELS(c + 5), GTC_LEVELS(c + 6), GTC_LEVELS(c + 7)
static const uint32_t GTC_COUNT_LEVELS[4 * 8] = {GTC_LEVELS8(0), GTC_LEVELS8(8), GTC_LEVELS8(16),
                                                 GTC_LEVELS8(24)};

static inline gtc_hand_masks gtc_masks(const uint8_t *hand) {
    uint32_t packed = 0;
    for (int kind = 0; kind < GTC_KINDS; kind++) packed |= GTC_COUNT_LEVELS[hand[kind]] << kind;
    gtc_hand_masks m = {packed & 0x7F, (packed >> 8) & 0x7F, packed >> 16};
    return m;
}

static inline int gtc_lowest_kind(unsigned mask) { return __builtin_ctz(mask); }

static inline int32_t gtc_triple_code(int first, int second, int third) {
    return (first * GTC_KINDS + second) * GTC_KINDS + third;
}

/* The distinct ordered triples of the kinds in a hand (moves.distinct_plays) from its
 * masks, in ascending codes (gtc_triple_code): the loops visit the kinds held only.
 * Returns how many there are. */
static int gtc_triple_kinds(gtc_hand_masks m, uint8_t *firsts, uint8_t *seconds,
                            uint8_t *thirds) {
    int n = 0;
    for (unsigned f = m.once; f; f &= f - 1) {
        int first = gtc_lowest_kind(f);
        unsigned bit = 1u << first;
        unsigned left_once = m.twice & bit ? m.once : m.once & ~bit;
        unsigned left_twice = m.thrice & bit ? m.twice : m.twice & ~bit;
        for (unsigned g = left_once; g; g &= g - 1) {
            int second = gtc_lowest_kind(g);
            unsigned second_bit = 1u << second;
            for (unsigned h = left_twice & second_bit ? left_once : left_once & ~second_bit; h;
                 h &= h - 1) {
                firsts[n] = (uint8_t)first;
                seconds[n] = (uint8_t)second;
                thirds[n++] = (uint8_t)gtc_lowest_kind(h);
            }
        }
    }
    return n;
}

/* How many triples gtc_triple_kinds lists: with d kinds present, d2 held twice or more
 * and d3 three times or more, d(d-1)(d-2) all different + 3 d2 (d-1) with one kind twice +
 * d3 with one kind thrice. */
static inline int gtc_count_triples(gtc_hand_masks m) {
    int present = GTC_POPCOUNT[m.once], doubled = GTC_POPCOUNT[m.twice];
    return present * (present - 1) * (present - 2) + 3 * doubled * (present - 1) +
           GTC_POPCOUNT[m.thrice];
}

/* The index-th triple of gtc_triple_kinds' list, found by counting instead of listing: the
 * triples starting with `first` are the ordered pairs of what is left after taking one
 * `first` (p (p - 1) + d2 of them, with p kinds and d2 doubles left), and those starting
 * with `first, second` are the kinds left after taking one `second` too. */
static void gtc_nth_triple(gtc_hand_masks m, int index, int *kinds) {
    for (unsigned firsts = m.once;; firsts &= firsts - 1) {
        int first = gtc_lowest_kind(firsts);
        unsigned bit = 1u << first;
        unsigned left_once = m.twice & bit ? m.once : m.once & ~bit;
        unsigned left_twice = m.thrice & bit ? m.twice : m.twice & ~bit;
        int left_present = GTC_POPCOUNT[left_once];
        int pairs = left_present * (left_present - 1) + GTC_POPCOUNT[left_twice];
        if (index >= pairs) {
            index -= pairs;
            continue;
        }
        kinds[0] = first;
        for (unsigned seconds = left_once;; seconds &= seconds - 1) {
            int second = gtc_lowest_kind(seconds);
            unsigned second_bit = 1u << second;
            unsigned thirds = left_twice & second_bit ? left_once : left_once & ~second_bit;
            int singles = GTC_POPCOUNT[thirds];
            if (index >= singles) {
                index -= singles;
                continue;
            }
            kinds[1] = second;
            for (; index; index--) thirds &= thirds - 1;
            kinds[2] = gtc_lowest_kind(thirds);
            return;
        }
    }
}

static inline int32_t gtc_play_action(int start, int32_t code) {
    return 1 + start * GTC_TRIPLES_PER_START + code;
}

/* ------------------------------------------------------------------------------------
 * Resolution (resolve.py): one function per rule step on a line of card bytes
 * ---------------------------------------------------------------------------------- */

/* A line is resolved in place: cards taken, caught or boxed are marked in `gone` (bit i
 * for card i) instead of being removed. The reference closes the gaps after each step;
 * here the later steps skip gone cards without counting them, which reads the same line.
 * One pass over the line sorts its positions by kind into masks (bit i for card i), so
 * each step visits only the cards it moves: the dogs, the cats, the mice that eat. */
typedef uint64_t gtc_gone;

typedef struct {
    uint64_t of_kind[8]; /* indexed by a card's 3 kind bits */
} gtc_line_masks;

static inline int gtc_is_gone(gtc_gone gone, int i) { return (int)((gone >> i) & 1u); }
static inline int gtc_highest(uint64_t mask) { return 63 - __builtin_clzll(mask); }
static inline int gtc_lowest(uint64_t mask) { return __builtin_ctzll(mask); }

/* Step 1: dogs, last placed first, take the adjacent cats of other colours. */
static gtc_gone gtc_chase_cats_with_dogs(const uint8_t *line, uint64_t dogs, uint64_t cats,
                                         uint8_t piles[][GTC_KINDS]) {
    gtc_gone gone = 0;
    for (; dogs; dogs &= ~((uint64_t)1 << gtc_highest(dogs))) {
        int i = gtc_highest(dogs);
        int dog_owner = gtc_owner(line[i]);
        uint64_t beside = (((uint64_t)1 << i) >> 1 | ((uint64_t)1 << i) << 1) & cats & ~gone;
        for (; beside; beside &= beside - 1) {
            int j = gtc_lowest(beside);
            if (gtc_owner(line[j]) != dog_owner) {
                piles[dog_owner][gtc_kind(line[j])]++;
                gone |= (gtc_gone)1 << j;
            }
        }
    }
    return gone;
}

/* Step 2: cats, last placed first, look at up to 3 cards ahead: other colours' mice are
 * caught, own mice count, a dog or a cat stops; then the cat is boxed. Ahead of a cat the
 * only gone cards are cats the dogs took (what later cats catch lies behind it), and no
 * cat is taken during this step, so the cats to visit are known before it. */
static gtc_gone gtc_catch_mice_with_cats(const uint8_t *line, uint64_t cats, uint64_t mice,
                                         gtc_gone gone, uint8_t piles[][GTC_KINDS]) {
    for (cats &= ~gone; cats; cats &= ~((uint64_t)1 << gtc_highest(cats))) {
        int i = gtc_highest(cats);
        int cat_owner = gtc_owner(line[i]);
        int seen = 0;
        for (int ahead = i - 1; ahead >= 0 && seen < GTC_CAT_REACH; ahead--) {
            if (gtc_is_gone(gone, ahead)) continue;
            if (!((mice >> ahead) & 1)) break;
            seen++;
            if (gtc_owner(line[ahead]) != cat_owner) {
                piles[cat_owner][gtc_kind(line[ahead])]++;
                gone |= (gtc_gone)1 << ahead;
            }
        }
        gone |= (gtc_gone)1 << i;
    }
    return gone;
}

/* Steps 3 and 4: the king mice move to the front, the nearest first, so the line reads
 * the kings in their order, then the other cards in theirs; from the front, dogs skipped,
 * the first `cheese` mice eat. */
static void gtc_feed_mice(const uint8_t *line, uint64_t kings, uint64_t others, int cheese,
                          uint8_t piles[][GTC_KINDS]) {
    int fed = 0;
    for (; kings && fed < cheese; kings &= kings - 1, fed++)
        piles[gtc_owner(line[gtc_lowest(kings)])][GTC_KING_MOUSE]++;
    for (; others && fed < cheese; others &= others - 1, fed++) {
        uint8_t card = line[gtc_lowest(others)];
        piles[gtc_owner(card)][gtc_kind(card)]++;
    }
}

static void gtc_score_piles(const gtc_state *s, uint8_t piles[][GTC_KINDS]) {
    memset(piles, 0, (size_t)GTC_MAX_PLAYERS * GTC_KINDS);
    for (int cheese = 0; cheese < s->n_cheeses; cheese++) {
        const uint8_t *line = s->line[cheese];
        int n = s->line_len[cheese];
        gtc_line_masks m;
        memset(&m, 0, sizeof m);
        for (int i = 0; i < n; i++) m.of_kind[gtc_kind(line[i])] |= (uint64_t)1 << i;
        uint64_t cats = m.of_kind[GTC_CAT] | m.of_kind[GTC_SYMBOL_CAT];
        uint64_t mice_but_kings =
            m.of_kind[GTC_MOUSE] | m.of_kind[GTC_SYMBOL_MOUSE] | m.of_kind[GTC_BIG_MOUSE];
        gtc_gone gone = 0;
        if (m.of_kind[GTC_DOG] && cats)
            gone = gtc_chase_cats_with_dogs(line, m.of_kind[GTC_DOG], cats, piles);
        if (cats)
            gone = gtc_catch_mice_with_cats(line, cats, mice_but_kings | m.of_kind[GTC_KING_MOUSE],
                                            gone, piles);
        gtc_feed_mice(line, m.of_kind[GTC_KING_MOUSE] & ~gone, mice_but_kings & ~gone,
                      s->cheese[cheese], piles);
    }
}

/* resolve.rank_key: (points, king mice, other mouse cards). */
static void gtc_rank_key(const uint8_t *pile, int32_t *key) {
    int points = 0;
    for (int kind = 0; kind < GTC_KINDS; kind++) points += pile[kind] * GTC_VALUE[kind];
    key[0] = points;
    key[1] = pile[GTC_KING_MOUSE];
    key[2] = pile[GTC_MOUSE] + pile[GTC_SYMBOL_MOUSE] + pile[GTC_BIG_MOUSE];
}

static void gtc_final_keys(const gtc_state *s, int32_t *keys) {
    uint8_t piles[GTC_MAX_PLAYERS][GTC_KINDS];
    if (gtc_player(s) != CH_TERMINAL) {
        memset(keys, 0, sizeof(int32_t) * (size_t)(s->num_players * GTC_RANK_WIDTH));
        return;
    }
    gtc_score_piles(s, piles);
    for (int seat = 0; seat < s->num_players; seat++)
        gtc_rank_key(piles[seat], keys + seat * GTC_RANK_WIDTH);
}

/* ------------------------------------------------------------------------------------
 * The API
 * ---------------------------------------------------------------------------------- */

int32_t gtc_state_size(void) { return (int32_t)sizeof(gtc_state); }

int32_t gtc_max_actions(void) { return GTC_MAX_ACTIONS; }

int32_t gtc_view_size(void) { return GTC_VIEW_SIZE; }

/* options: start_player, the 7 composition counts, the number of cheese cards, their
 * values (native_codec.parse_options). The seed is not kept: chance keys name events,
 * and the deal seed that decides them lives with the caller. */
int32_t gtc_init(uint8_t *state, int32_t num_players, uint64_t seed, const int32_t *options,
                 int32_t n_options) {
    (void)seed;
    gtc_state *s = (gtc_state *)state;
    memset(s, 0, sizeof *s);
    if (num_players < GTC_MIN_PLAYERS || num_players > GTC_MAX_PLAYERS) return GTC_BAD_PLAYERS;
    if (n_options < GTC_OPTION_CHEESE_VALUES) return GTC_BAD_OPTION_COUNT;
    int n_values = options[GTC_OPTION_CHEESE_COUNT];
    if (n_options != GTC_OPTION_CHEESE_VALUES + n_values) return GTC_BAD_OPTION_COUNT;
    int start = options[GTC_OPTION_START_PLAYER];
    if (start < 0 || start >= num_players) return GTC_BAD_START;
    int total = 0;
    for (int kind = 0; kind < GTC_KINDS; kind++) {
        if (options[GTC_OPTION_COMPOSITION + kind] < 0) return GTC_BAD_COMPOSITION;
        total += options[GTC_OPTION_COMPOSITION + kind];
    }
    if (total < GTC_PER_TURN || total > GTC_MAX_CARDS_PER_SEAT || total % GTC_PER_TURN)
        return GTC_BAD_COMPOSITION;
    if (n_values < GTC_CHEESES_PER_PLAYER * num_players || n_values > GTC_MAX_CHEESE_CARDS)
        return GTC_BAD_CHEESES;
    s->num_players = (uint8_t)num_players;
    s->n_cheeses = (uint8_t)(GTC_CHEESES_PER_PLAYER * num_players);
    s->to_move = (uint8_t)start;
    s->cards_per_seat = (uint8_t)total;
    for (int kind = 0; kind < GTC_KINDS; kind++)
        s->composition[kind] = (uint8_t)options[GTC_OPTION_COMPOSITION + kind];
    for (int seat = 0; seat < num_players; seat++) {
        memcpy(s->deck[seat], s->composition, GTC_KINDS);
        s->deck_size[seat] = (uint8_t)total;
    }
    for (int i = 0; i < n_values; i++) {
        int value = options[GTC_OPTION_CHEESE_VALUES + i];
        if (value < 1 || value > GTC_MAX_CHEESE_VALUE) {
            memset(s, 0, sizeof *s);
            return GTC_BAD_CHEESES;
        }
        /* insertion keeps the undealt cheeses ascending */
        int at = i;
        while (at > 0 && s->cheese_left[at - 1] > value) {
            s->cheese_left[at] = s->cheese_left[at - 1];
            at--;
        }
        s->cheese_left[at] = (uint8_t)value;
    }
    s->n_cheese_left = (uint8_t)n_values;
    return GTC_OK;
}

int32_t gtc_current_player(const uint8_t *state) { return gtc_player((const gtc_state *)state); }

int32_t gtc_chance_weights(const uint8_t *state, int32_t *actions, int64_t *weights) {
    const gtc_state *s = (const gtc_state *)state;
    if (gtc_player(s) != CH_CHANCE) return 0;
    int n = 0;
    if (s->n_dealt < s->n_cheeses) {
        for (int i = 0; i < s->n_cheese_left; i++) {
            if (n && actions[n - 1] == s->cheese_left[i]) {
                weights[n - 1]++;
            } else {
                actions[n] = s->cheese_left[i];
                weights[n++] = 1;
            }
        }
        return n;
    }
    const uint8_t *deck = s->deck[gtc_drawing_seat(s)];
    for (int kind = 0; kind < GTC_KINDS; kind++)
        if (deck[kind]) {
            actions[n] = kind;
            weights[n++] = deck[kind];
        }
    return n;
}

int32_t gtc_legal_actions(const uint8_t *state, int32_t *out) {
    const gtc_state *s = (const gtc_state *)state;
    int player = gtc_player(s);
    if (player == CH_TERMINAL) return 0;
    if (player == CH_CHANCE) {
        int64_t weights[GTC_MAX_CHEESE_CARDS];
        return gtc_chance_weights(state, out, weights);
    }
    int n = 0;
    if (gtc_may_draw(s, player)) out[n++] = GTC_DRAW;
    if (gtc_may_play(s, player)) {
        uint8_t firsts[GTC_MAX_TRIPLES], seconds[GTC_MAX_TRIPLES], thirds[GTC_MAX_TRIPLES];
        int triples = gtc_triple_kinds(gtc_masks(s->hand[player]), firsts, seconds, thirds);
        for (int start = 0; start < s->n_cheeses; start++)
            for (int t = 0; t < triples; t++) {
                int32_t code = gtc_triple_code(firsts[t], seconds[t], thirds[t]);
                out[n++] = gtc_play_action(start, code);
            }
    }
    return n;
}

uint64_t gtc_chance_key(const uint8_t *state) {
    const gtc_state *s = (const gtc_state *)state;
    if (gtc_player(s) != CH_CHANCE) return 0;
    if (s->n_dealt < s->n_cheeses) return ch_event_key(GTC_CHEESE_EVENT, s->n_dealt, 0, 0);
    int seat = gtc_drawing_seat(s);
    int drawn_before = s->cards_per_seat - s->deck_size[seat];
    return ch_event_key(GTC_CARD_EVENT, (uint64_t)seat, (uint64_t)drawn_before, 0);
}

static int gtc_apply_chance(gtc_state *s, int32_t outcome) {
    if (s->n_dealt < s->n_cheeses) {
        for (int i = 0; i < s->n_cheese_left; i++)
            if (s->cheese_left[i] == outcome) {
                gtc_deal_cheese(s, i);
                return GTC_OK;
            }
        return GTC_ILLEGAL;
    }
    int seat = gtc_drawing_seat(s);
    if (outcome < 0 || outcome >= GTC_KINDS || !s->deck[seat][outcome]) return GTC_ILLEGAL;
    gtc_draw_card(s, seat, outcome);
    return GTC_OK;
}

int32_t gtc_apply(uint8_t *state, int32_t action) {
    gtc_state *s = (gtc_state *)state;
    int player = gtc_player(s);
    if (player == CH_TERMINAL) return GTC_ILLEGAL;
    if (player == CH_CHANCE) return gtc_apply_chance(s, action);
    if (action == GTC_DRAW) {
        if (!gtc_may_draw(s, player)) return GTC_ILLEGAL;
        gtc_draw_three(s, player);
        return GTC_OK;
    }
    if (action < 1 || !gtc_may_play(s, player)) return GTC_ILLEGAL;
    int start = (action - 1) / GTC_TRIPLES_PER_START;
    int code = (action - 1) % GTC_TRIPLES_PER_START;
    int kinds[GTC_PER_TURN] = {code / (GTC_KINDS * GTC_KINDS), code / GTC_KINDS % GTC_KINDS,
                               code % GTC_KINDS};
    if (start >= s->n_cheeses) return GTC_ILLEGAL;
    uint8_t need[GTC_KINDS] = {0};
    for (int i = 0; i < GTC_PER_TURN; i++)
        if (++need[kinds[i]] > s->hand[player][kinds[i]]) return GTC_ILLEGAL;
    gtc_play_three(s, player, start, kinds);
    return GTC_OK;
}

void gtc_scores(const uint8_t *state, int32_t *out) {
    const gtc_state *s = (const gtc_state *)state;
    int32_t keys[GTC_MAX_PLAYERS * GTC_RANK_WIDTH];
    gtc_final_keys(s, keys);
    for (int seat = 0; seat < s->num_players; seat++) out[seat] = keys[seat * GTC_RANK_WIDTH];
}

int32_t gtc_rank_keys(const uint8_t *state, int32_t *out) {
    gtc_final_keys((const gtc_state *)state, out);
    return GTC_RANK_WIDTH;
}

/* What `seat` knows of a card (view.card_view). */
static inline int gtc_known(uint8_t card, int seat, int revealed) {
    return revealed || !gtc_face_down(card) || gtc_owner(card) == seat;
}

/* Layout (native_codec.decode_view): seat, current player, to_move, players, cheeses in
 * the circle, cheeses dealt; the dealt cheeses; per cheese its line length and per card
 * owner, kind (or -1 / -2 when unseen), face down, position; the seat's hand (7 counts);
 * hand sizes, deck sizes, owed cards (one per seat each); 1 and the score piles (7 counts
 * per seat) at the end, else 0. */
int32_t gtc_view(const uint8_t *state, int32_t seat, int32_t *out) {
    const gtc_state *s = (const gtc_state *)state;
    int player = gtc_player(s);
    int revealed = player == CH_TERMINAL;
    int n = 0;
    out[n++] = seat;
    out[n++] = player;
    out[n++] = s->to_move;
    out[n++] = s->num_players;
    out[n++] = s->n_cheeses;
    out[n++] = s->n_dealt;
    for (int i = 0; i < s->n_dealt; i++) out[n++] = s->cheese[i];
    for (int cheese = 0; cheese < s->n_cheeses; cheese++) {
        out[n++] = s->line_len[cheese];
        for (int i = 0; i < s->line_len[cheese]; i++) {
            uint8_t card = s->line[cheese][i];
            out[n++] = gtc_owner(card);
            if (gtc_known(card, seat, revealed))
                out[n++] = gtc_kind(card);
            else
                out[n++] = gtc_position(card) == 1 ? GTC_UNKNOWN : GTC_UNKNOWN_SYMBOL;
            out[n++] = gtc_face_down(card);
            out[n++] = gtc_position(card);
        }
    }
    for (int kind = 0; kind < GTC_KINDS; kind++) out[n++] = s->hand[seat][kind];
    for (int other = 0; other < s->num_players; other++) out[n++] = s->hand_size[other];
    for (int other = 0; other < s->num_players; other++) out[n++] = s->deck_size[other];
    for (int other = 0; other < s->num_players; other++) out[n++] = s->owed[other];
    out[n++] = revealed;
    if (revealed) {
        uint8_t piles[GTC_MAX_PLAYERS][GTC_KINDS];
        gtc_score_piles(s, piles);
        for (int other = 0; other < s->num_players; other++)
            for (int kind = 0; kind < GTC_KINDS; kind++) out[n++] = piles[other][kind];
    }
    return n;
}

/* view_json.view_json of the view above: cards as objects, a face-down flag as a boolean,
 * the score piles or null. */
int32_t gtc_view_json(const uint8_t *state, int32_t seat, char *out, int32_t capacity) {
    int32_t v[GTC_VIEW_SIZE];
    gtc_view(state, seat, v);
    int players = v[3], cheese_count = v[4], dealt = v[5];
    ch_text text = ch_text_into(out, capacity);
    CH_TEXT(&text, "{\"seat\":");
    ch_text_int(&text, v[0]);
    CH_TEXT(&text, ",\"current_player\":");
    ch_text_int(&text, v[1]);
    CH_TEXT(&text, ",\"to_move\":");
    ch_text_int(&text, v[2]);
    CH_TEXT(&text, ",\"cheeses\":");
    ch_text_ints(&text, v + 6, dealt);
    int at = 6 + dealt;
    CH_TEXT(&text, ",\"lines\":[");
    for (int cheese = 0; cheese < cheese_count; cheese++) {
        int length = v[at++];
        if (cheese) CH_TEXT(&text, ",");
        CH_TEXT(&text, "[");
        for (int i = 0; i < length; i++, at += 4) {
            if (i) CH_TEXT(&text, ",");
            CH_TEXT(&text, "{\"owner\":");
            ch_text_int(&text, v[at]);
            CH_TEXT(&text, ",\"kind\":");
            ch_text_int(&text, v[at + 1]);
            CH_TEXT(&text, ",\"face_down\":");
            ch_text_bool(&text, v[at + 2] == 1);
            CH_TEXT(&text, ",\"position\":");
            ch_text_int(&text, v[at + 3]);
            CH_TEXT(&text, "}");
        }
        CH_TEXT(&text, "]");
    }
    CH_TEXT(&text, "],\"hand\":");
    ch_text_ints(&text, v + at, GTC_KINDS);
    at += GTC_KINDS;
    CH_TEXT(&text, ",\"hand_sizes\":");
    ch_text_ints(&text, v + at, players);
    CH_TEXT(&text, ",\"deck_sizes\":");
    ch_text_ints(&text, v + at + players, players);
    CH_TEXT(&text, ",\"owed\":");
    ch_text_ints(&text, v + at + 2 * players, players);
    at += 3 * players;
    CH_TEXT(&text, ",\"score_piles\":");
    if (v[at++]) {
        CH_TEXT(&text, "[");
        for (int other = 0; other < players; other++) {
            if (other) CH_TEXT(&text, ",");
            ch_text_ints(&text, v + at + GTC_KINDS * other, GTC_KINDS);
        }
        CH_TEXT(&text, "]");
    } else {
        CH_TEXT(&text, "null");
    }
    CH_TEXT(&text, "}");
    return ch_text_length(&text);
}

/* A decision's notation is its number's alone (notation._PLAY_TEXTS). */
int32_t gtc_notation_key(const uint8_t *state) {
    (void)state;
    return 0;
}

/* determinize.line_bins: per kind, what a card of `owner`'s would do at line index
 * `index` of cheese `cheese`, by the cards in front that `seat` sees (an unseen one
 * counts as no cat, dog or mouse of another colour, but as a mouse for the cheese). */
static void gtc_line_bins(const gtc_state *s, int seat, int revealed, int owner, int cheese,
                          int index, int *bins) {
    const uint8_t *line = s->line[cheese];
    int catches = 0, takes = 0, mice = 0;
    for (int i = index - 1; i >= 0 && i >= index - GTC_CAT_REACH; i--) {
        if (!gtc_known(line[i], seat, revealed)) continue;
        if (!gtc_is_mouse(gtc_kind(line[i]))) break;
        catches += gtc_owner(line[i]) != owner;
    }
    if (index > 0 && gtc_known(line[index - 1], seat, revealed))
        takes = gtc_is_cat(gtc_kind(line[index - 1])) && gtc_owner(line[index - 1]) != owner;
    for (int i = 0; i < index; i++)
        mice += !gtc_known(line[i], seat, revealed) || gtc_is_mouse(gtc_kind(line[i]));
    int eats = mice < s->cheese[cheese];
    for (int kind = 0; kind < GTC_KINDS; kind++)
        bins[kind] = gtc_is_cat(kind) ? catches : kind == GTC_DOG ? takes : eats;
}

/* The cards on the table a dealing keeps as they are though the seat cannot see them
 * (a table known in part); NULL keeps none. */
typedef struct {
    uint8_t card[GTC_MAX_CHEESES][GTC_MAX_LINE];
} gtc_kept;

/* Whether a dealing counts the card at (cheese, i) as seen: the seat sees it, or it is kept. */
static inline int gtc_dealt_known(const gtc_kept *kept, uint8_t card, int seat, int revealed,
                                  int cheese, int i) {
    return gtc_known(card, seat, revealed) || (kept && kept->card[cheese][i]);
}

/* The odds of each of the `n` cards of `pool` at (cheese, index) by `card_odds`, one each
 * when none of them has odds there; with `symbols`, of the symbol cards alone (a card
 * hidden in 2nd or 3rd place is one). */
static void gtc_card_odds(const int64_t *card_odds, int cheese, int index, const uint8_t *pool,
                          int n, int symbols, int64_t *odds) {
    const int64_t *slot = card_odds + ((size_t)cheese * GTC_MAX_LINE + (size_t)index) * GTC_KINDS;
    int64_t total = 0;
    for (int q = 0; q < n; q++)
        total += odds[q] = symbols && !gtc_is_symbol(pool[q]) ? 0 : slot[pool[q]];
    if (total == 0)
        for (int q = 0; q < n; q++) odds[q] = !symbols || gtc_is_symbol(pool[q]);
}

/* determinize.determinize_table, step 3 for one other seat `j`; `weights` NULL is the
 * uniform deal, else the integer weights (determinize.WEIGHT_COUNT) with which a hidden
 * card is drawn from j's unseen cards: per (kind, line bin) for a card played 1st, per
 * kind for one played 2nd or 3rd (face_down.FaceDownModel.draw_weights). `card_odds`
 * (NULL: none; given, `weights` is NULL), an instrument's odds per card on the table,
 * draws each hidden card from j's unseen cards (symbol cards alone for one played 2nd or
 * 3rd) by the odds of its own (cheese, index) (GTC_CARD_ODDS_COUNT integers, row
 * cheese * GTC_MAX_LINE + index, a column per kind), uniformly where the cards it may be
 * have no odds there. */
static void gtc_deal_hidden_cards(gtc_state *s, int seat, int j, int revealed, ch_rng *rng,
                                  const int64_t *weights, const gtc_kept *kept,
                                  const int64_t *card_odds) {
    /* 3a: the pool, in ascending kind order */
    uint8_t counts[GTC_KINDS];
    memcpy(counts, s->composition, GTC_KINDS);
    for (int cheese = 0; cheese < s->n_cheeses; cheese++)
        for (int i = 0; i < s->line_len[cheese]; i++) {
            uint8_t card = s->line[cheese][i];
            if (gtc_owner(card) == j && gtc_dealt_known(kept, card, seat, revealed, cheese, i))
                counts[gtc_kind(card)]--;
        }
    uint8_t pool[GTC_MAX_CARDS_PER_SEAT];
    int n_pool = 0;
    for (int kind = 0; kind < GTC_KINDS; kind++)
        for (int c = 0; c < counts[kind]; c++) pool[n_pool++] = (uint8_t)kind;
    int64_t odds[GTC_MAX_CARDS_PER_SEAT];
    /* 3b: constrained slots, in slot order, take a symbol card each */
    for (int cheese = 0; cheese < s->n_cheeses; cheese++)
        for (int i = 0; i < s->line_len[cheese]; i++) {
            uint8_t card = s->line[cheese][i];
            if (gtc_owner(card) != j || gtc_dealt_known(kept, card, seat, revealed, cheese, i) ||
                gtc_position(card) == 1)
                continue;
            int p;
            if (card_odds) {
                gtc_card_odds(card_odds, cheese, i, pool, n_pool, 1, odds);
                p = ch_rng_pick(rng, odds, n_pool);
            } else if (weights) {
                const int64_t *place =
                    weights + GTC_FIRST_PLACE_WEIGHTS + (gtc_position(card) - 2) * GTC_KINDS;
                for (int q = 0; q < n_pool; q++)
                    odds[q] = gtc_is_symbol(pool[q]) ? place[pool[q]] : 0;
                p = ch_rng_pick(rng, odds, n_pool);
            } else {
                int symbols = 0;
                for (int q = 0; q < n_pool; q++) symbols += gtc_is_symbol(pool[q]);
                int pick = (int)ch_rng_below(rng, (uint64_t)symbols);
                for (p = 0;; p++)
                    if (gtc_is_symbol(pool[p]) && pick-- == 0) break;
            }
            s->line[cheese][i] = gtc_card(j, pool[p], gtc_position(card));
            memmove(pool + p, pool + p + 1, (size_t)(n_pool - p - 1));
            n_pool--;
        }
    /* the free slots: j's hidden cards in the first place of a play, in slot order */
    int free_cheese[GTC_MAX_CARDS_PER_SEAT], free_index[GTC_MAX_CARDS_PER_SEAT];
    int n_free = 0;
    for (int cheese = 0; cheese < s->n_cheeses; cheese++)
        for (int i = 0; i < s->line_len[cheese]; i++) {
            uint8_t card = s->line[cheese][i];
            if (gtc_owner(card) == j && !gtc_dealt_known(kept, card, seat, revealed, cheese, i) &&
                gtc_position(card) == 1) {
                free_cheese[n_free] = cheese;
                free_index[n_free++] = i;
            }
        }
    /* weighted: the free slots draw one card each before the shuffle, each kind weighed
     * by what it would do there, or by the instrument's odds of the slot */
    int next = 0;
    if (weights || card_odds)
        for (int f = 0; f < n_free; f++) {
            if (card_odds)
                gtc_card_odds(card_odds, free_cheese[f], free_index[f], pool + next,
                              n_pool - next, 0, odds);
            else {
                int bins[GTC_KINDS];
                gtc_line_bins(s, seat, revealed, j, free_cheese[f], free_index[f], bins);
                for (int q = next; q < n_pool; q++)
                    odds[q - next] = weights[pool[q] * GTC_LINE_BINS + bins[pool[q]]];
            }
            int p = next + ch_rng_pick(rng, odds, n_pool - next);
            uint8_t kind = pool[p];
            memmove(pool + next + 1, pool + next, (size_t)(p - next));
            pool[next++] = kind;
        }
    /* 3c: shuffle; free slots first, then the hand; the rest is the deck */
    ch_rng_shuffle_u8(rng, pool + next, n_pool - next);
    for (int f = 0; f < n_free; f++)
        s->line[free_cheese[f]][free_index[f]] = gtc_card(j, pool[f], 1);
    next = n_free;
    memset(s->hand[j], 0, GTC_KINDS);
    memset(s->deck[j], 0, GTC_KINDS);
    for (int i = 0; i < s->hand_size[j]; i++) s->hand[j][pool[next++]]++;
    while (next < n_pool) s->deck[j][pool[next++]]++;
}

/* Deals every other seat's unseen cards anew; `revealed` counts every card on the table
 * as seen, so that only the hands and decks are dealt; otherwise each card on the table
 * the seat cannot see is kept with the chance `keep` (0: none, drawing no number). */
static void gtc_deal_worlds(uint8_t *state, int32_t seat, uint64_t rng_seed,
                            const int64_t *weights, int revealed, double keep,
                            const int64_t *card_odds) {
    gtc_state *s = (gtc_state *)state;
    ch_rng rng = ch_rng_seeded(rng_seed);
    gtc_kept kept;
    int keeps_some = !revealed && keep > 0.0;
    if (keeps_some)
        for (int cheese = 0; cheese < s->n_cheeses; cheese++)
            for (int i = 0; i < s->line_len[cheese]; i++)
                kept.card[cheese][i] =
                    !gtc_known(s->line[cheese][i], seat, 0) && ch_rng_chance(&rng, keep);
    for (int j = 0; j < s->num_players; j++)
        if (j != seat)
            gtc_deal_hidden_cards(s, seat, j, revealed, &rng, weights, keeps_some ? &kept : NULL,
                                  card_odds);
    /* the hidden cards dealt anew may be other kinds */
    for (int cheese = 0; cheese < s->n_cheeses; cheese++) {
        int mice = 0, kings = 0;
        for (int i = 0; i < s->line_len[cheese]; i++) {
            mice += gtc_is_mouse(gtc_kind(s->line[cheese][i]));
            kings += gtc_kind(s->line[cheese][i]) == GTC_KING_MOUSE;
        }
        s->line_mice[cheese] = (uint8_t)mice;
        s->line_kings[cheese] = (uint8_t)kings;
    }
}

/* Mirrors determinize.determinize_table with `weights` (NULL: uniform). */
void gtc_determinize_weighted(uint8_t *state, int32_t seat, uint64_t rng_seed,
                              const int64_t *weights) {
    gtc_deal_worlds(state, seat, rng_seed, weights,
                    gtc_player((gtc_state *)state) == CH_TERMINAL, 0.0, NULL);
}

/* Mirrors determinize.determinize_table; the viewer's own cards stay as they are. */
void gtc_determinize(uint8_t *state, int32_t seat, uint64_t rng_seed) {
    gtc_determinize_weighted(state, seat, rng_seed, NULL);
}

/* The other seats' hands and decks dealt anew, each face-down card kept as it is with
 * the chance `keep` (1: every one, the world of a seat that knew what lies face down, a
 * clairvoyant search's half-way) and dealt with them otherwise. */
static void gtc_determinize_hands(uint8_t *state, int32_t seat, uint64_t rng_seed, double keep) {
    if (keep >= 1.0)
        gtc_deal_worlds(state, seat, rng_seed, NULL, 1, 0.0, NULL);
    else
        gtc_deal_worlds(state, seat, rng_seed, NULL, 0, keep, NULL);
}

/* determinize with each hidden card on the table drawn by an instrument's `card_odds` (see
 * gtc_deal_hidden_cards): a posterior over the face-down cards given from outside. */
static void gtc_determinize_odds(uint8_t *state, int32_t seat, uint64_t rng_seed,
                                 const int64_t *card_odds) {
    gtc_deal_worlds(state, seat, rng_seed, NULL, gtc_player((gtc_state *)state) == CH_TERMINAL,
                    0.0, card_odds);
}

/* ------------------------------------------------------------------------------------
 * Playouts
 * ---------------------------------------------------------------------------------- */

/* The kind of a card drawn from `seat`'s deck, each kind weighted by its count, moved to
 * the hand (the card owed is the caller's to count). The kind is the one whose cumulative
 * count first exceeds the draw, counted without branching (random draws make every branch
 * a coin flip for the processor) and unrolled. (Reading the 7 counts as one word is
 * slower: they were just written byte by byte, and the processor cannot forward those
 * stores to a wider load.) */
static inline int gtc_take_card(gtc_state *s, int seat, ch_rng *rng) {
    uint8_t *deck = s->deck[seat];
    int r = (int)ch_rng_below(rng, s->deck_size[seat]);
    int below = deck[0];
    int kind = r >= below;
    below += deck[1];
    kind += r >= below;
    below += deck[2];
    kind += r >= below;
    below += deck[3];
    kind += r >= below;
    below += deck[4];
    kind += r >= below;
    below += deck[5];
    kind += r >= below;
    deck[kind]--;
    s->deck_size[seat]--;
    s->hand[seat][kind]++;
    s->hand_size[seat]++;
    return kind;
}

static void gtc_sample_card(gtc_state *s, int seat, ch_rng *rng) {
    gtc_take_card(s, seat, rng);
    s->owed[seat]--;
    s->n_owed--;
}

/* Every pending chance event, in the engine's order (the circle, then owed cards). */
static void gtc_sample_pending(gtc_state *s, ch_rng *rng) {
    while (s->n_dealt < s->n_cheeses)
        gtc_deal_cheese(s, (int)ch_rng_below(rng, s->n_cheese_left));
    for (int seat = 0; seat < s->num_players; seat++)
        while (s->owed[seat]) gtc_sample_card(s, seat, rng);
}

/* Plays the decision `action` of `seat` (a legal action, unchecked). */
static void gtc_apply_decision(gtc_state *s, int seat, int32_t action) {
    if (action == GTC_DRAW) {
        gtc_draw_three(s, seat);
        return;
    }
    int code = (action - 1) % GTC_TRIPLES_PER_START;
    int kinds[GTC_PER_TURN] = {code / (GTC_KINDS * GTC_KINDS), code / GTC_KINDS % GTC_KINDS,
                               code % GTC_KINDS};
    gtc_play_three(s, seat, (action - 1) / GTC_TRIPLES_PER_START, kinds);
}

/* ceil(2^32 / t) for t from 1 to GTC_MAX_TRIPLES: q = (n * GTC_RECIPROCAL[t]) >> 32 is
 * n / t for every n below 2^16, a multiplication where a division would stall a playout's
 * every play. */
#define GTC_RECIP(t) ((t) ? (0xFFFFFFFFULL / (uint64_t)(t)) + 1 : 0)
#define GTC_RECIP10(t) GTC_RECIP(t), GTC_RECIP(t + 1), GTC_RECIP(t + 2), GTC_RECIP(t + 3), \
    GTC_RECIP(t + 4), GTC_RECIP(t + 5), GTC_RECIP(t + 6), GTC_RECIP(t + 7), GTC_RECIP(t + 8), \
    GTC_RECIP(t + 9)
static const uint64_t GTC_RECIPROCAL[GTC_MAX_TRIPLES + 1] = {
    GTC_RECIP10(0), GTC_RECIP10(10), GTC_RECIP10(20), GTC_RECIP10(30), GTC_RECIP10(40),
    GTC_RECIP10(50), GTC_RECIP10(60), GTC_RECIP10(70), GTC_RECIP10(80), GTC_RECIP10(90),
    GTC_RECIP10(100), GTC_RECIP10(110), GTC_RECIP(120)};

/* Policy 0: one draw over the legal actions, the play found by counting (never listed).
 * Gives the start cheese of the play and its kinds, or -1 to draw. */
static int gtc_random_choice(const gtc_state *s, int seat, ch_rng *rng, int *kinds) {
    int draw = gtc_may_draw(s, seat);
    gtc_hand_masks masks = {0, 0, 0};
    if (gtc_may_play(s, seat)) masks = gtc_masks(s->hand[seat]);
    int triples = gtc_count_triples(masks); /* 0 without a kind */
    int choice = (int)ch_rng_below(rng, (uint64_t)(draw + triples * s->n_cheeses));
    if (choice < draw) return -1;
    choice -= draw;
    int start = (int)(((uint64_t)choice * GTC_RECIPROCAL[triples]) >> 32); /* choice / triples */
    gtc_nth_triple(masks, choice - start * triples, kinds);
    return start;
}

static int32_t gtc_random_action(const gtc_state *s, int seat, ch_rng *rng) {
    int kinds[GTC_PER_TURN] = {0, 0, 0};
    int start = gtc_random_choice(s, seat, rng, kinds);
    if (start < 0) return GTC_DRAW;
    return gtc_play_action(start, (kinds[0] * GTC_KINDS + kinds[1]) * GTC_KINDS + kinds[2]);
}

/* The heuristic (policy 1), in quarter points, judging each card where it would land:
 * - a mouse, big mouse: its value if fewer mice than the cheese's number are already
 *   in the line (it would still eat), else nothing; a king mouse: 1 if fewer kings are
 *   already there (it jumps to the front);
 * - a cat: the value of other colours' mice among the last 3 cards before a dog or cat
 *   (what it would catch), or -3 if another colour's dog is last (that dog takes it);
 * - a dog: 3 if another colour's cat is last (it takes it), else a small bonus for
 *   the cats it may take later.
 * The best (start, triple) sum wins, ties to the first found from a random start cheese.
 * Drawing is chosen when allowed and the best play is worth less than 2 points. One
 * decision in 16 is uniformly random, so playouts stay varied. */
#define GTC_QUARTERS 4
#define GTC_DRAW_BELOW (2 * GTC_QUARTERS)
#define GTC_EXPLORE_ONE_IN 16

static void gtc_placement_values(const gtc_state *s, int seat, int values[][GTC_KINDS]) {
    for (int cheese = 0; cheese < s->n_cheeses; cheese++) {
        const uint8_t *line = s->line[cheese];
        int len = s->line_len[cheese];
        int mice = s->line_mice[cheese], kings = s->line_kings[cheese];
        int catch_value = 0;
        for (int i = len - 1; i >= 0 && i >= len - GTC_CAT_REACH; i--) {
            int kind = gtc_kind(line[i]);
            if (!gtc_is_mouse(kind)) break;
            if (gtc_owner(line[i]) != seat) catch_value += GTC_VALUE[kind];
        }
        int last_kind = len ? gtc_kind(line[len - 1]) : -1;
        int last_is_other = len && gtc_owner(line[len - 1]) != seat;
        int eats = mice < s->cheese[cheese];
        int *v = values[cheese];
        v[GTC_MOUSE] = v[GTC_SYMBOL_MOUSE] = eats ? GTC_QUARTERS : 0;
        v[GTC_BIG_MOUSE] = eats ? 2 * GTC_QUARTERS : 0;
        v[GTC_KING_MOUSE] = kings < s->cheese[cheese] ? GTC_QUARTERS : 0;
        v[GTC_CAT] = v[GTC_SYMBOL_CAT] = (last_kind == GTC_DOG && last_is_other)
                                             ? -3 * GTC_QUARTERS
                                             : catch_value * GTC_QUARTERS;
        v[GTC_DOG] = (gtc_is_cat(last_kind) && last_is_other) ? 3 * GTC_QUARTERS : 1;
    }
}

/* The largest of a cheese's values over the kinds held. */
static inline int gtc_best_value(const int *v, unsigned held) {
    int best = -1000;
    for (; held; held &= held - 1) {
        int value = v[gtc_lowest_kind(held)];
        best = value > best ? value : best;
    }
    return best;
}

static int32_t gtc_heuristic_action(const gtc_state *s, int seat, ch_rng *rng) {
    if (ch_rng_below(rng, GTC_EXPLORE_ONE_IN) == 0 || !gtc_may_play(s, seat))
        return gtc_random_action(s, seat, rng);
    int values[GTC_MAX_CHEESES][GTC_KINDS];
    gtc_placement_values(s, seat, values);
    gtc_hand_masks masks = gtc_masks(s->hand[seat]);
    uint8_t first_kind[GTC_MAX_TRIPLES], second_kind[GTC_MAX_TRIPLES], third_kind[GTC_MAX_TRIPLES];
    int triples = gtc_triple_kinds(masks, first_kind, second_kind, third_kind);
    int m = s->n_cheeses;
    /* no play from a start beats the best so far when its three cheeses' best values do
     * not: such starts are skipped (only a higher sum replaces the best) */
    int ceiling[GTC_MAX_CHEESES];
    for (int cheese = 0; cheese < m; cheese++)
        ceiling[cheese] = gtc_best_value(values[cheese], masks.once);
    int first = (int)ch_rng_below(rng, (uint64_t)m);
    int best = -1000, best_start = 0, best_triple = 0;
    for (int step = 0; step < m; step++) {
        int start = (first + step) % m, second = (start + 1) % m, third = (start + 2) % m;
        if (ceiling[start] + ceiling[second] + ceiling[third] <= best) continue;
        const int *a = values[start], *b = values[second], *c = values[third];
        for (int t = 0; t < triples; t++) {
            int value = a[first_kind[t]] + b[second_kind[t]] + c[third_kind[t]];
            if (value > best) {
                best = value;
                best_start = start;
                best_triple = t;
            }
        }
    }
    if (gtc_may_draw(s, seat) && best < GTC_DRAW_BELOW) return GTC_DRAW;
    return gtc_play_action(best_start, gtc_triple_code(first_kind[best_triple],
                                                       second_kind[best_triple],
                                                       third_kind[best_triple]));
}

/* The choice of `policy` for the seat to act in `s` (a decision node). */
static inline int32_t gtc_choose(const gtc_state *s, int seat, int policy, ch_rng *rng) {
    return policy == CH_POLICY_HEURISTIC ? gtc_heuristic_action(s, seat, rng)
                                         : gtc_random_action(s, seat, rng);
}

/* The kinds of every triple code (first, second, third), so that valuing a play reads
 * a table instead of dividing. */
#define GTC_TRIPLE(c) {(c) / (GTC_KINDS * GTC_KINDS), (c) / GTC_KINDS % GTC_KINDS, (c) % GTC_KINDS}
#define GTC_TRIPLES7(c) GTC_TRIPLE(c), GTC_TRIPLE(c + 1), GTC_TRIPLE(c + 2), GTC_TRIPLE(c + 3), \
    GTC_TRIPLE(c + 4), GTC_TRIPLE(c + 5), GTC_TRIPLE(c + 6)
#define GTC_TRIPLES49(c) GTC_TRIPLES7(c), GTC_TRIPLES7(c + 7), GTC_TRIPLES7(c + 14), \
    GTC_TRIPLES7(c + 21), GTC_TRIPLES7(c + 28), GTC_TRIPLES7(c + 35), GTC_TRIPLES7(c + 42)
static const uint8_t GTC_TRIPLE_KINDS[GTC_TRIPLES_PER_START][GTC_PER_TURN] = {
    GTC_TRIPLES49(0), GTC_TRIPLES49(49), GTC_TRIPLES49(98), GTC_TRIPLES49(147),
    GTC_TRIPLES49(196), GTC_TRIPLES49(245), GTC_TRIPLES49(294)};

/* The heuristic's value of each action, in quarter points (higher first): a play sums
 * gtc_placement_values over its three cards; drawing is worth the threshold under which
 * the heuristic draws. The actions are ascending, so the plays of one start cheese come
 * in one run. */
int32_t gtc_action_priors(const uint8_t *state, const int32_t *actions, int32_t n,
                          double *priors) {
    const gtc_state *s = (const gtc_state *)state;
    int seat = gtc_player(s);
    if (seat < 0) return 0;
    /* the circle's values written twice over: three cheeses from any start in a row */
    int values[2 * GTC_MAX_CHEESES][GTC_KINDS];
    int m = s->n_cheeses;
    gtc_placement_values(s, seat, values);
    memcpy(values[m], values[0], sizeof(values[0]) * (size_t)m);
    int i = 0;
    if (n > 0 && actions[0] == GTC_DRAW) priors[i++] = GTC_DRAW_BELOW;
    while (i < n) {
        int start = (actions[i] - 1) / GTC_TRIPLES_PER_START;
        int32_t base = gtc_play_action(start, 0);
        const int *a = values[start], *b = values[start + 1], *c = values[start + 2];
        for (; i < n && actions[i] - base < GTC_TRIPLES_PER_START; i++) {
            const uint8_t *kinds = GTC_TRIPLE_KINDS[actions[i] - base];
            priors[i] = a[kinds[0]] + b[kinds[1]] + c[kinds[2]];
        }
    }
    return n;
}

/* A uniform playout's turns: the choice is played as it is found (no action code to
 * write and read back) and a "draw 3" draws its three cards at once. */
static void gtc_random_play_out(gtc_state *s, ch_rng *rng) {
    for (int player; (player = gtc_player(s)) != CH_TERMINAL;) {
        int kinds[GTC_PER_TURN] = {0, 0, 0};
        int start = gtc_random_choice(s, player, rng, kinds);
        if (start >= 0) {
            gtc_place_three(s, player, start, kinds, 0);
            continue;
        }
        s->to_move = (uint8_t)gtc_next_seat(s, player); /* drawing keeps the seat's cards */
        for (int card = 0; card < GTC_PER_TURN; card++) gtc_take_card(s, player, rng);
    }
}

/* One playout of `s` to the end, in place. */
static void gtc_play_out(gtc_state *s, int policy, ch_rng *rng) {
    gtc_sample_pending(s, rng);
    if (policy != CH_POLICY_HEURISTIC) {
        gtc_random_play_out(s, rng);
        return;
    }
    for (int player; (player = gtc_player(s)) != CH_TERMINAL;) {
        gtc_apply_decision(s, player, gtc_choose(s, player, policy, rng));
        /* a "draw 3" is followed by that seat's three draws */
        while (s->owed[player]) gtc_sample_card(s, player, rng);
    }
}

int32_t gtc_playout(const uint8_t *state, int32_t policy, uint64_t *rng_state, int32_t *scores,
                    int32_t *rank_keys) {
    gtc_state s = *(const gtc_state *)state;
    ch_rng rng = ch_rng_seeded(*rng_state);
    gtc_play_out(&s, policy, &rng);
    *rng_state = rng.state;
    gtc_final_keys(&s, rank_keys);
    for (int seat = 0; seat < s.num_players; seat++)
        scores[seat] = rank_keys[seat * GTC_RANK_WIDTH];
    return GTC_RANK_WIDTH;
}

/* Batched playouts (ch_game's batch_*): one generator runs through the whole batch. */
_Static_assert(GTC_MAX_PLAYERS <= CH_MAX_PLAYERS && GTC_RANK_WIDTH <= CH_MAX_RANK_WIDTH,
               "the batch's points and keys fit ch_playouts' arrays");

static int32_t gtc_batch_size(void) { return (int32_t)sizeof(ch_rng); }

static int32_t gtc_batch_start(void *batch, const uint8_t *state, uint64_t seed) {
    *(ch_rng *)batch = ch_rng_seeded(seed);
    return ((const gtc_state *)state)->num_players;
}

static int32_t gtc_batch_playout(void *batch, const uint8_t *state, int32_t policy,
                                 int32_t *points, int32_t *rank_keys) {
    gtc_state s = *(const gtc_state *)state;
    gtc_play_out(&s, policy, (ch_rng *)batch);
    gtc_final_keys(&s, rank_keys);
    for (int seat = 0; seat < s.num_players; seat++)
        points[seat] = rank_keys[seat * GTC_RANK_WIDTH];
    return GTC_RANK_WIDTH;
}

/* ------------------------------------------------------------------------------------
 * A state from hello's options and a view's JSON (game_view_api.h, for cheese_bot.c).
 * Another seat's hidden cards (its face-down cards in the lines, its hand, its deck) are
 * filled in with placeholders of the right count, which gtc_determinize deals anew from
 * what the viewer may know; the viewer's own deck is its composition less what it holds
 * and has played.
 * ---------------------------------------------------------------------------------- */

const char *gtc_slug(void) { return "get-the-cheese"; }

int32_t gtc_options_from_json(const ch_json *doc, int32_t options, int32_t num_players,
                              int32_t *out, int32_t capacity, const char **error) {
    (void)num_players;
    int32_t values = ch_json_get(doc, options, "cheese_values");
    int32_t n_values = ch_json_length(doc, values);
    if (n_values < 0 || n_values > GTC_MAX_CHEESE_CARDS) {
        *error = "hello's options need cheese_values, a list of at most 30 values";
        return -1;
    }
    if (capacity < GTC_OPTION_CHEESE_VALUES + n_values) {
        *error = "no room for the options";
        return -1;
    }
    if (!ch_json_int(doc, ch_json_get(doc, options, "start_player"), 0, GTC_MAX_PLAYERS - 1,
                     &out[GTC_OPTION_START_PLAYER]) ||
        !ch_json_ints(doc, ch_json_get(doc, options, "composition"), GTC_KINDS, 0,
                      GTC_MAX_CARDS_PER_SEAT, &out[GTC_OPTION_COMPOSITION]) ||
        !ch_json_ints(doc, values, n_values, 1, GTC_MAX_CHEESE_VALUE,
                      &out[GTC_OPTION_CHEESE_VALUES])) {
        *error = "hello's options need start_player, composition (7 counts) and cheese_values";
        return -1;
    }
    out[GTC_OPTION_CHEESE_COUNT] = n_values;
    return GTC_OPTION_CHEESE_VALUES + n_values;
}

/* The lines of the view, hidden kinds as placeholders; NULL or what is wrong. */
static const char *gtc_lines_from_view(gtc_state *s, int seat, const ch_json *doc,
                                       int32_t lines) {
    if (ch_json_length(doc, lines) != s->n_cheeses) return "the view's lines are not one per cheese";
    for (int cheese = 0; cheese < s->n_cheeses; cheese++) {
        int32_t line = ch_json_item(doc, lines, cheese);
        int32_t length = ch_json_length(doc, line);
        if (length < 0 || length > GTC_MAX_LINE) return "a line of the view is not a list";
        for (int32_t i = 0; i < length; i++) {
            int32_t card = ch_json_item(doc, line, i), owner, kind, position;
            if (!ch_json_int(doc, ch_json_get(doc, card, "owner"), 0, s->num_players - 1, &owner) ||
                !ch_json_int(doc, ch_json_get(doc, card, "kind"), GTC_UNKNOWN_SYMBOL,
                             GTC_KINDS - 1, &kind) ||
                !ch_json_int(doc, ch_json_get(doc, card, "position"), 1, GTC_PER_TURN, &position))
                return "a card of the view's lines lacks its owner, kind or position";
            if (kind < 0 && owner == seat) return "the view hides one of its own seat's cards";
            if (kind == GTC_UNKNOWN_SYMBOL && position == 1)
                return "a hidden first card of a play is marked as a symbol card";
            /* placeholders: gtc_determinize deals every hidden card anew */
            if (kind == GTC_UNKNOWN) kind = GTC_MOUSE;
            if (kind == GTC_UNKNOWN_SYMBOL) kind = GTC_SYMBOL_MOUSE;
            s->line[cheese][s->line_len[cheese]++] = gtc_card(owner, kind, position);
            s->n_placed++;
        }
    }
    return NULL;
}

/* Each seat's cards add up: its hand, deck and cards in the lines make its composition,
 * the viewer's own deck is what is left of it, and another seat's hidden symbol cards can
 * be symbol cards. NULL or what is wrong. */
static const char *gtc_check_cards(gtc_state *s, int seat) {
    for (int j = 0; j < s->num_players; j++) {
        int32_t left[GTC_KINDS], placed = 0, hidden_symbols = 0;
        for (int kind = 0; kind < GTC_KINDS; kind++) left[kind] = s->composition[kind];
        for (int cheese = 0; cheese < s->n_cheeses; cheese++)
            for (int i = 0; i < s->line_len[cheese]; i++) {
                uint8_t card = s->line[cheese][i];
                if (gtc_owner(card) != j) continue;
                placed++;
                if (j != seat && !gtc_known(card, seat, 0)) {
                    hidden_symbols += gtc_position(card) != 1;
                    continue;
                }
                left[gtc_kind(card)]--;
            }
        if (placed + s->hand_size[j] + s->deck_size[j] != s->cards_per_seat)
            return "a seat's cards in the lines, hand and deck do not make hello's composition";
        if (j != seat) {
            if (left[GTC_SYMBOL_MOUSE] + left[GTC_SYMBOL_CAT] < hidden_symbols)
                return "a seat's hidden symbol cards cannot all be symbol cards";
            continue;
        }
        int hand = 0, deck = 0;
        for (int kind = 0; kind < GTC_KINDS; kind++) {
            left[kind] -= s->hand[seat][kind];
            if (left[kind] < 0) return "the view's seat holds more cards than its composition";
            s->deck[seat][kind] = (uint8_t)left[kind];
            hand += s->hand[seat][kind];
            deck += left[kind];
        }
        if (hand != s->hand_size[seat] || deck != s->deck_size[seat])
            return "the view's hand and sizes do not agree";
    }
    return NULL;
}

const char *gtc_state_from_view(uint8_t *state, int32_t num_players, const int32_t *options,
                                int32_t n_options, const ch_json *doc, int32_t view,
                                int32_t *seat) {
    if (gtc_init(state, num_players, 0, options, n_options) != GTC_OK)
        return "the options do not make a Get The Cheese! game";
    gtc_state *s = (gtc_state *)state;
    int32_t to_move;
    if (!ch_json_int(doc, ch_json_get(doc, view, "seat"), 0, num_players - 1, seat) ||
        !ch_json_int(doc, ch_json_get(doc, view, "to_move"), 0, num_players - 1, &to_move))
        return "the view's seat or to_move is not a seat of the game";
    s->to_move = (uint8_t)to_move;
    int32_t cheeses = ch_json_get(doc, view, "cheeses");
    int32_t n_dealt = ch_json_length(doc, cheeses);
    if (n_dealt < 0 || n_dealt > s->n_cheeses) return "the view's cheeses are not a list";
    for (int32_t i = 0; i < n_dealt; i++) {
        int32_t value, index = -1;
        if (!ch_json_int(doc, ch_json_item(doc, cheeses, i), 1, GTC_MAX_CHEESE_VALUE, &value))
            return "a cheese of the view is not a value";
        for (int k = 0; k < s->n_cheese_left && index < 0; k++)
            if (s->cheese_left[k] == value) index = k;
        if (index < 0) return "the view's cheeses are not among hello's cheese_values";
        gtc_deal_cheese(s, index);
    }
    const char *error = gtc_lines_from_view(s, *seat, doc, ch_json_get(doc, view, "lines"));
    if (error) return error;
    int32_t hand[GTC_KINDS], sizes[3][GTC_MAX_PLAYERS];
    static const char *const size_fields[3] = {"hand_sizes", "deck_sizes", "owed"};
    if (!ch_json_ints(doc, ch_json_get(doc, view, "hand"), GTC_KINDS, 0, GTC_MAX_CARDS_PER_SEAT,
                      hand))
        return "the view's hand is not 7 counts";
    for (int f = 0; f < 3; f++)
        if (!ch_json_ints(doc, ch_json_get(doc, view, size_fields[f]), num_players, 0,
                          GTC_MAX_CARDS_PER_SEAT, sizes[f]))
            return "the view's hand_sizes, deck_sizes or owed are not one count per seat";
    s->n_owed = 0;
    for (int j = 0; j < num_players; j++) {
        s->hand_size[j] = (uint8_t)sizes[0][j];
        s->deck_size[j] = (uint8_t)sizes[1][j];
        s->owed[j] = (uint8_t)sizes[2][j];
        s->n_owed = (uint8_t)(s->n_owed + sizes[2][j]);
        if (sizes[2][j] > sizes[1][j]) return "a seat is owed more cards than its deck holds";
        /* cards come and go by threes: a hand with what it is owed holds 0, 3 or 6 */
        if (sizes[0][j] + sizes[2][j] > GTC_HAND_LIMIT || (sizes[0][j] + sizes[2][j]) % GTC_PER_TURN)
            return "a seat's hand and the cards it is owed are not 0, 3 or 6 cards";
    }
    for (int kind = 0; kind < GTC_KINDS; kind++) s->hand[*seat][kind] = (uint8_t)hand[kind];
    return gtc_check_cards(s, *seat);
}

/* A play as another seat sees it (rules, "What each player knows"): the start cheese and
 * the face-up cards, a hidden first card as a mouse and a hidden symbol card as a mouse*,
 * so that the plays a seat cannot tell apart are one action. A draw is seen as it is. */
static int32_t gtc_seen_action(const uint8_t *state, int32_t action, int32_t seat) {
    (void)state;
    (void)seat;
    if (action == GTC_DRAW) return action;
    int start = (action - 1) / GTC_TRIPLES_PER_START;
    int code = (action - 1) % GTC_TRIPLES_PER_START;
    int second = code / GTC_KINDS % GTC_KINDS, third = code % GTC_KINDS;
    if (gtc_is_symbol(second)) second = GTC_SYMBOL_MOUSE;
    if (gtc_is_symbol(third)) third = GTC_SYMBOL_MOUSE;
    return gtc_play_action(start, (GTC_MOUSE * GTC_KINDS + second) * GTC_KINDS + third);
}

const ch_game *gtc_game(void) {
    static const ch_game table = {CH_GAME_PRIMITIVES(gtc),
                                  .determinize_weighted = gtc_determinize_weighted,
                                  .seen_action = gtc_seen_action,
                                  .determinize_hands = gtc_determinize_hands,
                                  .determinize_odds = gtc_determinize_odds};
    return &table;
}

CH_GAME_FACTS(gtc, {"min_players", GTC_MIN_PLAYERS}, {"max_players", GTC_MAX_PLAYERS},
              {"kinds", GTC_KINDS}, {"cards_per_turn", GTC_PER_TURN},
              {"cheeses_per_player", GTC_CHEESES_PER_PLAYER},
              {"max_cards_per_seat", GTC_MAX_CARDS_PER_SEAT},
              {"max_cheese_cards", GTC_MAX_CHEESE_CARDS},
              {"max_cheese_value", GTC_MAX_CHEESE_VALUE},
              {"line_bins", GTC_LINE_BINS}, {"weight_count", GTC_WEIGHT_COUNT},
              {"max_line", GTC_MAX_LINE}, {"card_odds_count", GTC_CARD_ODDS_COUNT},
              {"option.start_player", GTC_OPTION_START_PLAYER},
              {"option.composition", GTC_OPTION_COMPOSITION},
              {"option.cheese_count", GTC_OPTION_CHEESE_COUNT},
              {"option.cheese_values", GTC_OPTION_CHEESE_VALUES})
