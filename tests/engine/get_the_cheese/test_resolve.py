"""Rules page, "End of game: resolving each cheese": each step alone, then the worked line."""

from __future__ import annotations

from pathlib import Path

from cheese.engine.get_the_cheese.cards import (
    BIG_MOUSE,
    CAT,
    KING_MOUSE,
    MOUSE,
    SYMBOL_CAT,
    SYMBOL_MOUSE,
    pile_points,
)
from cheese.engine.get_the_cheese.resolve import (
    Animal,
    Gain,
    catch_mice_with_cats,
    chase_cats_with_dogs,
    feed_mice,
    move_king_mice_to_front,
    rank_key,
    resolve_cheese,
    score_piles,
)

from .conftest import animals

B, G, P, R, Y = range(5)


def points(cheese: int, text: str) -> list[int]:
    return [pile_points(pile) for pile in score_piles(5, [(cheese, animals(text))])]


# --- 1. dogs ----------------------------------------------------------------------------


def test_a_dog_takes_another_colours_cat_in_front_of_it() -> None:
    rest, gains = chase_cats_with_dogs(animals("r:mouse r:cat b:dog"))
    assert gains == [Gain(B, CAT, R)]
    assert rest == animals("r:mouse b:dog")


def test_a_dog_takes_another_colours_cat_behind_it() -> None:
    rest, gains = chase_cats_with_dogs(animals("b:dog g:cat* r:mouse"))
    assert gains == [Gain(B, SYMBOL_CAT, G)]
    assert rest == animals("b:dog r:mouse")


def test_a_dog_takes_the_cats_on_both_sides() -> None:
    rest, gains = chase_cats_with_dogs(animals("r:cat b:dog g:cat"))
    assert sorted(gains, key=lambda gain: gain.kind) == [Gain(B, CAT, R), Gain(B, CAT, G)]
    assert rest == animals("b:dog")
    assert points(2, "r:cat b:dog g:cat")[B] == 6


def test_a_dog_never_takes_its_own_colours_cat() -> None:
    line = animals("b:cat b:dog b:cat*")
    assert chase_cats_with_dogs(line) == (line, [])


def test_a_dog_takes_the_other_colours_cat_beside_its_own() -> None:
    # In front: blue's own cat stays; behind: green's cat is taken, and the other way round.
    rest, gains = chase_cats_with_dogs(animals("b:cat b:dog g:cat"))
    assert gains == [Gain(B, CAT, G)]
    assert rest == animals("b:cat b:dog")
    rest, gains = chase_cats_with_dogs(animals("g:cat* b:dog b:cat"))
    assert gains == [Gain(B, SYMBOL_CAT, G)]
    assert rest == animals("b:dog b:cat")


def test_a_dog_only_reaches_its_direct_neighbours() -> None:
    line = animals("r:cat r:mouse b:dog g:mouse g:cat")
    assert chase_cats_with_dogs(line) == (line, [])


def test_the_last_placed_dog_acts_first() -> None:
    # Both dogs touch the red cat; the later dog (green, farther out) takes it.
    rest, gains = chase_cats_with_dogs(animals("b:dog r:cat g:dog"))
    assert gains == [Gain(G, CAT, R)]
    assert rest == animals("b:dog g:dog")


def test_a_taken_cat_leaves_a_gap_that_changes_nothing() -> None:
    # Yellow's dog takes green's cat; blue's dog then still takes the red cat in front.
    rest, gains = chase_cats_with_dogs(animals("r:cat b:dog g:cat y:dog"))
    assert gains == [Gain(Y, CAT, G), Gain(B, CAT, R)]
    assert rest == animals("b:dog y:dog")


def test_a_chased_cat_catches_nothing() -> None:
    assert points(1, "b:mouse r:cat g:dog") == [1, 3, 0, 0, 0]


def test_dogs_stay_in_line_and_never_eat() -> None:
    assert points(5, "b:dog g:dog") == [0, 0, 0, 0, 0]


# --- 2. cats ----------------------------------------------------------------------------


def test_a_cat_catches_at_most_three_mice_nearest_first() -> None:
    rest, gains = catch_mice_with_cats(animals("b:king b:big b:mouse* g:mouse r:cat"))
    assert gains == [Gain(R, MOUSE, G), Gain(R, SYMBOL_MOUSE, B), Gain(R, BIG_MOUSE, B)]
    assert rest == animals("b:king")


def test_own_mice_stay_but_count_toward_the_three() -> None:
    rest, gains = catch_mice_with_cats(animals("b:mouse b:mouse r:mouse r:big r:cat"))
    assert gains == [Gain(R, MOUSE, B)]
    assert rest == animals("b:mouse r:mouse r:big")


def test_a_dog_stops_a_cat() -> None:
    rest, gains = catch_mice_with_cats(animals("b:mouse g:dog b:mouse r:cat"))
    assert gains == [Gain(R, MOUSE, B)]
    assert rest == animals("b:mouse g:dog")


