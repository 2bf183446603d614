"""Whether a language's own name can be drawn: fontconfig asked once, and
only for a name outside the Latin script (no display needed)."""

from __future__ import annotations

import subprocess

import pytest

from ttt_gui.gui import font_coverage
from ttt_gui.gui.font_coverage import FontCoverage


def test_the_fonts_are_asked_once_and_only_for_names_outside_the_latin_script() -> None:
    asked: list[bool] = []

    def fonts() -> frozenset[str]:
        asked.append(True)
        return frozenset({"en", "ja", "zh-cn", "ru"})

    coverage = FontCoverage(fonts)
    assert coverage.can_draw("pt_BR", "Português (Brasil)") and not asked
    assert not coverage.can_draw("ko", "한국어")
    assert coverage.can_draw("ja", "日本語") and coverage.can_draw("zh_CN", "简体中文")
    assert coverage.can_draw("ru", "Русский")
    assert len(asked) == 1


def test_where_the_fonts_cannot_be_asked_every_name_is_drawn() -> None:
    assert FontCoverage(lambda: None).can_draw("ko", "한국어")


def test_fontconfig_s_list_is_read_for_its_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    listing = ":lang=aa|en|ru\n:lang=\n:lang=ja|ko|zh-cn\n"

    def run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
        assert command[1:] == [":", "lang"] and options["timeout"]
        return subprocess.CompletedProcess(command, 0, listing, "")

    monkeypatch.setattr(font_coverage.shutil, "which", lambda name: "/bin/fc-list")
    monkeypatch.setattr(font_coverage.subprocess, "run", run)
    assert font_coverage.ask_fontconfig() == frozenset({"", "aa", "en", "ru", "ja", "ko", "zh-cn"})
    monkeypatch.setattr(font_coverage.shutil, "which", lambda name: None)
    assert font_coverage.ask_fontconfig() is None
