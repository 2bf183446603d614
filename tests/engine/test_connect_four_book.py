"""Tests of the opening book of Connect Four (ttt_gui/engine/connect_four_book.py):
its data file reads back, a position and its mirror image share an entry,
bad data is refused by name, the engine plays the book's move at the
strongest level only, and every entry's move keeps the value the book
claims, checked by the exact solver under ``--slow`` on a sample (see
:func:`entry_cases`)."""

from __future__ import annotations

import random
import time

import pytest
from connect_four_boards import board_after, play_column
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ttt_gui.board import Board
from ttt_gui.config import LEVELS, TOP_LEVEL
from ttt_gui.engine import COMPILED, UNMEASURED_WIN, Engine, Limit, connect_four_path
from ttt_gui.engine.connect_four import has_four
from ttt_gui.engine.connect_four_board_solver import BoardSolver
from ttt_gui.engine.connect_four_book import (
    EXACT_LIMIT,
    OUTCOME_WORDS,
    STEP,
    BookEntries,
    BookError,
    BookMove,
    ConnectFourBook,
    Replayer,
    drop,
    entry_lines,
    mirror,
    pack,
    position_key,
    replay,
    shipped_book,
    shipped_text,
)
from ttt_gui.engine.levels import LevelPlayer
from ttt_gui.engine.negamax import MATE_THRESHOLD, WIN


def replies_after(board: Board, column: int) -> list[Board]:
    """The positions after ``column`` (0-6) is played on ``board``, one for
    each reply to it."""
    after = play_column(board, column)
    return [after.play(move) for move in after.legal_moves()]


def shipped_lines() -> list[tuple[str, str, str]]:
    """The shipped book's entries as (moves, column, value), in file order."""
    return [(columns, move, value) for _, columns, move, value in entry_lines(shipped_text())]


def test_the_shipped_book_reads_back_with_an_entry_for_each_line() -> None:
    assert len(shipped_book()) == len(shipped_lines()) > 0


def test_the_first_player_opens_in_the_centre_and_wins() -> None:
    """The published fact the book proves: the first player wins, by the centre column."""
    assert shipped_book().lookup(0, 0) == BookMove(column=3, value=1, exact=False)


def test_a_first_move_beside_the_centre_is_a_draw_kept_from_the_centre() -> None:
    """The published fact the second player's book proves: after the first
    player's 3 (or its mirror image 5) the game is a draw with best play,
    kept by the reply in the centre."""
    book = shipped_book()
    for opening in ("3", "5"):
        assert book.lookup_board(board_after(opening)) == BookMove(column=3, value=0, exact=False)


def test_a_first_move_two_or_three_columns_from_the_centre_loses() -> None:
    """The published fact the second player's book proves for the other
    first moves: after 1, 2, 6 or 7 the second player wins."""
    book = shipped_book()
    for opening in ("1", "2", "6", "7"):
        entry = book.lookup_board(board_after(opening))
        assert entry is not None and entry.value == 1, opening


def test_the_second_players_book_answers_replies_with_the_first_moves_value() -> None:
    """After each first move but the centre, every reply to the book's
    answer has an entry of the second player's, so have most replies to
    those, and every entry met through 7 stones keeps the first move's
    value or better: a draw after 3 or 5 (a win after a mistake of the
    first player's), else a win (the positions left out are settled by the
    solver within a think time)."""
    book = shipped_book()
    for opening in ("1", "2", "3", "5", "6", "7"):
        value = 0 if opening in "35" else 1
        positions = [board_after(opening)]
        for level in range(4):
            answers = []
            for board in positions:
                entry = book.lookup_board(board)
                assert entry is not None and entry.value >= value, board.to_text()
                answers += replies_after(board, entry.column)
            playing = [board for board in answers if not board.is_over]
            positions = [board for board in playing if book.lookup_board(board) is not None]
            if level == 0:
                assert len(positions) == len(playing) == 7, opening
            elif level == 1:
                assert len(positions) >= len(playing) * 4 // 5, opening
            elif level == 2:
                assert positions, opening


