"""``ttt-gui pbrain``: the engine as a Gomocup brain, on standard input and output.

The Gomocup protocol (the one Piskvork and other Gomoku managers speak) is
line by line: the manager sends commands, the brain answers each that asks
for an answer with one line, flushed at once. The brain answers:

==========================  ===============================================
``START n``                 ``OK`` for an n x n board (5 to 20), else ``ERROR``
``RECTSTART w,h``           the same for w columns and h rows
``BEGIN``                   its first move, ``x,y``
``TURN x,y``                the opponent's move played, then its own
``BOARD`` … ``DONE``        a whole position (``x,y,who`` lines: 1 its own
                            stone, 2 the opponent's), then its move
``TAKEBACK x,y``            ``OK`` once the stone on x,y is taken back
``INFO key value``          nothing: it notes ``timeout_turn``,
                            ``timeout_match``, ``time_left`` (milliseconds),
                            ``max_memory`` (bytes) and ``rule`` (1: exactly
                            five wins, else five or more)
``RESTART``                 ``OK``, with an empty board of the same size
``ABOUT``                   ``name="ttt-gui", version=…, author=…``
``END``                     nothing: the brain exits
==========================  ===============================================

x is the column and y the row, both from 0 at the top left. A command it
does not know gets ``UNKNOWN``, and bad input (a move off the board or on a
stone, named by the coordinates given; a position no game reaches; a number
of more than MAX_DIGITS digits; a command before ``START``) gets ``ERROR``
with the reason; the brain then goes on as if the line had not come.
``MESSAGE`` lines say what it cannot honour (a rule it does not play). The
replies are the protocol's machine text, never translated. The brain reads
no settings and opens no window.

The brain ends quietly, never with a traceback: with status 0 at ``END`` or
the end of its input, 130 at Ctrl+C (even mid-search), and 141 when the
manager no longer reads its answers (a closed pipe).

The engine plays as the strongest level does (a selective search), for the
think time :class:`TimeControl` makes of the manager's ``INFO``.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TextIO

from ttt_gui import __version__
from ttt_gui.board import MAX_SIZE, Board, InvalidPositionError, Player
from ttt_gui.cli import argparse_words
from ttt_gui.cli.language import add_language_option, check_language
from ttt_gui.engine import DEFAULT_TABLE_LIMIT, Engine, Limit
from ttt_gui.words import gettext

#: The first word of the command line this module answers.
COMMAND = "pbrain"
#: Stones in a row that win: Gomoku's five.
WIN_LENGTH = 5
#: The most digits (leading zeros aside) a number may have: more than any
#: size, cell, milliseconds or bytes a manager means. A longer one gets
#: ``ERROR`` before int() (which refuses more than 4,300 digits) or a float
#: (none past about 10^308) sees it.
MAX_DIGITS = 18
#: The most characters of a bad line an ``ERROR`` or ``UNKNOWN`` quotes.
QUOTED_CHARACTERS = 40
#: The exit statuses of a brain stopped by Ctrl+C (128 + SIGINT) and of one
#: whose manager stopped reading (128 + SIGPIPE), as shells give them.
INTERRUPTED_STATUS = 130
MANAGER_GONE_STATUS = 141

# -- Tune these to change how the brain spends its time and memory ---------------------------

#: The think time of a move when the manager gives no ``timeout_turn``, in seconds.
DEFAULT_TURN_TIME = 1.0
#: The share of a turn's time the search may take, and the seconds kept back
#: besides, for starting, stopping and answering (the manager loses a brain
#: that answers late).
TURN_SHARE = 0.85
TURN_RESERVE = 0.05
#: The least think time, in seconds (``timeout_turn 0``: play at once).
MIN_THINK_TIME = 0.01
#: With a match clock, a move takes at most the time left divided by this
#: (moves the rest of a game may still ask for).
MOVES_TO_PLAN = 20
#: The memory of one entry of the engine's table, in bytes (about 150 MB for
#: DEFAULT_TABLE_LIMIT), and the share of ``max_memory`` the table may use.
TABLE_ENTRY_BYTES = 375
TABLE_MEMORY_SHARE = 0.5
MIN_TABLE_LIMIT = 10_000
#: The bit of ``INFO rule`` for exactly five (an overline does not win); the
#: bits of the rules played (the others: continuous game, renju, caro).
RULE_EXACT_FIVE = 1
PLAYED_RULES = RULE_EXACT_FIVE


class ProtocolError(ValueError):
    """A line the brain cannot follow; its text is the reason ``ERROR`` gives."""


class ManagerGone(Exception):
    """The manager no longer reads the brain's answers (its pipe is closed)."""


