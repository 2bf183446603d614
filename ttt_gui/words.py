"""The one door to the words the player reads: gettext's catalogues; no Tk.

Every user-visible string goes through these helpers, shaped as gettext's
(``gettext``, ``ngettext``, ``pgettext``), which look the message up in the
catalogue :func:`install_language` chose (English, the messages themselves,
until then and where a catalogue lacks one). Counts go through
:func:`ngettext` (never ``count == 1`` by hand), sentences are whole with
named placeholders (``"{player} wins."``), and a menu label marks its
mnemonic with ``&`` (:func:`mnemonic`), so each language can choose its own.

The catalogues are ``locale/<language>/LC_MESSAGES/ttt_gui.mo`` inside the
package (compiled from the ``.po`` files when the package is built; see
``build/catalogues.py``), and in the folder ``TTT_GUI_LOCALE_DIR`` names, if
set, first: a translator tries a catalogue there without reinstalling. Only
this module's translation object is used: the process's gettext domain and
``builtins._`` are left alone, so the standard library's own messages
(argparse's) keep theirs.

A translator's mistake never ends the program: a catalogue that cannot be
read (an empty or damaged ``.mo``) is not used (English is), and a translation whose
placeholders are not the message's (``{nopecells}`` for ``{cells}``), or that
is no valid format string, gives way to the English message; each is said
once on stderr, naming the catalogue or the message.

>>> ngettext("win in {moves} move", "win in {moves} moves", 2).format(moves=2)
'win in 2 moves'
>>> mnemonic("&Game"), mnemonic("Save &As…"), mnemonic("Rock && roll")
(('Game', 0), ('Save As…', 5), ('Rock & roll', -1))
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import string
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

#: The gettext domain: the catalogues' file name without ``.mo``.
DOMAIN = "ttt_gui"
#: The language the messages are written in, always available.
SOURCE_LANGUAGE = "en"
#: The environment variable naming a folder of catalogues looked in first.
LOCALE_DIR_VARIABLE = "TTT_GUI_LOCALE_DIR"


@dataclass(frozen=True)
class Language:
    """The language the words are in: its code (``"de"``, ``"pt_BR"``;
    :data:`SOURCE_LANGUAGE` when no catalogue was found)."""

    code: str


_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = Language(SOURCE_LANGUAGE)


def gettext(message: str) -> str:
    """``message`` in the player's language."""
    return _usable(_translation.gettext(message), message, (message,))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the player's language (English:
    the singular for 1 only); the caller fills its placeholders, the count
    among them."""
    english = singular if count == 1 else plural
    return _usable(_translation.ngettext(singular, plural, count), english, (singular, plural))


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language where one English word has
    several meanings, told apart by ``context``."""
    return _usable(_translation.pgettext(context, message), message, (message,))


#: Whether each translation seen (with its English messages) may be filled in.
_verdicts: dict[tuple[str, tuple[str, ...]], bool] = {}


def _usable(translated: str, english: str, messages: tuple[str, ...]) -> str:
    """``translated``, or ``english`` where the translation names a
    placeholder none of ``messages`` (the English forms) has, or is no valid
    format string while they are: filling it in would raise. Said on stderr
    the first time."""
    if translated in messages:
        return translated
    key = (translated, messages)
    verdict = _verdicts.get(key)
    if verdict is None:
        verdict = _placeholders_fit(translated, messages)
        _verdicts[key] = verdict
        if not verdict:
            # TRANSLATORS: {message} is an English message whose translation in the
            # catalogue is broken (a misspelt {placeholder}); it is shown in English.
            warning = gettext(
                "The translation of {message} names placeholders the message does not "
                "have; the English message is shown."
            )
            _say(warning.format(message=repr(messages[0])))
    return translated if verdict else english


def _placeholders_fit(translated: str, messages: tuple[str, ...]) -> bool:
    """Whether every placeholder of ``translated`` is one of ``messages``'s
    (and it parses where they do)."""
    allowed: set[str] = set()
    for message in messages:
        fields = _placeholders(message)
        if fields is None:
            return True  # the English is no format string: it is never filled in
        allowed |= fields
    fields = _placeholders(translated)
    return fields is not None and fields <= allowed


