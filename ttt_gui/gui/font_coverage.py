"""Whether the system has a font for a language's script, asked once.

View › Language names each language in its own words ("한국어"); where no
installed font covers that script, Tk would draw empty boxes, so the menu
names it in English instead ("Korean"). Fontconfig (``fc-list``, on Linux
and the BSDs) is asked once, with a time limit, and only if a name is
outside the Latin script; where it is absent or fails (Windows, macOS,
which ship fonts for every script the game speaks), a font is assumed.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable

#: How long (seconds) fontconfig may take to answer.
ASK_TIMEOUT = 2.0
#: The fontconfig languages ("ko", "zh-cn") some installed font covers;
#: None: unknown.
AskFonts = Callable[[], "frozenset[str] | None"]


def ask_fontconfig() -> frozenset[str] | None:
    """The languages (fontconfig's codes, as ``"zh-cn"``) some installed
    font covers, by one ``fc-list``; None if fontconfig cannot be asked."""
    program = shutil.which("fc-list")
    if program is None:
        return None
    try:
        found = subprocess.run(
            [program, ":", "lang"],
            capture_output=True,
            text=True,
            timeout=ASK_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if found.returncode != 0:
        return None
    languages: set[str] = set()
    for line in found.stdout.splitlines():
        _, _, listed = line.partition("lang=")
        languages.update(language.strip() for language in listed.split("|"))
    return frozenset(languages)


def is_latin(text: str) -> bool:
    """Whether ``text`` is in the Latin script (and punctuation) alone,
    which every font draws.

    >>> is_latin("Português (Brasil)"), is_latin("Čeština"), is_latin("한국어")
    (True, True, False)
    """
    return all(ord(character) <= 0x24F for character in text)


class FontCoverage:
    """Whether a language's own name can be drawn; the fonts are asked once,
    when the first name outside the Latin script is."""

    def __init__(self, ask: AskFonts = ask_fontconfig) -> None:
        self.ask = ask
        self._asked = False
        self._languages: frozenset[str] | None = None

    def can_draw(self, code: str, name: str) -> bool:
        """Whether ``name``, language ``code``'s own name, can be drawn."""
        if is_latin(name):
            return True
        if not self._asked:
            self._asked, self._languages = True, self.ask()
        if self._languages is None:
            return True
        wanted = code.lower().replace("_", "-")
        return wanted in self._languages or wanted.split("-")[0] in self._languages
