"""View › Language: the language the window speaks from its next start; no Tk.

The choice is saved in :attr:`Settings.language` ("" for the system's) and
read when the program starts (see :mod:`ttt_gui.cli.language`): the words
already shown stay as they are until then, and the player is told so in the
language they chose.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ttt_gui import PROGRAM_NAME
from ttt_gui.storage.settings import Settings
from ttt_gui.system_languages import preferred_languages
from ttt_gui.words import (
    SOURCE_LANGUAGE,
    current_language,
    find_language,
    gettext_in,
    gettext_noop,
)

#: What the player is told once a new language is chosen.
NEXT_START = gettext_noop("The language changes the next time you start {name}.")


def spoken_language(code: str, system: Callable[[], Sequence[str]] = preferred_languages) -> str:
    """The language a start with the setting ``code`` speaks: ``code``'s if
    there is a catalogue for it, else the first of ``system()``'s languages
    there is one for, else English."""
    for wanted in ([code] if code else []) + list(system()):
        language = find_language(wanted)
        if language is not None:
            return language
    return SOURCE_LANGUAGE


def choose_language(
    settings: Settings,
    code: str,
    *,
    save: Callable[[], None],
    system: Callable[[], Sequence[str]] = preferred_languages,
) -> str | None:
    """Keep ``code`` ("" for the system's language) as the language of the
    next start, saving the settings if it changed. Returns what to tell the
    player, in the language chosen; None when the window already speaks it
    (or nothing changed)."""
    if code == settings.language:
        return None
    settings.language = code
    save()
    coming = spoken_language(code, system)
    if coming == current_language().code:
        return None
    return gettext_in(coming, NEXT_START).format(name=PROGRAM_NAME)
