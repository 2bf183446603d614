"""The view state: everything the window shows, as one immutable value; no Tk.

:func:`build_view` turns a session, the display settings and what the
presenter's parts add (a message, the hint, the review) into a
:class:`ViewState`, in one pass; the window paints it and nothing else.
Colours are named by their :class:`~ttt_gui.theme.Role` in the palette,
never as literals.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ttt_gui import PROGRAM_NAME
from ttt_gui.analysis.review import Mark, MoveReview
from ttt_gui.analysis.values import DEFAULT_SCALE, Scale, Value, scale_of
from ttt_gui.app.actions import changed_labels
from ttt_gui.app.game_words import (
    analysis_status,
    hint_text,
    next_steps_text,
    review_progress_text,
    reviewed_move_words,
    rule_text,
    score_line,
    status_text,
    title_text,
    turn_text,
)
from ttt_gui.app.key_names import KeyNames
from ttt_gui.app.new_game import NewGameView
from ttt_gui.app.puzzle_play import PuzzleView
from ttt_gui.app.session import Session
from ttt_gui.board import Board, Player
from ttt_gui.config import BOARD_CHOICES, LEVELS, Mode
from ttt_gui.engine import MoveAnalysis
from ttt_gui.storage.settings import Settings
from ttt_gui.theme import Role
from ttt_gui.words import gettext, pgettext

#: The move list's colour role for each mark of a review.
MARK_TONES = {Mark.BEST: Role.GOOD, Mark.INACCURACY: Role.TEXT, Mark.MISTAKE: Role.BAD}


@dataclass(frozen=True)
class CellView:
    """One cell: its mark (``"X"``, ``"O"`` or None), background role, the
    analysis words for an empty cell (``""`` if none) and their tone role,
    whether the person can play it now, and the words' short form for a
    cell too small for them (see :func:`~ttt_gui.analysis.values.legend`)."""

    mark: str | None
    background: Role
    note: str = ""
    tone: Role = Role.EVEN
    playable: bool = False
    short_note: str = ""


@dataclass(frozen=True)
class ViewState:
    """What the window shows. ``choices`` maps a radio group of the menus to
    its selected value, ``flags`` a check item to its state; ``disabled``
    holds the presenter actions that do not apply now, and ``labels`` the menu
    labels that say the current choice (action -> label). The board has
    ``rows`` x ``cols`` cells (``size`` the longer side); under gravity
    ``landing[cell]`` is the cell a move aimed at ``cell`` takes (-1: none)
    and ``next_mark`` the mark it would place.

    ``status`` is the whole status in one line (for texts and logs); the
    window shows it in two fields that never replace each other: ``turn``
    (whose turn it is, or the result) with ``rule`` (the reminder of a rule
    that changes how to win, "" if none), and ``note`` (messages, the hint,
    the analysis's state). ``offers_play_again`` once the game is over;
    ``losing_line``: the finished line loses (misère). ``new_game`` is the
    New game page while it is open."""

    size: int
    win_length: int
    cells: tuple[CellView, ...]
    winning_line: tuple[int, ...]
    status: str
    scores: str
    title: str
    theme: str
    zoom: float
    is_busy: bool
    show_progress: bool
    show_history: bool
    history: tuple[str, ...]
    history_cursor: int
    is_watch: bool
    choices: dict[str, object]
    flags: dict[str, bool]
    disabled: frozenset[str]
    show_coordinates: bool = False
    labels: dict[str, str] = dataclasses.field(default_factory=dict)
    history_tones: tuple[Role | None, ...] = ()  # per move list entry (None: the usual)
    rows: int = 3
    cols: int = 3
    landing: tuple[int, ...] = ()
    next_mark: str = "X"
    #: Moves and the line through a finished game are animated.
    motion: bool = True
    #: The completed line lost the game (misère), rather than won it.
    losing_line: bool = False
    turn: str = ""
    rule: str = ""
    note: str = ""
    offers_play_again: bool = False
    new_game: NewGameView | None = None
    show_toolbar: bool = True
    #: The recent setups in words, the most recent first: the one-click
    #: starts (``quick_start(index)``) of the New game page, the toolbar's
    #: New and the finished game.
    quick_starts: tuple[str, ...] = ()
    #: In a puzzle: the cells marked (the hint's area, or the solution's
    #: moves when ``marks_solution``).
    marked: tuple[int, ...] = ()
    marks_solution: bool = False
    #: A puzzle is over (solved or failed): the next one is offered.
    offers_next_puzzle: bool = False

    @property
    def home_cell(self) -> int:
        """The cell the keyboard starts on: the middle one; under gravity the
        cell where a move in the middle column lands (the middle one if that
        column is full)."""
        middle = len(self.cells) // 2
        if not self.landing:
            return middle
        landing = self.landing[self.cols // 2]
        return landing if landing >= 0 else middle


@dataclass(frozen=True)
class ReviewView:
    """What the review of the game adds to the view: the mark of each move
    reviewed, (moves reviewed, moves to review) while a review runs, whether
    the status offers a review (a finished game not reviewed), and the
    reviewed move chosen in the move list, entry ``focused_index``."""

    marks: tuple[Mark, ...] = ()
    progress: tuple[int, int] | None = None
    offer: bool = False
    focused: MoveReview | None = None
    focused_index: int = 0


def score_tone(score: int, exact: bool, scale: Scale = DEFAULT_SCALE) -> Role:
    """The palette role for a move's value: good, even or bad, from the value
    itself (a draw or about even on ``scale`` is even)."""
    value = Value(score, exact, scale)
    if value.is_even:
        return Role.EVEN
    return Role.GOOD if score > 0 else Role.BAD


def cell_note(
    score: int, exact: bool, mover: Player, scale: Scale = DEFAULT_SCALE
) -> tuple[str, str, Role]:
    """(words, short form, tone role) of a move's value for its cell, the
    words naming the side the value favours (:meth:`Value.words`)."""
    value = Value(score, exact, scale)
    return value.words(mover), value.short(mover), score_tone(score, exact, scale)


def analysis_notes(
    analysis: MoveAnalysis | None, mover: Player, scale: Scale = DEFAULT_SCALE
) -> dict[int, tuple[str, str, Role]]:
    """Cell -> (words, short form, tone role) for every move an analysis scored."""
    if analysis is None:
        return {}
    return {
        cell: cell_note(score, analysis.is_exact(cell), mover, scale)
        for cell, score in analysis.scores.items()
    }


def shows_coordinates(settings: Settings, size: int) -> bool:
    """Whether the board shows row and column labels: as set, else from 4x4 up."""
    return settings.coordinates if settings.coordinates is not None else size >= 4


def menu_labels(session: Session) -> dict[str, str]:
    """Labels that depend on the game, each marking its mnemonic with ``&`` as
    the table's do: the custom menu items show the current custom choice, and
    the levels are named for this board ("Perfect" only where it is solved)."""
    config = session.config
    board = gettext("C&ustom…")
    if config.shape not in BOARD_CHOICES:
        # TRANSLATORS: the Board menu's custom item naming the board played, e.g.
        # "Custom: 5×4 (3 in a row)…"; mark the same letter as in "C&ustom…".
        board = gettext("C&ustom: {board}…").format(board=config.board_label.replace("&", "&&"))
    depth = gettext("&Custom depth…")
    if config.depth is not None:
        # TRANSLATORS: the Difficulty menu's custom item naming the depth chosen, e.g.
        # "Custom depth: 5…"; mark the same letter as in "&Custom depth…".
        depth = gettext("&Custom depth: {depth}…").format(depth=config.depth)
    words = {"ask_custom_board": board, "ask_custom_depth": depth}
    for action in ("set_level", "set_x_level", "set_o_level"):
        words.update(
            (f"{action}:{name}", config.level_label(name).replace("&", "&&")) for name in LEVELS
        )
    return changed_labels(words)


def gravity_landing(board: Board) -> tuple[int, ...]:
    """Under gravity, the cell a move aimed at each cell takes (-1: a full
    column or a game over); empty without gravity."""
    if not board.gravity:
        return ()
    return tuple(
        -1 if (target := board.landing(cell)) is None else target for cell in range(board.cells)
    )


def build_view(
    session: Session,
    settings: Settings,
    *,
    keys: KeyNames,
    message: str | None = None,
    shows_hint: bool = False,
    show_progress: bool = False,
    review: ReviewView | None = None,
    disabled: frozenset[str] = frozenset(),
    new_game: NewGameView | None = None,
    sound: bool = False,
    quick_starts: tuple[str, ...] = (),
    puzzle: PuzzleView | None = None,
) -> ViewState:
    """The view state of ``session`` with the display ``settings``, built once.

    The note is the hint (while ``shows_hint`` and the session has one), else
    ``message``: it follows the result of a finished game, or replaces the
    status. ``review`` marks the move list and may show a reviewed move in
    place of the game; ``disabled`` are the actions that do not apply now;
    ``new_game`` is the New game page, if open; ``sound`` whether sounds are
    on; ``quick_starts`` the recent setups in words; ``puzzle`` the puzzle
    played, if any, whose words take the turn field, the score line and the
    title."""
    board, config = session.board, session.config
    review = review if review is not None else ReviewView()
    analysis = session.analysis if settings.analysis else None
    hint = session.analysis if shows_hint and session.hint else None
    note = hint_text(board, hint) if hint is not None else message
    focused = review.focused
    # TRANSLATORS: the move list's first entry: the position before the first move.
    history = [pgettext("move list", "Start"), *session.move_list()]
    tones: list[Role | None] = [None] * len(history)
    for index, mark in enumerate(review.marks, start=1):
        history[index] = f"{history[index]}  {mark.symbol}"
        tones[index] = MARK_TONES[mark]
    own = settings.game
    view = ViewState(
        size=board.size,
        win_length=board.win_length,
        cells=game_cells(session, analysis) if focused is None else reviewed_cells(focused),
        winning_line=tuple(board.winning_line or ()) if focused is None else (),
        status=status_line(session, keys, note, review, analysis),
        turn=turn_text(session),
        rule=rule_text(session),
        note=note_line(session, keys, note, review, analysis),
        offers_play_again=board.is_over and focused is None,
        new_game=new_game,
        show_toolbar=settings.toolbar,
        quick_starts=quick_starts,
        scores=score_line(session),
        title=title_text(session),
        theme=settings.theme,
        zoom=settings.zoom,
        is_busy=session.is_computer_turn,
        show_progress=show_progress,
        show_history=settings.history,
        history=tuple(history),
        history_cursor=session.history.cursor if focused is None else review.focused_index,
        is_watch=config.mode is Mode.WATCH,
        choices={  # the person's own game's, also in a puzzle
            "mode": own.mode.value,
            "human": own.human.value,
            "level": "custom" if own.depth is not None else own.level,
            "board": own.shape if own.shape in BOARD_CHOICES else "custom",
            "think": own.think_time,
            "theme": settings.theme,
            "x_level": own.x_level,
            "o_level": own.o_level,
            "speed": settings.watch_delay,
            "language": settings.language,
        },
        flags={
            "analysis": settings.analysis,
            "history": settings.history,
            "coordinates": shows_coordinates(settings, board.size),
            "alternate": settings.alternate,
            "motion": settings.motion,
            "sound": sound,
            "toolbar": settings.toolbar,
        },
        disabled=disabled,
        show_coordinates=shows_coordinates(settings, board.size),
        labels=menu_labels(session),
        history_tones=tuple(tones),
        rows=board.rows,
        cols=board.cols,
        landing=gravity_landing(board),
        next_mark=board.turn.value,
        motion=settings.motion,
        losing_line=board.misere and focused is None and bool(board.winning_line),
    )
    if puzzle is None:
        return view
    marked = set(puzzle.marked)
    note = view.note or puzzle.title
    return dataclasses.replace(
        view,
        status=f"{puzzle.turn}  {note}",
        cells=tuple(
            dataclasses.replace(cell, background=Role.HINT) if index in marked else cell
            for index, cell in enumerate(view.cells)
        ),
        turn=puzzle.turn,
        note=note,
        scores=puzzle.rating,
        title=f"{PROGRAM_NAME} — {puzzle.title}",
        marked=puzzle.marked,
        marks_solution=puzzle.is_solution,
        offers_play_again=False,
        offers_next_puzzle=puzzle.is_over,
    )


def review_line(keys: KeyNames, note: str | None, review: ReviewView) -> str | None:
    """What a review puts in place of the status or the message line: a
    reviewed move's words (then any note), or a running review's progress
    (unless there is a note); None when the review has nothing to say."""
    stop = keys.of("stop_review")
    if review.focused is not None:
        # TRANSLATORS: {move} describes a reviewed move; {key} is a key, e.g. "Esc".
        line = gettext("{move}. {key} returns to the game.").format(
            move=reviewed_move_words(review.focused), key=stop
        )
        return line + (f"  {note}" if note else "")
    if review.progress is not None and not note:
        return review_progress_text(*review.progress, stop)
    return None


def status_line(
    session: Session,
    keys: KeyNames,
    note: str | None,
    review: ReviewView,
    analysis: MoveAnalysis | None,
) -> str:
    """The whole status in one line: a reviewed move's words; else a running
    review's progress (unless there is a note); else what happens next, the
    note in place of it (after the result of a finished game), and the shown
    analysis's state."""
    reviewing = review_line(keys, note, review)
    if reviewing is not None:
        return reviewing
    status = status_text(session, keys, offer_review=review.offer)
    if note:
        status = f"{status}  {note}" if session.board.is_over else note
    if analysis is not None:  # kept after a note: proving may change it
        status += analysis_status(session, analysis)
    return status


def note_line(
    session: Session,
    keys: KeyNames,
    note: str | None,
    review: ReviewView,
    analysis: MoveAnalysis | None,
) -> str:
    """The message line under the turn field: a reviewed move's words; else a
    running review's progress (unless there is a note); else the note, or
    the keys that go on from here; then the shown analysis's state."""
    reviewing = review_line(keys, note, review)
    if reviewing is not None:
        return reviewing
    line = note or next_steps_text(session, keys, offer_review=review.offer)
    if analysis is not None:
        line = (line + analysis_status(session, analysis)).strip()
    return line


def game_cells(session: Session, analysis: MoveAnalysis | None) -> tuple[CellView, ...]:
    """The cells of the game's position, with ``analysis``'s words if shown."""
    board, config = session.board, session.config
    winning = board.winning_line or ()
    last = session.history.last_move
    busy = session.is_computer_turn
    notes = analysis_notes(analysis, board.turn, scale_of(board.geometry))
    hint = set(session.hint)
    can_play = not busy and not board.is_over and config.mode is not Mode.WATCH
    landing = gravity_landing(board)
    cells = []
    for cell in range(board.cells):
        if cell in winning:
            background = Role.LOSS if board.misere else Role.WIN
        elif cell in hint:
            background = Role.HINT
        elif cell == last:
            background = Role.LAST
        elif busy or board.is_over:
            background = Role.CELL_BUSY
        else:
            background = Role.CELL
        mark = board[cell]
        note, short, tone = notes.get(cell, ("", "", Role.EVEN))
        playable = landing[cell] >= 0 if landing else mark is None
        cells.append(
            CellView(
                mark.value if mark else None,
                background,
                note,
                tone,
                can_play and playable,
                short_note=short,
            )
        )
    return tuple(cells)


def reviewed_cells(move: MoveReview) -> tuple[CellView, ...]:
    """The position before a reviewed ``move``: the move played and the better
    ones highlighted, every move's value on its cell, nothing playable."""
    board = move.board
    cells = []
    for cell in range(board.cells):
        mark = board[cell]
        if cell in move.better:
            background = Role.HINT
        elif cell == move.move:
            background = Role.LAST
        else:
            background = Role.CELL_BUSY
        note, short, tone = "", "", Role.EVEN
        if cell in move.scores:
            note, short, tone = cell_note(
                move.scores[cell], move.is_exact(cell), board.turn, scale_of(board.geometry)
            )
        cells.append(
            CellView(mark.value if mark else None, background, note, tone, short_note=short)
        )
    return tuple(cells)
