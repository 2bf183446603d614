"""The term tables: each language's one word for each recurring term of the
game (game, move, board, mark, undo, hint, the level names), read from
``tests/data/terms/<language>.toml``, and the check that a catalogue uses it.

A table gives, per term, ``forms`` (regular expressions, one of which a
translation must contain: a stem or the forms a language with case endings
takes) and ``rivals`` (words for the same thing a translation must not use);
``exempt`` lists the English messages where that language rightly says it
without the term. ``english.toml`` gives the English pattern of each term and
the messages where the English word means something else (the program as
"the game", "move" as a verb)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

TERMS_FOLDER = Path(__file__).resolve().parent / "data" / "terms"
LOCALE = Path(__file__).resolve().parents[1] / "ttt_gui" / "locale"
#: Placeholders, and the access-key marks of menus ("&Game", "ゲーム(&G)").
_NOISE = re.compile(r"\{[^{}]*\}|\(&\w\)|&(?=\w)")


@dataclass(frozen=True)
class Term:
    """One term of one language."""

    name: str
    english: re.Pattern[str]
    forms: tuple[re.Pattern[str], ...]
    rivals: tuple[re.Pattern[str], ...]
    exempt: frozenset[str]


@dataclass(frozen=True)
class Fault:
    """A message whose translation misses its term or uses a rival word."""

    language: str
    term: str
    english: str
    translation: str
    problem: str

    def __str__(self) -> str:
        where = f"{self.language} {self.term}: {self.problem}"
        return f"{where}: {self.english!r} -> {self.translation!r}"


def _english() -> dict[str, dict[str, object]]:
    with (TERMS_FOLDER / "english.toml").open("rb") as file:
        return tomllib.load(file)


def table_languages() -> list[str]:
    return sorted(path.stem for path in TERMS_FOLDER.glob("*.toml") if path.stem != "english")


def terms_of(language: str) -> list[Term]:
    """The terms of ``language``'s table, with the English side of each."""
    english = _english()
    with (TERMS_FOLDER / f"{language}.toml").open("rb") as file:
        table = tomllib.load(file)
    terms = []
    for name, entry in table.items():
        shared = english[name]
        flags = 0 if shared.get("case_sensitive") else re.IGNORECASE
        terms.append(
            Term(
                name,
                re.compile(str(shared["pattern"])),
                tuple(re.compile(form, flags) for form in entry["forms"]),
                tuple(re.compile(rival, flags) for rival in entry.get("rivals", [])),
                frozenset(list(shared.get("exempt", [])) + list(entry.get("exempt", []))),
            )
        )
    return terms


def clean(text: str) -> str:
    return _NOISE.sub("", text)


def faults(language: str, po_path: Path | None = None) -> list[Fault]:
    """Every message of ``language``'s catalogue (the shipped one, or
    ``po_path``) that breaks its term table."""
    po_path = po_path or LOCALE / language / "LC_MESSAGES" / "ttt_gui.po"
    with po_path.open("rb") as file:
        catalogue = read_po(file, locale=language)
    found = []
    terms = terms_of(language)
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        english = ids[0]
        for term in terms:
            if english in term.exempt or not term.english.search(clean(english)):
                continue
            for string in strings:
                translation = clean(string)
                if not any(form.search(translation) for form in term.forms):
                    found.append(Fault(language, term.name, english, string, "term missing"))
                rivals = [rival.pattern for rival in term.rivals if rival.search(translation)]
                if rivals:
                    found.append(Fault(language, term.name, english, string, f"rival {rivals}"))
    return found
