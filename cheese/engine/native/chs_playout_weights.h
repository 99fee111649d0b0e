/* The Cheese Chasers playout heuristic's weights (chs_heuristic_value in chs.c),
 * fitted so that its playouts finish, and written by
 *     python tools/chasers_playout_fit.py --seed 1 --write
 * Run that command again rather than edit this file. On fresh playouts the fitted
 * weights finish 30.46% of games from the first card, the hand-set
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
    CHS_W_READY_HOLE_WITH_ACTIVE,
    CHS_W_READY_HOLE_FILLED,
    CHS_W_TRAP_SPOILED,
    CHS_W_HOLE_SPOILED,
    CHS_PLAYOUT_TERMS
};

static const double CHS_PLAYOUT_WEIGHTS[CHS_PLAYOUT_TERMS] = {
    2.850, /* an active mouse placed */
    0.669, /* per cheese beside an active mouse placed */
    4.409, /* per trap beside an active mouse placed */
    -1.856, /* a mouse placed beside a cat */
    -3.203, /* per active mouse a cat placed silences */
    0.679, /* per active mouse beside a cheese placed */
    0.322, /* per cat or trap beside a cheese placed */
    3.106, /* per active mouse beside a trap placed */
    -3.746, /* per trap beside a trap placed */
    -6.255, /* a trap placed that can never be shut */
    -44.689, /* per trap the placement makes active */
    3.288, /* per empty cell around the card placed, up to 3 */
    0.771, /* per trap in the deck, per ready hole around the card */
    0.869, /* per trap in the deck, per hole one mouse short around it */
    0.261, /* per trap made active, per trap active before */
    -3.737, /* fewer than 2 empty cells around the card placed */
    0.734, /* per ready hole around the card, per trap active */
    -6.107, /* per trap in the deck, a ready hole filled by another card */
    -3.488, /* per trap near the card that could be shut and no longer can */
    -1.410, /* per hole near the card, two mice or more, spoiled or filled */
};

#endif