def test_another_cat_stops_a_cat_whatever_its_colour() -> None:
    rest, gains = catch_mice_with_cats(animals("b:mouse g:cat g:cat*"))
    assert gains == [Gain(G, MOUSE, B)]
    assert rest == []
    _, stopped_by_red = catch_mice_with_cats(animals("b:mouse g:mouse r:cat g:cat"))
    assert stopped_by_red == [Gain(R, MOUSE, G), Gain(R, MOUSE, B)]


def test_the_last_placed_cat_acts_first_and_every_cat_is_boxed() -> None:
    rest, gains = catch_mice_with_cats(animals("g:mouse r:cat g:mouse b:cat y:mouse"))
    assert gains == [Gain(B, MOUSE, G), Gain(R, MOUSE, G)]
    assert rest == animals("y:mouse")


def test_the_front_of_the_line_stops_a_cat() -> None:
    rest, gains = catch_mice_with_cats(animals("r:cat b:mouse"))
    assert gains == []
    assert rest == animals("b:mouse")


def test_a_caught_mouse_scores_its_own_value_for_the_cat_owner() -> None:
    piles = score_piles(5, [(0, animals("b:king b:big r:cat"))])
    assert rank_key(piles[R]) == (3, 1, 1)
    assert piles[B] == (0,) * 7


# --- 3. king mice -----------------------------------------------------------------------


def test_a_king_mouse_moves_to_the_front() -> None:
    assert move_king_mice_to_front(animals("r:mouse g:dog b:king")) == animals(
        "b:king r:mouse g:dog"
    )


def test_king_mice_keep_their_order_the_nearest_one_first() -> None:
    moved = move_king_mice_to_front(animals("y:mouse r:king g:mouse b:king"))
    assert moved == animals("r:king b:king y:mouse g:mouse")


def test_two_king_mice_of_one_colour_both_move() -> None:
    # Larger compositions give a seat several kings; equal cards must all move.
    moved = move_king_mice_to_front(animals("b:king g:mouse g:dog b:king"))
    assert moved == animals("b:king b:king g:mouse g:dog")
    assert points(2, "g:mouse b:king g:mouse b:king") == [2, 0, 0, 0, 0]


def test_a_caught_king_mouse_does_not_move() -> None:
    # Red's cat catches blue's king, which therefore never reaches the front.
    piles = score_piles(5, [(1, animals("r:mouse r:mouse b:king r:cat"))])
    assert [rank_key(pile) for pile in piles[:4]] == [(0, 0, 0), (0, 0, 0), (0, 0, 0), (2, 1, 1)]


# --- 4. cheese --------------------------------------------------------------------------


def test_the_first_v_mice_eat_skipping_dogs() -> None:
    gains = feed_mice(animals("b:dog r:mouse g:dog y:big g:mouse"), 2)
    assert gains == [Gain(R, MOUSE, R), Gain(Y, BIG_MOUSE, Y)]


def test_a_large_cheese_feeds_every_mouse_and_an_empty_line_feeds_nobody() -> None:
    assert feed_mice(animals("b:mouse r:king"), 5) == [Gain(B, MOUSE, B), Gain(R, KING_MOUSE, R)]
    assert resolve_cheese(5, []) == []


def test_mice_beyond_the_cheese_score_nothing() -> None:
    assert points(1, "b:mouse r:big") == [1, 0, 0, 0, 0]


# --- the worked line --------------------------------------------------------------------


def test_the_worked_line_step_by_step(data_dir: Path) -> None:
    text = (data_dir / "worked-line.txt").read_text().splitlines()[-1]
    cheese, cards = text.split(":", 1)
    line = animals(cards)
    after_dogs, chased = chase_cats_with_dogs(line)
    assert chased == [Gain(B, CAT, R)]
    after_cats, caught = catch_mice_with_cats(after_dogs)
    assert caught == [Gain(G, MOUSE, B), Gain(G, MOUSE, R)]
    after_kings = move_king_mice_to_front(after_cats)
    assert after_kings == animals("g:king r:big b:dog g:mouse")
    assert feed_mice(after_kings, int(cheese)) == [
        Gain(G, KING_MOUSE, G),
        Gain(R, BIG_MOUSE, R),
        Gain(G, MOUSE, G),
    ]
    assert points(int(cheese), cards) == [3, 4, 0, 2, 0]


def test_rank_keys_are_points_then_king_mice_then_the_other_mouse_cards() -> None:
    pile = (2, 1, 1, 1, 1, 1, 0)
    assert rank_key(pile) == (2 + 1 + 2 + 1 + 3 + 3, 1, 4)


def test_the_mice_column_leaves_out_the_king_mice_it_has_beside_it() -> None:
    kings_only = (0, 0, 0, 2, 0, 0, 0)
    assert rank_key(kings_only) == (2, 2, 0)
    assert isinstance(Animal(0, CAT), Animal)
