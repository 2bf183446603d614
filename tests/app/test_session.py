"""One game in its mode, without Tk or threads: history, refusals, scores,
undo/redo against the computer, computer-vs-computer play and which search
comes next."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from ttt_gui.app.jobs import JobKind
from ttt_gui.app.refusals import Refused
from ttt_gui.app.session import GameHistory, Session
from ttt_gui.board import Board, IllegalMoveError, Player
from ttt_gui.config import LEVELS, GameConfig, Mode
from ttt_gui.engine import Engine, MoveAnalysis, SearchResult
from ttt_gui.engine.levels import LevelPlayer
from ttt_gui.storage.settings import Settings

HOTSEAT = GameConfig(mode=Mode.HOTSEAT)
#: X wins along the top row: X a1, O a2, X b1, O b2, X c1.
X_WINS = (0, 3, 1, 4, 2)
#: A full board without a line.
DRAW = (4, 0, 8, 2, 1, 7, 6, 3, 5)


def play_all(session: Session, moves: tuple[int, ...]) -> None:
    for move in moves:
        assert session.play(move) is None, f"move {move} refused"


def computer_moves(session: Session, *moves: int) -> None:
    """Play ``moves`` as the computer's answers, as the presenter would."""
    for move in moves:
        assert session.apply_computer_move(session.generation, move)


def against_the_computer(human: Player, *moves: int) -> Session:
    """A game against the computer with ``moves`` played in turn, each by the
    person or the computer, whoever is to move."""
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=human)))
    for move in moves:
        if session.is_computer_turn:
            computer_moves(session, move)
        else:
            assert session.play(move) is None
    return session


def computer_wins_against_o() -> Session:
    """The computer (X) takes a1, b1, c1 while you (O) play a2 and b2."""
    return against_the_computer(Player.O, 0, 3, 1, 4, 2)


def two_moves_each_against_the_computer() -> Session:
    """You (X) played b2 and c3; the computer answered a1 and c1."""
    return against_the_computer(Player.X, 4, 0, 8, 2)


def analysis_of(board: Board) -> MoveAnalysis:
    return Engine(randomize=False).evaluate_moves(board)


# -- GameHistory -------------------------------------------------------------------


def test_history_plays_moves_and_moves_its_cursor() -> None:
    history = GameHistory(Board.empty())
    assert history.last_move is None and history.cursor == 0
    for move in (4, 0, 8):
        history.play(move)
    assert history.board == Board.from_moves([4, 0, 8])
    assert history.last_move == 8 and history.cursor == 3
    history.go_to(1)
    assert history.board == Board.from_moves([4]) and history.last_move == 4
    assert history.moves == [4, 0, 8], "moving the cursor keeps the later moves"


def test_history_discards_the_redo_line_when_playing() -> None:
    history = GameHistory(Board.empty())
    for move in (4, 0, 8):
        history.play(move)
    history.go_to(1)
    history.play(2)
    assert history.moves == [4, 2]
    assert history.board == Board.from_moves([4, 2])
    assert len(history.boards) == 3


def test_history_refuses_positions_it_does_not_hold() -> None:
    history = GameHistory(Board.empty())
    history.play(4)
    for cursor in (2, -1):
        with pytest.raises(IndexError):
            history.go_to(cursor)
    assert history.cursor == 1


def test_history_refuses_an_illegal_move_and_stays_as_it_was() -> None:
    history = GameHistory(Board.empty())
    history.play(4)
    with pytest.raises(IllegalMoveError):
        history.play(4)
    assert history.moves == [4] and history.cursor == 1 and len(history.boards) == 2


def test_history_may_start_from_any_position() -> None:
    start = Board.parse("x../.o./...")
    history = GameHistory(start)
    history.play(8)
    assert history.start == start
    assert str(history.board) == "X../.O./..X"


# -- moves and refusals ----------------------------------------------------------------