@dataclass(frozen=True)
class TimeControl:
    """The manager's clock, in seconds: ``turn`` for each move, ``match`` for
    the whole game (0: none) and ``left`` of it; None where not told."""

    turn: float | None = None
    match: float | None = None
    left: float | None = None

    def think_time(self, default: float = DEFAULT_TURN_TIME) -> float:
        """The seconds a search may take: a share of the turn's time (``default``
        without one), less a reserve, and with a match clock at most the
        time left over MOVES_TO_PLAN; at least MIN_THINK_TIME.

        >>> TimeControl(turn=1.0).think_time()
        0.8
        >>> TimeControl(turn=5.0, match=60.0, left=10.0).think_time()
        0.45
        """
        turn = self.turn if self.turn is not None else default
        think = turn * TURN_SHARE - TURN_RESERVE
        if self.match and self.left is not None:
            think = min(think, self.left / MOVES_TO_PLAN - TURN_RESERVE)
        return round(max(think, MIN_THINK_TIME), 6)


def table_limit_for(max_memory: int) -> int:
    """The table entries that fit in ``max_memory`` bytes (0: no limit given)."""
    if max_memory <= 0:
        return DEFAULT_TABLE_LIMIT
    fitting = int(max_memory * TABLE_MEMORY_SHARE) // TABLE_ENTRY_BYTES
    return max(MIN_TABLE_LIMIT, min(DEFAULT_TABLE_LIMIT, fitting))


def whole_number(digits: str) -> int:
    """The value of ``digits`` (ASCII digits, a ``-`` first allowed); raises
    ProtocolError for more than MAX_DIGITS of them, leading zeros aside.

    >>> whole_number("007"), whole_number("-12")
    (7, -12)
    >>> whole_number("1" + "0" * 400)
    Traceback (most recent call last):
    ...
    ttt_gui.cli.pbrain.ProtocolError: a number of 401 digits is out of range (at most 18)
    """
    sign, magnitude = (-1, digits[1:]) if digits.startswith("-") else (1, digits)
    magnitude = magnitude.lstrip("0") or "0"
    if len(magnitude) > MAX_DIGITS:
        raise ProtocolError(
            f"a number of {len(magnitude)} digits is out of range (at most {MAX_DIGITS})"
        )
    return sign * int(magnitude)


def quoted(text: str) -> str:
    """``text`` quoted for a reply, in ASCII (other characters escaped as
    Python writes them) and cut short after QUOTED_CHARACTERS.

    >>> print(quoted("TURN"), quoted("été"), quoted("9" * 50))
    'TURN' '\\xe9t\\xe9' '9999999999999999999999999999999999999999'...
    """
    if len(text) > QUOTED_CHARACTERS:
        return ascii(text[:QUOTED_CHARACTERS]) + "..."
    return ascii(text)


