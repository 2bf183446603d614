"""Standard Gomoku (the exact rule: exactly five wins, an overline does not)
as a board choice: the configuration, the saved game, the New game page."""

from __future__ import annotations

import pytest
from fakes import make_presenter

from ttt_gui.app.new_game import CUSTOM, board_key
from ttt_gui.config import BOARD_CHOICES, ConfigError, GameConfig, Shape, statistics_labels
from ttt_gui.storage.games import SavedGame, parse_game

STANDARD = Shape(15, 15, 5, exact=True)


def test_standard_gomoku_is_a_listed_board_beside_freestyle() -> None:
    assert STANDARD in BOARD_CHOICES and Shape(15, 15, 5) in BOARD_CHOICES
    assert STANDARD.label == "Standard Gomoku (15×15, exactly 5 in a row)"
    assert Shape(9, 9, 5, exact=True).label == "9×9, exactly 5 in a row"


def test_the_rule_is_part_of_the_game_its_board_and_its_scores() -> None:
    config = GameConfig().with_shape(STANDARD)
    assert config.exact and config.empty_board().exact
    assert config.shape == STANDARD and config.fits(config.empty_board())
    assert not config.fits(GameConfig().with_shape(Shape(15, 15, 5)).empty_board())
    assert config.score_key == "computer:15x15:5:exact"
    assert statistics_labels(config.statistics_key) == (STANDARD.label, "Medium")
    assert GameConfig.from_dict(config.to_dict()) == config


def test_a_size_alone_is_a_board_of_the_usual_rules() -> None:
    config = GameConfig().with_shape(STANDARD)
    assert not GameConfig.from_dict({"size": 9}, base=config).exact
    assert GameConfig.from_dict({"size": 9, "exact": True}, base=config).exact
    assert not GameConfig.from_dict({"size": 9}, base=config).exact


@pytest.mark.parametrize("rule", ["gravity", "misere"])
def test_the_exact_rule_goes_with_neither_gravity_nor_misere(rule: str) -> None:
    with pytest.raises(ConfigError, match="'exact'"):
        GameConfig(rows=6, cols=7, win_length=4, exact=True, **{rule: True})


def test_a_saved_game_keeps_the_rule() -> None:
    saved = SavedGame(GameConfig().with_shape(STANDARD), (112, 113))
    read = parse_game(saved.to_json())
    assert read.config.exact and read == saved
    assert '"exact": true' in saved.to_json()


def test_a_saved_game_refuses_a_rule_that_is_not_true_or_false() -> None:
    text = SavedGame(GameConfig().with_shape(STANDARD)).to_json()
    with pytest.raises(ValueError, match="exact"):
        parse_game(text.replace('"exact": true', '"exact": "yes"'))


def test_the_new_game_page_offers_the_rule_for_a_custom_board() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.new_game_page.open()
    page = rig.presenter.new_game_page
    page.choose("board", board_key(STANDARD))
    view = rig.presenter.view().new_game
    assert view is not None and view.exact and view.board != CUSTOM
    page.choose("board", CUSTOM)
    page.choose("gravity", True)  # gravity turns the exact rule off ...
    view = rig.presenter.view().new_game
    assert view is not None and view.gravity and not view.exact
    page.choose("exact", True)  # ... and the exact rule turns gravity off
    view = rig.presenter.view().new_game
    assert view is not None and view.exact and not (view.gravity or view.misere)
    assert page.start()
    assert rig.session.config.exact and rig.board.exact


def test_how_to_play_names_the_exact_rule() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.setup.set_board(STANDARD)
    rig.presenter.display.how_to_play()
    text = rig.dialogs.calls[-1][1][1]
    assert "Exact: only exactly 5 in a row wins; a longer line does not." in text
    rig.presenter.setup.set_board(Shape(15, 15, 5))
    rig.presenter.display.how_to_play()
    assert "Exact" not in rig.dialogs.calls[-1][1][1]
