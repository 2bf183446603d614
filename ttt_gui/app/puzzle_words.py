"""A puzzle in the player's words: its title, the turn field, the score
line, and what is said of a move judged or a solution shown; no Tk.

Words only: each function makes its sentence from the values it is given
and changes nothing. :class:`~ttt_gui.app.puzzle_play.PuzzlePlay` owns the
puzzle's state and says when each is said.
"""

from __future__ import annotations

from ttt_gui.analysis.puzzles import Puzzle
from ttt_gui.app.statistics import rating_words
from ttt_gui.board import Board
from ttt_gui.config import Shape
from ttt_gui.words import gettext, ngettext


def title_words(puzzle: Puzzle, *, is_daily: bool) -> str:
    """The puzzle's title: its board and its rating, and whether it is today's."""
    if is_daily:
        # TRANSLATORS: {board} names the board ("Connect Four (7×6)"); {rating} a number.
        title = gettext("Today's puzzle, on {board}, rated {rating}")
    else:
        title = gettext("Puzzle on {board}, rated {rating}")
    return title.format(board=Shape.of(puzzle.board).label, rating=rating_words(puzzle.rating))


def score_words(rating: float, streak: int, change: float | None) -> str:
    """The line of the player's ``rating`` and ``streak`` (days in a row),
    with the ``change`` the last try made (None: no try yet)."""
    player = rating_words(rating)
    if change is None:
        # TRANSLATORS: the score line in puzzles: {rating} is a number ("1,532"),
        # {days} the days in a row with a puzzle solved.
        return ngettext(
            "Your puzzle rating: {rating}   Streak: {days} day",
            "Your puzzle rating: {rating}   Streak: {days} days",
            streak,
        ).format(rating=player, days=streak)
    # TRANSLATORS: the score line in puzzles after a try: {change} is the
    # change the try made ("+18", "−12").
    return ngettext(
        "Your puzzle rating: {rating} ({change})   Streak: {days} day",
        "Your puzzle rating: {rating} ({change})   Streak: {days} days",
        streak,
    ).format(rating=player, change=signed(change), days=streak)


def turn_words(
    puzzle: Puzzle, board: Board, promise: int, *, is_solved: bool, is_failed: bool
) -> str:
    """The turn field at ``board``: solved, failed, the last move not yet
    judged, the computer defending, or the attacker to win in ``promise``
    moves."""
    attacker, defender = puzzle.attacker.value, puzzle.attacker.other.value
    if is_solved:
        return gettext("Puzzle solved: {side} wins.").format(side=attacker)
    if is_failed:
        return gettext("Puzzle failed: {side} holds.").format(side=defender)
    if board.is_over:  # the last move, not yet judged
        if board.winner is None:
            return gettext("Puzzle failed: {side} holds.").format(side=defender)
        return gettext("{player} wins!").format(player=board.winner.value)
    if board.turn is not puzzle.attacker:
        # TRANSLATORS: the turn field while the computer finds the defence; {side} is X or O.
        return gettext("{side} to play: the computer defends…").format(side=defender)
    # TRANSLATORS: the turn field of a puzzle: {side} is X or O.
    return ngettext(
        "{side} to play and win in {moves} move",
        "{side} to play and win in {moves} moves",
        promise,
    ).format(side=attacker, moves=promise)


def solved_words(rated: tuple[float, float] | None) -> str:
    """What is said when the puzzle is solved: with the new rating and its
    change when the try was rated (``rated``), else the bare news."""
    if rated is None:
        return gettext("Puzzle solved.")
    rating, change = rated
    # TRANSLATORS: {rating} is the new rating ("1,532"), {change} its change ("+18").
    message = gettext("Puzzle solved. Your puzzle rating: {rating} ({change}).")
    return message.format(rating=rating_words(rating), change=signed(change))


def failed_words(puzzle: Puzzle, cell: str, *, is_too_slow: bool) -> str:
    """Why the move at ``cell`` failed the puzzle: the win is gone, or it
    still wins but more slowly than promised (``is_too_slow``)."""
    if is_too_slow:
        # TRANSLATORS: {side} is the attacker (X or O), {cell} the move played ("b2").
        why = gettext("After {cell} {side} still wins, but too slowly for this puzzle.")
        return why.format(side=puzzle.attacker.value, cell=cell)
    # TRANSLATORS: {side} is the defender (X or O), {cell} the move played ("b2").
    why = gettext("{side} now holds: after {cell} the win is gone.")
    return why.format(side=puzzle.attacker.other.value, cell=cell)


def solution_words(board: Board, cells: tuple[int, ...]) -> str:
    """The winning moves at ``board``, by name."""
    names = ", ".join(board.coordinate(cell) for cell in cells)
    # TRANSLATORS: {cells} are cells by name ("b2" or "b2, c3").
    return ngettext(
        "The winning move: {cells}.", "The winning moves: {cells}.", len(cells)
    ).format(cells=names)


def no_puzzle_words() -> str:
    """What a puzzle's command says outside puzzles."""
    return gettext("No puzzle is being played.")


def signed(change: float) -> str:
    """A rating's change with its sign: ``'+18'``, ``'−12'``."""
    step = round(change)
    return f"+{step}" if step >= 0 else f"−{-step}"
