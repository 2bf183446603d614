"""Game modes, turn order, undo/redo, scores and the search worker; no Tk.

The view asks the :class:`Controller` what to show and tells it what the
user did; the controller never touches widgets. Searches run in a
:class:`SearchWorker` thread and come back tagged with the controller's
``generation``, so a result for an older position is never applied.
"""

from __future__ import annotations

import enum
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ttt_gui.board import Board, IllegalMoveError, Player
from ttt_gui.engine import LEVELS, Engine, MoveAnalysis, describe_score, level_strength

#: Boards with more cells than this are not solved: the computer uses its think time.
SOLVABLE_CELLS = 16
#: Table entries each engine keeps at most: bounds the window's memory.
ENGINE_TABLE_LIMIT = 100_000


class Mode(enum.Enum):
    HOTSEAT = "hotseat"
    COMPUTER = "computer"
    WATCH = "watch"  # computer vs computer


@dataclass(frozen=True)
class GameConfig:
    """What kind of game to play.

    ``depth`` overrides ``level`` against the computer (a custom depth in plies);
    ``think_time`` (seconds) bounds the computer's search on boards too large
    to solve. In computer-vs-computer games X plays at ``x_level`` and O at
    ``o_level``.
    """

    mode: Mode = Mode.COMPUTER
    human: Player = Player.X
    level: str = "perfect"
    depth: int | None = None
    size: int = 3
    win_length: int = 3
    think_time: float = 1.0
    x_level: str = "perfect"
    o_level: str = "perfect"

    @property
    def max_depth(self) -> int | None:
        return self.depth if self.depth is not None else LEVELS[self.level]

    def strength_for(self, player: Player) -> tuple[int | None, float]:
        """(max depth, mistake rate) of the computer playing ``player`` in this mode.

        A custom depth plays without deliberate mistakes.
        """
        if self.mode is Mode.WATCH:
            level = self.x_level if player is Player.X else self.o_level
        elif self.depth is not None:
            return self.depth, 0.0
        else:
            level = self.level
        return level_strength(level)

    def player_name(self, player: Player) -> str:
        if self.mode is Mode.WATCH:
            level = self.x_level if player is Player.X else self.o_level
            return f"{player.value} ({level.capitalize()})"
        return player.value

    @property
    def time_limit(self) -> float | None:
        return self.think_time if self.size * self.size > SOLVABLE_CELLS else None

    @property
    def score_key(self) -> str:
        """Scores are kept per mode and board shape."""
        return f"{self.mode.value}:{self.size}x{self.size}:{self.win_length}"

    def level_name(self) -> str:
        if self.depth is not None:
            return f"depth {self.depth}"
        return self.level.capitalize()


class GameHistory:
    """The positions of one game, with a cursor: undo and redo move the cursor.

    Playing a move when the cursor is not at the end discards the later
    positions, as in an editor. The game may start from any position.
    """

    def __init__(self, start: Board) -> None:
        self.boards: list[Board] = [start]
        self.moves: list[int] = []
        self.cursor = 0

    @property
    def board(self) -> Board:
        return self.boards[self.cursor]

    @property
    def last_move(self) -> int | None:
        return self.moves[self.cursor - 1] if self.cursor else None

    def play(self, move: int) -> Board:
        """Play ``move`` at the cursor; raises IllegalMoveError (history unchanged)."""
        board = self.board.play(move)
        del self.boards[self.cursor + 1 :]
        del self.moves[self.cursor :]
        self.boards.append(board)
        self.moves.append(move)
        self.cursor += 1
        return board

    def go_to(self, cursor: int) -> None:
        if not 0 <= cursor < len(self.boards):
            raise IndexError(f"no position {cursor} in a history of {len(self.moves)} moves")
        self.cursor = cursor


Scores = dict[str, dict[str, int]]