def test_hot_seat_alternates_and_scores_a_win() -> None:
    session = Session(Settings(game=HOTSEAT))
    assert session.board.turn is Player.X
    play_all(session, X_WINS)
    assert session.board.winner is Player.X
    assert session.tally() == {"X": 1, "O": 0, "draw": 0}
    refused = session.play(5)
    assert isinstance(refused, Refused) and "over" in refused.reason
    assert session.board.move_count == 5


def test_a_taken_cell_is_refused_by_name_and_changes_nothing() -> None:
    session = Session(Settings(game=HOTSEAT))
    session.play(4)
    generation = session.generation
    assert session.play(4) == Refused("b2 is already taken.")
    session.play(0)
    assert session.play(0) == Refused("a1 is already taken.")
    assert str(session.board) == "O../.X./..."
    assert session.generation == generation + 1


@pytest.mark.parametrize("cell", [-1, 9, 100])
def test_a_cell_off_the_board_is_refused(cell: int) -> None:
    session = Session(Settings(game=HOTSEAT))
    generation = session.generation
    assert session.play(cell) == Refused("There is no such cell.")
    assert session.board.move_count == 0 and session.generation == generation


def test_the_person_cannot_move_for_the_computer() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    assert session.is_computer_turn
    assert session.play(4) == Refused("Wait for the computer's move.")
    assert session.board.move_count == 0


def test_nobody_moves_for_the_computers_in_watch_mode() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH)))
    refused = session.play(4)
    assert isinstance(refused, Refused) and "both sides" in refused.reason
    assert session.board.move_count == 0


def test_a_computer_move_is_played_only_for_its_generation_and_turn() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    stale = session.generation
    session.new_game()
    assert not session.apply_computer_move(stale, 4), "a stale result is dropped"
    assert session.apply_computer_move(session.generation, 4)
    assert not session.is_computer_turn
    assert not session.apply_computer_move(session.generation, 0), "not its turn"
    session.play(0)
    assert not session.apply_computer_move(session.generation, 4), "an illegal move is dropped"
    assert str(session.board) == "O../.X./..."


def test_every_change_bumps_the_generation() -> None:
    session = Session(Settings(game=HOTSEAT))
    seen = [session.generation]
    session.play(4)
    seen.append(session.generation)
    session.undo()
    seen.append(session.generation)
    session.redo()
    seen.append(session.generation)
    session.new_game()
    seen.append(session.generation)
    assert seen == sorted(set(seen)), f"generations {seen} did not all increase"


def test_the_move_list_numbers_moves_from_the_start_position() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, (4, 0))
    assert session.move_list() == ["1. X b2", "2. O a1"]
    session.new_game(start=Board.parse("x../.o./..."))
    session.play(8)
    assert session.move_list() == ["3. X c3"]


def test_a_start_position_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    session = Session(Settings(game=HOTSEAT))
    session.play(4)
    with pytest.raises(ValueError):
        session.new_game(start=Board.empty(4))
    with pytest.raises(IllegalMoveError):
        session.replay(HOTSEAT, None, (4, 4))
    assert str(session.board) == ".../.X./..." and session.history.moves == [4]


# -- scores --------------------------------------------------------------------------


def test_a_finished_game_counts_once_through_undo_and_redo() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, X_WINS)
    session.undo()
    assert session.tally()["X"] == 0, "an undo reopens the game"
    session.redo()
    assert session.tally()["X"] == 1
    session.undo()
    play_all(session, (8, 5))  # X c3 instead, then O completes the middle row
    assert session.tally() == {"X": 0, "O": 1, "draw": 0}
    session.new_game()
    assert session.tally() == {"X": 0, "O": 1, "draw": 0}, "a new game counts nothing again"


def test_the_tally_follows_the_result_of_the_position_shown() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, X_WINS)
    session.go_to(2)
    session.play(2)  # X a1 O a2 X c1: the game goes on
    assert session.tally() == {"X": 0, "O": 0, "draw": 0}
    play_all(session, (4, 1))  # O b2, X b1: X wins along the top row again
    assert session.tally() == {"X": 1, "O": 0, "draw": 0}


