"""The difficulty ladder: each level's mistakes are the kind a person of its
strength makes, checked over every live 3x3 position against an independent
minimax (by default, for the levels below the top, over a fixed sample of
them), and the levels are named for what they are on each board."""

from __future__ import annotations

import dataclasses
import math
from functools import cache

import pytest
from conftest import sample
from variant_reference import minimax, move_values, open_3x3, reachable, winning_cells

from ttt_gui.app.engine_pool import EnginePool, think_limit
from ttt_gui.app.session import Session
from ttt_gui.app.view_state import menu_labels
from ttt_gui.board import Board, Player
from ttt_gui.config import LEVELS, TOP_LEVEL, GameConfig, Mode
from ttt_gui.engine import WIN, Limit
from ttt_gui.engine.levels import LevelPlayer, choice_probabilities, instinct, near_cells
from ttt_gui.storage.settings import Settings

ABOVE_EASY = [name for name in LEVELS if name != "easy"]


def player(name: str, size: int = 3, win_length: int = 3, seed: int = 0) -> LevelPlayer:
    """Level ``name`` as the app builds it for a board of that shape."""
    config = GameConfig(rows=size, cols=size, win_length=win_length, level=name)
    level = config.strength_for(Player.O)
    bounded = level.lookahead is not None or level.nodes is not None
    return LevelPlayer(
        level.lookahead,
        level.temperature,
        budget=Limit(nodes=level.nodes) if bounded else think_limit(config),
        seed=seed,
    )


#: Positions the tests below name, among the sample too.
NAMED = (Board.parse("X../.O./..X"), Board.parse("OO./XOX/.X."))


def everywhere(name: str, exhaustive: bool) -> bool:
    """Whether :func:`policies` lists every live position: with --slow, and
    always for the top level (its games against every reply, below, reach
    any position)."""
    return exhaustive or name == TOP_LEVEL


def policies(name: str, exhaustive: bool) -> dict[Board, dict[int, float]]:
    """Level ``name``'s move probabilities in every live 3x3 position, or
    else in a fixed 1,500 of the 4,520 (and :data:`NAMED`)."""
    return level_policies(name, everywhere(name, exhaustive))


@cache
def level_policies(name: str, every: bool) -> dict[Board, dict[int, float]]:
    boards = tuple(open_3x3())
    if not every:
        chosen = {*sample(boards, 1_500, exhaustive=False), *NAMED}
        boards = tuple(board for board in boards if board in chosen)
    computer = player(name)
    return {board: computer.policy(board).probabilities for board in boards}


def outcome(score: int) -> int:
    return (score > 0) - (score < 0)


# -- mistakes a person makes ----------------------------------------------------------


@pytest.mark.parametrize("name", list(LEVELS))
def test_every_level_always_takes_a_win_in_one(name: str, exhaustive: bool) -> None:
    positions = 0
    for board, probabilities in policies(name, exhaustive).items():
        wins = winning_cells(board, board.turn)
        if wins:
            positions += 1
            assert set(probabilities) <= wins, (name, str(board), probabilities)
    assert positions == (2358 if everywhere(name, exhaustive) else 784)


@pytest.mark.parametrize("name", ABOVE_EASY)
def test_levels_above_easy_never_miss_a_block_that_holds_the_game(
    name: str, exhaustive: bool
) -> None:
    positions = 0
    for board, probabilities in policies(name, exhaustive).items():
        threats = winning_cells(board, board.turn.other)
        if len(threats) == 1 and not winning_cells(board, board.turn):
            positions += 1
            assert set(probabilities) == threats, (name, str(board), probabilities)
    assert positions == (976 if everywhere(name, exhaustive) else 323)


def test_easy_sees_only_one_move_ahead_and_sometimes_misses_a_block(exhaustive: bool) -> None:
    missed = 0.0
    positions = 0
    for board, probabilities in policies("easy", exhaustive).items():
        threats = winning_cells(board, board.turn.other)
        if len(threats) == 1 and not winning_cells(board, board.turn):
            positions += 1
            missed += sum(p for move, p in probabilities.items() if move not in threats)
            assert max(probabilities, key=probabilities.__getitem__) in threats, str(board)
    assert positions == (976 if exhaustive else 323)
    assert 0.05 < missed / positions < 0.5, "often enough to be Easy, never most of the time"


