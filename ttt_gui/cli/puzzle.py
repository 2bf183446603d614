"""``ttt-gui puzzle``: the shipped puzzles from the command line.

``ttt-gui puzzle --game KIND`` prints one puzzle of the set (a random one;
``--id`` names one, ``--daily`` the day's, the same for everyone, as the
window's): its id, the board with its coordinates, "X to play and win in 3
moves" and its rating. ``--check MOVES`` says whether a line solves it and,
if not, after which move the win was lost. The line is the attacker's
moves with the defender's replies between them, or, if it has no more
moves than the puzzle's distance, the attacker's moves alone (the judge
then fills in the defender's longest defence).

Exit status: 0 printed, or the line solves the puzzle; 1 the line does not
solve it; 2 bad input (argparse's usage and error line, or one line
naming the problem). Nothing here imports Tk.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
from dataclasses import dataclass
from typing import NoReturn

from ttt_gui.analysis.puzzles import (
    Puzzle,
    PuzzleJudge,
    PuzzleKind,
    UnknownPuzzleError,
    daily_puzzle,
    puzzle_by_id,
    puzzle_set,
)
from ttt_gui.board import Board, IllegalMoveError, InvalidCoordinateError
from ttt_gui.cli import argparse_words
from ttt_gui.cli.language import add_language_option, check_language
from ttt_gui.words import gettext, ngettext

#: The first word of the command lines this module answers.
COMMAND = "puzzle"

#: Exit statuses: the line solves the puzzle (or a puzzle was printed), it
#: does not, bad input.
SOLVED, NOT_SOLVED, BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def fail(self, message: str) -> NoReturn:
        """Exit 2 with one line naming the problem (for a bad id, date or move)."""
        line = argparse_words.translate("%(prog)s: error: %(message)s\n")
        self.exit(BAD_INPUT, line % {"prog": self.prog, "message": message})


def build_parser() -> _Parser:
    parser = _Parser(
        prog="ttt-gui puzzle",
        formatter_class=argparse_words.HelpFormatter,
        description=gettext("Print a puzzle, or check whether a line of moves solves it."),
    )
    kinds = ", ".join(kind.value for kind in PuzzleKind)
    parser.add_argument(
        "--game",
        choices=[kind.value for kind in PuzzleKind],
        metavar="KIND",
        help=gettext("the puzzle set: {kinds}").format(kinds=kinds),
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--id", metavar="ID", help=gettext("the puzzle with this id, e.g. connect-four-0042")
    )
    which.add_argument(
        "--daily",
        action="store_true",
        help=gettext("the puzzle of the day, the same for everyone"),
    )
    parser.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        help=gettext("the day of --daily (default: today)"),
    )
    parser.add_argument(
        "--check",
        metavar="MOVES",
        help=gettext(
            'a line to check, e.g. "c3 b2 a1": the attacker\'s moves with the '
            "defender's replies between them, or the attacker's moves alone"
        ),
    )
    add_language_option(parser)
    return parser


def main(argv: list[str]) -> int:
    """Run ``puzzle`` with ``argv`` (the command first); returns the exit
    status (130 if interrupted by Ctrl+C, 141 if the reader of the output
    left), or exits 2 for bad input."""
    try:
        return _run(argv)
    except KeyboardInterrupt:
        return 130


def _run(argv: list[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv[1:])
    check_language(parser, args.language)
    puzzle = choose(parser, args)
    status = SOLVED
    lines = [show(puzzle)]
    if args.check is not None:
        try:
            check = check_line(puzzle, read_moves(parser, puzzle, args.check))
        except IllegalMoveError as error:
            parser.fail(gettext("--check {moves}: {error}").format(moves=args.check, error=error))
        lines.append(check.words)
        status = SOLVED if check.solved else NOT_SOLVED
    try:
        print("\n".join(lines), flush=True)
    except BrokenPipeError:  # the reader left (``| head``): stop quietly, as tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


def choose(parser: _Parser, args: argparse.Namespace) -> Puzzle:
    """The puzzle the options name; exits 2 for an unknown id or a bad date."""
    kind = PuzzleKind(args.game) if args.game is not None else None
    if args.id is not None:
        try:
            puzzle = puzzle_by_id(args.id)
        except UnknownPuzzleError:
            parser.fail(gettext("there is no puzzle {id}").format(id=args.id))
        if kind is not None and puzzle.kind is not kind:
            parser.fail(gettext("there is no puzzle {id}").format(id=args.id))
        return puzzle
    if kind is None:
        # TRANSLATORS: {set} and {puzzle} are options with their values (--game KIND, --id ID).
        message = gettext("say which puzzles: {set} or {puzzle}")
        parser.error(message.format(set="--game KIND", puzzle="--id ID"))
    if args.date is not None and not args.daily:
        # TRANSLATORS: --date and --daily are options: keep them as they are.
        parser.error(gettext("--date goes with --daily"))
    try:
        if args.daily:
            return daily_puzzle(kind, read_date(parser, args.date))
        return random.choice(puzzle_set(kind))  # noqa: S311 (a puzzle, not a secret)
    except (UnknownPuzzleError, IndexError):
        parser.fail(gettext("there is no puzzle in this set yet"))


def read_date(parser: _Parser, text: str | None) -> datetime.date:
    """The date ``text`` names (None: today); exits 2 for one that is not a date."""
    if text is None:
        return datetime.date.today()
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        parser.fail(
            gettext("--date {date} is not a date of the form YYYY-MM-DD").format(date=text)
        )


def show(puzzle: Puzzle) -> str:
    """The puzzle as printed: its id, the board with coordinates, who is to
    play and win in how many moves, and its rating."""
    board = puzzle.board
    header = "    " + " ".join(chr(ord("a") + col) for col in range(board.cols))
    rows = [header]
    for row in range(board.rows):
        marks = (board[row * board.cols + col] for col in range(board.cols))
        cells = " ".join(mark.value if mark else "." for mark in marks)
        rows.append(f"{row + 1:>3} {cells}")
    task = ngettext(
        "{player} to play and win in {count} move.",
        "{player} to play and win in {count} moves.",
        puzzle.distance,
    ).format(player=puzzle.attacker.value, count=puzzle.distance)
    rating = gettext("Rating: {rating}").format(rating=round(puzzle.rating))
    return "\n".join([puzzle.id, *rows, task, rating])


def read_moves(parser: _Parser, puzzle: Puzzle, text: str) -> list[int]:
    """The cells ``text`` names (as the board's coordinates; under gravity
    any cell of a column stands for the column); exits 2 for a name that
    is no cell."""
    moves = []
    for name in text.replace(",", " ").split():
        try:
            moves.append(puzzle.board.parse_coordinate(name))
        except InvalidCoordinateError as error:
            parser.fail(gettext("bad move {move}: {error}").format(move=name, error=error))
    if not moves:
        parser.fail(gettext("--check needs at least one move"))
    return moves


@dataclass(frozen=True)
class Check:
    """Whether a line solved its puzzle, and the words that say so."""

    solved: bool
    words: str


def check_line(puzzle: Puzzle, moves: list[int], judge: PuzzleJudge | None = None) -> Check:
    """Whether ``moves`` solve ``puzzle``: each of the attacker's moves must
    keep the win within what the puzzle still promises, and the last one win.
    With no more moves than the puzzle's distance, the moves are the
    attacker's alone and the defender's longest defence is played between
    them. Under gravity a cell stands for its column. Raises
    IllegalMoveError for a move that is not legal."""
    judge = judge if judge is not None else PuzzleJudge(puzzle)
    attacker_only = len(moves) <= puzzle.distance
    player = puzzle.attacker.value
    board = puzzle.board
    queue = list(moves)
    played: list[str] = []
    made = left = 0
    while queue:
        board, name = _play(board, queue.pop(0))
        played.append(name)
        made += 1
        verdict = judge.verdict(board).moves_left
        if verdict is None:
            return Check(False, lost_words(name, player))
        left = verdict
        if left > puzzle.distance - made:
            return Check(False, slower_words(name, player, made + left, puzzle.distance))
        if left == 0:
            return Check(True, gettext("Solved: {line}").format(line=" ".join(played)))
        if not queue:
            break
        if attacker_only:
            board, name = _play(board, judge.defence(board))
        else:
            board, name = _play(board, queue.pop(0))
        played.append(name)
    return Check(
        False,
        ngettext(
            "Not solved yet: after {line} {player} still has {count} move to win.",
            "Not solved yet: after {line} {player} still has {count} moves to win.",
            left,
        ).format(line=" ".join(played), player=player, count=left),
    )


def _play(board: Board, cell: int) -> tuple[Board, str]:
    """The board after the move at ``cell`` (under gravity: in its column)
    and the move's name; raises IllegalMoveError."""
    move = board.landing(cell)
    if move is None:
        # TRANSLATORS: {move} is a cell's name, such as c3.
        message = gettext("{move} is not a legal move there").format(move=board.coordinate(cell))
        raise IllegalMoveError(message)
    return board.play(move), board.coordinate(move)


def lost_words(move: str, player: str) -> str:
    """The words for a move after which the attacker has no forced win."""
    return gettext("Not solved: after {move} {player} has no forced win any more.").format(
        move=move, player=player
    )


def slower_words(move: str, player: str, moves: int, promised: int) -> str:
    """The words for a move after which the attacker wins, but slower."""
    return ngettext(
        "Not solved: after {move} {player} still wins, but in {count} move, not {promised}.",
        "Not solved: after {move} {player} still wins, but in {count} moves, not {promised}.",
        moves,
    ).format(move=move, player=player, count=moves, promised=promised)


def is_command(argv: list[str]) -> bool:
    """Whether ``argv`` asks for this command rather than the window."""
    return bool(argv) and argv[0] == COMMAND