def test_draws_count_and_new_games_add_up() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, DRAW)
    assert session.board.is_over and session.board.winner is None
    session.new_game()
    play_all(session, X_WINS)
    session.new_game()
    play_all(session, X_WINS)
    assert session.tally() == {"X": 2, "O": 0, "draw": 1}


def test_scores_against_the_computer_name_you_and_the_computer() -> None:
    session = computer_wins_against_o()
    assert session.tally() == {"you": 0, "computer": 1, "draw": 0}
    assert session.scores == {
        "computer:3x3:3 at medium": {"computer": 1},
        "computer:3x3:3 vs medium": {"computer": 1, "computer:O": 1},
    }


def test_scores_are_kept_per_mode_and_board() -> None:
    scores: dict[str, dict[str, int]] = {}
    session = Session(Settings(game=HOTSEAT, scores=scores))
    play_all(session, X_WINS)
    session.new_game(GameConfig(mode=Mode.HOTSEAT, rows=4, cols=4, win_length=4))
    assert session.tally() == {"X": 0, "O": 0, "draw": 0}
    assert scores == {
        "hotseat:3x3:3": {"X": 1},
        "hotseat:3x3:3 vs people": {"X": 1},
    }, "the session keeps the dict it was given"
    session.new_game(HOTSEAT)
    assert session.tally()["X"] == 1


def test_scores_version_changes_when_and_only_when_the_tally_does() -> None:
    session = Session(Settings(game=HOTSEAT))
    version = session.scores_version
    play_all(session, X_WINS[:-1])
    assert session.scores_version == version, "moves that finish nothing keep the version"
    session.play(X_WINS[-1])
    assert session.scores_version > version
    version = session.scores_version
    session.undo()
    assert session.scores_version > version


def test_an_opened_finished_game_never_counts() -> None:
    session = Session(Settings(game=HOTSEAT))
    session.replay(HOTSEAT, None, X_WINS)
    assert session.board.winner is Player.X
    assert session.tally()["X"] == 0
    session.undo()
    session.redo()
    assert session.tally()["X"] == 0
    session.undo()
    session.play(8)  # still that game: it was over when opened
    session.undo()
    assert all(count == 0 for count in session.tally().values())


def test_an_opened_game_in_progress_counts_when_finished() -> None:
    session = Session(Settings(game=HOTSEAT))
    session.replay(HOTSEAT, None, X_WINS[:-1])
    session.play(X_WINS[-1])
    assert session.tally()["X"] == 1


def test_reset_scores_zeroes_the_current_tally_only() -> None:
    session = Session(Settings(game=HOTSEAT, scores={"computer:3x3:3": {"you": 4}}))
    play_all(session, X_WINS)
    session.reset_scores()
    assert session.tally() == {"X": 0, "O": 0, "draw": 0}
    assert session.scores == {"computer:3x3:3": {"you": 4}, "hotseat:3x3:3 vs people": {"X": 1}}
    session.undo()
    assert session.tally() == {"X": 0, "O": 0, "draw": 0}, "no count goes below zero"
    session.redo()
    assert session.tally()["X"] == 1, "finishing the game again counts it"


# -- undo, redo and go_to ----------------------------------------------------------------


def test_undo_against_the_computer_returns_to_the_persons_turn() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    computer_moves(session, 4)
    session.play(0)
    computer_moves(session, 8)
    assert session.undo() is None
    assert str(session.board) == ".../.X./..."
    assert not session.can_undo, "the computer's opening cannot be taken back alone"
    assert session.undo() == Refused("Nothing to undo.")
    assert session.redo() is None
    assert str(session.board) == "O../.X./..X"
    assert session.redo() == Refused("Nothing to redo.")


