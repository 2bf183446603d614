"""The smoke test's window is never heard; a player's window is."""

from __future__ import annotations

from pathlib import Path

import pytest

from ttt_gui.cli.main import main


def test_the_smoke_test_opens_a_silent_window_and_a_game_a_heard_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ttt_gui.cli import compose

    launched: list[object] = []

    def launch(*arguments: object, sound: bool = True, **options: object) -> None:
        launched.append(sound)

    monkeypatch.setattr(compose, "launch", launch)
    assert main(["--smoke-test"]) == 1  # no window opened
    assert main(["--settings", str(tmp_path / "settings.json")]) == 1
    assert launched == [False, True]