def _placeholders(text: str) -> set[str] | None:
    """The names of the placeholders of the format string ``text``
    (``"{player.name}"`` names ``player``; ``"{}"`` the empty name); None
    if it is no valid format string."""
    try:
        return {
            field.split(".")[0].split("[")[0]
            for _, field, _, _ in string.Formatter().parse(text)
            if field is not None
        }
    except ValueError:
        return None


#: What :func:`_say` has said, so each is said once.
_said: set[str] = set()


def _say(text: str) -> None:
    """Tell ``text`` on stderr, once a run; never raises (a windowed build
    may have no stderr)."""
    if text in _said:
        return
    _said.add(text)
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"ttt-gui: {text}\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def gettext_noop(message: str) -> str:
    """``message`` unchanged, marked for the catalogue: for words in a table
    made at import time, translated by :func:`gettext` where they are shown."""
    return message


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """The two English forms of a message counted by :func:`ngettext`,
    unchanged, marked for the catalogue."""
    return singular, plural


def locale_folders() -> list[Path]:
    """Where catalogues are looked for, first found first: the folder
    ``TTT_GUI_LOCALE_DIR`` names (if set), then the package's own."""
    folders = [Path(__file__).resolve().parent / "locale"]
    extra = os.environ.get(LOCALE_DIR_VARIABLE)
    if extra:
        folders.insert(0, Path(extra))
    return folders


def available_languages() -> list[str]:
    """The codes of the languages there are catalogues for, with English,
    sorted (``["de", "en", "pt_BR"]``)."""
    codes = {SOURCE_LANGUAGE}
    for folder in locale_folders():
        if folder.is_dir():
            codes.update(
                catalogue.parent.parent.name
                for catalogue in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
            )
    return sorted(codes)


#: Codes the systems write for a language whose catalogue has another name.
LANGUAGE_ALIASES = {"zh_hans": "zh_CN", "zh_sg": "zh_CN", "zh_hant": "zh_TW", "zh_hk": "zh_TW"}


def find_language(code: str) -> str | None:
    """The available language ``code`` names, None if there is none: the
    code itself, else the languages it narrows (``"de_DE.UTF-8"`` names
    ``"de"``, ``"zh_Hans_CN"`` names ``"zh_CN"``), else the one variety of
    its language there is (``"pt"`` names ``"pt_BR"``); letter case and
    ``-`` for ``_`` do not matter."""
    wanted = code.replace("-", "_").split(".")[0].split("@")[0]
    if not wanted:
        return None
    available = available_languages()
    by_folded = {language.casefold(): language for language in available}
    parts = wanted.split("_")
    for length in range(len(parts), 0, -1):
        candidate = "_".join(parts[:length]).casefold()
        candidate = LANGUAGE_ALIASES.get(candidate, candidate).casefold()
        if candidate in by_folded:
            return by_folded[candidate]
    base = parts[0].casefold()
    varieties = [language for language in available if language.split("_")[0].casefold() == base]
    return varieties[0] if len(varieties) == 1 else None


def install_language(preferences: Sequence[str]) -> Language:
    """Speak the first language of ``preferences`` (codes in order, most
    wanted first, e.g. ``["de_AT", "fr"]``) that has a catalogue; English
    when none has (or English comes first). Called once at start, before any
    words are made; returns the language chosen."""
    global _translation, _language
    for code in preferences:
        language = find_language(code)
        if language is None:
            continue
        if language == SOURCE_LANGUAGE:
            break
        translation = _load(language)
        if translation is not None:
            _translation, _language = translation, Language(language)
            return _language
    _translation, _language = _gettext.NullTranslations(), Language(SOURCE_LANGUAGE)
    return _language


def current_language() -> Language:
    """The language :func:`install_language` chose (English before it ran)."""
    return _language


#: Each language's name in itself, as a menu of languages lists it (a
#: language not named here is listed by its code).
LANGUAGE_NAMES = {
    "en": "English",
    "en_GB": "English (UK)",
    "fr": "Français",
    "de": "Deutsch",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "nl": "Nederlands",
    "pl": "Polski",
    "cs": "Čeština",
    "ru": "Русский",
    "zh_CN": "简体中文",
    "ja": "日本語",
    "ko": "한국어",
    "eo": "Esperanto",
}