def test_undo_as_x_takes_back_your_move_and_the_reply() -> None:
    session = two_moves_each_against_the_computer()
    session.undo()
    assert session.board.move_count == 2 and session.board.turn is Player.X
    session.undo()
    assert session.board.move_count == 0
    assert session.next_search() is None, "undo to your turn does not start the computer"
    session.redo()
    session.redo()
    assert session.board == Board.from_moves([4, 0, 8, 2])


def test_go_to_against_the_computer_stops_on_your_turn() -> None:
    session = two_moves_each_against_the_computer()
    session.undo()
    session.undo()
    assert session.go_to(1) is None  # your first move: shown with the reply to it
    assert session.history.cursor == 2
    assert session.board == Board.from_moves([4, 0])
    assert not session.is_computer_turn
    assert session.go_to(2) == Refused("That position is already shown.")
    assert session.go_to(100) is None
    assert session.history.cursor == 4


def test_the_move_list_shows_the_chosen_move_not_the_position_before_it() -> None:
    """Choosing "1. X b2" against the computer shows b2 on the board (with the
    computer's reply), not the empty start."""
    session = two_moves_each_against_the_computer()
    session.go_to(0)
    assert session.go_to(1) is None
    assert session.board[4] is Player.X and session.board.move_count == 2


def test_go_to_refuses_when_no_position_is_yours() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    refused = session.go_to(0)
    assert isinstance(refused, Refused) and "your turn" in refused.reason
    computer_moves(session, 4)
    session.play(0)
    assert session.go_to(0) is None  # the computer's opening stays on the board
    assert session.board.move_count == 1


def test_a_finished_game_against_the_computer_can_be_reviewed() -> None:
    session = computer_wins_against_o()
    assert session.can_undo and not session.can_redo
    session.undo()  # takes back the winning reply and your move before it
    assert session.board.move_count == 3 and session.board.turn is Player.O
    session.redo()
    assert session.board.is_over, "the final position is reachable though it is no one's turn"


def test_hot_seat_undo_and_redo_step_one_move() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, (4, 0, 8))
    session.undo()
    assert str(session.board) == "O../.X./..."
    session.undo()
    session.redo()
    session.redo()
    assert str(session.board) == "O../.X./..X"
    assert not session.can_redo
    session.undo()
    session.play(6)
    assert str(session.board) == "O../.X./X.."
    assert not session.can_redo, "playing after an undo discards the redo line"


# -- whether a new game loses something ----------------------------------------------


def test_has_moves_to_lose_in_hot_seat() -> None:
    session = Session(Settings(game=HOTSEAT))
    assert not session.has_moves_to_lose
    session.play(4)
    assert session.has_moves_to_lose
    session.undo()
    assert not session.has_moves_to_lose
    session.redo()
    play_all(session, (0, 1, 3, 7))  # X completes the middle column
    assert session.board.is_over
    assert not session.has_moves_to_lose, "a finished game loses nothing"


def test_has_moves_to_lose_against_the_computer_needs_a_move_of_yours() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    computer_moves(session, 4)
    assert session.board.move_count == 1
    assert not session.has_moves_to_lose, "only the computer has moved"
    session.play(0)
    assert session.has_moves_to_lose
    computer_moves(session, 8)
    assert session.has_moves_to_lose


def test_watch_mode_has_no_moves_to_lose() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH)))
    computer_moves(session, 4, 0, 8)
    assert not session.has_moves_to_lose
    assert session.is_in_progress


# -- computer vs computer ---------------------------------------------------------------


def test_play_pause_and_step_are_for_watch_mode_only() -> None:
    for mode in (Mode.HOTSEAT, Mode.COMPUTER):
        session = Session(Settings(game=GameConfig(mode=mode)))
        assert isinstance(session.play_pause(), Refused)
        assert isinstance(session.step(), Refused)
        assert not session.watch_running and not session.step_wanted