def test_the_book_answers_every_reply_to_its_first_move_and_most_after() -> None:
    """Every reply to the first move has an entry, each a win for the first
    player, and so have most replies two and four moves on (the rest are
    positions the builder left out as settled by the solver within a think
    time: not checked here, as that takes the plain build seconds each)."""
    book = shipped_book()
    positions = [board_after("")]
    for level in range(3):
        replies = []
        for board in positions:
            entry = book.lookup_board(board)
            assert entry is not None and entry.value == 1, board.to_text()
            replies += replies_after(board, entry.column)
        positions = [board for board in replies if book.lookup_board(board) is not None]
        if level == 0:
            assert len(positions) == len(replies) == 7
        assert len(positions) >= len(replies) // 2


def test_a_position_and_its_mirror_image_share_one_entry() -> None:
    book = ConnectFourBook.parse("21 6 draw\n")
    left = book.lookup(*replay("21"))
    right = book.lookup(*replay("67"))
    assert left == BookMove(5, 0, False)
    assert right == BookMove(1, 0, False)
    current, mask = replay("2134")
    assert position_key(current, mask)[0] == position_key(mirror(current), mirror(mask))[0]
    assert mirror(mirror(mask)) == mask != mirror(mask)


def test_an_entry_on_a_board_reads_as_on_bitboards() -> None:
    book = ConnectFourBook.parse("# a comment\n4 3 5\n")
    assert book.lookup_board(board_after("4")) == BookMove(2, 5, True)
    assert book.lookup_board(board_after("44")) is None
    other = Board.empty(rows=6, cols=7, win_length=4, gravity=True, misere=True).play(38)
    assert book.lookup_board(other) is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("4 4\n", "expected 'moves column value'"),
        ("48 4 win\n", "not a column: '8'"),
        ("4444444 1 win\n", "column 4 is full"),
        ("4 8 win\n", "not a column: '8'"),
        ("4 4 maybe\n", "not a value: 'maybe'"),
        ("4 4 22\n", "line 1: not a value: '22'"),  # beyond any exact value
        ("4 3 win\n44 4 -22\n", "line 2: not a value: '-22'"),
        ("1212121 4 win\n", "the game is over after '1212121'"),
        ("- 4 win\n- 3 loss\n", "a second entry"),
        ("21 3 win\n67 5 win\n", "a second entry"),
        ("444444 4 win\n", "column 4 is full"),
        ("4 3 win\n44 4 win\n4444449 1 win\n", "not a column: '9'"),  # after a shared start
        ("4 3 win\n1212124 1 win\n12121211 1 win\n", "the game is over after '1212121'"),
    ],
)
def test_a_malformed_book_is_refused_by_name(text: str, words: str) -> None:
    with pytest.raises(BookError, match=words):
        ConnectFourBook.parse(text)
    assert issubclass(BookError, ValueError)


BOOK_MOVES = st.builds(
    BookMove,
    st.integers(0, 6),
    st.integers(-EXACT_LIMIT, EXACT_LIMIT),
    st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(0, (1 << 64) - 1), BOOK_MOVES, max_size=40))
@example(entries={5: BookMove(0, 0, False)})  # a key asked for as 5.0 too
def test_the_compact_entries_hold_what_a_dict_of_the_same_entries_holds(
    entries: dict[int, BookMove],
) -> None:
    compact = BookEntries({key: pack(entry) for key, entry in entries.items()})
    assert dict(compact) == entries and len(compact) == len(entries)
    assert list(compact) == sorted(entries)
    for key in (-1, 0, 5, 1 << 48, (1 << 64) - 1, 1 << 64, "5", 5.0):
        assert (key in compact) == (key in entries)
        assert compact.get(key) == entries.get(key)  # type: ignore[call-overload]


