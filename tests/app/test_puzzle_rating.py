"""The puzzle rating (Glicko-2, checked against Glickman's worked example) and
the choice of the next puzzle."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ttt_gui.app.puzzle_rating import (
    MIN_DEVIATION,
    START,
    Rating,
    glicko2_update,
    next_puzzle,
    solve_update,
)


@dataclass(frozen=True)
class Rated:
    id: str
    rating: float


def test_glickmans_worked_example_gives_the_papers_figures() -> None:
    # "Example of the Glicko-2 system", section "Example calculation".
    new = glicko2_update(
        Rating(1500, 200, 0.06), [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]
    )
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    new = glicko2_update(Rating(1600, 100, 0.06), [])
    assert new.rating == 1600
    assert new.deviation > 100
    assert new.volatility == 0.06


def test_solving_raises_the_rating_and_failing_lowers_it() -> None:
    solved = solve_update(START, 1500, solved=True)
    failed = solve_update(START, 1500, solved=False)
    assert solved.rating > START.rating > failed.rating
    assert solved.deviation < START.deviation


def test_a_harder_puzzle_solved_gains_more_and_failed_costs_less() -> None:
    player = Rating(1500, 80, 0.06)
    easy, hard = 1300.0, 1700.0
    gain_easy = solve_update(player, easy, solved=True).rating - player.rating
    gain_hard = solve_update(player, hard, solved=True).rating - player.rating
    loss_easy = player.rating - solve_update(player, easy, solved=False).rating
    loss_hard = player.rating - solve_update(player, hard, solved=False).rating
    assert gain_hard > gain_easy > 0
    assert loss_easy > loss_hard > 0


def test_the_deviation_shrinks_with_attempts_and_keeps_its_floor() -> None:
    player, deviations = START, []
    for _ in range(100):
        player = solve_update(player, player.rating, solved=True)
        player = solve_update(player, player.rating, solved=False)
        deviations.append(player.deviation)
    assert deviations[-1] < 100
    assert min(deviations) >= MIN_DEVIATION
    steady = Rating(1500, MIN_DEVIATION, 0.0001)  # would shrink further without the floor
    assert solve_update(steady, 1500, solved=True).deviation == MIN_DEVIATION


SET = [Rated(f"p{rating}", float(rating)) for rating in range(1000, 2100, 100)]


def test_the_next_puzzle_is_within_the_first_window_of_the_rating() -> None:
    first = next_puzzle(SET, 1450, choose=lambda near: near[0])
    last = next_puzzle(SET, 1450, choose=lambda near: near[-1])
    assert first is not None and last is not None
    assert (first.id, last.id) == ("p1400", "p1500")


def test_the_window_widens_when_every_near_puzzle_is_solved() -> None:
    solved = {"p1400", "p1500"}
    near = next_puzzle(SET, 1450, solved=solved, choose=lambda near: near[0])
    assert near is not None and near.id == "p1300"


def test_the_puzzle_just_tried_is_never_offered_again_at_once() -> None:
    one = [Rated("only", 1500.0), Rated("far", 2500.0)]
    chosen = next_puzzle(one, 1500, just_tried={"only"}, choose=lambda near: near[0])
    assert chosen is not None and chosen.id == "far"


def test_every_puzzle_solved_still_offers_one_and_none_for_an_empty_set() -> None:
    every = {puzzle.id for puzzle in SET}
    chosen = next_puzzle(SET, 1450, solved=every, just_tried={"p1400"}, choose=lambda n: n[0])
    assert chosen is not None and chosen.id == "p1500"
    assert (
        next_puzzle(
            [Rated("only", 1500.0)], 1500, just_tried={"only"}, choose=lambda near: near[0]
        )
        is not None
    )
    assert next_puzzle([], 1500) is None
