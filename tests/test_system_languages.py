"""The system's preferred languages: gettext's variables, and on Windows and
macOS the system's own preference, each source faked."""

from __future__ import annotations

import pytest

from ttt_gui.system_languages import parse_apple_languages, preferred_languages


def never_asked() -> list[str]:
    raise AssertionError("the system was asked although the environment said")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "de_AT:de", "LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES"}, ["de_AT", "de"]),
        ({"LANGUAGE": "", "LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES"}, ["fr_FR"]),
        ({"LC_MESSAGES": "ja_JP.eucJP", "LANG": "es_ES"}, ["ja_JP"]),
        ({"LANG": "sr_RS@latin"}, ["sr_RS@latin"]),
        ({"LANG": "C"}, []),
        ({"LC_ALL": "POSIX"}, []),
        ({"LANGUAGE": "pl:C:de"}, ["pl"]),
        ({"LANG": "not a language!"}, []),
        ({}, []),
    ],
)
def test_the_environment_follows_gettexts_rules(
    environ: dict[str, str], expected: list[str]
) -> None:
    assert preferred_languages(environ=environ, platform="linux") == expected


def test_on_windows_without_the_variables_the_ui_language_is_asked() -> None:
    found = preferred_languages(environ={}, platform="win32", windows_language=lambda: "ko_KR")
    assert found == ["ko_KR"]
    assert preferred_languages(environ={}, platform="win32", windows_language=lambda: None) == []


def test_on_macos_without_the_variables_apple_languages_are_asked() -> None:
    found = preferred_languages(
        environ={}, platform="darwin", mac_languages=lambda: ["zh_Hans_CN", "en"]
    )
    assert found == ["zh_Hans_CN", "en"]


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_environment_comes_first_on_every_system(platform: str) -> None:
    found = preferred_languages(
        environ={"LANG": "it_IT.UTF-8"},
        platform=platform,
        windows_language=lambda: never_asked()[0],
        mac_languages=never_asked,
    )
    assert found == ["it_IT"]


def test_apple_languages_are_read_from_the_defaults_answer() -> None:
    answer = '(\n    "pt-BR",\n    "ja-JP",\n    en\n)\n'
    assert parse_apple_languages(answer) == ["pt_BR", "ja_JP", "en"]
    assert parse_apple_languages("") == []
