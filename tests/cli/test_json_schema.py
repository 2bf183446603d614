"""The JSON of ``analyse`` and ``review`` keeps its keys and numbers (docs/json-schema.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ttt_gui.analysis.position import Analyst
from ttt_gui.analysis.review import review_game
from ttt_gui.board import Board
from ttt_gui.cli.analyse import JSON_SCHEMA, analysis_report, review_report
from ttt_gui.engine import WIN, Engine, Limit

SCHEMA_DOC = Path(__file__).resolve().parents[2] / "docs" / "json-schema.md"
VALUE_KEYS = {"score", "outcome", "plies", "exact"}
ANALYSE_KEYS = {
    "schema",
    "position",
    "win_length",
    "gravity",
    "misere",
    "exact_rule",
    "game_over",
    "winner",
    "side_to_move",
    *VALUE_KEYS,
    "depth",
    "proof",
    "words",
    "proof_words",
    "moves",
}
ANALYSE_MOVE_KEYS = {"coordinate", "cell", *VALUE_KEYS, "words"}
REVIEW_KEYS = {
    "schema",
    "start",
    "win_length",
    "gravity",
    "misere",
    "exact_rule",
    "exact",
    "depth",
    "counts",
    "summary",
    "moves",
}
REVIEW_MOVE_KEYS = {
    "number",
    "player",
    "coordinate",
    "cell",
    "mark",
    "score",
    "outcome",
    "plies",
    "best_score",
    "best_outcome",
    "best_plies",
    "exact",
    "better",
    "words",
}


def analyse(text: str) -> dict[str, object]:
    position = Analyst(Engine(randomize=False), Limit()).analyse(Board.parse(text))
    data: dict[str, object] = json.loads(analysis_report(position, as_json=True))
    return data


def test_analyse_json_has_the_documented_keys_and_numbers() -> None:
    data = analyse("xx./oo./...")
    assert set(data) == ANALYSE_KEYS
    assert (data["schema"], data["outcome"], data["plies"], data["score"]) == (
        JSON_SCHEMA,
        "win",
        1,
        WIN - 1,
    )
    moves = data["moves"]
    assert isinstance(moves, list)
    assert all(set(move) == ANALYSE_MOVE_KEYS for move in moves)
    by_cell = {move["cell"]: move for move in moves}
    assert (by_cell[2]["outcome"], by_cell[2]["plies"], by_cell[2]["coordinate"]) == (
        "win",
        1,
        "c1",
    )
    assert (by_cell[5]["outcome"], by_cell[5]["plies"], by_cell[5]["score"]) == ("draw", None, 0)
    assert (by_cell[6]["outcome"], by_cell[6]["plies"]) == ("loss", 2)
    assert by_cell[6]["score"] == -(WIN - 2)


def test_analyse_json_of_a_finished_game_has_the_same_keys() -> None:
    data = analyse("xxx/oo./...")
    assert set(data) == ANALYSE_KEYS
    assert (data["game_over"], data["winner"], data["moves"]) == (True, "X", [])


def test_review_json_has_the_documented_keys_and_numbers() -> None:
    review = review_game(Board.parse("xx./oo./..."), (6, 5), Engine(randomize=False))
    data = json.loads(review_report(review, as_json=True))
    assert set(data) == REVIEW_KEYS
    assert data["counts"] == {
        "X": {"best": 0, "inaccuracy": 0, "mistake": 1},
        "O": {"best": 1, "inaccuracy": 0, "mistake": 0},
    }
    first, second = data["moves"]
    assert set(first) == set(second) == REVIEW_MOVE_KEYS
    assert (first["mark"], first["cell"], first["outcome"], first["plies"]) == (
        "mistake",
        6,
        "loss",
        2,
    )
    assert (first["best_outcome"], first["best_plies"], first["best_score"]) == ("win", 1, WIN - 1)
    assert (second["mark"], second["outcome"], second["plies"]) == ("best", "win", 1)


def test_every_key_is_documented() -> None:
    documented = set(re.findall(r"`([a-z_]+)`", SCHEMA_DOC.read_text(encoding="utf-8")))
    keys = ANALYSE_KEYS | ANALYSE_MOVE_KEYS | REVIEW_KEYS | REVIEW_MOVE_KEYS
    assert keys <= documented, keys - documented
