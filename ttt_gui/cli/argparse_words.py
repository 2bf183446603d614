"""argparse's own words (``usage:``, ``options:``, its error messages) in
the player's language, from the game's own catalogue.

argparse translates through the standard library's ``gettext`` in the
``messages`` domain, which no system ships for it; :func:`install` points
its two look-ups (``argparse._`` and ``argparse.ngettext``) at the words
door instead. The messages below are argparse's own, as it spells them, so
that the catalogue extraction puts them in the game's template.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections.abc import Iterable

from ttt_gui import words
from ttt_gui.words import gettext_noop, ngettext_noop

MESSAGES = (
    # TRANSLATORS: this and the next messages are the command line's own
    # (--help and its usage errors). Keep every %s, %r, %(name)s and %(name)r as
    # it is; "usage: " keeps its space at the end.
    gettext_noop("usage: "),
    gettext_noop("positional arguments"),
    gettext_noop("options"),
    gettext_noop("show this help message and exit"),
    # TRANSLATORS: keep the line break at the end.
    gettext_noop("%(prog)s: error: %(message)s\n"),
    gettext_noop("argument %(argument_name)s: %(message)s"),
    gettext_noop("the following arguments are required: %s"),
    gettext_noop("invalid choice: %(value)r (choose from %(choices)s)"),
    gettext_noop("invalid %(type)s value: %(value)r"),
    gettext_noop("unrecognized arguments: %s"),
    gettext_noop("expected one argument"),
    gettext_noop("expected at most one argument"),
    gettext_noop("expected at least one argument"),
    gettext_noop("ignored explicit argument %r"),
    gettext_noop("not allowed with argument %s"),
    gettext_noop("one of the arguments %s is required"),
    gettext_noop("ambiguous option: %(option)s could match %(matches)s"),
    gettext_noop("unexpected option string: %s"),
    gettext_noop("unknown parser %(parser_name)r (choices: %(choices)s)"),
    gettext_noop("can't open '%(filename)s': %(error)s"),
    # Messages of newer Pythons' argparse (3.13 and later).
    gettext_noop("%(prog)s: warning: %(message)s\n"),
    gettext_noop("option '%(option)s' is deprecated"),
    gettext_noop("argument '%(argument_name)s' is deprecated"),
    gettext_noop("command '%(parser_name)s' is deprecated"),
    gettext_noop(
        "invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"
    ),
)
PLURAL_MESSAGES = (ngettext_noop("expected %s argument", "expected %s arguments"),)

#: What argparse says only to the program's author (a parser built wrongly),
#: never to a person running it: left in English.
AUTHOR_MESSAGES = frozenset(
    {
        "%r is not callable",
        "'required' is an invalid argument for positionals",
        ".__call__() not defined",
        'argument "-" with mode %r',
        "cannot have multiple subparser arguments",
        "cannot merge actions - two groups are named %r",
        "conflicting subparser alias: %s",
        "conflicting subparser: %s",
        "dest= is required for options like %r",
        "invalid conflict_resolution value: %r",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
        "mutually exclusive arguments must be optional",
        "conflicting option string: %s",
        "conflicting option strings: %s",
    }
)

#: A %-placeholder: ``%s``, ``%r``, ``%(name)s``; ``%%`` is a percent sign.
_PERCENT_FIELD = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([a-z%])")


def percent_fields(text: str) -> list[tuple[str, str]]:
    """The %-placeholders of ``text`` as (name, conversion) pairs, sorted;
    the name is "" for a positional one. ``%%`` is left out."""
    return sorted(
        (name, conversion)
        for name, conversion in _PERCENT_FIELD.findall(text)
        if conversion != "%"
    )


def translate(message: str) -> str:
    """argparse's ``message`` in the player's language; the English where the
    translation's %-placeholders differ from it (filling it would raise)."""
    translated = words.gettext(message)
    return translated if percent_fields(translated) == percent_fields(message) else message


def translate_plural(singular: str, plural: str, count: int) -> str:
    """argparse's message for ``count`` in the player's language; the English
    where the translation's %-placeholders differ from it."""
    translated = words.ngettext(singular, plural, count)
    english = singular if count == 1 else plural
    return translated if percent_fields(translated) == percent_fields(english) else english


def install() -> None:
    """Let argparse's own words come from the game's catalogue, in the
    language installed through the words door at the time each is shown."""
    argparse._ = translate  # type: ignore[attr-defined]
    argparse.ngettext = translate_plural  # type: ignore[attr-defined]


#: A word (letters without spaces, not wide), one wide letter, or spaces.
_PIECE = re.compile(r"\s+|[^\s]")
#: What never begins a line in Chinese, Japanese and Korean text.
_NO_LINE_START = frozenset(
    "、。，．・：；！？）」』】〕〉》”’ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
)


def columns(text: str) -> int:
    """The columns a terminal gives ``text``: two for each wide letter
    (Chinese, Japanese, Korean), one for the others."""
    return sum(2 if unicodedata.east_asian_width(letter) in "WF" else 1 for letter in text)


def _pieces(text: str) -> list[str]:
    """``text`` as the pieces a line may break between: spaces, each wide
    letter, and the runs of other letters (words, never broken)."""
    pieces: list[str] = []
    for piece in _PIECE.findall(text):
        wide = columns(piece) == 2 * len(piece)
        if pieces and not piece.isspace() and not wide:
            last = pieces[-1]
            if not last.isspace() and columns(last) != 2 * len(last):
                pieces[-1] = last + piece
                continue
        pieces.append(piece)
    return pieces


def wrap_columns(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken at spaces and
    between wide letters, never inside a word (a word longer than a line
    has a line of its own); a closing mark ("、", "）") that would begin a
    line takes the piece before it along."""
    lines: list[list[str]] = [[]]
    for piece in _pieces(text):
        line = lines[-1]
        if piece.isspace():
            if line:
                line.append(" ")
            continue
        if not line or columns("".join(line) + piece) <= width:
            line.append(piece)
            continue
        while line and line[-1].isspace():
            line.pop()
        carried = [piece]
        while carried[0] in _NO_LINE_START and len(line) > 1:
            carried.insert(0, line.pop())
        while line and line[-1].isspace():
            line.pop()
        lines.append(carried)
    return [text for text in ("".join(line).rstrip() for line in lines) if text]


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, its text wrapped by the columns a terminal shows
    (two for a wide letter) and broken between wide letters as well as at
    spaces, so Chinese, Japanese and Korean help fits the terminal and a
    typed value (``strongest``) is never cut in two; the usage's further
    lines line up under its first one when its prefix has wide letters."""

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        prefix = translate("usage: ") if prefix is None else prefix
        text = super()._format_usage(usage, actions, groups, prefix)
        extra = columns(prefix) - len(prefix)
        if extra <= 0 or usage is not None:  # a usage given is laid out as it is
            return text
        first, *more = text.split("\n")
        indent = " " * len(prefix)
        more = [" " * extra + line if line.startswith(indent) else line for line in more]
        return "\n".join([first, *more])

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap_columns(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines = wrap_columns(" ".join(text.split()), width - len(indent))
        return "\n".join(indent + line for line in lines)