#: Each language's name in English: what View › Language shows where the
#: system has no font to draw the language's own name.
ENGLISH_LANGUAGE_NAMES = {
    "en": "English",
    "en_GB": "English (UK)",
    "fr": "French",
    "de": "German",
    "es": "Spanish",
    "pt_BR": "Portuguese (Brazil)",
    "it": "Italian",
    "nl": "Dutch",
    "pl": "Polish",
    "cs": "Czech",
    "ru": "Russian",
    "zh_CN": "Chinese (Simplified)",
    "ja": "Japanese",
    "ko": "Korean",
    "eo": "Esperanto",
}


def english_language_name(code: str) -> str:
    """The language ``code`` by its English name (``"ko"``: ``"Korean"``),
    else by its own name (:func:`language_name`)."""
    return ENGLISH_LANGUAGE_NAMES.get(code, language_name(code))


def language_name(code: str) -> str:
    """The language ``code`` by its own name (``"de"``: ``"Deutsch"``), else
    the code itself.

    >>> language_name("pt_BR"), language_name("xx")
    ('Português (Brasil)', 'xx')
    """
    return LANGUAGE_NAMES.get(code, code)


def gettext_in(code: str, message: str) -> str:
    """``message`` in the available language ``code`` rather than the one
    installed (English where it has no catalogue or lacks the message): to
    speak to the player in the language they just chose."""
    language = find_language(code)
    if language is None or language == SOURCE_LANGUAGE:
        return message
    translation = _load(language)
    if translation is None:
        return message
    return _usable(translation.gettext(message), message, (message,))


def _load(language: str) -> _gettext.NullTranslations | None:
    """The first catalogue of ``language`` in :func:`locale_folders`; None if
    there is none, or if it cannot be read (said on stderr, once): a
    translator's broken catalogue gives English, never the catalogue it was
    meant to replace."""
    for folder in locale_folders():
        path = folder / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        try:
            file = path.open("rb")
        except OSError:
            continue
        with file:
            try:
                return _gettext.GNUTranslations(file)
            except Exception as error:  # noqa: BLE001 - any damage the parser meets
                # TRANSLATORS: {path} is a catalogue file (.mo) that is empty or damaged;
                # {reason} is the reader's own (English) account of it.
                warning = gettext(
                    "The catalogue {path} cannot be read ({reason}); it is not used."
                )
                _say(warning.format(path=path, reason=str(error) or type(error).__name__))
                return None
    return None


def mnemonic(label: str) -> tuple[str, int]:
    """A menu label marked with ``&`` before its mnemonic letter, as (the text
    shown, Tk's ``underline`` index; -1 for none). ``&&`` is a literal ``&``.

    >>> mnemonic("&Undo move"), mnemonic("About")
    (('Undo move', 0), ('About', -1))
    """
    if "&" not in label:
        return label, -1
    text: list[str] = []
    underline = -1
    index = 0
    while index < len(label):
        character = label[index]
        if character == "&" and index + 1 < len(label):
            following = label[index + 1]
            if following != "&" and underline < 0:
                underline = len(text)
            text.append(following)
            index += 2
            continue
        text.append(character)
        index += 1
    return "".join(text), underline


#: A mnemonic in brackets after a label in a script without capitals ("最強(&A)").
_BRACKETED_MNEMONIC = re.compile(r"\s*[(（]&[^&\s][)）]")


def plain_label(label: str) -> str:
    """A ``&``-marked menu label as words shown outside a menu (a toolbar's
    list, a sentence naming the item): without its ``&`` and without a
    mnemonic in brackets, which only a menu shows ("最強(&A)" is "最強").

    >>> plain_label("&Easy"), plain_label("最強(&A)"), plain_label("深さを指定(&C)…")
    ('Easy', '最強', '深さを指定…')
    >>> plain_label("Rock && roll (&R)")
    'Rock & roll'
    """
    return mnemonic(_BRACKETED_MNEMONIC.sub("", label))[0]


def mnemonic_letter(label: str) -> str | None:
    """The (lower-case) mnemonic letter of a ``&``-marked label, None if it has none."""
    text, underline = mnemonic(label)
    return text[underline].lower() if underline >= 0 else None
