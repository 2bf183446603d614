"""The languages the person's system prefers, most wanted first; no Tk.

On Linux and other Unix systems, and wherever a terminal set them, the
environment says it with gettext's rules: the first of ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not empty, a
colon-separated list (``"de_AT:de:en"``); the C or POSIX locale means the
program's own English. A program started from the Windows or macOS desktop
gets none of them, so there the system's preference is asked: Windows'
user interface language (``GetUserDefaultUILanguage``), macOS's
``AppleLanguages`` list. Every outside source is a parameter, so the choice
is tested on any system without a display.

>>> preferred_languages(environ={"LANG": "fr_FR.UTF-8"}, platform="linux")
['fr_FR']
>>> preferred_languages(environ={"LANGUAGE": "pt_BR:pt", "LANG": "C"}, platform="linux")
['pt_BR', 'pt']
>>> preferred_languages(environ={"LC_ALL": "C.UTF-8"}, platform="linux")
[]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping

#: gettext's variables, in the order it reads them.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: The locales that mean "no translation": the program's own words.
UNTRANSLATED_LOCALES = frozenset({"C", "POSIX"})
#: A language code as the sources write it: "de", "de_DE", "zh-Hans-CN", "sr@latin".
_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*(?:@[A-Za-z0-9]+)?")


def preferred_languages(
    *,
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    windows_language: Callable[[], str | None] | None = None,
    mac_languages: Callable[[], list[str]] | None = None,
) -> list[str]:
    """The system's languages, most wanted first, as codes without encoding
    (``["de_AT", "de"]``); empty for the program's own English or when
    nothing says. ``environ``, ``platform`` and the two system questions
    default to the real ones."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    for variable in LANGUAGE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return _codes(value.split(":"))
    if platform == "win32":
        code = (windows_language or windows_ui_language)()
        return _codes([code]) if code else []
    if platform == "darwin":
        return _codes((mac_languages or mac_preferred_languages)())
    return []


def _codes(entries: list[str]) -> list[str]:
    """``entries`` without encodings, up to a C or POSIX locale, minus what
    is no language code."""
    codes: list[str] = []
    for entry in entries:
        code = entry.strip().split(".")[0]
        if code in UNTRANSLATED_LOCALES:
            break
        if _CODE.fullmatch(code) and code not in codes:
            codes.append(code)
    return codes


def windows_ui_language() -> str | None:
    """Windows' user interface language as a locale code (``"de_DE"``), None
    where it cannot be asked."""
    import locale

    try:
        import ctypes

        language_id = int(ctypes.windll.kernel32.GetUserDefaultUILanguage())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return None
    return locale.windows_locale.get(language_id)


def mac_preferred_languages() -> list[str]:
    """macOS's preferred languages (``defaults read -g AppleLanguages``), in
    order; empty where it cannot be asked."""
    try:
        answer = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_apple_languages(answer)


def parse_apple_languages(answer: str) -> list[str]:
    """The codes of ``defaults read -g AppleLanguages``'s answer, a property
    list array, with macOS's hyphens as gettext's underscores.

    >>> parse_apple_languages('(\\n    "de-DE",\\n    en,\\n    "zh-Hans-CN"\\n)\\n')
    ['de_DE', 'en', 'zh_Hans_CN']
    """
    inside = answer.strip().removeprefix("(").removesuffix(")")
    codes = [entry.strip().strip('"').replace("-", "_") for entry in inside.split(",")]
    return [code for code in codes if _CODE.fullmatch(code)]
