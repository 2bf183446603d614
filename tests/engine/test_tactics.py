"""A sample of the Gomoku tactics set (benchmarks/tactics.py): each answer
holds by the full threat search, and the strongest level's engine finds it
within a node budget (the benchmark measures the whole set by time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttt_gui.board import Board
from ttt_gui.engine import MATE_THRESHOLD, Engine, Limit
from ttt_gui.engine.threats import ThreatSearch, side_bits

TACTICS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "tactics.txt"
#: Positions of each kind checked (all with --slow), and the engine's budget.
SAMPLE = 3
NODES = 2_000


def tactics(kind: str, exhaustive: bool) -> list[tuple[Board, int]]:
    found = []
    for line in TACTICS.read_text(encoding="utf-8").splitlines():
        name, text, answer = line.split()
        if name == kind:
            found.append((Board.from_text(text), int(answer)))
    return found if exhaustive else found[:SAMPLE]


def vcf_plies(me: int, opp: int, board: Board) -> int:
    search = ThreatSearch(board.geometry)
    return search.plies if search.find(me, opp, 15) is not None else 0


def test_each_win_is_a_line_of_fours_of_its_length(exhaustive: bool) -> None:
    for board, plies in tactics("win", exhaustive):
        assert vcf_plies(*side_bits(board), board) == plies, board


def test_each_defence_is_the_only_move_that_stops_the_fours(exhaustive: bool) -> None:
    for board, cell in tactics("defend", exhaustive):
        me, opp = side_bits(board)
        assert vcf_plies(opp, me, board), "a line of fours to stop"
        assert not vcf_plies(opp, me | 1 << cell, board), "the defence stops it"
        elsewhere = next(move for move in board.legal_moves() if move != cell)
        assert vcf_plies(opp, me | 1 << elsewhere, board), "another move does not"


@pytest.mark.parametrize("kind", ["win", "defend"])
def test_the_engine_solves_the_sample(kind: str, exhaustive: bool) -> None:
    for board, answer in tactics(kind, exhaustive):
        result = Engine(selective=True, seed=1).search(board, Limit(nodes=NODES))
        if kind == "win":
            assert result.score > MATE_THRESHOLD, (board, result.describe())
        else:
            assert result.move == answer, (board, result.move)
