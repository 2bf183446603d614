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
