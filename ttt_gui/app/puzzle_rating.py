"""The player's puzzle rating (Glicko-2) and the choice of the next puzzle; no Tk.

The rating is Glickman's Glicko-2 ("Example of the Glicko-2 system", 2013),
step by step as the paper gives it. One attempt at a puzzle is one rating
period holding one game: solved is a win (score 1), failed a loss (0),
against an opponent rated as the puzzle is. The puzzles' own ratings are
shipped with them and never change here; their deviation is taken as
:data:`PUZZLE_DEVIATION`, small, since each was estimated from many games of
the engine's levels.

The constants, tunable here:

=========================  =====================================================
:data:`START`              a new player's rating, deviation and volatility: the
                           paper's defaults (1500, 350, 0.06)
:data:`TAU`                the system constant, how fast the volatility may move;
                           0.5, the middle of the paper's 0.3 to 1.2
:data:`EPSILON`            the convergence tolerance of the volatility's
                           iteration, the paper's 0.000001
:data:`MIN_DEVIATION`      a floor to the deviation, so that a player who has
                           solved hundreds of puzzles still moves (chess sites
                           keep such a floor too)
=========================  =====================================================

>>> after = solve_update(START, 1500.0, solved=True)
>>> round(after.rating), round(after.deviation)
(1675, 248)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

from ttt_gui.storage.puzzle_record import START, Rating

__all__ = ["START", "Rating", "glicko2_update", "next_puzzle", "solve_update"]

#: Glicko-2's scale: a rating of 1500 + 173.7178 mu is mu on the paper's scale.
SCALE = 173.7178
#: The system constant tau (the paper suggests 0.3 to 1.2).
TAU = 0.5
#: The tolerance of the volatility's iteration (the paper's).
EPSILON = 0.000001
#: The deviation the shipped puzzles' ratings are taken to have.
PUZZLE_DEVIATION = 50.0
#: The deviation never goes below this.
MIN_DEVIATION = 45.0
#: The first half-width (rating points) of the window the next puzzle is chosen in.
FIRST_WINDOW = 100.0


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def glicko2_update(player: Rating, games: Sequence[tuple[float, float, float]]) -> Rating:
    """The player's rating after one rating period of ``games``, each
    (opponent's rating, opponent's deviation, score: 1 won, 0.5 drawn, 0 lost),
    by steps 1 to 8 of Glickman's paper. No games: only the deviation grows.

    The paper's worked example:

    >>> new = glicko2_update(Rating(1500, 200, 0.06),
    ...                      [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 5)
    (1464.05, 151.52, 0.06)
    """
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    # Steps 3 and 4: the estimated variance and improvement.
    variance_inverse = 0.0
    delta_sum = 0.0
    for opponent, opponent_deviation, score in games:
        mu_j, phi_j = (opponent - 1500.0) / SCALE, opponent_deviation / SCALE
        expected = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        variance_inverse += g * g * expected * (1.0 - expected)
        delta_sum += g * (score - expected)
    variance = 1.0 / variance_inverse
    delta = variance * delta_sum
    # Step 5: the new volatility (the Illinois algorithm).
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        exp_x = math.exp(x)
        denominator = phi * phi + variance + exp_x
        return exp_x * (delta * delta - denominator + exp_x) / (
            2.0 * denominator * denominator
        ) - (x - a) / (TAU * TAU)

    upper = a
    if delta * delta > phi * phi + variance:
        lower = math.log(delta * delta - phi * phi - variance)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        lower = a - k * TAU
    f_upper, f_lower = f(upper), f(lower)
    while abs(lower - upper) > EPSILON:
        middle = upper + (upper - lower) * f_upper / (f_lower - f_upper)
        f_middle = f(middle)
        if f_middle * f_lower <= 0:
            upper, f_upper = lower, f_lower
        else:
            f_upper /= 2.0
        lower, f_lower = middle, f_middle
    new_sigma = math.exp(upper / 2.0)
    # Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / variance)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(1500.0 + SCALE * new_mu, SCALE * new_phi, new_sigma)


def solve_update(player: Rating, puzzle_rating: float, *, solved: bool) -> Rating:
    """The player's rating after one attempt at a puzzle rated ``puzzle_rating``
    (a period of one game, won if ``solved``); the deviation kept at least
    :data:`MIN_DEVIATION`."""
    new = glicko2_update(player, [(puzzle_rating, PUZZLE_DEVIATION, 1.0 if solved else 0.0)])
    return Rating(new.rating, max(new.deviation, MIN_DEVIATION), new.volatility)


class RatedPuzzle(Protocol):
    """What choosing a puzzle needs of one: its id and rating."""

    @property
    def id(self) -> str: ...

    @property
    def rating(self) -> float: ...


PuzzleT = TypeVar("PuzzleT", bound=RatedPuzzle)


def next_puzzle(
    puzzles: Sequence[PuzzleT],
    rating: float,
    *,
    solved: Collection[str] = (),
    just_tried: Collection[str] = (),
    choose: Callable[[Sequence[PuzzleT]], PuzzleT] = random.choice,
) -> PuzzleT | None:
    """A puzzle near ``rating``: one of those not yet ``solved`` whose rating
    is within :data:`FIRST_WINDOW` of it, the window doubling until one is
    found; once every puzzle is solved, any. Never one of ``just_tried``
    unless nothing else is left. ``choose`` picks among the candidates (at
    random; tests pass their own). None if ``puzzles`` is empty.

    >>> from types import SimpleNamespace as P
    >>> set_ = [P(id="a", rating=1200.0), P(id="b", rating=1500.0), P(id="c", rating=1900.0)]
    >>> next_puzzle(set_, 1480.0, choose=lambda near: near[0]).id
    'b'
    >>> next_puzzle(set_, 1480.0, solved={"b"}, choose=lambda near: near[0]).id
    'a'
    """
    if not puzzles:
        return None
    fresh = [puzzle for puzzle in puzzles if puzzle.id not in just_tried] or list(puzzles)
    candidates = [puzzle for puzzle in fresh if puzzle.id not in solved] or fresh
    window = FIRST_WINDOW
    while True:
        near = [puzzle for puzzle in candidates if abs(puzzle.rating - rating) <= window]
        if near:
            return choose(near)
        window *= 2.0