class Controller:
    """One game at a time in the chosen mode, with the score tally.

    ``generation`` changes whenever the position or configuration changes;
    a computer move computed for an older generation is refused.
    """

    def __init__(self, config: GameConfig | None = None, scores: Scores | None = None) -> None:
        self.config = config or GameConfig()
        self.scores: Scores = scores if scores is not None else {}
        self.generation = 0
        self._recorded: str | None = None  # the result counted for this game
        self._counting = True  # False for a game that was already over when opened
        self.scores_version = 0  # changes whenever the tally does
        self._engines: dict[tuple[int | None, float, float | None], Engine] = {}
        self.history = GameHistory(Board.empty(self.config.size, self.config.win_length))

    # -- state -------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.history.board

    @property
    def is_computer_turn(self) -> bool:
        if self.board.is_over or self.config.mode is Mode.HOTSEAT:
            return False
        return self.config.mode is Mode.WATCH or self.board.turn is not self.config.human

    @property
    def is_in_progress(self) -> bool:
        return 0 < self.board.move_count and not self.board.is_over

    def _engine(self, max_depth: int | None, mistake_rate: float = 0.0) -> Engine:
        key = (max_depth, mistake_rate, self.config.time_limit)
        if key not in self._engines:
            self._engines[key] = Engine(
                max_depth=max_depth,
                time_limit=self.config.time_limit,
                mistake_rate=mistake_rate,
                table_limit=ENGINE_TABLE_LIMIT,
            )
        return self._engines[key]

    def engine(self) -> Engine:
        """The engine of the side to move (kept, with its table, per strength)."""
        return self._engine(*self.config.strength_for(self.board.turn))

    def analysis_engine(self) -> Engine:
        """A strong engine for hints and analysis: exact where solvable, else think time."""
        return self._engine(None)

    def status(self) -> str:
        """What happens next, or the result, in words for the status bar."""
        board = self.board
        computer = self.config.mode is Mode.COMPUTER
        if board.is_over:
            winner = board.winner
            if winner is None:
                return "Draw."
            if computer:
                return "You win!" if winner is self.config.human else "The computer wins."
            return f"{self.config.player_name(winner)} wins!"
        if computer:
            if self.is_computer_turn:
                return "Computer is thinking…"
            return f"Your move ({self.config.human.value})"
        return f"{self.config.player_name(board.turn)} to move"

    def tally(self) -> dict[str, int]:
        """The scores of the current mode and board."""
        labels = self._labels()
        counts = self.scores.get(self.config.score_key, {})
        return {label: int(counts.get(label, 0)) for label in labels}

    def score_text(self) -> str:
        names = {"X": "X", "O": "O", "you": "You", "computer": "Computer", "draw": "Draws"}
        return "   ".join(f"{names[label]} {count}" for label, count in self.tally().items())

    def _labels(self) -> tuple[str, ...]:
        if self.config.mode is Mode.COMPUTER:
            return ("you", "computer", "draw")
        return ("X", "O", "draw")  # hot-seat and computer vs computer

    def _result_label(self) -> str | None:
        winner = self.board.winner
        if not self.board.is_over:
            return None
        if winner is None:
            return "draw"
        if self.config.mode is Mode.COMPUTER:
            return "you" if winner is self.config.human else "computer"
        return winner.value

    def _changed(self) -> None:
        """Bump the generation and keep the tally equal to the games' results."""
        self.generation += 1
        result = self._result_label() if self._counting else None
        if result != self._recorded:
            self.scores_version += 1
            counts = self.scores.setdefault(self.config.score_key, {})
            if self._recorded is not None:
                counts[self._recorded] = max(0, int(counts.get(self._recorded, 0)) - 1)
            if result is not None:
                counts[result] = int(counts.get(result, 0)) + 1
            self._recorded = result

    # -- actions -----------------------------------------------------------

    def can_play(self, cell: int) -> bool:
        """Whether the human may mark ``cell`` now."""
        board = self.board
        return (
            not board.is_over
            and not self.is_computer_turn
            and 0 <= cell < board.size * board.size
            and board[cell] is None
        )

    def play(self, cell: int) -> bool:
        """The human marks ``cell``; returns False (nothing changes) if not allowed."""
        if not self.can_play(cell):
            return False
        self.history.play(cell)
        self._changed()
        return True

    def apply_computer_move(self, generation: int, move: int) -> bool:
        """Play the computer's ``move`` if it was computed for this generation."""
        if generation != self.generation or not self.is_computer_turn:
            return False
        try:
            self.history.play(move)
        except IllegalMoveError:
            return False
        self._changed()
        return True

    def new_game(self, config: GameConfig | None = None, start: Board | None = None) -> None:
        """Start a new game, with a new configuration and start position if given.

        Raises ValueError (and changes nothing) if ``start`` does not fit the
        configured board.
        """
        self.replay(config or self.config, start, [])

    def replay(self, config: GameConfig, start: Board | None, moves: list[int]) -> None:
        """Start a game from ``start`` (empty if None) and play ``moves``.

        Raises IllegalMoveError or ValueError, leaving the current game as it
        was, if they do not fit the board. A game that is over once replayed
        (opened or pasted finished) never counts in the scores.
        """
        if start is None:
            start = Board.empty(config.size, config.win_length)
        elif (start.size, start.win_length) != (config.size, config.win_length):
            raise ValueError("the start position does not fit the configured board")
        history = GameHistory(start)
        for move in moves:
            history.play(move)
        self.config = config
        self.history = history
        self._recorded = None
        self._counting = not history.board.is_over
        self.generation += 1

    def changes_game(self, config: GameConfig) -> bool:
        """Whether switching to ``config`` changes the game being played (and so
        needs a new game): mode, board, your side or the computer's strength."""
        old = self.config
        if (old.mode, old.size, old.win_length) != (config.mode, config.size, config.win_length):
            return True
        if config.mode is Mode.COMPUTER:
            return (old.human, old.strength_for(old.human.other)) != (
                config.human,
                config.strength_for(config.human.other),
            )
        if config.mode is Mode.WATCH:
            return any(old.strength_for(p) != config.strength_for(p) for p in Player)
        return False

    def go_to(self, cursor: int) -> bool:
        """Show the position after ``cursor`` moves (the one mechanism behind
        undo, redo and the move list); against the computer, the nearest
        earlier position where it is your turn. Returns False if nothing changed.
        """
        allowed = [i for i in self._human_turn_positions() if i <= cursor]
        if not allowed or allowed[-1] == self.history.cursor:
            return False
        self.history.go_to(allowed[-1])
        self._changed()
        return True

    def reset_scores(self) -> None:
        """Zero the tally of the current mode and board."""
        self.scores.pop(self.config.score_key, None)
        self._recorded = None
        self.scores_version += 1

    def _human_turn_positions(self) -> list[int]:
        """Cursors where the human may act (every position in hot-seat)."""
        if self.config.mode is not Mode.COMPUTER:
            return list(range(len(self.history.boards)))
        return [
            index
            for index, board in enumerate(self.history.boards)
            if board.is_over or board.turn is self.config.human
        ]

    @property
    def can_undo(self) -> bool:
        return any(index < self.history.cursor for index in self._human_turn_positions())

    @property
    def can_redo(self) -> bool:
        return any(index > self.history.cursor for index in self._human_turn_positions())

    def undo(self) -> bool:
        """Take back the last move (against the computer: your move and its reply)."""
        earlier = [i for i in self._human_turn_positions() if i < self.history.cursor]
        return bool(earlier) and self.go_to(earlier[-1])

    def redo(self) -> bool:
        """Play again the move(s) the last undo took back."""
        later = [i for i in self._human_turn_positions() if i > self.history.cursor]
        return bool(later) and self.go_to(later[0])

    def hint_text(self, analysis: MoveAnalysis) -> str:
        """Words for the best moves of an analysis, e.g. ``Hint: b2 (draw)``."""
        cells = ", ".join(self.board.coordinate(move) for move in sorted(analysis.best))
        words = describe_score(analysis.scores[analysis.best[0]], analysis.exact)
        depth = "" if analysis.exact else f", depth {analysis.depth}"
        return f"Hint: {cells} ({words}{depth})"

    def move_list(self) -> list[str]:
        """The moves of the game as numbered lines: ``1. X b2``."""
        start = self.history.boards[0]
        lines = []
        for index, move in enumerate(self.history.moves):
            player = self.history.boards[index].turn.value
            lines.append(f"{start.move_count + index + 1}. {player} {start.coordinate(move)}")
        return lines


