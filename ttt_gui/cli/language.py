"""The language of a run: ``--language CODE``, else the saved setting, else
the system's (see :mod:`ttt_gui.system_languages`), installed through the
words door before any words are made, the command line's help among them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from ttt_gui.system_languages import preferred_languages
from ttt_gui.words import (
    SOURCE_LANGUAGE,
    Language,
    available_languages,
    find_language,
    gettext,
    install_language,
    language_name,
)

OPTION = "--language"


def requested_language(argv: Sequence[str]) -> str | None:
    """The code ``--language`` gives in ``argv`` (None without one), read
    before the parser is made so that its help is in that language."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument(OPTION)
    try:
        known, _ = early.parse_known_args(list(argv))
    except argparse.ArgumentError:  # no value: the real parser says so
        return None
    code: str | None = known.language
    return code


def install_run_language(
    argv: Sequence[str], saved: str = "", *, terminal: TextIO | None = None
) -> Language:
    """Install the language of this run: ``argv``'s ``--language`` if it names
    an available one, else ``saved`` (the setting; "" for none), then the
    system's languages in their order; English when none is available.

    For a run whose words are printed on ``terminal`` (a command, ``--help``),
    English also where ``terminal`` cannot show the language's letters (an
    ASCII-only terminal and Japanese), so that what is printed can be read."""
    code = requested_language(argv)
    if code is not None and find_language(code) is not None:
        language = install_language([code])
    else:
        language = install_language(
            [saved, *preferred_languages()] if saved else preferred_languages()
        )
    if terminal is not None and not can_show(terminal, language):
        language = install_language([SOURCE_LANGUAGE])
    return language


def can_show(stream: TextIO, language: Language) -> bool:
    """Whether ``stream``'s encoding holds the letters of ``language`` (tried
    on the language's name in itself, "Français", "日本語"); True for an
    encoding Python does not know (the stream replaces what it cannot hold)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        language_name(language.code).encode(encoding)
    except UnicodeError:
        return False
    except LookupError:
        return True
    return True


def add_language_option(parser: argparse.ArgumentParser, *, of_window: bool = False) -> None:
    """Add ``--language CODE`` to ``parser``, its help naming the languages,
    and the window among what it sets where ``of_window`` (the window's
    options; a command without a window only prints)."""
    languages = ", ".join(available_languages())
    if of_window:
        words = gettext(
            "the language of the window and of these messages: {languages} (default: the system's)"
        )
    else:
        words = gettext("the language of these messages: {languages} (default: the system's)")
    parser.add_argument(OPTION, metavar="CODE", help=words.format(languages=languages))


def check_language(parser: argparse.ArgumentParser, code: str | None) -> None:
    """Exit 2 with a usage message naming the available languages unless
    ``code`` is None or names one of them."""
    if code is not None and find_language(code) is None:
        parser.error(
            gettext("argument --language: {code!r} is not one of: {languages}").format(
                code=code, languages=", ".join(available_languages())
            )
        )
