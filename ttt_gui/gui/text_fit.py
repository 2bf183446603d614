"""Text laid out in a given room: lines broken where the script allows,
shortened with "…" when they do not fit; no Tk (the caller measures).

Latin, Cyrillic, Greek and Korean lines break at spaces; Japanese and
Chinese between any two characters (not before closing punctuation such as
"。", nor after an opening one such as "「"). A text that needs more lines
than the room has keeps its first lines, the last one cut at a place a line
could break and ended with "…": never mid-word, and the reader is shown
the whole text elsewhere (a tooltip).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

#: How wide a text is, in pixels.
Measure = Callable[[str], int]
#: What ends a shortened text.
ELLIPSIS = "…"
#: One character of a script written without spaces between words (Han, kana,
#: their punctuation and the full-width forms).
_UNSPACED = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
#: Characters no line starts with, and those no line ends with.
_NO_LINE_START = "、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ…"
_NO_LINE_END = "（「『【〔〈《"
#: A piece no line breaks inside: a run of other characters (a word with its
#: punctuation), or one unspaced character with any closing punctuation after
#: it and opening punctuation before it; with the spaces before it.
_PIECE = re.compile(
    rf"(\s*)((?:[{_NO_LINE_END}]*[{_UNSPACED}][{_NO_LINE_START}]*)|[^\s{_UNSPACED}]+)"
)


@dataclass(frozen=True)
class Fitted:
    """A text as laid out: ``shown`` (its lines joined by newlines) and
    whether it was shortened (then it ends with "…")."""

    shown: str
    is_shortened: bool


def _pieces(paragraph: str) -> list[tuple[str, str]]:
    """``paragraph`` as (spaces before, piece) pairs, no line breaking inside a piece."""
    return [(found.group(1), found.group(2)) for found in _PIECE.finditer(paragraph)]


def break_lines(text: str, width: int, measure: Measure) -> list[str]:
    """``text``'s lines, each at most ``width`` pixels wide as ``measure``
    says (a newline in ``text`` always breaks). A piece wider than a whole
    line (a long address) is broken between its characters.

    >>> break_lines("one two three", 7, len)
    ['one two', 'three']
    >>> break_lines("先に 3 個並べた方の勝ちです。", 6, len)
    ['先に 3 個', '並べた方の勝', 'ちです。']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for spaces, piece in _pieces(paragraph):
            joined = f"{line}{spaces}{piece}" if line else piece
            if measure(joined) <= width:
                line = joined
                continue
            if line:
                lines.append(line)
            line = ""
            for character in piece:  # only a piece wider than a line is left over
                if line and measure(line + character) > width:
                    lines.append(line)
                    line = ""
                line += character
        lines.append(line)
    return lines


def shorten_line(line: str, rest: str, width: int, measure: Measure) -> str:
    """``line`` cut where a line could break, so that it and "…" fit in
    ``width``; ``rest`` is the text that followed it (the cut is made before
    a piece, never inside one; a line with no room for even its first piece
    keeps as many of its characters as fit).

    >>> shorten_line("Move 3, X b2: mistake", "lost", 14, len)
    'Move 3, X b2…'
    """
    pieces = _pieces(line)
    for count in range(len(pieces), 0, -1):
        kept = "".join(spaces + piece for spaces, piece in pieces[:count]).strip()
        kept = kept.rstrip(",;:、，；：")
        if count == len(pieces) and not rest:
            return line
        if kept and measure(kept + ELLIPSIS) <= width:
            return kept + ELLIPSIS
    kept = line
    while kept and measure(kept + ELLIPSIS) > width:
        kept = kept[:-1]
    return kept + ELLIPSIS


def fit_text(text: str, width: int, most_lines: int, measure: Measure) -> Fitted:
    """``text`` laid out in ``most_lines`` lines of ``width`` pixels: whole
    if it fits, else its first lines with the last cut at a word (between
    characters in Japanese and Chinese) and ended with "…".

    >>> fit_text("Review: 1 mistake (move 2: a2)", 12, 2, len)
    Fitted(shown='Review: 1\\nmistake…', is_shortened=True)
    >>> fit_text("You win!", 12, 2, len)
    Fitted(shown='You win!', is_shortened=False)
    """
    lines = break_lines(text, width, measure)
    if len(lines) <= most_lines:
        return Fitted("\n".join(lines), False)
    last = shorten_line(lines[most_lines - 1], lines[most_lines], width, measure)
    return Fitted("\n".join([*lines[: most_lines - 1], last]), True)
