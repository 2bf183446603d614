"""A selective search cut short mid-iteration plays the move its unfinished
iteration found better, not the last finished iteration's."""

from __future__ import annotations

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import Engine, Limit
from ttt_gui.engine import engine as engine_module
from ttt_gui.engine.negamax import RootScores, with_unfinished

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
    # At 3,000 nodes the search finishes depth 3, preferring 111 (h8), and
    # is cut short at depth 4, where 141 (l10) scored above it.
    board = Board.from_text(
        ".............../.............../.............../.............../.............../"
        "........X....../.............../.....O........./....OXX......../.....O........./"
        "......X......../.............../.............../.............../..............."
    )
    choices: list[tuple[list[int], list[int]]] = []

    def watched(root: RootScores, scored: dict[int, int], randomize: bool) -> RootScores:
        chosen = with_unfinished(root, scored, randomize)
        choices.append((root.best, chosen.best))
        return chosen

    monkeypatch.setattr(engine_module, "with_unfinished", watched)
    result = Engine(selective=True, randomize=False).search(board, Limit(nodes=3_000))
    assert choices == [([111], [141])]
    assert (result.move, result.depth) == (141, 3)