def parse_numbers(text: str, count: int) -> tuple[int, ...]:
    """``count`` whole numbers separated by commas; raises ProtocolError."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != count or not all(part.isascii() and part.isdigit() for part in parts):
        raise ProtocolError(f"expected {count} numbers separated by commas, not {quoted(text)}")
    return tuple(whole_number(part) for part in parts)


class Brain:
    """The protocol's state: the board, the clock and the engine.

    :meth:`handle` takes one line and answers through ``write`` (one line a
    call, without its newline). ``nodes`` caps every search (for tests and
    reproducible matches) and ``default_time`` is the think time without a
    ``timeout_turn``; ``engine`` defaults to the strongest level's.
    """

    def __init__(
        self,
        write: Callable[[str], None],
        *,
        engine: Engine | None = None,
        default_time: float = DEFAULT_TURN_TIME,
        nodes: int | None = None,
    ) -> None:
        self.write = write
        self.engine = engine if engine is not None else Engine(selective=True)
        self.default_time = default_time
        self.nodes = nodes
        self.clock = TimeControl()
        self.rule = 0
        self.board: Board | None = None
        self.finished = False
        self._position: list[tuple[int, int, int]] | None = None  # BOARD lines read so far
        self._position_error = ""
        self._commands: dict[str, Callable[[str], None]] = {
            "START": self._start,
            "RECTSTART": self._rectangle_start,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "BOARD": self._board,
            "TAKEBACK": self._takeback,
            "INFO": self._info,
            "ABOUT": self._about,
            "END": self._end,
        }

    def handle(self, line: str) -> None:
        """Follow one line of the manager's; sets :attr:`finished` at ``END``."""
        text = line.strip()
        if not text:
            return
        word, _, rest = text.partition(" ")
        name = word.upper()
        if self._position is not None and name not in ("DONE", "END"):
            self._position_line(text)
            return
        if name == "DONE":
            self._done()
            return
        command = self._commands.get(name)
        if command is None:
            self.write(f"UNKNOWN command {quoted(word)}")
            return
        try:
            command(rest.strip())
        except ProtocolError as error:
            self.write(f"ERROR {error}")

    def limit(self) -> Limit:
        """The bound of the next search: the think time, and ``nodes`` if set."""
        return Limit(time=self.clock.think_time(self.default_time), nodes=self.nodes)

    # -- the game ------------------------------------------------------------------------------

    def _new_board(self, rows: int, cols: int) -> None:
        if not WIN_LENGTH <= min(rows, cols) or max(rows, cols) > MAX_SIZE:
            raise ProtocolError(f"unsupported size {cols}x{rows} (from 5 to {MAX_SIZE})")
        exact = bool(self.rule & RULE_EXACT_FIVE)
        self.board = Board.empty(rows=rows, cols=cols, win_length=WIN_LENGTH, exact=exact)
        self.engine.clear()
        self.write("OK")

    def _start(self, rest: str) -> None:
        (size,) = parse_numbers(rest, 1)
        self._new_board(size, size)

    def _rectangle_start(self, rest: str) -> None:
        cols, rows = parse_numbers(rest, 2)
        self._new_board(rows, cols)

    def _restart(self, rest: str) -> None:
        board = self._playing()
        self._new_board(board.rows, board.cols)

    def _playing(self) -> Board:
        if self.board is None:
            raise ProtocolError("no board: START comes first")
        return self.board

    def _cell(self, board: Board, text: str) -> tuple[int, str]:
        """The cell of the ``x,y`` in ``text``, and its name as the protocol
        writes it (which every reply about the cell uses)."""
        x, y = parse_numbers(text, 2)
        name = f"{x},{y}"
        if not (x < board.cols and y < board.rows):
            raise ProtocolError(f"{name} is off the board ({board.cols}x{board.rows})")
        return y * board.cols + x, name

    def _reply(self, board: Board) -> None:
        """Search ``board``, play the move found and write it."""
        if board.is_over:
            raise ProtocolError("the game is over")
        move = self.engine.search(board, self.limit()).move
        self.board = board.play(move)
        self.write(f"{move % board.cols},{move // board.cols}")

    def _begin(self, rest: str) -> None:
        board = self._playing()
        if board.move_count:
            raise ProtocolError("BEGIN on a board with stones: RESTART first")
        self._reply(board)

    def _turn(self, rest: str) -> None:
        board = self._playing()
        cell, name = self._cell(board, rest)
        if board.is_over:
            raise ProtocolError("the game is over")
        if board[cell] is not None:
            raise ProtocolError(f"{name} is taken")
        board = board.play(cell)
        self.board = board
        self._reply(board)

    def _takeback(self, rest: str) -> None:
        board = self._playing()
        cell, name = self._cell(board, rest)
        bit = 1 << cell
        if not (board.x_bits | board.o_bits) & bit:
            raise ProtocolError(f"no stone on {name}")
        last = Player.O if board.turn is Player.X else Player.X
        if not (board.x_bits if last is Player.X else board.o_bits) & bit:
            raise ProtocolError(f"the stone on {name} was not the last played")
        self.board = board.with_marks(board.x_bits & ~bit, board.o_bits & ~bit)
        self.write("OK")

    # -- a whole position --------------------------------------------------------------------

    def _board(self, rest: str) -> None:
        self._playing()
        self._position, self._position_error = [], ""

    def _position_line(self, text: str) -> None:
        assert self._position is not None and self.board is not None
        try:
            x, y, who = parse_numbers(text, 3)
            self._cell(self.board, f"{x},{y}")
            if who not in (1, 2):
                raise ProtocolError(
                    f"stone {who} in {quoted(text)} is not 1 (own) or 2 (opponent's)"
                )
        except ProtocolError as error:
            self._position_error = self._position_error or str(error)
            return
        self._position.append((x, y, who))

    def _done(self) -> None:
        stones, error = self._position, self._position_error
        self._position, self._position_error = None, ""
        try:
            if stones is None:
                raise ProtocolError("DONE without BOARD")
            if error:
                raise ProtocolError(error)
            self._reply(self._position_board(stones))
        except ProtocolError as failure:
            self.write(f"ERROR {failure}")

    def _position_board(self, stones: list[tuple[int, int, int]]) -> Board:
        """The board of BOARD's stones with this brain to move: X when both
        sides have as many stones, O when the opponent has one more."""
        board = self._playing()
        bits = [0, 0, 0]
        for x, y, who in stones:
            bit = 1 << (y * board.cols + x)
            if (bits[1] | bits[2]) & bit:
                raise ProtocolError(f"two stones on {x},{y}")
            bits[who] |= bit
        own, theirs = bits[1], bits[2]
        if own.bit_count() == theirs.bit_count():
            x_bits, o_bits = own, theirs
        elif theirs.bit_count() == own.bit_count() + 1:
            x_bits, o_bits = theirs, own
        else:
            raise ProtocolError(
                f"{own.bit_count()} own and {theirs.bit_count()} opponent's stones: "
                "not this brain's turn"
            )
        try:
            return Board.validated(
                board.rows, board.cols, WIN_LENGTH, x_bits, o_bits, exact=board.exact
            )
        except InvalidPositionError as failure:
            raise ProtocolError(str(failure)) from None

    # -- the manager's settings --------------------------------------------------------------

    def _info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        key = key.lower()
        if key not in ("timeout_turn", "timeout_match", "time_left", "max_memory", "rule"):
            return  # game_type, folder, evaluate...: nothing to do
        text = value.strip()
        if not (text.isascii() and text.removeprefix("-").isdigit()):
            raise ProtocolError(f"INFO {key} needs a whole number, not {quoted(text)}")
        try:
            number = whole_number(text)
        except ProtocolError as error:
            raise ProtocolError(f"INFO {key}: {error}") from None
        if key == "max_memory":
            self.engine.table_limit = table_limit_for(number)
        elif key == "rule":
            self._set_rule(number)
        else:
            field = {"timeout_turn": "turn", "timeout_match": "match", "time_left": "left"}[key]
            self.clock = replace(self.clock, **{field: max(number, 0) / 1000})

    def _set_rule(self, rule: int) -> None:
        """Exactly five (bit 1) or five or more wins, for this game and the next;
        the other rules are said not to be played."""
        self.rule = rule
        exact = bool(rule & RULE_EXACT_FIVE)
        board = self.board
        if board is not None and board.exact != exact:
            self.board = replace(board, exact=exact)
        if rule & ~PLAYED_RULES:
            winning = "exactly five" if exact else "five or more"
            self.write(f"MESSAGE rule {rule} is not played here: {winning} in a row wins")

    def _about(self, rest: str) -> None:
        self.write(
            f'name="ttt-gui", version="{__version__}", author="The ttt-gui authors", '
            'country="", www="https://github.com/tttgui/ttt-gui"'
        )

    def _end(self, rest: str) -> None:
        self.finished = True


