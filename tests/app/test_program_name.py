"""The program's own name, Noxo, heads the window's title and About in every
language: a name, never translated. No display: a presenter over fakes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fakes import make_presenter

from ttt_gui import PROGRAM_NAME, __version__
from ttt_gui.words import install_language


@pytest.fixture(params=["en", "de", "ja", "ru"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each of a few shipped languages spoken in turn, English again after."""
    install_language([request.param])
    yield str(request.param)
    install_language([])


def test_the_name_is_noxo() -> None:
    assert PROGRAM_NAME == "Noxo"


@pytest.mark.parametrize("mode", ["hotseat", "computer", "watch"])
def test_the_title_starts_with_the_name_as_it_is(language: str, mode: str) -> None:
    title = make_presenter(mode=mode).presenter.view().title
    name, dash, _ = title.split(" ", 2)
    assert (name, dash in "—–-") == (PROGRAM_NAME, True), (
        language,
        title,
    )  # as each language writes it


def test_about_starts_with_the_name_and_version(language: str) -> None:
    rig = make_presenter()
    rig.presenter.display.about()
    name, arguments = rig.dialogs.calls[-1]
    assert name == "show_text"
    assert str(arguments[1]).startswith(f"{PROGRAM_NAME} {__version__}\n"), language