def test_play_pause_toggles_and_step_asks_for_one_move() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH)))
    assert session.is_paused and session.next_search() is None
    assert session.play_pause() is None
    assert session.watch_running and not session.is_paused
    assert session.play_pause() is None
    assert not session.watch_running and session.is_paused
    assert session.step() is None
    assert session.step_wanted and not session.is_paused
    computer_moves(session, 4)
    assert not session.step_wanted and session.is_paused, "a step plays exactly one move"
    session.play_pause()
    session.step()
    assert not session.watch_running, "a step pauses a running game"


def test_a_finished_watch_game_stops_and_play_starts_a_new_one() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH)))
    session.play_pause()
    computer_moves(session, *X_WINS)
    assert session.board.is_over and not session.watch_running
    assert session.tally() == {"X": 1, "O": 0, "draw": 0}
    assert isinstance(session.step(), Refused)
    assert session.play_pause() is None
    assert session.board.move_count == 0 and session.watch_running
    assert session.tally()["X"] == 1


def test_undo_in_watch_mode_pauses() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH)))
    session.play_pause()
    computer_moves(session, 4, 0)
    assert session.undo() is None
    assert session.board.move_count == 1 and session.is_paused


# -- searches -------------------------------------------------------------------------


def test_the_computers_move_is_searched_first() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    session.settings.analysis = True
    request = session.next_search()
    assert request is not None and request.kind is JobKind.MOVE
    assert request.generation == session.generation and request.board == session.board
    result = request.search(threading.Event())
    assert isinstance(result, SearchResult) and result.move in session.board.legal_moves()


def test_analysis_is_searched_when_wanted_and_not_yet_known() -> None:
    session = Session(Settings(game=HOTSEAT))
    assert session.next_search() is None
    session.settings.analysis = True
    request = session.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS
    analysis = request.search(threading.Event())
    assert isinstance(analysis, MoveAnalysis) and set(analysis.scores) == set(range(9))
    assert session.accept_analysis(request.generation, analysis_of(request.board))
    assert session.next_search() is None, "a known analysis is not searched again"
    session.play(4)
    assert session.analysis is None, "a move forgets the old analysis"
    request = session.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS


def test_no_search_on_the_persons_turn_or_after_the_game() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.X)))
    assert session.next_search() is None
    session = Session(Settings(game=GameConfig(mode=Mode.HOTSEAT)))
    session.settings.analysis = True
    play_all(session, X_WINS)
    assert session.next_search() is None


def test_a_paused_watch_game_searches_no_move_but_still_analyses() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.WATCH)))
    assert session.next_search() is None
    session.settings.analysis = True
    request = session.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS
    session.play_pause()
    request = session.next_search()
    assert request is not None and request.kind is JobKind.MOVE


def test_a_stale_analysis_is_ignored() -> None:
    session = Session(Settings(game=HOTSEAT))
    session.settings.analysis = True
    request = session.next_search()
    assert request is not None
    session.play(4)
    assert not session.accept_analysis(request.generation, analysis_of(request.board))
    assert session.analysis is None
    current = session.next_search()
    assert current is not None and current.generation == session.generation
    assert session.accept_analysis(current.generation, analysis_of(current.board))
    assert session.analysis is not None


def test_a_hint_comes_with_the_analysis() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, (0, 3, 1, 4))
    assert session.request_hint() is None
    assert not session.hint and session.hint_wanted
    request = session.next_search()
    assert request is not None and request.kind is JobKind.ANALYSIS
    session.accept_analysis(request.generation, analysis_of(request.board))
    assert session.hint == (2,) and not session.hint_wanted
    session.play(8)
    assert session.hint == (), "a move clears the hint"


def test_a_hint_is_given_at_once_when_the_analysis_is_known() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, (0, 3, 1, 4))
    session.accept_analysis(session.generation, analysis_of(session.board))
    assert session.request_hint() is None
    assert session.hint == (2,) and not session.hint_wanted


def test_no_hint_after_the_game_or_on_the_computers_turn() -> None:
    session = Session(Settings(game=HOTSEAT))
    play_all(session, X_WINS)
    assert isinstance(session.request_hint(), Refused)
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O)))
    assert session.request_hint() == Refused("Wait for the computer's move.")
    assert not session.hint_wanted


