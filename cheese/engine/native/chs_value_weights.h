/* The Cheese Chasers leaf value's weights (chs_value_on in chs.c): a logistic
 * regression of whether a search completed the game on the features of each position
 * it played, written by
 *     python tools/chasers_value_fit.py --games 4000 --seed 3001 --teacher mcts:iterations=3000 --workers 2 --write
 * Run that command again rather than edit this file. Fitted to the even deals, on the
 * odd ones it scores a log-loss of 0.6439 bits against 0.9365 for the base rate (Brier
 * 0.1523 against 0.2283). */
#ifndef CHS_VALUE_WEIGHTS_H
#define CHS_VALUE_WEIGHTS_H

static const double CHS_VALUE_WEIGHTS[] = {
    +7.4026444538273184, /* bias */
    -0.45944485264755558, /* one active trap */
    -1.2831467385919011, /* two active traps */
    -1.76247631454077, /* traps left in the deck */
    -1.9210355774688095, /* one trap to shut */
    -1.4299273861488981, /* two traps to shut */
    +0, /* three or more to shut */
    +0.10629492316906114, /* cards left (tens) */
    -0.041766645309675873, /* traps to shut x cards left */
    +0.036511470872000622, /* ready holes */
    -0.065238681857834546, /* ready holes, up to those needed */
    +0.54512139037283935, /* holes one mouse short */
    -0.54041918558693747, /* holes one mouse short, traps to shut */
    +0.1313812546681645, /* ready holes near the previous card */
    -0.82599425798701631, /* active traps that could be shut */
    -2.1997440718443224, /* active traps that never can */
    +0.082674966782169318, /* shut traps a cat could open */
    +0.25858361261640633, /* room around the previous card */
    -0.013843303274806358, /* no room */
    -0.10585310982616299, /* one empty cell of room */
    +0.80818984367731339, /* mice left (tens) */
    -1.464036093400142, /* cats left (tens) */
    -0.18703286678413178, /* mice left while traps must be shut */
};

/* The mean points of the games the search completed: a leaf's expected points. */
#define CHS_VALUE_POINTS 51.231027857829012

#endif
