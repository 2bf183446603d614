"""What a person types stays as typed in every language: in the command
line's messages (help, usage errors), each translation keeps the English's
option names, subcommands, values, metavariables and commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from catalogues import PACKAGE_LOCALE, shipped_languages

#: What is typed: options, whole commands in quotes, the program's name, the
#: values and subcommands that are also English words, metavariables (N,
#: POSITION, FILE.ttt), the suffix, and the names of packages and folders.
TYPED = re.compile(
    r"--[a-z][a-z-]*"
    r"|'ttt-gui [^']*'|\bttt-gui\b"
    r"|\b(?:strongest|hotseat|computer(?=:)|watch|analyse(?= POSITION)|review(?= FILE)|pbrain)\b"
    r"|\b[A-Z]{2,}(?:\.ttt)?\b|\b[NKS]\b|\.ttt\b"
    r"|\$XDG_DATA_HOME|~/\.local/share|python3-tk(?:inter)?"
)


def typed_words(english: str) -> set[str]:
    return set(TYPED.findall(english))


def test_the_typed_words_are_found() -> None:
    assert typed_words(
        "hotseat: two players at one screen; computer: against the computer;"
        " watch: the computer against itself"
    ) == {"hotseat", "computer", "watch"}
    assert typed_words("search N plies deep (default: to the end)") == {"N"}
    assert "'ttt-gui analyse POSITION'" in typed_words(
        "Without a window: 'ttt-gui analyse POSITION' and more"
    )


@pytest.mark.parametrize("language", shipped_languages())
def test_the_command_line_messages_keep_what_is_typed(language: str) -> None:
    po_path: Path = PACKAGE_LOCALE / language / "LC_MESSAGES" / "ttt_gui.po"
    with po_path.open("rb") as file:
        catalogue = read_po(file, locale=language)
    lost = []
    for message in catalogue:
        if not message.id or not any(
            location.startswith("ttt_gui/cli/") for location, _ in message.locations
        ):
            continue
        english = message.id[0] if isinstance(message.id, tuple | list) else message.id
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for string in strings:
            missing = sorted(word for word in typed_words(english) if word not in string)
            if missing:
                lost.append(f"{missing} in {string!r}")
    assert not lost, "\n".join(lost)