def test_the_book_holds_its_entries_in_a_few_bytes_each() -> None:
    entries = shipped_book().entries
    assert isinstance(entries, BookEntries)
    assert entries.sorted_keys.itemsize + entries.codes.itemsize <= 10  # bytes an entry


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 6), max_size=10), min_size=1, max_size=12))
def test_a_replayer_keys_each_position_as_a_replay_from_the_empty_board_does(
    games: list[list[int]],
) -> None:
    replayer = Replayer()
    for moves in sorted(games) + games:  # in order, as a book's lines, and in any order
        columns, current, mask = "", 0, 0
        for col in moves:  # as far as the moves can be played
            move = drop(mask, col)
            if move == 0 or has_four(current | move, STEP):
                break
            columns, current, mask = columns + str(col + 1), current ^ mask, mask | move
        assert replayer.key(columns) == position_key(*replay(columns))
        assert replayer.positions[-1][:2] == replay(columns)


def test_the_strongest_level_plays_a_drawn_entry_s_move_at_once_and_lower_levels_do_not() -> None:
    book = shipped_book()
    drawn = [line for line in shipped_lines() if line[2] == "draw"]
    columns, column, _ = max(drawn, key=lambda line: len(line[0]))
    board = board_after(columns)
    entry = book.lookup_board(board)
    assert entry is not None and entry.column == int(column) - 1
    strongest = LevelPlayer(None, 0.0, budget=Limit(time=5.0), seed=1)
    result = strongest.search(board)
    assert result.move % 7 == entry.column
    assert result.nodes == 0  # the book's move: nothing searched
    hard = LEVELS["hard"]
    lower = LevelPlayer(hard.lookahead, 0.0, budget=Limit(nodes=hard.nodes), seed=1)
    assert lower.search(board).nodes > 0
    assert TOP_LEVEL == "strongest"


#: A position the side to move wins, 17 stones in: by the 3rd column in 21
#: plies, by the 5th in 23, by the 2nd in 25 (and by no other column).
TWO_WINS = "23722664625466611"


def test_a_won_entry_gives_way_to_the_soonest_win_the_think_time_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    book = ConnectFourBook.parse(f"{TWO_WINS} 2 win\n")  # the slowest win
    monkeypatch.setattr(connect_four_path, "shipped_book", lambda: book)
    board = board_after(TWO_WINS)
    strongest = LevelPlayer(None, 0.0, budget=Limit(time=5.0), seed=1)
    result = strongest.search(board)
    assert (result.move % 7, result.score, result.exact) == (2, WIN - 21, True)


def test_a_won_entry_s_move_stands_where_the_think_time_does_not_find_a_sooner_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    book = ConnectFourBook.parse(f"{TWO_WINS} 2 win\n")
    monkeypatch.setattr(connect_four_path, "shipped_book", lambda: book)
    board = board_after(TWO_WINS)
    # The solver checks its limits every few thousand nodes: this one stops
    # at the first check, well short of the exact solve.
    result = LevelPlayer(None, 0.0, budget=Limit(nodes=1000), seed=1).search(board)
    assert (result.move % 7, result.exact) == (1, False)
    assert result.score > MATE_THRESHOLD  # a win, its distance not known
    assert result.nodes > 0  # sought first


def test_an_unbounded_search_takes_an_exact_entry_as_it_is() -> None:
    exact = [line for line in shipped_lines() if line[2].lstrip("-").isdigit()]
    columns, column, _ = max(exact, key=lambda line: (len(line[0]), line))
    board = board_after(columns)
    result = Engine().search(board, Limit())
    assert result.exact
    assert result.move % 7 == int(column) - 1
    assert result.nodes < 100_000  # the line to the end only, not a solve


def test_reading_the_book_takes_nothing_from_the_first_search_s_think_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    book = shipped_book()

    def slow_book() -> ConnectFourBook:
        time.sleep(0.6)  # as on a slow machine: longer than the think time
        return book

    monkeypatch.setattr(connect_four_path, "shipped_book", slow_book)
    board = board_after("43443")  # not in the book, not solved in the think time
    result = Engine(randomize=False).search(board, Limit(time=0.5))
    assert not result.exact
    assert result.depth >= 4, "the search had its think time after the book was read"


def centre_first(cells: list[int]) -> list[int]:
    """``cells`` (one per column) in the solver's column order: d, c, e, b, f, a, g."""
    return sorted(cells, key=lambda cell: [3, 2, 4, 1, 5, 0, 6].index(cell % 7))


