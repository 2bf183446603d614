"""Statistics per opponent and board, in every mode: every finished game
counts for good, against the computer by the person's side too; the score
line shows the current match, against the current opponent."""

from __future__ import annotations

from fakes import Rig, make_presenter

from ttt_gui.app.statistics import statistics_rows


def lose_as_o(rig: Rig) -> None:
    """O plays into the computer's win (X opens in the corner at every level
    that plays perfectly: the test only needs the game to end)."""
    rig.settle()
    while not rig.board.is_over:
        rig.presenter.moves.play(rig.board.legal_moves()[-1])
        rig.settle()


def shown_table(rig: Rig) -> list[tuple[str, str]]:
    rig.presenter.display.show_statistics()
    name, arguments = rig.dialogs.calls[-1]
    assert name == "show_table" and arguments[0] == "Statistics"
    rows = arguments[1]
    assert isinstance(rows, list)
    return rows


def test_games_count_for_their_level_and_board_and_survive_a_score_reset() -> None:
    rig = make_presenter(mode="computer", human="O", level="strongest")
    lose_as_o(rig)
    outcome = rig.board.winner
    rig.presenter.new_game_page.play_again()
    lose_as_o(rig)
    rig.presenter.setup.set_level("easy")
    lose_as_o(rig)
    rows = dict(shown_table(rig))
    perfect = rows.pop("Perfect, 3×3 (3 in a row)")
    easy = rows.pop("Easy, 3×3 (3 in a row)")
    assert rows == {}
    assert perfect == (
        "won 0, drawn 2, lost 0 (as O: won 0, drawn 2, lost 0)"
        if outcome is None
        else "won 0, drawn 0, lost 2 (as O: won 0, drawn 0, lost 2)"
    )
    totals = easy.partition(" (")[0]
    assert sum(int(word) for word in totals.replace(",", "").split()[1::2]) == 1
    rig.dialogs.confirm_answer = True
    rig.presenter.setup.reset_scores()
    assert rig.session.tally() == {"you": 0, "computer": 0, "draw": 0}
    assert dict(shown_table(rig))["Easy, 3×3 (3 in a row)"] == easy, "statistics stay"


def test_undoing_the_last_move_takes_the_result_back_out_of_the_statistics() -> None:
    rig = make_presenter(mode="computer", human="O", level="strongest")
    lose_as_o(rig)
    rig.presenter.moves.undo()
    assert statistics_rows(rig.session.scores) == []


def test_without_finished_games_the_window_says_so() -> None:
    rig = make_presenter(mode="hotseat")
    rig.presenter.display.show_statistics()
    assert rig.dialogs.calls[-1] == ("show_info", ("Statistics", "No games finished yet."))


def test_two_players_and_computer_vs_computer_count_too_with_x_and_o() -> None:
    rig = make_presenter(mode="hotseat")
    for cell in (0, 3, 1, 4, 2):
        rig.presenter.moves.play(cell)
    assert shown_table(rig) == [("Two players, 3×3 (3 in a row)", "X won 1, O won 0, drawn 0")]
    scores = {
        "watch:3x3:3 vs strongest/easy": {"X": 2, "draw": 1},
        "hotseat:3x3:3 vs people": {"O": 1},
        "computer:3x3:3 vs hard": {"you": 3, "you:X": 2, "you:O": 1, "draw": 1, "draw:O": 1},
        "computer:3x3:3 at hard": {"you": 9},  # a match, not the statistics
    }
    assert statistics_rows(scores) == [
        (
            "Hard, 3×3 (3 in a row)",
            "won 3, drawn 1, lost 0 (as X: won 2, drawn 0, lost 0; as O: won 1, drawn 1, lost 0)",
        ),
        ("X Perfect vs O Easy, 3×3 (3 in a row)", "X won 2, O won 0, drawn 1"),
        ("Two players, 3×3 (3 in a row)", "X won 0, O won 1, drawn 0"),
    ]


def test_the_score_line_is_the_match_against_the_current_level() -> None:
    rig = make_presenter(mode="computer", human="O", level="strongest")
    lose_as_o(rig)
    played = rig.session.tally()
    rig.presenter.setup.set_level("easy")
    assert rig.session.tally() == {"you": 0, "computer": 0, "draw": 0}, "a new match"
    rig.presenter.setup.set_level("strongest")
    assert rig.session.tally() == played


def test_rows_follow_the_board_size_then_the_ladder() -> None:
    scores = {
        "computer:4x4:3 vs easy": {"you": 1},
        "computer:3x3:3 vs perfect": {"draw": 3},  # the top level's old name
        "computer:3x3:3 vs strongest": {"you": 1, "draw": 1},
        "computer:9x9:5 vs strongest": {"draw": 1},
        "computer:3x3:3 vs easy": {"you": 2, "computer": 1},
        "computer:3x3:3 vs depth 4": {"computer": 1},
        "hotseat:3x3:3": {"X": 5},
        "computer:3x3:3": {"you": 2},
    }
    assert statistics_rows(scores) == [
        ("Easy, 3×3 (3 in a row)", "won 2, drawn 0, lost 1"),
        ("Perfect, 3×3 (3 in a row)", "won 1, drawn 4, lost 0"),
        ("depth 4, 3×3 (3 in a row)", "won 0, drawn 0, lost 1"),
        ("Easy, 4×4 (3 in a row)", "won 1, drawn 0, lost 0"),
        ("Strongest, 9×9 (5 in a row)", "won 0, drawn 1, lost 0"),
    ]


def test_boards_follow_their_size_named_ones_too() -> None:
    scores = {
        f"computer:{board} vs easy": {"you": 1}
        for board in ("15x15:5", "7x6:4:gravity", "3x3:3:misere", "7x7:5", "3x3:3")
    }
    assert [board for board, _ in statistics_rows(scores)] == [
        "Easy, 3×3 (3 in a row)",
        "Easy, Avoid three (3×3, 3 in a row)",
        "Easy, Connect Four (7×6, 4 in a row)",
        "Easy, 7×7 (5 in a row)",
        "Easy, Gomoku (15×15, 5 in a row)",
    ]


def test_a_board_key_with_numbers_int_cannot_read_is_shown_as_written() -> None:
    """Keys come from the settings file, which may say anything: a superscript
    digit or a number of thousands of digits is shown as it is, never an error."""
    keys = ("computer:\u00b2x3:3 vs easy", f"computer:{'9' * 4301}x3:3 vs easy")
    rows = statistics_rows({key: {"you": 1} for key in keys})
    assert sorted(rows) == sorted(
        (f"easy, {key.partition(' vs ')[0]}", "won 1, drawn 0, lost 0") for key in keys
    )
