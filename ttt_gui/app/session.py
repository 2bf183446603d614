"""One game in its mode: history, undo/redo, scores, computer-vs-computer play,
hints and analysis, and which search is needed next; no Tk, no threads.

The presenter tells a :class:`Session` what the person did and asks it what
to search next (:meth:`Session.next_search`); the search itself runs
elsewhere and its result comes back through :meth:`Session.apply_computer_move`
or :meth:`Session.accept_analysis`. Every
change of position or configuration bumps ``generation``, so a result computed
for an older position is never applied. An action that is not allowed returns
a :class:`Refused` with the reason in words; an allowed one returns None.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttt_gui.app import refusals
from ttt_gui.app.engine_pool import EnginePool, Search
from ttt_gui.app.jobs import JobKind
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.refusals import Refused
from ttt_gui.board import Board, IllegalMoveError
from ttt_gui.config import GameConfig, Mode
from ttt_gui.engine import MoveAnalysis
from ttt_gui.storage.settings import Scores, Settings
from ttt_gui.words import gettext

#: Scores of one mode and board: result label ("X", "O", "you", ...) -> count.
Tally = dict[str, int]


@dataclass(frozen=True)
class SearchRequest:
    """A search the session needs, of ``board`` at ``generation``: the
    computer's move, the analysis (every move's value) or a round of proving
    the shown analysis, ready to run as ``search``."""

    kind: JobKind
    generation: int
    search: Search
    board: Board


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
    def start(self) -> Board:
        return self.boards[0]

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
        """Move the cursor; raises IndexError for a position not in the history."""
        if not 0 <= cursor < len(self.boards):
            raise IndexError(f"no position {cursor} in a history of {len(self.moves)} moves")
        self.cursor = cursor


class ScoreKeeper:
    """The tally of the games played, in the scores of ``settings``: a game's
    result counts once, and is taken back when the game is reopened (by undo
    or the move list)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        #: Changes whenever the tally does.
        self.version = 0
        self._recorded: str | None = None  # the result counted for this game
        self._counting = True  # False for a game that was already over when opened

    def tally(self, config: GameConfig) -> Tally:
        """The scores of ``config``'s match (mode, board and opponent), every
        label included."""
        counts = self.settings.scores.get(config.match_key, {})
        labels = ("you", "computer") if config.mode is Mode.COMPUTER else ("X", "O")
        return {label: int(counts.get(label, 0)) for label in (*labels, "draw")}

    def new_game(self, *, counting: bool) -> None:
        """A game begins; it counts unless it was over from the start (opened finished)."""
        self._recorded = None
        self._counting = counting

    def record(self, config: GameConfig, board: Board) -> None:
        """Keep the tally equal to the results of the games played, ``board``
        being the position shown of the game in play."""
        result = _result_label(config, board) if self._counting else None
        if result == self._recorded:
            return
        self.version += 1
        # The match's score and the statistics; against the computer, the
        # statistics also count by the person's side ("you:X", "draw:O").
        side = config.human.value if config.mode is Mode.COMPUTER else None
        for key, by_side in ((config.match_key, False), (config.statistics_key, bool(side))):
            counts = self.settings.scores.setdefault(key, {})
            for label, step in ((self._recorded, -1), (result, 1)):
                if label is None:
                    continue
                for name in (label, f"{label}:{side}") if by_side else (label,):
                    counts[name] = max(0, int(counts.get(name, 0)) + step)
        self._recorded = result

    def reset(self, config: GameConfig) -> None:
        """Zero the tally of ``config``'s match (the statistics stay)."""
        self.settings.scores.pop(config.match_key, None)
        self._recorded = None
        self.version += 1


def _result_label(config: GameConfig, board: Board) -> str | None:
    """The tally's label for the result of ``board`` (None: not over)."""
    if not board.is_over:
        return None
    winner = board.winner
    if winner is None:
        return "draw"
    if config.mode is Mode.COMPUTER:
        return "you" if winner is config.human else "computer"
    return winner.value