def test_the_analysis_reads_the_published_first_moves_through_the_book() -> None:
    board = board_after("")
    analysis = Engine(randomize=False).evaluate_moves(board, Limit(time=5.0))
    columns = {cell % 7 + 1: score for cell, score in analysis.scores.items()}
    assert columns == {
        4: UNMEASURED_WIN,
        3: 0,
        5: 0,
        **dict.fromkeys((1, 2, 6, 7), -UNMEASURED_WIN),
    }
    assert analysis.exact and analysis.best == [38]
    assert analysis.nodes == 0  # the book's values: nothing searched


def test_after_the_centre_the_analysis_finds_every_move_lost_the_centre_first() -> None:
    board = board_after("4")
    analysis = Engine(randomize=False).evaluate_moves(board, Limit(nodes=100_000))
    assert analysis.exact and set(analysis.scores.values()) == {-UNMEASURED_WIN}
    assert analysis.best == centre_first(board.legal_moves())
    assert board.coordinate(analysis.best[0]) == "d5"


def test_the_book_proves_a_moves_outcome_by_its_entries_or_the_rules() -> None:
    solver = BoardSolver(6, 7, 1_000)
    board = board_after("44")
    # X's own move (the book's: 4) alone; the other moves' positions are O's, not in it.
    assert solver.book_outcomes(shipped_book(), board) == {24: 1}
    # A position the book holds lost: every move loses, whatever the book says of them.
    lost = solver.book_outcomes(ConnectFourBook.parse("44 1 loss\n"), board)
    assert list(lost) == centre_first(board.legal_moves())
    assert set(lost.values()) == {-1}
    # The positions after the moves, and a move that ends the game by the rules.
    won_now = board_after("141414")  # X completes column a with its next stone
    drawn = ConnectFourBook.parse("".join(f"141414{column} 4 draw\n" for column in "2356"))
    outcomes = solver.book_outcomes(drawn, won_now)
    assert outcomes == {14: 1, **dict.fromkeys((37, 39, 36, 40), 0)}, outcomes


def test_where_the_book_proves_some_moves_the_analysis_shows_them_beside_the_estimates() -> None:
    board = board_after("6")  # O wins by 5 (the book); the other replies it does not follow
    analysis = Engine(randomize=False).evaluate_moves(board, Limit(nodes=20_000))
    winning = next(cell for cell in board.legal_moves() if cell % 7 == 4)
    assert analysis.scores[winning] == UNMEASURED_WIN and analysis.best == [winning]
    assert analysis.proven == {winning} and not analysis.exact
    others = [score for cell, score in analysis.scores.items() if cell != winning]
    assert all(abs(score) < UNMEASURED_WIN for score in others), "the others are the search's"


def entry_cases() -> list[object]:
    """Under ``--slow``: on the compiled build six entries drawn by a seed
    from those eight or more moves in with an exact value, and five from
    the outcomes of each number of moves in that has them (the won or
    drawn positions 6 and 7 moves in, the replies to the book's moves from
    8 to 16 moves in), on the plain one the deepest (a solve a few moves
    into the game takes it minutes). Every entry is replayed by
    ``build/connect_four_book.py --verify``: about as long as computing the
    book, far beyond a test run; every entry is checked against the others
    by :func:`book_contradictions`."""
    lines = sorted(shipped_lines(), key=lambda line: (-len(line[0]), line))
    if not COMPILED:
        return [pytest.param(*lines[0], id=lines[0][0], marks=pytest.mark.slow)]
    rng = random.Random(2026)
    exact = [line for line in lines if len(line[0]) >= 8 and line[2] not in OUTCOME_WORDS]
    chosen = rng.sample(exact, 6)
    outcomes = [line for line in lines if len(line[0]) >= 6 and line[2] in OUTCOME_WORDS]
    for stones in sorted({len(line[0]) for line in outcomes}):
        chosen += rng.sample([line for line in outcomes if len(line[0]) == stones], 5)
    return [pytest.param(*line, id=line[0], marks=pytest.mark.slow) for line in chosen]