def test_medium_misses_forks_that_hard_sees(exhaustive: bool) -> None:
    # X took opposite corners; O in the centre must play an edge, not a corner
    # (a corner lets X fork). Medium looks one move ahead and may play a corner.
    board = Board.parse("X../.O./..X")
    sound = {move for move, score in move_values(board).items() if score == 0}
    assert sound == {1, 3, 5, 7}
    assert set(policies("medium", exhaustive)[board]) - sound, "Medium can fall into the fork"
    assert set(policies("hard", exhaustive)[board]) <= sound, "Hard sees it"


def test_levels_make_fewer_mistakes_up_the_ladder(exhaustive: bool) -> None:
    """The expected share of moves that change the game's value falls at each
    step, and the top level makes none."""
    shares = []
    for name in LEVELS:
        changed = 0.0
        chosen = policies(name, exhaustive)
        for board, probabilities in chosen.items():
            before = outcome(minimax(board))
            values = move_values(board)
            changed += sum(p for m, p in probabilities.items() if outcome(values[m]) != before)
        shares.append(changed / len(chosen))
    assert shares == sorted(shares, reverse=True) and len(set(shares)) == len(shares), shares
    assert shares[-1] == 0


def test_easy_under_misere_never_completes_its_own_line_while_it_can_avoid_it() -> None:
    """Completing a line loses under misère: one move ahead, Easy sees that
    as a loss in one, over every live 3x3 misère position."""
    easy = LevelPlayer(lookahead=0, temperature=LEVELS["easy"].temperature, seed=0)
    positions = 0
    for board in reachable(Board.empty(3, misere=True)):
        if board.is_over:
            continue
        own_lines = winning_cells(board, board.turn)
        safe = set(board.legal_moves()) - own_lines
        if own_lines and safe:
            positions += 1
            probabilities = easy.policy(board).probabilities
            assert set(probabilities) <= safe, (str(board), probabilities)
    assert positions > 1000