class Session:
    """One game at a time in the configured mode, with the score tally.

    The game's configuration, whether the analysis is wanted and the scores
    are those of ``settings``, which hold them (read and written there, never
    copied). Refusals name keys as ``keys`` does. With a ``seed``, the
    computer's choices are reproducible.
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        keys: KeyNames | None = None,
        seed: int | None = None,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.keys = keys if keys is not None else KeyNames()
        #: While a puzzle is played: its configuration, which the game's
        #: settings never take (see :meth:`start_puzzle`).
        self.puzzle_config: GameConfig | None = None
        self.history = GameHistory(self.config.empty_board())
        self.generation = 0
        self.score_keeper = ScoreKeeper(self.settings)
        #: Computer vs computer: playing on its own, or one move asked for.
        self.watch_running = False
        self.step_wanted = False
        self.hint_wanted = False
        self.analysis: MoveAnalysis | None = None  # of the current position, when known
        #: The move a hint suggests (the engine's choice among the best), if any.
        self.hint: tuple[int, ...] = ()
        self.engines = EnginePool(seed)

    # -- state ----------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        """The game's configuration (the settings' game; a puzzle's, while one is played)."""
        return self.puzzle_config if self.puzzle_config is not None else self.settings.game

    @property
    def is_puzzle(self) -> bool:
        """Whether a puzzle is played (see :meth:`start_puzzle`)."""
        return self.puzzle_config is not None

    @property
    def scores(self) -> Scores:
        """Every tally (the settings' scores)."""
        return self.settings.scores

    @property
    def analysis_wanted(self) -> bool:
        """Whether the analysis of every position is wanted (the overlay is shown)."""
        return self.settings.analysis

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
        """Whether a game has begun and is not over (so a new one would abandon it)."""
        return 0 < self.board.move_count and not self.board.is_over

    @property
    def has_moves_to_lose(self) -> bool:
        """Whether a new game would throw away a move a person made in a game
        still going on (so it is worth asking first)."""
        if self.board.is_over or self.config.mode is Mode.WATCH or self.is_puzzle:
            return False
        if self.config.mode is Mode.HOTSEAT:
            return self.history.cursor > 0
        human = self.config.human
        return any(board.turn is human for board in self.history.boards[: self.history.cursor])

    @property
    def is_paused(self) -> bool:
        """Computer vs computer, neither playing on nor asked for one move."""
        return self.config.mode is Mode.WATCH and not (self.watch_running or self.step_wanted)

    def tally(self) -> Tally:
        """The scores of the current match (mode, board and opponent), every label included."""
        return self.score_keeper.tally(self.config)

    @property
    def scores_version(self) -> int:
        """Changes whenever the tally does: the presenter saves scores then."""
        return self.score_keeper.version

    def _new_position(self) -> None:
        """Bump the generation (results for the old position are refused) and
        forget the old position's analysis and hint."""
        self.generation += 1
        self.analysis, self.hint, self.hint_wanted = None, (), False

    def _changed(self) -> None:
        """After a move or a move through the history: a new position, and the
        tally kept equal to the results of the games played."""
        self._new_position()
        self.score_keeper.record(self.config, self.board)
        if self.board.is_over:
            self.watch_running = False

    # -- moves ----------------------------------------------------------------

    def play(self, cell: int) -> Refused | None:
        """The person marks ``cell``."""
        board = self.board
        if board.is_over:  # Play again, as the turn line said at the end
            return refusals.game_over(self.keys.of("new_game"))
        if self.config.mode is Mode.WATCH:
            return refusals.computer_plays_both(self.keys.of("play_pause"))
        if self.is_computer_turn:
            return refusals.wait_for_computer()
        if not 0 <= cell < board.cells:
            return refusals.no_such_cell()
        if board.gravity:  # any cell of a column plays its lowest empty cell
            landing = board.landing(cell)
            if landing is None:
                return refusals.column_full(board.coordinate(cell)[0])
            cell = landing
        if board[cell] is not None:
            return refusals.cell_taken(board.coordinate(cell))
        self.history.play(cell)
        self._changed()
        return None

    def apply_computer_move(self, generation: int, move: int) -> bool:
        """Play the computer's ``move`` if it was computed for this generation."""
        if generation != self.generation or not self.is_computer_turn:
            return False
        try:
            self.history.play(move)
        except IllegalMoveError:
            return False
        self.step_wanted = False
        self._changed()
        return True

    # -- games ----------------------------------------------------------------

    def new_game(self, config: GameConfig | None = None, start: Board | None = None) -> None:
        """Start a new game, with a new configuration and start position if given.

        Raises ValueError (and changes nothing) if ``start`` does not fit the board.
        A puzzle played is left for the game of the settings.
        """
        self.replay(config or self.settings.game, start, ())

    def replay(self, config: GameConfig, start: Board | None, moves: tuple[int, ...]) -> None:
        """Start a game from ``start`` (empty if None) and play ``moves``.

        Raises IllegalMoveError or ValueError, leaving the current game as it
        was, if they do not fit the board. A game that is over once replayed
        (opened or pasted finished) never counts in the scores.
        """
        if start is None:
            start = config.empty_board()
        elif not config.fits(start):
            raise ValueError(gettext("the start position does not fit the configured board"))
        history = GameHistory(start)
        for move in moves:
            history.play(move)
        self.settings.game, self.history = config, history
        self.puzzle_config = None
        self.score_keeper.new_game(counting=not history.board.is_over)
        self.watch_running = self.step_wanted = False
        self._new_position()

    def start_puzzle(self, start: Board, config: GameConfig) -> None:
        """Play the puzzle ``start`` under ``config`` (the person's side is the
        one to move): the game's settings keep their own game, which
        :meth:`new_game` returns to; the puzzle never counts in the scores,
        is never kept as an unfinished game and is never searched by the
        session itself (its part judges the moves). Raises ValueError if
        ``start`` does not fit ``config``."""
        if not config.fits(start):
            raise ValueError(gettext("the start position does not fit the configured board"))
        self.history = GameHistory(start)
        self.puzzle_config = config
        self.score_keeper.new_game(counting=False)
        self.watch_running = self.step_wanted = False
        self._new_position()

    def reconfigure(self, config: GameConfig) -> None:
        """Take ``config`` for the game in play; only for changes that do not
        change the game (see :meth:`GameConfig.changes_game`)."""
        self.settings.game = config

    def reset_scores(self) -> None:
        """Zero the tally of the current mode and board."""
        self.score_keeper.reset(self.config)

    # -- moving through the game ------------------------------------------------

    def _turn_positions(self) -> list[int]:
        """Cursors where the person may act (every position but the computer's
        turns against the computer; none in a puzzle, retried instead)."""
        if self.is_puzzle:
            return []
        if self.config.mode is not Mode.COMPUTER:
            return list(range(len(self.history.boards)))
        return [
            index
            for index, board in enumerate(self.history.boards)
            if board.is_over or board.turn is self.config.human
        ]

    def go_to(self, cursor: int) -> Refused | None:
        """Show the position after ``cursor`` moves (the one mechanism behind
        undo, redo and the move list). Against the computer, a position where
        the computer is to move is passed for the first later one where it is
        the person's turn, so the chosen move stays on the board (else the
        nearest earlier one)."""
        allowed = self._turn_positions()
        later = [index for index in allowed if index >= cursor]
        earlier = [index for index in allowed if index <= cursor]
        if not later and not earlier:
            return refusals.no_turn_position()
        target = later[0] if later else earlier[-1]
        if target == self.history.cursor:
            return refusals.already_shown()
        self.history.go_to(target)
        self.watch_running = self.step_wanted = False
        self._changed()
        return None

    @property
    def can_undo(self) -> bool:
        return any(index < self.history.cursor for index in self._turn_positions())

    @property
    def can_redo(self) -> bool:
        return any(index > self.history.cursor for index in self._turn_positions())

    def undo(self) -> Refused | None:
        """Take back the last move (against the computer: your move and its reply)."""
        earlier = [index for index in self._turn_positions() if index < self.history.cursor]
        return self.go_to(earlier[-1]) if earlier else refusals.nothing_to_undo()

    def redo(self) -> Refused | None:
        """Play again the move(s) the last undo took back."""
        later = [index for index in self._turn_positions() if index > self.history.cursor]
        return self.go_to(later[0]) if later else refusals.nothing_to_redo()

    # -- computer vs computer ----------------------------------------------------

    def play_pause(self) -> Refused | None:
        """Computer vs computer: play on, or pause; a finished game starts anew."""
        if self.config.mode is not Mode.WATCH:
            return refusals.play_pause_not_watching()
        if self.board.is_over:
            self.new_game()
            self.watch_running = True
        else:
            self.watch_running = not self.watch_running
            self.step_wanted = False
        return None

    def step(self) -> Refused | None:
        """Computer vs computer: pause, and play the next move: the one the
        history holds after the position shown (the move list was gone back
        in), else a new one the computer plays."""
        if self.config.mode is not Mode.WATCH:
            return refusals.step_not_watching()
        if self.can_redo:
            return self.redo()
        if self.board.is_over:
            return refusals.game_over(self.keys.of("play_pause"))
        self.watch_running = False
        self.step_wanted = True
        return None

    # -- searches ------------------------------------------------------------------

    def request_hint(self) -> Refused | None:
        """Ask for the best moves of the position; they come with the analysis."""
        if self.board.is_over:
            return refusals.no_hint_game_over()
        if self.is_computer_turn:
            return refusals.wait_for_computer()
        if self.analysis is not None:
            self.hint = tuple(self.analysis.best[:1])
        else:
            self.hint_wanted = True
        return None

    def next_search(self) -> SearchRequest | None:
        """The search the position needs next, if any: the computer's move first;
        otherwise the analysis, when shown or asked for by a hint; last, while
        the analysis is shown and not exact, a round of proving it."""
        board, config, generation, engines = self.board, self.config, self.generation, self.engines
        if self.is_puzzle:
            return None
        if self.is_computer_turn and not self.is_paused:
            search = engines.move_search(config, board)
            return SearchRequest(JobKind.MOVE, generation, search, board)
        wanted = self.analysis_wanted or self.hint_wanted
        if wanted and not board.is_over and self.analysis is None:
            search = engines.analysis_search(config, board)
            return SearchRequest(JobKind.ANALYSIS, generation, search, board)
        if self.is_proving:
            search = engines.proving_search(generation, config, board)
            return SearchRequest(JobKind.PROVE, generation, search, board)
        return None

    @property
    def is_proving(self) -> bool:
        """Whether the shown analysis is approximate and proved on (no computer move is due)."""
        shown = self.analysis
        if not self.analysis_wanted or shown is None or shown.exact:
            return False
        return not self.is_computer_turn or self.is_paused

    def accept_analysis(
        self, generation: int, analysis: MoveAnalysis, proving: bool = False
    ) -> bool:
        """Keep ``analysis`` if it is of the current position (from a round of
        proving, only if deeper or proven); a hint asked for, or shown, is then
        given from it. Returns whether it was kept."""
        if generation != self.generation:
            return False
        shown, prover = self.analysis, self.engines.prover
        if proving and (shown is None or not prover.accept(generation, shown, analysis)):
            return False
        self.analysis = analysis
        if self.hint_wanted or self.hint:
            self.hint_wanted = False
            self.hint = tuple(analysis.best[:1])
        return True

    def move_list(self) -> list[str]:
        """The moves of the game as numbered lines: ``1. X b2``."""
        start = self.history.start
        return [
            f"{start.move_count + index + 1}. {self.history.boards[index].turn.value} "
            f"{start.coordinate(move)}"
            for index, move in enumerate(self.history.moves)
        ]
