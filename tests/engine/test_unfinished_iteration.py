"""Between the iterations of a selective search: the next one tries the
root's moves by their last scores, and one cut short plays the move it
found better, not the last finished iteration's."""

from __future__ import annotations

from typing import Any

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import Engine, Limit
from ttt_gui.engine import engine as engine_module
from ttt_gui.engine.negamax import RootScores, ranked_moves, with_unfinished

#: A middle game of five in a row on 10x10 (the negamax's selective search;
#: Gomoku's larger boards have a search of their own): an opening of
#: benchmarks/data/gomoku_speed_openings.txt played on.
MIDDLE_GAME = Board.parse(
    "........../........../........../........../........X./"
    "........../.....O..../....OXX.../.....O..../......X...",
    win_length=5,
)
FINISHED = RootScores({10: 40, 11: 30, 12: 20}, [10], frozenset({12}))


def test_nothing_scored_keeps_the_finished_iteration() -> None:
    assert with_unfinished(FINISHED, {}, randomize=False) is FINISHED


def test_a_move_scored_above_the_former_best_is_played() -> None:
    # The deeper iteration saw the former best fall to -50 and scored 11 at 5.
    root = with_unfinished(FINISHED, {10: -50, 11: 5}, randomize=False)
    assert root.best == [11]
    assert root.scores == {10: -50, 11: 5, 12: 20}  # 12 keeps its last score
    assert root.exact == FINISHED.exact


def test_the_former_best_stays_while_nothing_beats_it() -> None:
    assert with_unfinished(FINISHED, {10: -50, 11: -60}, randomize=False).best == [10]


def test_ties_are_all_best_when_randomizing_else_the_first_searched() -> None:
    scored = {10: 7, 12: 7, 11: 3}
    assert with_unfinished(FINISHED, scored, randomize=True).best == [10, 12]
    assert with_unfinished(FINISHED, scored, randomize=False).best == [10]


def test_a_search_cut_short_plays_the_move_its_unfinished_iteration_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # At 3,000 nodes the search finishes depth 4 and is cut short at depth
    # 5, where a move other than depth 4's best scored above it.
    choices: list[tuple[list[int], list[int]]] = []

    def watched(root: RootScores, scored: dict[int, int], randomize: bool) -> RootScores:
        chosen = with_unfinished(root, scored, randomize)
        choices.append((root.best, chosen.best))
        return chosen

    monkeypatch.setattr(engine_module, "with_unfinished", watched)
    result = Engine(selective=True, randomize=False).search(MIDDLE_GAME, Limit(nodes=3_000))
    ((finished, unfinished),) = choices
    assert finished != unfinished
    assert (result.move, result.depth) == (unfinished[0], 4)


def test_the_next_iteration_tries_the_best_then_the_others_by_score() -> None:
    root = RootScores({10: 5, 11: 40, 12: -999_990, 13: 20, 14: 40}, [11, 14], frozenset())
    assert ranked_moves(root) == [11, 14, 13, 10, 12]


def test_each_iteration_of_a_selective_search_starts_from_the_last_ones_ranking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    iterations: list[tuple[list[int], RootScores]] = []
    real = engine_module.search_root

    def watched(*args: Any, **options: Any) -> RootScores:
        root = real(*args, **options)
        iterations.append((list(options["preferred"]), root))
        return root

    monkeypatch.setattr(engine_module, "search_root", watched)
    Engine(selective=True, randomize=False).search(MIDDLE_GAME, Limit(nodes=20_000))
    assert len(iterations) >= 3
    for (_, before), (preferred, _) in zip(iterations, iterations[1:], strict=False):
        assert preferred == ranked_moves(before)