def serve(brain: Brain, lines: TextIO) -> None:
    """Feed ``brain`` the lines of ``lines`` until ``END`` or their end."""
    while not brain.finished:
        line = lines.readline()
        if not line:
            return
        brain.handle(line)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"ttt-gui {COMMAND}",
        formatter_class=argparse_words.HelpFormatter,
        description=gettext(
            "Play Gomoku as a Gomocup brain: the manager's commands on standard input, "
            "the moves on standard output."
        ),
    )
    parser.add_argument(
        "--think-time",
        type=float,
        metavar="SECONDS",
        default=DEFAULT_TURN_TIME,
        help=gettext(
            "the time a move takes when the manager sets none (default: {seconds})"
        ).format(seconds=DEFAULT_TURN_TIME),
    )
    parser.add_argument(
        "--nodes",
        type=int,
        metavar="N",
        help=gettext(
            "at most this many positions searched a move (the same moves on any machine)"
        ),
    )
    parser.add_argument(
        "--seed", type=int, metavar="N", help=gettext("the seed of the choice between equal moves")
    )
    add_language_option(parser)
    return parser


def main(argv: list[str]) -> int:
    """Run ``pbrain`` with ``argv`` (the command first) until ``END`` or the end
    of the input; returns 0 (INTERRUPTED_STATUS at Ctrl+C, MANAGER_GONE_STATUS
    when the manager stops reading), or exits 2 for a bad option."""
    try:
        return _run(argv)
    except KeyboardInterrupt:  # Ctrl+C, at any moment (mid-search too): stop quietly
        return INTERRUPTED_STATUS
    except ManagerGone:
        # The answers already written wait in the buffer: let them go nowhere,
        # or the interpreter's last flush fails again, with a message.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return MANAGER_GONE_STATUS


def _run(argv: list[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv[1:])
    check_language(parser, args.language)
    if not args.think_time > 0:
        parser.error(gettext("--think-time must be more than 0"))
    if args.nodes is not None and args.nodes < 1:
        parser.error(gettext("--nodes must be at least 1"))
    # Bytes the input's encoding cannot read are a bad line, not a crash; a
    # character the output's cannot write (in the rules' reason for a position
    # no game reaches, in the player's language) is written escaped.
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")

    def write(line: str) -> None:
        try:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except OSError as error:  # a closed pipe: EPIPE, or EINVAL on Windows
            raise ManagerGone from error

    brain = Brain(
        write,
        engine=Engine(selective=True, seed=args.seed),
        default_time=args.think_time,
        nodes=args.nodes,
    )
    serve(brain, sys.stdin)
    return 0


def is_command(argv: list[str]) -> bool:
    """Whether ``argv`` asks for the brain rather than the window."""
    return bool(argv) and argv[0] == COMMAND