def test_the_cells_near_the_play_are_those_of_the_board_on_rectangles() -> None:
    for rows, cols, moves in [(5, 3, [13]), (6, 7, [38, 31]), (3, 8, [0, 23]), (4, 9, [])]:
        board = Board.from_moves(moves, rows=rows, cols=cols, win_length=3)
        marks = moves or [
            r * cols + c
            for r in {(rows - 1) // 2, rows // 2}
            for c in {(cols - 1) // 2, cols // 2}
        ]
        expected = {
            cell
            for cell in range(rows * cols)
            if board[cell] is None
            and any(
                max(abs(cell // cols - m // cols), abs(cell % cols - m % cols)) <= 2 for m in marks
            )
        }
        assert near_cells(board) == expected, (rows, cols, moves)


def test_the_top_level_thinks_for_the_whole_think_time_where_the_board_is_not_solved() -> None:
    """No node budget caps Strongest on Connect Four or Gomoku; the levels
    below it keep theirs (the same moves on any machine)."""
    for config in (
        GameConfig(rows=6, cols=7, win_length=4, gravity=True, level=TOP_LEVEL, think_time=2.5),
        GameConfig(rows=15, cols=15, win_length=5, level=TOP_LEVEL, think_time=2.5),
    ):
        computer = EnginePool().player(config, Player.X)
        assert (computer.limit.nodes, computer.limit.time) == (None, 2.5)
        hard = EnginePool().player(dataclasses.replace(config, level="hard"), Player.X)
        assert (hard.limit.nodes, hard.limit.time) == (1_500, 2.5)


def test_no_level_plays_a_far_cell_on_a_large_board() -> None:
    """Choices are among plausible moves: on 9x9 with play in the centre, no
    level gives a cell far from every mark any chance."""
    moves = [40, 41, 31, 49, 50, 32]
    board = Board.from_moves(moves, 9, 5)
    for name in LEVELS:
        for cell in player(name, 9, 5).policy(board).probabilities:
            steps = min(max(abs(cell // 9 - m // 9), abs(cell % 9 - m % 9)) for m in moves)
            assert steps <= 2, (name, board.coordinate(cell))


@pytest.mark.parametrize("name", ABOVE_EASY)
@pytest.mark.parametrize(
    ("text", "size", "win_length", "block"),
    [
        ("XX.../OOO../X..../...../.....", 5, 4, 8),  # X to move must block O's row
        (
            "........./........./..X....../..X....../..XOOOO../"
            "........./......X../........./.........",
            9,
            5,
            43,
        ),
    ],
    ids=["5x5", "9x9"],
)
def test_levels_above_easy_block_on_large_boards(
    name: str, text: str, size: int, win_length: int, block: int
) -> None:
    board = Board.parse(text, win_length)
    threats = winning_cells(board, board.turn.other)
    assert threats == {block} and not winning_cells(board, board.turn)
    assert set(player(name, size, win_length).policy(board).probabilities) == {block}


# -- lost positions still defend ----------------------------------------------------------


def test_proven_results_are_on_their_own_steep_scale() -> None:
    board = Board.empty(3)
    loss = {0: -(WIN - 2), 1: -(WIN - 6), 2: -(WIN - 4)}
    assert choice_probabilities(loss, 5.0, board) == {1: 1.0}, "the slowest loss"
    wins = {0: WIN - 5, 1: WIN - 3, 2: 40, 3: -(WIN - 2)}
    assert choice_probabilities(wins, 5.0, board) == {1: 1.0}, "the fastest win"
    mixed = {0: -(WIN - 8), 1: 3, 2: 0, 3: -200}
    probabilities = choice_probabilities(mixed, 2.0, board)
    assert set(probabilities) == {1, 2}, "no proven loss, nothing far below the best"
    assert math.isclose(probabilities[1] / probabilities[2], math.exp(3 / 2.0))
    assert choice_probabilities(mixed, 0.0, board) == {1: 1.0}


@pytest.mark.parametrize("name", ABOVE_EASY)
def test_facing_two_threats_a_level_still_blocks_one(name: str, exhaustive: bool) -> None:
    board = Board.parse("OO./XOX/.X.")  # X to move: O threatens c1 and c3
    threats = winning_cells(board, Player.O)
    assert threats == {2, 8} and not winning_cells(board, Player.X)
    assert set(policies(name, exhaustive)[board]) <= threats


def test_the_top_level_prefers_the_slowest_loss_everywhere() -> None:
    for board, probabilities in policies(TOP_LEVEL, True).items():
        values = move_values(board)
        assert {values[move] for move in probabilities} == {max(values.values())}, str(board)


def test_instinct_scores_wins_lines_and_threat_blocks() -> None:
    board = Board.parse("XX./OO./...")  # X to move
    values = instinct(board)
    assert values[2] == WIN - 1
    assert values[5] > values[8] > 0, "blocking the threat beats a quiet corner"


# -- the top level ----------------------------------------------------------------------------


def test_the_top_level_is_exact_on_3x3() -> None:
    computer = player(TOP_LEVEL)
    for board in open_3x3():
        policy = computer.policy(board)
        values = move_values(board)
        assert policy.analysis.exact, str(board)
        for move in policy.probabilities:
            assert policy.analysis.scores[move] == values[move] == max(values.values())


@pytest.mark.parametrize("side", list(Player))
def test_the_top_level_never_loses_on_3x3_against_every_reply(side: Player) -> None:
    """Every game: the top level plays any move it may choose, the opponent
    every legal move."""
    moves_of = policies(TOP_LEVEL, True)
    finished = 0
    stack = [Board.empty(3)]
    while stack:
        board = stack.pop()
        if board.is_over:
            assert board.winner in (side, None), str(board)
            finished += 1
            continue
        moves = moves_of[board] if board.turn is side else board.legal_moves()
        stack.extend(board.play(move) for move in moves)
    assert finished > 100


# -- reproducible choices -------------------------------------------------------------------


def game(
    name: str, seed: int, size: int = 3, win_length: int = 3, moves_wanted: int | None = None
) -> list[int]:
    """The moves of a game level ``name`` plays against itself: to the end, or
    its first ``moves_wanted``."""
    computer = player(name, size, win_length, seed)
    board, moves = Board.empty(size, win_length), []
    while not board.is_over and len(moves) != moves_wanted:
        moves.append(computer.search(board).move)
        board = board.play(moves[-1])
    return moves


@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_a_seed_gives_the_same_choices(name: str) -> None:
    games = [game(name, seed) for seed in range(12)]
    assert games == [game(name, seed) for seed in range(12)]
    assert len({tuple(moves) for moves in games}) > 1


@pytest.mark.parametrize(("name", "size", "win_length"), [("hard", 3, 3), ("hard", 7, 5)])
def test_what_a_level_sees_depends_on_the_position_alone(
    name: str, size: int, win_length: int
) -> None:
    """A search bounded by depth or nodes forgets earlier searches: no level
    below the top grows stronger as a game or a session goes on."""
    board = Board.from_moves([size * size // 2, 1], size, win_length)
    fresh = player(name, size, win_length).policy(board)
    used = player(name, size, win_length)
    for other in ([0], [0, 4, 8], [size * size // 2, 1, 2]):
        used.policy(Board.from_moves(other, size, win_length))
    again = used.policy(board)
    assert again.probabilities == fresh.probabilities
    assert (again.analysis.scores, again.analysis.nodes) == (
        fresh.analysis.scores,
        fresh.analysis.nodes,
    )


def test_a_node_budget_gives_the_same_game_on_a_large_board(exhaustive: bool) -> None:
    """The first six moves agree; --slow plays both games to the end."""
    wanted = None if exhaustive else 6
    first = game("hard", 3, 7, 5, wanted)[:6]
    assert len(first) == 6 and first == game("hard", 3, 7, 5, wanted)[:6]


# -- names per board --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "win_length", "label"),
    [
        (3, 3, "Perfect"),
        (4, 4, "Perfect"),
        (4, 3, "Perfect"),
        (5, 4, "Strongest"),
        (9, 5, "Strongest"),
    ],
)
def test_the_top_level_is_perfect_only_where_the_board_is_solved(
    size: int, win_length: int, label: str
) -> None:
    config = GameConfig(
        mode=Mode.WATCH, rows=size, cols=size, win_length=win_length, x_level=TOP_LEVEL
    )
    assert config.level_label(TOP_LEVEL) == label
    assert config.player_name(Player.X) == f"X ({label})"
    labels = menu_labels(Session(Settings(game=config)))
    for action in ("set_level", "set_x_level", "set_o_level"):
        assert labels[f"{action}:{TOP_LEVEL}"] == f"&{label}"
        assert labels[f"{action}:hard"] == "&Hard"
    assert (
        GameConfig(rows=size, cols=size, win_length=win_length, level=TOP_LEVEL).level_name()
        == label
    )


def test_old_level_names_still_load() -> None:
    config = GameConfig.from_dict({"level": "perfect", "x_level": "perfect", "o_level": "hard"})
    assert (config.level, config.x_level, config.o_level) == (TOP_LEVEL, TOP_LEVEL, "hard")
    assert config.to_dict()["level"] == TOP_LEVEL


def test_the_ladder_is_declared_in_order() -> None:
    levels = list(LEVELS.values())
    assert [level.name for level in levels] == ["easy", "medium", "hard", TOP_LEVEL]
    lookaheads = [level.lookahead for level in levels[:-1]]
    assert lookaheads == sorted(lookaheads) and levels[-1].lookahead is None
    temperatures = [level.temperature for level in levels]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    budgets = [level.nodes for level in levels if level.nodes is not None]
    assert budgets == sorted(budgets) and len(budgets) >= 2