# -- engines ----------------------------------------------------------------------------


def player(session: Session) -> LevelPlayer:
    """The computer of the side to move in ``session``."""
    return session.engines.player(session.config, session.board.turn)


def test_engines_are_kept_per_strength() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, level="hard")))
    session.play(4)
    hard = player(session)
    assert player(session) is hard, "the engine and its table are kept"
    hard_level = LEVELS["hard"]
    assert (hard.lookahead, hard.temperature) == (hard_level.lookahead, hard_level.temperature)
    session.new_game(GameConfig(mode=Mode.COMPUTER, level="easy"))
    easy = player(session)
    assert easy is not hard and easy.lookahead == LEVELS["easy"].lookahead == 0
    session.new_game(GameConfig(mode=Mode.COMPUTER, level="hard"))
    assert player(session) is hard
    analyst = session.engines.analyst(session.config)
    assert analyst.limit.depth is None and analyst.engine is not hard.engine
    assert session.engines.analyst(session.config).engine is analyst.engine, "kept too"


def test_a_custom_depth_plays_its_best_move() -> None:
    session = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, human=Player.O, depth=5)))
    engine = player(session)
    assert (engine.lookahead, engine.temperature, engine.limit.nodes) == (5, 0.0, None)


def test_watch_mode_uses_each_sides_level() -> None:
    session = Session(
        Settings(game=GameConfig(mode=Mode.WATCH, x_level="easy", o_level="strongest"))
    )
    x_engine = player(session)
    computer_moves(session, 4)
    o_engine = player(session)
    assert x_engine.lookahead == 0 and o_engine.lookahead is None
    assert x_engine is not o_engine


def test_node_budgets_apply_only_where_the_board_is_not_solved() -> None:
    for size, win_length in ((3, 3), (4, 4)):
        session = Session(
            Settings(
                game=GameConfig(level="strongest", rows=size, cols=size, win_length=win_length)
            )
        )
        assert player(session).limit.nodes is None, "exact play where the board is solved"
    for name in ("medium", "hard"):
        large = Session(Settings(game=GameConfig(level=name, rows=5, cols=5, win_length=4)))
        engine = player(large)
        assert engine.limit.nodes == LEVELS[name].nodes is not None
        assert engine.lookahead is None, "the budget sets the depth"
    strongest = player(
        Session(Settings(game=GameConfig(level="strongest", rows=5, cols=5, win_length=4)))
    )
    assert (strongest.lookahead, strongest.limit.nodes, strongest.limit.time) == (None, None, 1.0)
    easy = player(Session(Settings(game=GameConfig(level="easy", rows=9, cols=9, win_length=5))))
    assert (easy.lookahead, easy.limit.nodes) == (0, None), "Easy looks one move ahead"


def test_a_seeded_session_plays_the_same_games() -> None:
    def game(seed: int) -> list[int]:
        session = Session(
            Settings(game=GameConfig(mode=Mode.WATCH, x_level="easy", o_level="medium")), seed=seed
        )
        while not session.board.is_over:
            session.history.play(player(session).search(session.board).move)
        return session.history.moves

    games = [game(seed) for seed in range(8)]
    assert games == [game(seed) for seed in range(8)]
    assert len({tuple(moves) for moves in games}) > 1, "different seeds, different games"


def test_the_think_time_bounds_engines_on_large_boards_only() -> None:
    small = Session(Settings(game=GameConfig(mode=Mode.COMPUTER, think_time=2.0)))
    assert player(small).limit.time is None
    large = Session(
        Settings(game=GameConfig(mode=Mode.COMPUTER, rows=9, cols=9, win_length=5, think_time=2.0))
    )
    assert player(large).limit.time == 2.0
    assert large.engines.analyst(large.config).limit.time == 2.0
    large.reconfigure(dataclasses.replace(large.config, think_time=0.5))
    assert player(large).limit.time == 0.5, "a new think time gets its own engine"