@pytest.mark.parametrize(("columns", "column", "value"), entry_cases())
def test_a_book_entry_keeps_the_value_it_claims(columns: str, column: str, value: str) -> None:
    board = board_after(columns)
    solver = BoardSolver(6, 7, 4_000_000)
    current, mask, stones = solver.position(board)
    after = play_column(board, int(column) - 1)
    if after.is_over:
        assert after.winner is board.turn and (value == "win" or int(value) > 0)
        return
    if value in ("win", "draw", "loss"):  # the outcomes alone: weak solves
        outcome = solver.solver.outcome(current, mask, stones)
        assert outcome == {"win": 1, "draw": 0, "loss": -1}[value]
        current, mask, stones = solver.position(after)
        assert -solver.solver.outcome(current, mask, stones) == outcome  # the move keeps it
        return
    exact = solver.solver.value(current, mask, stones)
    current, mask, stones = solver.position(after)
    child = solver.solver.value(current, mask, stones)
    assert exact == int(value)
    assert child == -exact  # a best move: a win soonest, a loss latest


def book_contradictions(text: str) -> list[str]:
    """What the entries of a book's ``text`` say against one another or the
    rules, one line each (none for a sound book). For each entry, after
    its move (which must be legal and, if it ends the game, a win):

    - the other side has no winning drop unless the entry is lost;
    - the position, if the book holds it, has the entry's outcome from
      the other side;
    - each reply the book holds keeps the entry's outcome or better for
      its side, a won entry's exactly; and a drawn entry does not have
      every reply in the book won for its side.
    """
    book = ConnectFourBook.parse(text)
    found: list[str] = []
    replayer = Replayer()
    for _, columns, _, _ in entry_lines(text):
        replayer.key(columns)
        current, mask = replayer.positions[-1][:2]
        entry = book.lookup(current, mask)
        assert entry is not None
        name = f"{columns or '-'} {entry.text()}"
        move = drop(mask, entry.column)
        if has_four(current | move, STEP):
            if entry.outcome != 1:
                found.append(f"{name}: its move wins")
            continue
        other, after = current ^ mask, mask | move  # the other side to move
        drops = [drop(after, col) for col in range(7)]
        if entry.outcome >= 0 and any(bit and has_four(other | bit, STEP) for bit in drops):
            found.append(f"{name}: the other side wins at once after its move")
            continue
        held = book.lookup(other, after)
        if held is not None and held.outcome != -entry.outcome:
            found.append(f"{name}: the book holds {held.text()} after its move")
        replies = [book.lookup(other ^ after, after | bit) for bit in drops if bit]
        outcomes = [reply.outcome for reply in replies if reply is not None]
        if any(outcome < entry.outcome for outcome in outcomes):
            found.append(f"{name}: a reply the book holds is worse for it: {outcomes}")
        if entry.outcome == 0 and len(outcomes) == len(replies) and set(outcomes) == {1}:
            found.append(f"{name}: every reply is won for it in the book")
    return found


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("4 4 draw\n44 1 win\n", "4 4 draw: the book holds 1 win after its move"),
        ("4 3 win\n434 4 draw\n", "4 3 win: a reply the book holds is worse for it: [0]"),
        ("4 3 loss\n", ""),  # a lost entry: every reply may win for the other side
        ("121212 1 draw\n", "121212 1 draw: its move wins"),
        ("12121 3 draw\n", "12121 3 draw: the other side wins at once after its move"),
        # The replies 441 to 444 and their mirror images 445 to 447: every reply.
        ("4 4 draw\n" + "".join(f"44{col} 4 win\n" for col in "1234"), "every reply is won"),
        ("4 4 draw\n" + "".join(f"44{col} 4 win\n" for col in "124"), ""),
    ],
)
def test_the_check_of_the_book_against_itself_finds_each_kind_of_contradiction(
    text: str, words: str
) -> None:
    found = book_contradictions(text)
    assert (words in "\n".join(found)) if words else found == []


@pytest.mark.slow
def test_no_entry_of_the_shipped_book_contradicts_another_or_the_rules() -> None:
    """Every entry, checked against the entries after its move and the
    replies to it: the book's parts were solved apart, by layers and runs,
    so a wrong entry where two meet shows here."""
    assert book_contradictions(shipped_text()) == []