class SearchWorker:
    """Runs one engine call at a time in a daemon thread.

    Results come back through a queue read by :meth:`poll` (from the caller's
    thread, e.g. Tk's); each carries the tag given to :meth:`start`.
    Starting a new job or calling :meth:`cancel` stops the running one (and the
    engine itself never runs two searches at once, should a stop take longer
    than :meth:`cancel` waits); callers still check tags, since a late result
    can arrive after a cancel.
    """

    def __init__(self) -> None:
        self._results: queue.Queue[tuple[Any, Any]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._engine: Engine | None = None
        self.tag: Any = None

    @property
    def is_busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, engine: Engine, job: Callable[[], Any], tag: Any) -> None:
        """Run ``job`` (a call on ``engine``) in the background, tagged ``tag``."""
        self.cancel()
        self._engine = engine
        self.tag = tag

        def run() -> None:
            try:
                result: Any = job()
            except Exception as error:  # handed to the caller, who reports it
                result = error
            self._results.put((tag, result))

        self._thread = threading.Thread(target=run, name="ttt-search", daemon=True)
        self._thread.start()

    def cancel(self, wait: float = 1.0) -> None:
        """Stop the running job (its result, if any, is dropped).

        The stop is repeated until the thread ends: a job that had not yet
        started its search when first told to stop would otherwise miss it.
        """
        if self._thread is not None and self._engine is not None:
            deadline = time.monotonic() + wait
            while self._thread.is_alive() and time.monotonic() < deadline:
                self._engine.stop()
                self._thread.join(0.005)
        self._thread = None
        self.tag = None
        while True:
            try:
                self._results.get_nowait()
            except queue.Empty:
                break

    def poll(self) -> list[tuple[Any, Any]]:
        """Finished jobs as (tag, result or exception), oldest first."""
        finished = []
        while True:
            try:
                finished.append(self._results.get_nowait())
            except queue.Empty:
                return finished
