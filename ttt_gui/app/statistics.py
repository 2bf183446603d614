"""The statistics of every finished game, in words; no Tk.

Each finished game counts for good under its mode, board and opponent
(:attr:`~ttt_gui.config.GameConfig.statistics_key`), apart from the score
line's match, which a reset zeroes. :func:`statistics_rows` turns those
entries into the rows of the Statistics table: against the computer per level
(won, drawn and lost, then split by the side the person played), computer vs
computer per pair of levels and two players per board (X's wins, O's, draws).
Entries an older version wrote without the side split show the totals only.
"""

from __future__ import annotations

from ttt_gui.config import (
    LEVEL_ALIASES,
    LEVELS,
    LEVELS_SEPARATOR,
    STATISTICS_SEPARATOR,
    Mode,
    statistics_labels,
)
from ttt_gui.storage.settings import Scores
from ttt_gui.words import gettext

#: The order of the modes in the table.
_MODE_ORDER = (Mode.COMPUTER, Mode.WATCH, Mode.HOTSEAT)
#: The count labels of a game against the computer, and of the others.
_PERSON_RESULTS = ("you", "draw", "computer")
_SIDE_RESULTS = ("X", "O", "draw")


def _level_words(name: str, board_key: str) -> str:
    """A level's name in words on the board of ``board_key`` (as the menus say it)."""
    labels = statistics_labels(f"{board_key}{STATISTICS_SEPARATOR}{name}")
    return labels[1] if labels is not None else name


def _person_words(counts: dict[str, int], suffix: str = "") -> str:
    won, drawn, lost = (counts.get(f"{label}{suffix}", 0) for label in _PERSON_RESULTS)
    return gettext("won {won}, drawn {drawn}, lost {lost}").format(won=won, drawn=drawn, lost=lost)


def _computer_words(counts: dict[str, int]) -> str:
    """Against the computer: the totals, then by side where the file has them."""
    words = _person_words(counts)
    sides = [
        gettext("as {side}: {results}").format(
            side=side, results=_person_words(counts, f":{side}")
        )
        for side in ("X", "O")
        if any(counts.get(f"{label}:{side}", 0) for label in _PERSON_RESULTS)
    ]
    if not sides:
        return words
    # TRANSLATORS: the results against the computer ("won 2, drawn 1, lost 0"), then
    # by side ("as X: won 2, drawn 0, lost 0; as O: ...").
    return gettext("{totals} ({by_side})").format(totals=words, by_side="; ".join(sides))


def _sides_words(counts: dict[str, int]) -> str:
    x, o, drawn = (counts.get(label, 0) for label in _SIDE_RESULTS)
    return gettext("X won {x}, O won {o}, drawn {drawn}").format(x=x, o=o, drawn=drawn)


def statistics_rows(scores: Scores) -> list[tuple[str, str]]:
    """The Statistics table: (whom against and on which board, the results
    in words), e.g. ``('Hard, 3×3 (3 in a row)', 'won 2, drawn 1, lost 4
    (as X: won 2, drawn 1, lost 0; as O: won 0, drawn 0, lost 4)')``; against
    the computer first, by board, then level; then computer vs computer; then
    two players. Only the statistics entries count (not the matches)."""
    totals: dict[tuple[Mode, str, str], dict[str, int]] = {}  # a level's names add up
    for key, counts in scores.items():
        labels = statistics_labels(key)
        mode_text = key.partition(":")[0]
        if labels is None or mode_text not in {mode.value for mode in Mode}:
            continue
        if not any(counts.values()):
            continue
        mode = Mode(mode_text)
        board, level = labels
        board_key, _, opponent = key.partition(STATISTICS_SEPARATOR)
        if mode is Mode.WATCH:
            x_level, _, o_level = opponent.partition(LEVELS_SEPARATOR)
            level = gettext("X {x_level} vs O {o_level}").format(
                x_level=_level_words(LEVEL_ALIASES.get(x_level, x_level), board_key),
                o_level=_level_words(LEVEL_ALIASES.get(o_level, o_level), board_key),
            )
        elif mode is Mode.HOTSEAT:
            level = gettext("Two players")
        total = totals.setdefault((mode, board, level), {})
        for label, count in counts.items():
            total[label] = total.get(label, 0) + count
    ladder = [level.label(solved) for level in LEVELS.values() for solved in (True, False)]

    def order(row: tuple[Mode, str, str]) -> tuple[int, int, str, int, str]:
        mode, board, level = row
        rank = ladder.index(level) if level in ladder else len(ladder)
        # 3×3 before 15×15; the ladder's order
        return _MODE_ORDER.index(mode), len(board), board, rank, level

    rows = []
    for mode, board, level in sorted(totals, key=order):
        counts = totals[(mode, board, level)]
        words = _computer_words(counts) if mode is Mode.COMPUTER else _sides_words(counts)
        # TRANSLATORS: a row of the Statistics: whom against ("Hard", "Two players") and
        # on which board ("3×3 (3 in a row)").
        rows.append((gettext("{opponent}, {board}").format(opponent=level, board=board), words))
    return rows
