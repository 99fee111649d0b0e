/* The Cheese Chasers playout heuristic's weights (chs_heuristic_value in chs.c),
 * fitted so that its playouts finish, and written by
 *     python tools/chasers_playout_fit.py --seed 1 --write
 * Run that command again rather than edit this file. On fresh playouts the fitted
 * weights finish 17.90% of games from the first card, the hand-set
 * weights the fit started from 10.13% (400,000 playouts each). */
#ifndef CHS_PLAYOUT_WEIGHTS_H
#define CHS_PLAYOUT_WEIGHTS_H

enum chs_playout_term {
    CHS_W_MOUSE_ACTIVE,
    CHS_W_MOUSE_CHEESE,
    CHS_W_MOUSE_TRAP,
    CHS_W_MOUSE_SILENCED,
    CHS_W_CAT_MOUSE,
    CHS_W_CHEESE_MOUSE,
    CHS_W_CHEESE_BLOCKED,
    CHS_W_TRAP_MOUSE,
    CHS_W_TRAP_TRAP,
    CHS_W_TRAP_NEVER_SHUT,
    CHS_W_NEW_TRAP,
    CHS_W_ROOM,
    CHS_W_READY_HOLE,
    CHS_W_HOLE_ONE_SHORT,
    CHS_W_NEW_TRAP_WITH_ACTIVE,
    CHS_W_CRAMPED,
    CHS_PLAYOUT_TERMS
};

static const double CHS_PLAYOUT_WEIGHTS[CHS_PLAYOUT_TERMS] = {
    2.632, /* an active mouse placed */
    0.195, /* per cheese beside an active mouse placed */
    5.636, /* per trap beside an active mouse placed */
    -1.178, /* a mouse placed beside a cat */
    -4.252, /* per active mouse a cat placed silences */
    0.470, /* per active mouse beside a cheese placed */
    -0.164, /* per cat or trap beside a cheese placed */
    2.855, /* per active mouse beside a trap placed */
    -7.052, /* per trap beside a trap placed */
    -5.825, /* a trap placed that can never be shut */
    -32.193, /* per trap the placement makes active */
    4.067, /* per empty cell around the card placed, up to 3 */
    2.754, /* per trap in the deck, per ready hole around the card */
    0.604, /* per trap in the deck, per hole one mouse short around it */
    -1.142, /* per trap made active, per trap active before */
    -2.719, /* fewer than 2 empty cells around the card placed */
};

#endif
