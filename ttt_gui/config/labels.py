"""The words of the choices a player makes: levels and boards, in the
player's language. The choices themselves, and the ids that settings and
saved games keep, are the package's (:mod:`ttt_gui.config`); these only name
them.

>>> level_label("hard", perfect=False), level_label("strongest", perfect=True)
('Hard', 'Perfect')
>>> shape_label(4, 5, 3, True, True)
'5×4, 3 in a row, gravity, misère'
"""

from __future__ import annotations

from ttt_gui.words import gettext, ngettext, pgettext


def level_label(name: str, *, perfect: bool) -> str:
    """The label of the level whose id is ``name``: ``'Perfect'`` for the top
    level where the board is solved (``perfect``); an unknown id capitalized."""
    if perfect:
        # TRANSLATORS: the computer's top difficulty level where it plays without a mistake.
        return pgettext("level", "Perfect")
    labels = {
        # TRANSLATORS: difficulty levels of the computer, weakest first.
        "easy": pgettext("level", "Easy"),
        "medium": pgettext("level", "Medium"),
        "hard": pgettext("level", "Hard"),
        # TRANSLATORS: the top difficulty level on boards too large to solve.
        "strongest": pgettext("level", "Strongest"),
    }
    return labels.get(name, name.capitalize())


def shape_label(
    rows: int,
    cols: int,
    win_length: int,
    gravity: bool = False,
    misere: bool = False,
    exact: bool = False,
    *,
    preset: str | None = None,
) -> str:
    """A board as the menus name it (columns × rows): ``'3×3 (3 in a row)'``,
    ``'Connect Four (7×6, 4 in a row)'`` for a ``preset`` (its English name,
    translated here), ``'5×4, 3 in a row, gravity, misère'``, ``'9×9,
    exactly 5 in a row'`` (the exact rule: a longer line does not win; a
    preset says it too: ``'Standard Gomoku (15×15, exactly 5 in a row)'``)."""
    if preset and exact:
        # TRANSLATORS: a named variant where exactly {count} in a row wins (a
        # longer line does not), e.g. standard Gomoku.
        message = ngettext(
            "{name} ({cols}×{rows}, exactly {count} in a row)",
            "{name} ({cols}×{rows}, exactly {count} in a row)",
            win_length,
        )
    elif preset:
        # TRANSLATORS: a named variant; {cols}×{rows} is the board's columns × rows
        # and {count} how many marks in a row win.
        message = ngettext(
            "{name} ({cols}×{rows}, {count} in a row)",
            "{name} ({cols}×{rows}, {count} in a row)",
            win_length,
        )
    elif gravity and misere:
        # TRANSLATORS: gravity is the Connect Four rule (marks drop down their
        # column); misère the rule where whoever makes the line loses.
        message = ngettext(
            "{cols}×{rows}, {count} in a row, gravity, misère",
            "{cols}×{rows}, {count} in a row, gravity, misère",
            win_length,
        )
    elif gravity:
        message = ngettext(
            "{cols}×{rows}, {count} in a row, gravity",
            "{cols}×{rows}, {count} in a row, gravity",
            win_length,
        )
    elif misere:
        message = ngettext(
            "{cols}×{rows}, {count} in a row, misère",
            "{cols}×{rows}, {count} in a row, misère",
            win_length,
        )
    elif exact:
        # TRANSLATORS: a board where exactly {count} in a row wins (a longer line does not).
        message = ngettext(
            "{cols}×{rows}, exactly {count} in a row",
            "{cols}×{rows}, exactly {count} in a row",
            win_length,
        )
    else:
        message = ngettext(
            "{cols}×{rows} ({count} in a row)", "{cols}×{rows} ({count} in a row)", win_length
        )
    name = gettext(preset) if preset else ""
    return message.format(name=name, cols=cols, rows=rows, count=win_length)
